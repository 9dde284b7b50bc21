# Las imágenes en palabras (issue 29): el tablero en texto (/board text) y las descripciones de las imágenes.

## La plataforma

a11y-board_title = Mesa #{ $table } · { $game }, como la ve { $who ->
        [nobody] un espectador
       *[seat] { $seat }
    }

## /board text

cmd-board-name = tablero
cmd-board-description = El tablero de una mesa en otras formas
cmd-board_text-name = texto
cmd-board_text-description = Todo el tablero como texto, para un lector de pantalla (solo lo ves tú)

## Canyon of Death

a11y-canyon-slot-hidden = boca abajo
a11y-canyon-slot-previewed = boca abajo, la has mirado: { $card }, { $effect }
a11y-canyon-slot-revealed = { $card }, { $effect }
a11y-canyon-slot-discarded = { $card }, { $effect }, ruta no tomada
a11y-canyon-route = ruta { $route }: { $card }
a11y-canyon-step = Paso { $step }: { $cards }{ $here ->
        [yes] . La Stormtalon está ante este paso.
       *[no] .
    }
a11y-canyon-canyon = El cañón: { $steps } pasos, { $removed ->
        [0] ninguna carta retirada sin ver.
        [one] { $removed } carta retirada sin ver.
       *[other] { $removed } cartas retiradas sin ver.
    }
a11y-canyon-dakkajet = El Dakkajet vuela { $distance } pulgadas detrás de la Stormtalon.
a11y-canyon-removed = Las cartas retiradas sin ver, mostradas ahora que la partida ha terminado: { $cards }.
a11y-canyon-ship = { $ship } ({ $who }): { $damage } de 20 de daño, { $hand ->
        [one] { $hand } carta en la mano
       *[other] { $hand } cartas en la mano
    }, { $deck } en el mazo{ $destroyed ->
        [yes] , fuera de combate.
       *[no] .
    }
a11y-canyon-played = { $ship } ha jugado { $card } este turno.
a11y-canyon-played_last = { $ship } jugó { $card } el turno pasado.
a11y-canyon-damage_cards = { $ship }: cartas de daño { $cards }.
a11y-canyon-multiplier = { $ship }: su próxima carta de daño numerada cuenta por { $multiplier }.
a11y-canyon-damage_deck = { $count ->
        [one] { $count } carta en el mazo de daño.
       *[other] { $count } cartas en el mazo de daño.
    }
a11y-canyon-roll = { $kind } { $dice }, { $hits ->
        [one] { $hits } impacto
       *[other] { $hits } impactos
    }
a11y-canyon-rolls = Dados de este turno: { $rolls }.
a11y-canyon-rolls_last = Dados del turno pasado: { $rolls }.

## Hunt for the Arkenstone

a11y-arkenstone-figure = { $figure } está en { $place }.
a11y-arkenstone-off_table = { $figure } aún no está en la mesa.
a11y-arkenstone-last_move = Último movimiento: { $figure } { $forced ->
        [yes] fue llevado
       *[no] se movió
    } de { $start } a { $end }.
a11y-arkenstone-treasures = Cartas de tesoro: { $total } en la mesa, { $down } boca abajo{ $to_place ->
        [0] .
       *[other] , { $to_place } aún por colocar.
    }
a11y-arkenstone-treasure = { $name } en { $place }: { $state ->
        [up] { $card }, boca arriba
        [removed] { $card }, retirada
       *[down] boca abajo
    }.
a11y-arkenstone-spot = { $card } en { $place }
a11y-arkenstone-locations = { $count ->
        [one] Carta de lugar
       *[other] Cartas de lugar
    }: { $spots }.

## ClickWars

a11y-clickwars-at = ({ $x }, { $y } cm)
a11y-clickwars-table = La mesa mide { $width } por { $height } cm; x va de izquierda a derecha, y desde el borde de abajo hacia arriba; { $south } despliega en el borde de abajo (y = 0).
a11y-clickwars-side = { $side }: { $count ->
        [one] { $count } unidad
       *[other] { $count } unidades
    }.
a11y-clickwars-unit = { $unit } { $profile } en { $place }, vida { $life } de { $max }; { $marks }.
a11y-clickwars-unit_plain = { $unit } { $profile } en { $place }, vida { $life } de { $max }.
a11y-clickwars-unit_dead = { $unit } { $profile }: fuera de combate.
a11y-clickwars-unit_planned = { $unit } { $profile }: tu despliegue secreto en { $place }.
a11y-clickwars-unit_unplaced = { $unit } { $profile }: aún no está en la mesa.
a11y-clickwars-status-moved = ha movido
a11y-clickwars-status-shot = ha disparado
a11y-clickwars-status-fought = ha combatido
a11y-clickwars-status-fled = se ha retirado del combate
a11y-clickwars-status-ranged_broken = arma a distancia rota
a11y-clickwars-status-melee_broken = arma de cuerpo a cuerpo rota
a11y-clickwars-status-with = con { $other }
a11y-clickwars-circle = un círculo de { $radius } cm de radio alrededor de { $place }
a11y-clickwars-box = entre { $start } y { $end }
a11y-clickwars-terrain = Terreno { $id }, { $kind }: { $where }.
a11y-clickwars-objective = El objetivo está en { $place }.
a11y-clickwars-hostage = Rehén { $id } en { $place }.

a11y-clickwars-alt_side = { $side }: { $units }.
a11y-clickwars-alt_unit = { $unit } { $profile } ({ $x }, { $y }) { $life }/{ $max }
a11y-clickwars-alt_dead = { $unit } { $profile } fuera
a11y-clickwars-alt_planned = { $unit } { $profile } tu plan ({ $x }, { $y })
a11y-clickwars-alt_unplaced = { $unit } { $profile }

## Space Hulk

a11y-spacehulk-overwatch = en fuego de supresión
a11y-spacehulk-jammed = encasquillado
a11y-spacehulk-leader = el líder genestealer
a11y-spacehulk-acting = actúa ahora, { $ap ->
        [one] le queda { $ap } PA
       *[other] le quedan { $ap } PA
    }
a11y-spacehulk-marine = { $model } { $name } ({ $weapon }) en { $place }, mirando { $facing }{ $marks }.
a11y-spacehulk-stealer = { $model } genestealer en { $place }, mirando { $facing }{ $marks }.
a11y-spacehulk-blip = { $model } blip en { $place }{ $marks }.
a11y-spacehulk-blip_known = { $model } blip de valor { $value } (solo tú lo sabes) en { $place }{ $marks }.
a11y-spacehulk-section = Sección { $section }: { $kind ->
        [room] una sala
       *[corridor] un pasillo
    } de { $first } a { $last }, { $count } casillas.
a11y-spacehulk-empty_sections = { $count ->
        [0] Ninguna sección está vacía.
        [one] { $count } sección más está vacía.
       *[other] { $count } secciones más están vacías.
    }
a11y-spacehulk-doors = { $status ->
        [open] Puertas abiertas
        [destroyed] Puertas destruidas
       *[closed] Puertas cerradas
    }: { $squares }.
a11y-spacehulk-burning = Casillas en llamas: { $squares }.
a11y-spacehulk-lurking = Zona de entrada { $area }: { $stealers ->
        [one] { $stealers } genestealer
       *[other] { $stealers } genestealers
    } y { $blips ->
        [one] { $blips } blip
       *[other] { $blips } blips
    } al acecho: { $models }.
a11y-spacehulk-lurker_value = { $model } (valor { $value })
a11y-spacehulk-escaped = Fuera del tablero (escapados): { $models }.

## The Deathwing campaign

a11y-campaign-fallen = { $member } (caído)
