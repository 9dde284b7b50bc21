# canyon (es). Project Fluent syntax: see renderers/locales/README.md.

canyon-action-damage = Robar una carta de daño
canyon-action-damage_multiplied = Robar una carta de daño (siguiente número ×{ $multiplier })
canyon-action-discard = Descartar una carta al azar
canyon-action-discard_n = Descartar una carta al azar (tienes { $hand })
canyon-action-play = Jugar { $card }
canyon-action-route = Volar por la ruta { $route }
canyon-action-route_card = Volar por la ruta { $route }: { $card }
canyon-action-take_all = Recibir todos los impactos como daño
canyon-action-unknown = Jugada desconocida
canyon-action-play_cost = Jugar { $card } · { $hits ->
        [0] sin impactos
        [one] 1 impacto
       *[other] { $hits } impactos
    }

canyon-bad_route = Elige la ruta A o la ruta B.

canyon-effect-hazard = peligro { $value }
canyon-effect-icarus = batería Icarus
canyon-effect-wide_area = área amplia
canyon-effect-xenos = voladores xenos

canyon-end-dakkajet_destroyed = el Dakkajet ha sido destruido
canyon-end-escaped = la Stormtalon ha escapado del cañón
canyon-end-marine_crashed = el marine no tenía carta que jugar y se ha estrellado contra la pared del cañón
canyon-end-ork_crashed = el orko no tenía carta que jugar y se ha estrellado contra la pared del cañón
canyon-end-stormtalon_destroyed = la Stormtalon ha sido derribada

canyon-hand_empty = Tu mano está vacía, así que no puedes descartar: roba una carta de daño.


canyon-img-damage_cards = Cartas de daño
canyon-img-damage_deck = Mazo de daño: { $count }
canyon-img-deck = Mazo
canyon-img-destroyed = FUERA DE COMBATE
canyon-img-discard = Descartes
canyon-img-distance = { $distance ->
        [one] 1 pulgada detrás
       *[other] { $distance } pulgadas detrás
    }
canyon-img-entry = ENTRADA
canyon-img-exit = SALIDA
canyon-img-hand = Mano
canyon-img-legend-discarded = ruta descartada
canyon-img-legend-down = boca abajo
canyon-img-legend-next = siguiente paso
canyon-img-marine_played = El marine ha jugado
canyon-img-next_damage = siguiente ×{ $multiplier }
canyon-img-none = —
canyon-img-pending_hits = { $ship }: { $hits } por resolver, de { $source }
canyon-img-pilot-marine = Marine
canyon-img-pilot-ork = Orko
canyon-img-played = Jugadas este turno
canyon-img-played_last = Jugadas el turno anterior
canyon-img-preview = Siguiente carta del cañón (solo tú la ves)
canyon-img-preview_fork = Bifurcación (solo tú la ves)
canyon-img-pursuit = Dado de persecución
canyon-img-removed = { $count ->
        [0] ninguna carta del cañón retirada
        [one] { $count } carta del cañón retirada sin ver
       *[other] { $count } cartas del cañón retiradas sin ver
    }
canyon-img-removed_shown = Retiradas sin ver, mostradas al acabar la partida:
canyon-img-roll-icarus = Icarus
canyon-img-roll-shoot = Disparo
canyon-img-roll-wide_area = Área amplia
canyon-img-roll-xenos = Xenos
canyon-img-rolls = Dados de este turno
canyon-img-rolls_last = Dados del turno anterior
canyon-img-route = Ruta { $route }
canyon-img-ship-marine = STORMTALON
canyon-img-ship-ork = DAKKAJET
canyon-img-title = EL CAÑÓN DE LA MUERTE
canyon-img-turn = Turno { $turn }
canyon-img-turn_tag = turno { $turn }
canyon-img-winner = Gana { $seat ->
        [marine] el marine
       *[ork] el orko
    }: { $reason }
canyon-img-your_hand = Tu mano

canyon-n-absorbed = { $ship } absorbe un impacto: descarta al azar { $card } de la mano.
canyon-n-advanced = La Stormtalon avanza hasta el paso { $step }.
canyon-n-cards_drawn = { $pilot } roba { $count ->
        [one] una carta
       *[other] { $count } cartas
    }.
canyon-n-cards_drawn_own = Robas { $cards }.
canyon-n-created = El Cañón de la Muerte: la Stormtalon se lanza a un cañón de { $steps ->
        [one] { $steps } paso
       *[other] { $steps } pasos
    } ({ $forks ->
        [0] sin bifurcaciones
        [one] { $forks } bifurcación
       *[other] { $forks } bifurcaciones
    }) con el Dakkajet pegado a su cola.
