# ClickWars you can follow (issue 27 item 2): a seat's own action on its panel, and the public
# summary of each game turn (renderers/clickwars/follow.py).

# The panel's report was cut: the other lines are in the table's "just now" and the turn summary.
clickwars-follow-more = { $n ->
        [one] … and { $n } more line.
       *[other] … and { $n } more lines.
    }

# The heading of one game turn's summary.
clickwars-follow-turn_head = Round { $round }, { $side }'s turn:
clickwars-follow-turn_head_plain = { $side }'s turn:

# The groups of a turn's summary: $items is a list of the items below, $n how many.
clickwars-follow-moves = { $n ->
        [one] Moved: { $items }
       *[other] Moved ({ $n }): { $items }
    }
clickwars-follow-charges = { $n ->
        [one] Charged: { $items }
       *[other] Charged ({ $n }): { $items }
    }
clickwars-follow-shots = { $n ->
        [one] Shot: { $items }
       *[other] Shots ({ $n }): { $items }
    }
clickwars-follow-assaults = { $n ->
        [one] Assault: { $items }
       *[other] Assaults ({ $n }): { $items }
    }
clickwars-follow-blasts = { $n ->
        [one] Blast on: { $items }
       *[other] Blasts ({ $n }) on: { $items }
    }
clickwars-follow-wounds = Wounded: { $items }
clickwars-follow-losses = { $n ->
        [one] Lost: { $items }
       *[other] Lost ({ $n }): { $items }
    }
clickwars-follow-quiet = No moves, shots or assaults.

clickwars-follow-move_item = { $unit } { $cost } cm
clickwars-follow-flee_item = { $unit } fled { $cost } cm
clickwars-follow-charge_item = { $unit } at { $bearing }°
# $result: hit, miss, critical (a 1) or fumble (a 10).
clickwars-follow-attack_item = { $unit } → { $target }: { $roll } (needs ≤ { $need }), { $result ->
        [hit] hit
        [critical] critical
        [fumble] fumble
       *[miss] miss
    }
clickwars-follow-wound_item = { $unit } −{ $net } (life { $life })
clickwars-follow-loss_item = { $unit } ({ $cause })

# A picked unit's panel says why an order of its kind is not on offer (issue 27 item 3); $why is
# the rules' own refusal or one of the sentences below.
clickwars-follow-no_charge = No charge on offer for { $unit }: { $why }
clickwars-follow-no_target = No target on offer for { $unit }: { $why }
clickwars-follow-none_near = no enemy within { $reach } cm.
clickwars-follow-misses = a straight 30 cm charge strikes nobody, not even { $unit }.
clickwars-follow-no_enemy = no enemy is left on the table.

# The board's key of the one-letter unit types (R rifleman, C cavalry…), under the roster.
clickwars-follow-letters = Unit letters

# The legend's key of the last turn drawn faded on the board.
clickwars-follow-legend_last = Faded: the last turn played
