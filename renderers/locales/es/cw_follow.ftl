# ClickWars se puede seguir (issue 27, punto 2): la acción propia en el panel, y el resumen público
# de cada turno de juego (renderers/clickwars/follow.py).

clickwars-follow-more = { $n ->
        [one] … y { $n } línea más.
       *[other] … y { $n } líneas más.
    }

clickwars-follow-turn_head = Ronda { $round }, turno de { $side }:
clickwars-follow-turn_head_plain = Turno de { $side }:

clickwars-follow-moves = { $n ->
        [one] Movió: { $items }
       *[other] Movieron ({ $n }): { $items }
    }
clickwars-follow-charges = { $n ->
        [one] Cargó: { $items }
       *[other] Cargaron ({ $n }): { $items }
    }
clickwars-follow-shots = { $n ->
        [one] Disparo: { $items }
       *[other] Disparos ({ $n }): { $items }
    }
clickwars-follow-assaults = { $n ->
        [one] Asalto: { $items }
       *[other] Asaltos ({ $n }): { $items }
    }
clickwars-follow-blasts = { $n ->
        [one] Explosión sobre: { $items }
       *[other] Explosiones ({ $n }) sobre: { $items }
    }
clickwars-follow-wounds = Heridos: { $items }
clickwars-follow-losses = { $n ->
        [one] Baja: { $items }
       *[other] Bajas ({ $n }): { $items }
    }
clickwars-follow-quiet = Sin movimientos, disparos ni asaltos.

clickwars-follow-move_item = { $unit } { $cost } cm
clickwars-follow-flee_item = { $unit } huyó { $cost } cm
clickwars-follow-charge_item = { $unit } a { $bearing }°
clickwars-follow-attack_item = { $unit } → { $target }: { $roll } (necesita ≤ { $need }), { $result ->
        [hit] impacto
        [critical] crítico
        [fumble] pifia
       *[miss] fallo
    }
clickwars-follow-wound_item = { $unit } −{ $net } (vida { $life })
clickwars-follow-loss_item = { $unit } ({ $cause })

clickwars-follow-no_charge = { $unit } no tiene carga posible: { $why }
clickwars-follow-no_target = { $unit } no tiene objetivo posible: { $why }
clickwars-follow-none_near = ningún enemigo a { $reach } cm o menos.
clickwars-follow-misses = una carga recta de 30 cm no alcanza a nadie, ni siquiera a { $unit }.
clickwars-follow-no_enemy = no queda ningún enemigo en la mesa.

clickwars-follow-letters = Letras de las unidades

clickwars-follow-legend_last = Atenuado: el último turno jugado