canyon-n-damage = { $ship } roba la carta de daño { $card }: +{ $damage }, total { $total }/20.
canyon-n-damage_face = { $ship } roba la carta de daño { $card }: la siguiente carta de daño numerada cuenta ×{ $multiplier }.
canyon-n-damage_multiplied = { $ship } roba la carta de daño { $card } ×{ $multiplier }: +{ $damage }, total { $total }/20.
canyon-n-dealt = { $cards ->
        [one] Se reparte { $cards } carta del cañón
       *[other] Se reparten { $cards } cartas del cañón
    } boca abajo; { $removed ->
        [0] no sobra ninguna
        [one] { $removed } se retira sin verla
       *[other] { $removed } se retiran sin verlas
    }.
canyon-n-destroyed = ¡Destrucción! { $ship } acumula { $total } de daño.
canyon-n-hazard = Peligro { $value }: Stormtalon { $marine } → { $marine_hits }; Dakkajet { $ork } → { $ork_hits }.
canyon-n-hits_received = { $ship } recibe { $hits } de { $source }.
canyon-n-icarus = La batería Icarus dispara al Dakkajet: { $dice } → { $hits }.
canyon-n-out = ¡La Stormtalon sale disparada del cañón!
canyon-n-played = { $pilot } juega { $card }.
canyon-n-previewed = El marine mira la carta del cañón del paso { $step }.
canyon-n-previewed_fork = El marine mira las dos cartas de la bifurcación del paso { $step }.
canyon-n-previewed_fork_own = Miras la bifurcación del paso { $step }: ruta A { $a }, ruta B { $b }.
canyon-n-previewed_own = Miras adelante: el paso { $step } es { $card }.
canyon-n-pursuit_dakkajet_hit = Sacudido por los impactos, el Dakkajet se retrasa: dado de persecución { $before } → { $after }.
canyon-n-pursuit_dakkajet_hit_clamped = Sacudido por los impactos, el Dakkajet se retrasa, pero el dado de persecución sigue en { $after }.
canyon-n-pursuit_equal = Cartas iguales: el dado de persecución sigue en { $after }.
canyon-n-pursuit_ork_higher = El Dakkajet se acerca: dado de persecución { $before } → { $after }.
canyon-n-pursuit_ork_higher_clamped = El Dakkajet no puede acercarse más: el dado de persecución sigue en { $after }.
canyon-n-pursuit_ork_lower = El Dakkajet se queda atrás: dado de persecución { $before } → { $after }.
canyon-n-pursuit_ork_lower_clamped = El Dakkajet no puede quedarse más atrás: el dado de persecución sigue en { $after }.
canyon-n-recovered = Área amplia: { $who } saca un { $roll } y devuelve { $cards } a su mazo de vuelo.
canyon-n-recovered_none = Área amplia: { $who } saca un { $roll }, pero no tiene descartes que recuperar; el mazo se baraja.
canyon-n-revealed = Se revela la carta del cañón del paso { $step }: { $card } ({ $effect }).
canyon-n-route = El marine vuela por la ruta { $route }; la otra ruta, { $card }, se revela y se descarta.
canyon-n-shots = El Dakkajet abre fuego: { $dice } contra { $pursuit }+ → { $hits }.
canyon-n-turn = — Turno { $turn } —
canyon-n-xenos = Voladores xenos: { $who } saca un { $roll } y descarta { $cards } de lo alto de su mazo de vuelo.
canyon-n-xenos_none = Voladores xenos: { $who } saca un { $roll }, pero su mazo de vuelo ya está vacío.

canyon-name = El Cañón de la Muerte

canyon-no_fork = Ahora no hay ninguna bifurcación delante en la que elegir ruta.

canyon-no_hits = Ahora no tienes impactos que resolver.

canyon-not_in_hand = No tienes el { $card } en la mano.

canyon-now-hits = Primero resuelve los impactos sobre tu nave (pendientes: { $hits }).
canyon-now-route = Primero elige tu ruta en la bifurcación: la ruta A o la ruta B.

canyon-pilot-marine = el marine
canyon-pilot-ork = el orko

canyon-pilot_cap-marine = El marine
canyon-pilot_cap-ork = El orko

canyon-private-empty = vacía
canyon-private-fork = Bifurcación delante: ruta A { $a }, ruta B { $b }
canyon-private-hand = Tu mano: { $cards }
canyon-private-next = Siguiente carta del cañón: { $card } ({ $effect })

canyon-prompt-generic = Elige tu jugada.
canyon-prompt-hit_one = { $hits } de { $source }: ¿descartas una carta al azar de tu mano (tienes { $hand ->
        [one] 1 carta
       *[other] { $hand } cartas
    }) o robas una carta de daño? Llevas { $damage }/20 de daño.
canyon-prompt-hits_empty = { $hits } de { $source }. Tu mano está vacía, así que cada uno te hace robar una carta de daño. Llevas { $damage }/20 de daño.
canyon-prompt-hits_many = { $hits } de { $source }, que se resuelven de uno en uno. Para este impacto: ¿descartas una carta al azar de tu mano (tienes { $hand ->
        [one] 1 carta
       *[other] { $hand } cartas
    }) o robas una carta de daño? Llevas { $damage }/20 de daño.
