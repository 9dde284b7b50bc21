# arkenstone (es). Project Fluent syntax: see renderers/locales/README.md.

arkenstone-action-discover = Descubrir al Ladrón
arkenstone-action-higher = Mayor
arkenstone-action-lower = Menor
arkenstone-action-move_direction = Moverse { $distance } pulg. al { $direction }
arkenstone-action-move_to = Moverse a ({ $x }, { $y })
arkenstone-action-move_toward = Moverse hacia { $target }
arkenstone-action-move_toward_by = Moverse { $distance } pulg. hacia { $target }
arkenstone-action-moved_less = { $label }: hasta donde { $figure } podía llegar (pediste { $asked } pulg.; el alcance es { $limit } pulg.)
arkenstone-action-pass = Pasar
arkenstone-action-place_card = Coloca la carta en { $where }
arkenstone-action-place_figure = Coloca tu figura en { $where }
arkenstone-action-place_rest = Colocar al azar mis cartas restantes
arkenstone-action-recover = Recuperar la Piedra del Arca
arkenstone-action-search = Buscar en { $card }
arkenstone-action-trick_no = No, dejar al rival donde está
arkenstone-action-trick_yes = Sí, mover al rival al basto
arkenstone-action-turn_up = Dar la vuelta a { $card }
arkenstone-action-unknown = Acción desconocida

arkenstone-bad_distance = Indica una distancia mayor que 0 pulgadas.

arkenstone-bilbo_only = Solo Bilbo puede hacer eso.

arkenstone-card_off_table = Una carta en ({ $x }, { $y }) no quedaría entera sobre la mesa.

arkenstone-cell_taken = La casilla { $cell } no está vacía.

arkenstone-coords = ({ $x }; { $y })

arkenstone-dir-E = este
arkenstone-dir-N = norte
arkenstone-dir-NE = nordeste
arkenstone-dir-NW = noroeste
arkenstone-dir-S = sur
arkenstone-dir-SE = sudeste
arkenstone-dir-SW = sudoeste
arkenstone-dir-W = oeste

arkenstone-discover_out_of_reach = Bilbo está a { $distance } pulgadas de Smaug; Smaug solo puede descubrirlo a 1 pulgada.

arkenstone-event-bilbo-A = ¡Maestro Ladrón! Bilbo hace una acción, se mezclan ambos mazos y sigue jugando.
arkenstone-event-bilbo-J = ¡Afortunado! Bilbo da la vuelta a 1 carta boca abajo.
arkenstone-event-bilbo-K = ¡Jinete del Barril! Bilbo da la vuelta a 3 cartas boca abajo.
arkenstone-event-bilbo-Q = ¡Ganador del Anillo! Bilbo da la vuelta a 2 cartas boca abajo.
arkenstone-event-smaug-A = «¡Ahí estás, ladrón en las sombras!» Smaug hace una acción, se mezclan ambos mazos y sigue jugando.
arkenstone-event-smaug-J = «¡Puedo olerte!» Smaug se mueve sobre la J♣ y descubre a Bilbo si está a 3 pulgadas.
arkenstone-event-smaug-K = «¡Siento tu movimiento!» Smaug se mueve sobre la K♣ y descubre a Bilbo si está a 9 pulgadas.
arkenstone-event-smaug-Q = «¡Te oigo respirar!» Smaug se mueve sobre la Q♣ y descubre a Bilbo si está a 6 pulgadas.

arkenstone-guess-higher = mayor
arkenstone-guess-lower = menor

arkenstone-img-contest = Descubrir al Ladrón
arkenstone-img-contest_lost = Bilbo escapa
arkenstone-img-contest_won = gana Smaug
arkenstone-img-guess = Apuesta
arkenstone-img-inches = pulg.
arkenstone-img-last_turned = Últimas cartas
arkenstone-img-legend_move = alcance de movimiento (Bilbo 4 pulg., Smaug 6 pulg.)
arkenstone-img-legend_path = último movimiento (a trazos: forzado)
arkenstone-img-legend_search = alcance de búsqueda de Bilbo (1 pulg.)
arkenstone-img-legend_senses = alcance de Smaug: descubrir 1, sentidos 3 / 6 / 9 pulg.
arkenstone-img-log = Últimos sucesos
arkenstone-img-next_location = Siguiente ubicación
arkenstone-img-no_guess = aún no
arkenstone-img-reference = Referencia
arkenstone-img-setup = Preparando la mesa
arkenstone-img-to_place = Por colocar: { $treasure } de tesoro, { $location } de ubicación
arkenstone-img-treasure = Tesoro: { $down } boca abajo · { $up } boca arriba · { $gone } retiradas
arkenstone-img-turn = Turno { $turn }
arkenstone-img-winner = ¡{ $figure } gana!

