# Elegir por letra en un recorte ampliado del tablero (issue 29 punto 4, issue 27 punto 2).

pick-alt = Detalle alrededor de { $piece }: { $count ->
        [0] nada que elegir desde aquí
        [one] { $count } objetivo con letra
       *[other] { $count } objetivos con letra
    }.
pick-line = { $letter }: { $target }
pick-prompt = Toca una letra del detalle para elegir su objetivo ({ $first }–{ $last } de { $count }):
pick-button-letters = Elegir por letra ({ $count })
pick-button-menus = Menús
pick-button-more = Más ▸
pick-button-before = ◂ Atrás
pick-ruler_cm = { $length } cm · 1 marca = 1 cm
pick-ruler_in = { $length } pulg. · 1 marca = 1 pulg.
pick-alt_area = Detalle de los lugares entre los que elegir: { $count ->
        [0] nada que elegir
        [one] { $count } objetivo con letra
       *[other] { $count } objetivos con letra
    }.
pick-ring_move = Círculo: hasta dónde puede moverse ({ $reach } cm)
pick-ring_range = Círculo: alcance de su arma ({ $reach } cm)
pick-ring_reach = Círculo: alcance en combate cuerpo a cuerpo ({ $reach } cm)
pick-ring_move_in = Círculo: hasta dónde puede moverse ({ $reach } pulg.)
