# /why: una decisión explicada (issue 29 punto 5; renderers/why.py, bot/why.py). Los números son los
# del motor (engine/core/ruling.py): cada `why-n-<nombre>` dice uno.
why-title = **Por qué:** { $what }
why-title_step = **Por qué (paso { $step }):** { $what }
why-rules = { $n ->
        [one] Regla aplicada: { $rules }
       *[other] Reglas aplicadas, en orden: { $rules }
    }
why-where_rules = Los ID son los de las reglas numeradas del juego (docs/rules/ en el proyecto).
why-sight-clear = Línea de visión: despejada.
why-sight-blocked = Línea de visión: tapada por { $by }.
why-ground = { $n ->
        [one] Terreno difícil atravesado: { $pieces } (cada cm ahí cuesta 2).
       *[other] Terrenos difíciles atravesados: { $pieces } (cada cm ahí cuesta 2).
    }
why-ground_none = Sin terreno difícil en el camino.
why-n-other = { $name }: { $value }
# ClickWars (cm, de borde de peana a borde de peana)
why-n-distance_cm = Distancia, de borde a borde de peana: { $value } cm
why-n-range_cm = Alcance del arma: { $value } cm
why-n-hill_bonus_cm = En una colina: +{ $value } cm de alcance
why-n-wood_cm = Bosque en la línea: { $value } cm (más de 5 cm oculta)
why-n-need = Necesitaba: { $value } o menos en el d10
why-n-roll = Tirada: { $value }
why-n-reach_cm = Alcance del arma de cuerpo a cuerpo: { $value } cm
why-n-length_cm = Medida a lo largo del camino: { $value } cm
why-n-cost_cm = Coste del camino: { $value } cm
why-n-allowance_cm = Movimiento permitido: { $value } cm
why-n-point_distance_cm = Distancia del cañón al punto: { $value } cm
why-n-scatter_roll = Dado de desvío: { $value } (pulgadas)
why-n-scatter_cm = Desvío: { $value } cm
why-n-bearing = Dirección del desvío: { $value }°
why-n-damage_die = Dado de daño: { $value }
why-n-gross = Daño bruto (el dado con el modificador del arma): { $value }
why-n-armour_roll = Tirada de armadura, restada: { $value }
why-n-shield_roll = Tirada de escudo, restada: { $value }
why-n-net = Daño neto (nunca menos de 0): { $value }
why-n-life_left = Vida restante: { $value }
# Space Hulk (casillas)
why-n-dice = Dados: { $value }
why-n-needed = Para matar hace falta un dado de { $value } o más
why-n-bonus = Fuego sostenido: +{ $value } en cada dado
why-n-deflection = Tiradas de escombros: { $value } (un 5 o 6 desvía el impacto)
why-n-distance_sq = Distancia: { $value ->
        [one] { $value } casilla
       *[other] { $value } casillas
    }
why-n-range_sq = Alcance del fuego de cobertura: { $value ->
        [one] { $value } casilla
       *[other] { $value } casillas
    }
why-n-double = Un doble: { $value ->
        [yes] sí
       *[no] no
    }
why-n-jammed = El bólter se encasquilló: { $value ->
        [yes] sí (cualquier doble encasquilla un disparo de cobertura)
       *[no] no
    }
# Asalto y fosos de Space Hulk (SHB-8.9, SHB-8.10, SHB-8.13, DW-PIT)
why-n-attacker_dice = Dados del atacante: { $value }
why-n-attacker_modifier = Modificadores del atacante: { $value }
why-n-attacker_score = Resultado del atacante (el dado más alto más los modificadores): { $value }
why-n-defender_dice = Dados del defensor: { $value }
why-n-defender_modifier = Modificadores del defensor: { $value }
why-n-defender_score = Resultado del defensor (el dado más alto más los modificadores): { $value }
why-n-falls_on = Cae con un { $value }
why-n-prone_up_to = Tumbado con { $value } o menos, de pie con más
why-n-below_dies_up_to = El de abajo muere con { $value } o menos
# Cañón de la Muerte (cartas y dados)
why-n-marine_card = La carta del Stormtalon: { $value }
why-n-ork_card = La carta del Dakkajet: { $value }
why-n-canyon_card = La carta del cañón: { $value }
why-n-marine_hits = Impactos al Stormtalon: { $value }
why-n-ork_hits = Impactos al Dakkajet: { $value }
why-n-pursuit_before = Dado de persecución antes: { $value }
why-n-pursuit_after = Dado de persecución después: { $value }
why-n-pursuit = Dado de persecución: { $value } (cada dado que lo iguale o supere impacta)
why-n-hits_on = Impacta con { $value } o más
why-n-hits = Impactos: { $value }
why-n-card = Carta: { $value ->
        [1] A
        [11] J
        [12] Q
        [13] K
       *[other] { $value }
    }
why-n-multiplier = Multiplicador de las figuras: ×{ $value }
why-n-damage = Daño causado: { $value }
why-n-total = Daño en total: { $value }
why-n-destroyed_at = Una nave queda destruida con { $value } de daño
# La caza de la Piedra del Arca (pulgadas, cartas)
why-n-reference = Carta de referencia: { $value ->
        [1] A
        [11] J
        [12] Q
        [13] K
       *[other] { $value }
    }
why-n-guess = Apuesta: { $value ->
        [higher] mayor
       *[lower] menor
    }
why-n-other_card = La carta del otro jugador: { $value ->
        [1] A
        [11] J
        [12] Q
        [13] K
       *[other] { $value }
    }
why-n-correct = La apuesta acertó: { $value ->
        [yes] sí
       *[no] no
    }
why-n-smaug_rank = La carta de Smaug: { $value ->
        [1] A
        [11] J
        [12] Q
        [13] K
       *[other] { $value }
    }
why-n-bilbo_rank = La carta de Bilbo: { $value ->
        [1] A
        [11] J
        [12] Q
        [13] K
       *[other] { $value }
    }
why-n-gap_in = Separación entre Bilbo y Smaug: { $value } pulgadas
why-n-range_in = Los sentidos de Smaug alcanzan: { $value } pulgadas
why-n-discover = Sigue «Descubrir al ladrón»: { $value ->
        [yes] sí
       *[no] no
    }
why-n-length_in = Medida: { $value } pulgadas
why-n-allowance_in = Movimiento permitido: { $value } pulgadas
# La parte de la plataforma (bot/why.py, cogs/why.py)
why-none = En esta mesa aún no ha pasado nada que las reglas midieran o tiraran y que tú vieras; vuelve a preguntar tras un disparo, un movimiento o una tirada.
why-no_step = El paso { $step } de la mesa #{ $table } no decidió nada que puedas ver; `/why` sin paso explica la última decisión que viste.
why-button = ¿Por qué?
why-picture = La decisión dibujada sobre tu vista del tablero.
# Las etiquetas del dibujo (renderers/clickwars/why.py, renderers/arkenstone/board.py)
why-img-blocked = tapada: { $by }
why-img-clear = línea de visión despejada
why-img-ruler = { $length } { $unit }
cmd-why-name = porque
cmd-why-description = Por qué las reglas decidieron así: las reglas, los números (solo lo ves tú)
cmd-why-event-name = paso
cmd-why-event-description = El número de un paso (como lo muestra /why); sin él, la última decisión que viste