arkenstone-move_too_far = Ese punto está a { $distance } pulgadas; { $figure } se mueve como mucho { $limit } pulgadas.

arkenstone-name = La Búsqueda de la Piedra del Arca

arkenstone-no_closer = { $figure } no puede acercarse más a { $target }.

arkenstone-no_move = Ese movimiento dejaría a { $figure } donde está; para quedarte quieto, pasa.

arkenstone-no_room = { $figure } no puede moverse hacia { $direction } desde aquí.

arkenstone-not_a_cell = En el reparto por casillas una carta va en el centro de una casilla; ({ $x }, { $y }) no lo es.

arkenstone-not_face_down = { $card } no es una carta de tesoro boca abajo.

arkenstone-now-action = Primero haz una acción o pasa.
arkenstone-now-free_action = Primero haz tu acción gratis, pasa, o adivina mayor o menor.
arkenstone-now-guess = Primero adivina mayor o menor.
arkenstone-now-place_card = Primero coloca la siguiente carta.
arkenstone-now-place_figure = Primero coloca tu figura.
arkenstone-now-trick = Primero responde al engaño.
arkenstone-now-turn_up = Primero elige una carta boca abajo para darle la vuelta.

arkenstone-off_table = La peana de { $figure } saldría de la mesa en ({ $x }, { $y }).

arkenstone-outcome-discovered = Smaug descubrió al ladrón
arkenstone-outcome-recovered = Bilbo recuperó la Piedra del Arca

arkenstone-overlap = { $figure } acabaría solapando la peana de { $other }.

arkenstone-phase-action = { $figure } hace una acción
arkenstone-phase-free_action = { $figure } puede hacer una acción gratis
arkenstone-phase-guess = { $figure } debe adivinar mayor o menor
arkenstone-phase-over = La partida ha terminado
arkenstone-phase-place_bilbo = El jugador de { $figure } coloca a Bilbo en la mesa
arkenstone-phase-place_location = El jugador de { $figure } coloca una carta de ubicación boca arriba
arkenstone-phase-place_smaug = El jugador de { $figure } coloca a Smaug en la mesa
arkenstone-phase-place_treasure = El jugador de { $figure } coloca una carta de tesoro boca abajo
arkenstone-phase-revealing = Se dan la vuelta a las cartas
arkenstone-phase-setup = Preparando la mesa
arkenstone-phase-starting = { $figure } empieza un turno
arkenstone-phase-trick = { $figure } decide sobre el engaño
arkenstone-phase-turn_over = El turno ha terminado
arkenstone-phase-turn_up = { $figure } da la vuelta a cartas de tesoro

arkenstone-prompt-action = { $figure }: haz una acción o pasa.
arkenstone-prompt-action_ace = { $figure }: haz una acción o pasa; después se mezclan ambos mazos y se sigue jugando.
arkenstone-prompt-free_action = Acción gratis de Bilbo: moverse, buscar o recuperar. O sáltala: pasa, o adivina ya si tu siguiente carta será mayor o menor que { $card }.
arkenstone-prompt-guess = ¿Tu siguiente carta será mayor o menor que { $card }?
arkenstone-prompt-over = La partida ha terminado.
arkenstone-prompt-place_figure = { $figure }: elige dónde colocar tu figura (una casilla como D4, o coordenadas exactas en pulgadas).
arkenstone-prompt-place_location = Coloca { $card } boca arriba en una casilla vacía.
arkenstone-prompt-place_treasure = Coloca la carta de tesoro T{ $n } de 13 boca abajo en una casilla vacía.
arkenstone-prompt-trick = Ambas cartas muestran { $value }: ¿mover a { $figure } a { $card }?
arkenstone-prompt-turn_up = Elige una carta de tesoro boca abajo para darle la vuelta ({ $n ->
        [one] queda { $n }
       *[other] quedan { $n }
    }).

