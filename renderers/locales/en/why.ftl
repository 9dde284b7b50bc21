# /why: a ruling explained (issue 29 item 5; renderers/why.py, bot/why.py). The numbers are the
# engine's own (engine/core/ruling.py): each `why-n-<name>` words one of them.
why-title = **Why:** { $what }
why-title_step = **Why (step { $step }):** { $what }
why-rules = { $n ->
        [one] Rule applied: { $rules }
       *[other] Rules applied, in order: { $rules }
    }
why-where_rules = The rule IDs are those of the game's numbered rules (docs/rules/ in the project).
why-sight-clear = Line of sight: clear.
why-sight-blocked = Line of sight: blocked by { $by }.
why-ground = { $n ->
        [one] Difficult ground crossed: { $pieces } (each cm there costs 2).
       *[other] Difficult ground crossed: { $pieces } (each cm there costs 2).
    }
why-ground_none = No difficult ground crossed.
why-n-other = { $name }: { $value }
# ClickWars (cm, measured base edge to base edge)
why-n-distance_cm = Distance, base edge to base edge: { $value } cm
why-n-range_cm = Range of the weapon: { $value } cm
why-n-hill_bonus_cm = On a hill: +{ $value } cm of range
why-n-wood_cm = Wood on the line: { $value } cm (more than 5 cm hides)
why-n-need = Needed: { $value } or less on the d10
why-n-roll = Rolled: { $value }
why-n-reach_cm = Reach of the close combat weapon: { $value } cm
why-n-length_cm = Ruler along the path: { $value } cm
why-n-cost_cm = Cost of the path: { $value } cm
why-n-allowance_cm = Allowance: { $value } cm
why-n-point_distance_cm = Distance from the gun to the point: { $value } cm
why-n-scatter_roll = Deviation die: { $value } (inches)
why-n-scatter_cm = Deviation: { $value } cm
why-n-bearing = Direction of the deviation: { $value }°
why-n-damage_die = Damage die: { $value }
why-n-gross = Gross damage (the die with the weapon's modifier): { $value }
why-n-armour_roll = Armour roll, taken off: { $value }
why-n-shield_roll = Shield roll, taken off: { $value }
why-n-net = Net damage (never below 0): { $value }
why-n-life_left = Life left: { $value }
# Space Hulk (squares)
why-n-dice = Dice: { $value }
why-n-needed = A kill needs a die of { $value } or more
why-n-bonus = Sustained fire: +{ $value } on each die
why-n-deflection = Rubble rolls: { $value } (a 5 or 6 turns the hit aside)
why-n-distance_sq = Distance: { $value ->
        [one] { $value } square
       *[other] { $value } squares
    }
why-n-range_sq = Overwatch range: { $value ->
        [one] { $value } square
       *[other] { $value } squares
    }
why-n-double = A double: { $value ->
        [yes] yes
       *[no] no
    }
why-n-jammed = The bolter jammed: { $value ->
        [yes] yes (any double jams an overwatch shot)
       *[no] no
    }
# Space Hulk close assault and pits (SHB-8.9, SHB-8.10, SHB-8.13, DW-PIT)
why-n-attacker_dice = The attacker's dice: { $value }
why-n-attacker_modifier = The attacker's modifiers: { $value }
why-n-attacker_score = The attacker's score (highest die plus modifiers): { $value }
why-n-defender_dice = The defender's dice: { $value }
why-n-defender_modifier = The defender's modifiers: { $value }
why-n-defender_score = The defender's score (highest die plus modifiers): { $value }
why-n-falls_on = He falls on a roll of { $value }
why-n-prone_up_to = Prone on { $value } or less, on his feet above
why-n-below_dies_up_to = The one below dies on { $value } or less
# Canyon of Death (cards and dice)
why-n-marine_card = The Stormtalon's card: { $value }
why-n-ork_card = The Dakkajet's card: { $value }
why-n-canyon_card = The canyon card: { $value }
why-n-marine_hits = Hits on the Stormtalon: { $value }
why-n-ork_hits = Hits on the Dakkajet: { $value }
why-n-pursuit_before = Pursuit die before: { $value }
why-n-pursuit_after = Pursuit die after: { $value }
why-n-pursuit = Pursuit die: { $value } (each die showing that or more hits)
why-n-hits_on = A hit on { $value } or more
why-n-hits = Hits: { $value }
why-n-card = Card: { $value ->
        [1] A
        [11] J
        [12] Q
        [13] K
       *[other] { $value }
    }
why-n-multiplier = Multiplier from face cards: ×{ $value }
why-n-damage = Damage dealt: { $value }
why-n-total = Damage in total: { $value }
why-n-destroyed_at = A ship is destroyed at { $value } damage
# Hunt for the Arkenstone (inches, cards)
why-n-reference = Reference card: { $value ->
        [1] A
        [11] J
        [12] Q
        [13] K
       *[other] { $value }
    }
why-n-guess = Guess: { $value ->
        [higher] higher
       *[lower] lower
    }
why-n-other_card = The other player's card: { $value ->
        [1] A
        [11] J
        [12] Q
        [13] K
       *[other] { $value }
    }
why-n-correct = The guess was right: { $value ->
        [yes] yes
       *[no] no
    }
why-n-smaug_rank = Smaug's card: { $value ->
        [1] A
        [11] J
        [12] Q
        [13] K
       *[other] { $value }
    }
why-n-bilbo_rank = Bilbo's card: { $value ->
        [1] A
        [11] J
        [12] Q
        [13] K
       *[other] { $value }
    }
why-n-gap_in = Gap between Bilbo and Smaug: { $value } in
why-n-range_in = Smaug's senses reach: { $value } in
why-n-discover = Discover the Thief follows: { $value ->
        [yes] yes
       *[no] no
    }
why-n-length_in = Ruler: { $value } in
why-n-allowance_in = Allowance: { $value } in
# The platform's side (bot/why.py, cogs/why.py)
why-none = Nothing the rules measured or rolled has happened at this table that you saw yet; ask again after a shot, a move or a roll.
why-no_step = Step { $step } of table #{ $table } ruled nothing you can see; `/why` without a step explains the latest ruling you saw.
why-button = Why?
why-picture = The ruling drawn on your view of the board.
# The overlay's labels (renderers/clickwars/why.py, renderers/arkenstone/board.py)
why-img-blocked = blocked: { $by }
why-img-clear = clear line of sight
why-img-ruler = { $length } { $unit }
cmd-why-name = why
cmd-why-description = Why the rules decided as they did: the rules, the numbers (only you see it)
cmd-why-event-name = step
cmd-why-event-description = A step's number (as /why shows it); the latest ruling you saw when left out
