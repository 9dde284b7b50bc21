# /why, las decisiones añadidas tras la primera ronda (issue 29 punto 5; engine/core/ruling.py): cada
# `why-n-<nombre>` dice un número que escribe un motor (renderers/why.py los dice en su ORDER).
why-sight-walled = Línea de visión: tapada por un muro o el borde del tablero.
# ClickWars: la tirada inicial, la curación, una carga, disparar a un cuerpo a cuerpo, una pifia
why-n-red_rolls = Dados del rojo en la tirada inicial: { $value }
why-n-blue_rolls = Dados del azul en la tirada inicial: { $value } (empieza el más alto; un empate se repite)
why-n-heal_roll = Dado de curación: { $value }
why-n-life_before = Vida antes: { $value }
why-n-life_now = Vida ahora: { $value }
why-n-life_max = Vida inicial (no se cura por encima): { $value }
why-n-charge_cm = La línea recta de la carga: { $value } cm, entera
why-n-corridor_cm = El pasillo que barre su peana: { $value } cm de ancho
why-n-in_corridor = { $value ->
        [0] Ningún enemigo en el pasillo
        [one] Un enemigo en el pasillo (1d10+2 cada uno, sin tirada para impactar, sin armadura ni escudo)
       *[other] { $value } enemigos en el pasillo (1d10+2 cada uno, sin tirada para impactar, sin armadura ni escudo)
    }
why-n-melee_roll = Disparo a un cuerpo a cuerpo: { $value } (impar da a tu unidad trabada con el blanco, par nada)
why-n-fumble_roll = Tabla de pifias: { $value } ({ $value ->
        [1] recibe 1d10 de daño
        [2] suelta el arma: pierde su siguiente turno
        [3] recibe 1d10+1
        [4] el arma se rompe
        [5] recibe 1d10+2
        [6] da al compañero más cercano
        [7] recibe 1d10+3
        [8] da a los dos compañeros más cercanos
        [9] recibe 1d10+4
       *[other] se hiere y muere
    })
# Space Hulk y Deathwing: fuego automático, averías, el lanzallamas, granadas, bloqueos, recargas, tiradas
why-n-route_sq = Distancia por el camino más corto: { $value ->
        [one] { $value } casilla
       *[other] { $value } casillas
    }
why-n-in_arc = En el arco de fuego (los 90° de delante): { $value ->
        [yes] sí
       *[no] no
    }
why-n-bursts_used = Ráfagas usadas: { $value }
why-n-triple = Un triple: { $value }
why-n-bursts_fired = Ráfagas disparadas en la misión: { $value }
why-n-malfunction_after = Un triple avería el cañón pasadas { $value } ráfagas
why-n-target_square = Casilla objetivo: { $value } (toda su sección)
why-n-squares = { $value ->
        [one] Casillas en llamas: { $value }
       *[other] Casillas en llamas: { $value }
    }
why-n-model_rolls = El dado de cada figura: { $value }
why-n-dies_on = Una figura muere con { $value } o más
why-n-stealer_dies_on = Un Genestealer muere con { $value } o más
why-n-marine_dies_on = Un Marine muere con { $value } o más
why-n-door_rolls = El dado de cada puerta: { $value }
why-n-door_dies_on = Una puerta se destruye con { $value } o más
why-n-crate_rolls = El dado de cada caja (se destruye con un 6): { $value }
why-n-bulkhead_rolls = El dado de cada mamparo: { $value }
why-n-bulkhead_dies_on = Un mamparo se destruye con { $value } o más
why-n-drop_roll = Apuntada a un agujero: { $value } (con 1 o 2 cae al nivel de abajo)
why-n-rerolled_from = El dado repetido del Genestealer, antes: { $value }
why-n-rerolled_to = El dado nuevo, que cuenta: { $value }
why-n-ammo_before = Munición antes: { $value }
why-n-ammo_now = Munición ahora (llena, nunca a medias): { $value }
why-n-reloads_left = Recargas restantes: { $value }
why-n-magi_roll = El dado de los Magos: { $value }
why-n-squads = Escuadras desplegadas (con menos, los Magos escapan): { $value }
why-n-reinforcement_roll = Dado de refuerzos: { $value }
# La caza de la Piedra del Arca: un alcance rechazado
why-n-reach_in = Alcance: { $value ->
        [one] { $value } pulgada
       *[other] { $value } pulgadas
    }
# El Cañón de la Muerte: los dados de la J y la K, un impacto absorbido
why-n-cards_roll = El dado: { $value }
why-n-pile_size = Cartas en la pila de descartes: { $value }
why-n-recovered = Cartas devueltas al mazo: { $value }
why-n-discarded = Cartas descartadas de lo alto del mazo: { $value }
why-n-hand_size = Cartas en la mano, una al azar: { $value }
why-n-card_gap_in = Separación entre Bilbo y la carta: { $value } pulgadas
why-n-ambush_roll = Dado de emboscada: { $value }
why-n-ambush_turn = La próxima emboscada se roba en el turno { $value }
why-n-teleport_rolls = Los 2D6 de cada Marine al teletransportarse: { $value }
why-n-dies_on_total = Un total de { $value } (un doble 1) lo mata
why-n-in_the_way = En medio: { $value }
why-n-psychic_points = Puntos psíquicos del Bibliotecario atacante (en sus modificadores): { $value }
why-n-defender_psychic_points = Puntos psíquicos del Bibliotecario defensor (en sus modificadores): { $value }