arkenstone-rules =
    Bilbo (copas) busca la Piedra del Arca, el A♦ escondido entre 13 cartas de tesoro boca abajo; Smaug (espadas) busca a Bilbo. 13 bastos boca arriba son las ubicaciones. Bilbo empieza.
    • **Turno**: ambos mezclan su mazo; el jugador con el turno da la vuelta a una carta de referencia (Bilbo puede entonces hacer una acción gratis), adivina mayor o menor y ambos dan la vuelta a su siguiente carta.
    • **Fallo**: el turno acaba. **Acierto con 2–10**: una acción, y esa carta es la nueva referencia. Si la carta del rival tiene el mismo valor, este puede antes mover la figura del jugador con el turno al basto de ese valor.
    • **Acierto con A/J/Q/K**: un evento especial y el turno acaba (el As da en cambio una acción, se mezcla y se sigue). La J/Q/K de Bilbo da la vuelta a 1/2/3 cartas boca abajo de cualquier parte; la J/Q/K de Smaug lo lleva a ese basto y descubre a Bilbo si está a 3/6/9 pulgadas.
    • **Acciones de Bilbo**: moverse hasta 4 pulgadas; buscar en una carta boca abajo a 1 pulgada (se retira salvo el A♦, que queda boca arriba); recuperar la Piedra del Arca boca arriba a 1 pulgada para ganar.
    • **Acciones de Smaug**: moverse hasta 6 pulgadas; descubrir a Bilbo a 1 pulgada: ambos mezclan y dan la vuelta a una carta; si la de Smaug es mayor gana, si no Bilbo va al basto de su carta y el turno de Smaug acaba.

arkenstone-say-action_earned = { $figure } gana una acción.
arkenstone-say-cards_dealt = El bot reparte las 26 cartas en casillas vacías al azar: T1–T13 boca abajo y los 13 tréboles boca arriba.
arkenstone-say-contest_lost = Descubrir al Ladrón: Smaug { $smaug } contra Bilbo { $bilbo }. Bilbo ha sido más listo.
arkenstone-say-contest_won = Descubrir al Ladrón: Smaug { $smaug } contra Bilbo { $bilbo }. ¡Smaug lo encuentra!
arkenstone-say-figure_placed = { $figure } queda en { $where }.
arkenstone-say-guessed = { $figure } apuesta por { $guess }.
arkenstone-say-location_placed = El jugador de { $figure } coloca { $card } boca arriba en { $where }.
arkenstone-say-moved = { $figure } se mueve { $distance } { $distance ->
        [one] pulgada
       *[other] pulgadas
    } hasta { $where }.
arkenstone-say-next_location = El jugador de { $figure } debe colocar { $card } boca arriba.
arkenstone-say-passed = { $figure } pasa.
arkenstone-say-reference = { $figure } da la vuelta a { $card } como referencia.
arkenstone-say-reference_free = { $figure } da la vuelta a { $card } como referencia y puede hacer una acción gratis.
arkenstone-say-reshuffled = Se vuelven a mezclar ambos mazos.
arkenstone-say-searched = Bilbo busca en { $card }: { $face }, se retira de la mesa.
arkenstone-say-searched_stone = Bilbo busca en { $card }: { $face }, ¡la Piedra del Arca! Queda boca arriba donde está.
arkenstone-say-set_contest = { $figure } se escabulle hasta { $card }.
arkenstone-say-set_event = { $figure } se abalanza sobre { $card }.
arkenstone-say-set_trick = { $figure } cae en el engaño y acaba en { $card }.
arkenstone-say-started = Nueva búsqueda: el jugador de Smaug coloca primero a Smaug en la mesa.
arkenstone-say-started_random = La mesa está lista: las figuras y las 26 cartas se colocaron al azar. Empieza Bilbo.
arkenstone-say-rest_at_random = El jugador de { $figure } deja el resto de sus cartas al azar: cada una irá a una casilla libre cualquiera.
arkenstone-say-treasure_placed = El jugador de { $figure } coloca { $card } boca abajo en { $where }.
arkenstone-say-treasure_turned = { $card } queda boca arriba: { $face }.
arkenstone-say-trick_declined = { $figure } deja al rival donde está.
arkenstone-say-trick_offered = Ambas cartas muestran { $value }: ¡{ $rival } ha sido engañado! { $figure } puede mover a { $rival } a { $card }.
arkenstone-say-turn_ended_event = El turno de { $figure } acaba tras el evento.
arkenstone-say-turn_ended_failed_discover = El turno de { $figure } acaba.
arkenstone-say-turn_ended_wrong_guess = El turno de { $figure } acaba.
arkenstone-say-turn_started = Turno { $turn }: { $figure }. Se mezclan ambos mazos.
arkenstone-say-turn_ups_owed = Bilbo elige { $n ->
        [one] una carta boca abajo para darle la vuelta
       *[other] { $n } cartas boca abajo para darles la vuelta
    }.