canyon-prompt-multiplier = Tu siguiente carta de daño numerada cuenta ×{ $multiplier }.
canyon-prompt-ork_play = El marine ha jugado { $card }. Una carta más alta deja el dado de persecución en { $closer } (tus 3 dados impactan con { $closer } o más), una más baja en { $farther } y una igual lo mantiene en { $pursuit }. Después, la carta del cañón, que no ves, hace a cada nave un impacto por cada punto que su carta la supere. Juega una carta de tu mano.
canyon-prompt-play = Juega una carta de tu mano.
canyon-prompt-route = Una bifurcación: la ruta A es { $a }, la ruta B es { $b }. ¿Por cuál vuelas? La otra carta se revela y se descarta.
canyon-prompt-marine_play_hazard = La siguiente carta del cañón es { $next } (peligro { $value }): cada punto que tu carta supere { $value } te cuesta un impacto. Después juega el orko, viendo tu carta: una más alta que la tuya acerca el Dakkajet y sus disparos aciertan más; una más baja lo retrasa. Juega una carta de tu mano.
canyon-prompt-marine_play_effect = La siguiente carta del cañón es { $next } ({ $effect }): no causa impactos de peligro, juegues lo que juegues. Después juega el orko, viendo tu carta: una más alta que la tuya acerca el Dakkajet y sus disparos aciertan más; una más baja lo retrasa. Juega una carta de tu mano.

canyon-rules =
    La Stormtalon dañada del marine huye por un cañón de espadas boca abajo; el Dakkajet del orko la persigue y le dispara.
    • **Navegar**: el marine mira en secreto la siguiente carta del cañón. En una bifurcación (dos cartas) elige una ruta; la otra carta se revela y se descarta.
    • **Maniobrar**: el marine juega una carta de vuelo boca arriba y después el orko juega una habiéndola visto. Orko más alta: dado de persecución −1; más baja: +1; igual: sin cambio (entre 1 y 6).
    • **Carta del cañón**: un número es un peligro: cada nave recibe un impacto por cada punto que su propia carta lo supere. Sota (J): cada jugador tira un dado y devuelve a su mazo ese número de descartes al azar. Caballo (Q): la Stormtalon dispara 4 dados al Dakkajet, cada 5+ impacta. Rey (K): cada jugador tira un dado y descarta ese número de cartas de lo alto de su mazo.
    • **Avanzar y disparar**: la Stormtalon avanza; el Dakkajet tira 3 dados y cada uno igual o mayor que el dado de persecución es un impacto.
    • **Impactos**: por cada impacto, el dueño descarta una carta al azar de su mano o roba una carta de daño (copas; J/Q/K doblan el siguiente número, acumulándose). Con 20 de daño una nave queda destruida. Cada vez que el Dakkajet recibe impactos, el dado de persecución sube 1.
    • **Fin del turno**: las cartas jugadas se descartan y las manos vuelven a 3.
    • Gana el marine si sale vivo del cañón, destruye el Dakkajet o el orko no puede jugar; gana el orko si destruye la Stormtalon o el marine no puede jugar.

canyon-seat-marine = Marine (Stormtalon)
canyon-seat-ork = Orko (Dakkajet)

canyon-ship_cap-marine = La Stormtalon
canyon-ship_cap-ork = El Dakkajet

canyon-source-hazard = las paredes del cañón
canyon-source-icarus = la batería Icarus
canyon-source-shoot = los cañones del Dakkajet

canyon-status-head = Turno { $turn } · { $where } · dado de persecución { $pursuit }
canyon-status-hits = { $pilot } está resolviendo { $hits } de { $source }.
canyon-status-marine_play = El marine está eligiendo qué carta jugar.
canyon-status-navigate = El marine está eligiendo ruta en la bifurcación.
canyon-status-ork_play = El orko está eligiendo qué carta jugar.
canyon-status-out = Stormtalon fuera del cañón
canyon-status-over = Fin de la partida: gana { $seat ->
        [marine] el marine
       *[ork] el orko
    }.
canyon-status-pending = {" "}(siguiente daño ×{ $multiplier })
canyon-status-played = Jugadas este turno: { $cards }
canyon-status-setup = Preparando el cañón.
canyon-status-ship = { $ship }: { $damage }/20 de daño{ $pending } · mano { $hand } · mazo { $deck }
canyon-status-step = Stormtalon ante el paso { $step } de { $steps }

canyon-unknown_action = Esa no es una jugada de El Cañón de la Muerte.
canyon-hits = { $n ->
        [0] ningún impacto
        [one] { $n } impacto
       *[other] { $n } impactos
    }
canyon-option_error-layout_empty = el cañón necesita al menos un paso
canyon-option_error-layout_too_many = el cañón admite como mucho { $max } cartas, no { $cards }
canyon-option_error-layout_width = cada paso del cañón tiene 1 carta o una bifurcación de 2 cartas