arkenstone-say-turned_right = { $figure } saca { $card }: ¡acierto! { $other } saca { $other_card }.
arkenstone-say-turned_stone = { $card } queda boca arriba: { $face }, ¡la Piedra del Arca!
arkenstone-say-turned_wrong = { $figure } saca { $card }: fallo. { $other } saca { $other_card }.
arkenstone-say-recovered = ¡Bilbo se hace con la Piedra del Arca!

arkenstone-search_out_of_reach = { $card } está a { $distance } pulgadas de Bilbo; solo puede buscar a 1 pulgada.

arkenstone-seat-bilbo = Bilbo
arkenstone-seat-smaug = Smaug

arkenstone-smaug_only = Solo Smaug puede hacer eso.

arkenstone-status-face_down = Cartas de tesoro boca abajo: { $n } de { $total }
arkenstone-status-gap = Bilbo y Smaug están a { $distance } { $distance ->
        [one] pulgada
       *[other] pulgadas
    } de distancia.
arkenstone-status-reference = Referencia **{ $card }** · apuesta: { $guess }
arkenstone-status-setup = **Preparando la mesa** · { $line }
arkenstone-status-stone_seen = ¡la Piedra del Arca está boca arriba en { $card }!
arkenstone-status-turn = **Turno { $turn }: { $figure }**
arkenstone-status-won = **{ $figure } gana**: { $reason }.

arkenstone-stone_hidden = La Piedra del Arca aún no está boca arriba.

arkenstone-stone_out_of_reach = La Piedra del Arca está a { $distance } pulgadas de Bilbo; debe estar a 1 pulgada.

arkenstone-ui-bad_choice = Esa opción ya no está disponible.
arkenstone-ui-cells_few = { $count ->
        [one] Casilla libre
       *[other] Casillas libres
    }: { $cells }
arkenstone-ui-cells_row = { $count } { $count ->
        [one] casilla libre
       *[other] casillas libres
    } en la fila { $row }
arkenstone-ui-cells_rows = { $count } casillas libres en las filas { $first }–{ $last }
arkenstone-ui-deeds = Registrar, recuperar o descubrir…
arkenstone-ui-direction = Moverse en una dirección de la brújula…
arkenstone-ui-field-distance = Pulgadas (vacío: lo máximo permitido)
arkenstone-ui-field-distance_hint = p. ej. 2,5 (como mucho { $limit })
arkenstone-ui-field-target = Hacia (una carta, una figura o una dirección)
arkenstone-ui-field-target_hint = T5, 7C, Smaug, Bilbo, o N, NE, E, SE, S, SO, O, NO
arkenstone-ui-field-x = x en pulgadas, o una casilla como D4
arkenstone-ui-field-x_hint = Desde el borde izquierdo, de 0 a { $size }
arkenstone-ui-field-x_hint_here = Desde el borde izquierdo, de 0 a { $size }; estás en x = { $value }
arkenstone-ui-field-y = y en pulgadas (vacío con una casilla)
arkenstone-ui-field-y_hint = Desde el borde inferior, de 0 a { $size }
arkenstone-ui-field-y_hint_here = Desde el borde inferior, de 0 a { $size }; estás en y = { $value }
arkenstone-ui-move_by = Moverse una distancia…
arkenstone-ui-move_by_title = Mover a { $figure } una distancia
arkenstone-ui-move_to = Moverse a unas coordenadas…
arkenstone-ui-move_to_title = Mover a { $figure } a un punto
arkenstone-ui-need_both = Da las dos coordenadas (x e y), o una casilla como D4.
arkenstone-ui-place_at = Coordenadas exactas…
arkenstone-ui-place_title = Colocar en coordenadas exactas
arkenstone-ui-toward = Moverse hacia una carta o figura (hasta { $limit } pulg.)…
arkenstone-ui-toward_option = { $label } · a { $distance } pulg.

arkenstone-unknown_target = No hay nada llamado { $target } hacia lo que moverse.
arkenstone-guide-actions = { $seat ->
        [bilbo] Moverte hasta { $move } pulgadas; buscar en una carta de tesoro boca abajo a { $reach } pulgada (se retira salvo que sea la Piedra del Arca, que queda boca arriba); o recuperar la Piedra del Arca boca arriba a { $reach } pulgada para ganar.
       *[smaug] Moverte hasta { $move } pulgadas; o descubrir a Bilbo a { $reach } pulgada: cada uno da la vuelta a una carta; si la tuya es mayor, ganas la partida, si no Bilbo escapa a un basto y tu turno acaba.
    }
arkenstone-guide-guess = Si aciertas, ganas una acción (con A, J, Q o K, un evento especial en su lugar). Si fallas, tu turno acaba.
