# /why, the rulings added after the first round (issue 29 item 5; engine/core/ruling.py): each
# `why-n-<name>` words one number an engine writes (renderers/why.py tells them in its ORDER).
why-sight-walled = Line of sight: blocked by a wall or the edge of the board.
# ClickWars: the roll-off, healing, a charge, shooting into a melee, a fumble
why-n-red_rolls = Red's roll-off dice: { $value }
why-n-blue_rolls = Blue's roll-off dice: { $value } (highest starts, a tie rolls again)
why-n-heal_roll = Healing die: { $value }
why-n-life_before = Life before: { $value }
why-n-life_now = Life now: { $value }
why-n-life_max = Starting life (no healing above it): { $value }
why-n-charge_cm = The charge's straight line: { $value } cm, all of it
why-n-corridor_cm = The corridor its base sweeps: { $value } cm wide
why-n-in_corridor = { $value ->
        [0] No enemy in the corridor
        [one] One enemy in the corridor (1d10+2 each, no to-hit, armour and shields ignored)
       *[other] { $value } enemies in the corridor (1d10+2 each, no to-hit, armour and shields ignored)
    }
why-n-melee_roll = Shooting into the melee: { $value } (odd hits your own unit engaged with the target, even nothing)
why-n-fumble_roll = Fumble table: { $value } ({ $value ->
        [1] takes 1d10 damage
        [2] drops the weapon: loses its next turn
        [3] takes 1d10+1
        [4] the weapon breaks
        [5] takes 1d10+2
        [6] hits the nearest comrade
        [7] takes 1d10+3
        [8] hits the two nearest comrades
        [9] takes 1d10+4
       *[other] wounds itself and dies
    })
# Space Hulk and Deathwing: auto fire, malfunctions, the flamer, grenades, blocks, reloads, rolls
why-n-route_sq = Distance by the shortest route: { $value ->
        [one] { $value } square
       *[other] { $value } squares
    }
why-n-in_arc = In the fire arc (the front 90°): { $value ->
        [yes] yes
       *[no] no
    }
why-n-bursts_used = Bursts used: { $value }
why-n-triple = A triple: { $value }
why-n-bursts_fired = Bursts fired this mission: { $value }
why-n-malfunction_after = A triple malfunctions the cannon past { $value } bursts
why-n-target_square = Target square: { $value } (its whole section)
why-n-squares = { $value ->
        [one] Squares in flames: { $value }
       *[other] Squares in flames: { $value }
    }
why-n-model_rolls = Each figure's die: { $value }
why-n-dies_on = A figure dies on { $value } or more
why-n-stealer_dies_on = A Genestealer dies on { $value } or more
why-n-marine_dies_on = A Marine dies on { $value } or more
why-n-door_rolls = Each door's die: { $value }
why-n-door_dies_on = A door is destroyed on { $value } or more
why-n-crate_rolls = Each crate's die (destroyed on 6): { $value }
why-n-bulkhead_rolls = Each bulkhead's die: { $value }
why-n-bulkhead_dies_on = A bulkhead is destroyed on { $value } or more
why-n-drop_roll = Aimed at a hole: { $value } (1 or 2 drops it to the level below)
why-n-rerolled_from = The Genestealer's die rerolled, was: { $value }
why-n-rerolled_to = The new die, which stands: { $value }
why-n-ammo_before = Ammunition before: { $value }
why-n-ammo_now = Ammunition now (full, never partial): { $value }
why-n-reloads_left = Reloads left: { $value }
why-n-magi_roll = The Magi die: { $value }
why-n-squads = Squads fielded (lower than this, the Magi escape): { $value }
why-n-reinforcement_roll = Reinforcement die: { $value }
# Hunt for the Arkenstone: a reach refused
why-n-reach_in = Reach: { $value } in
# Canyon of Death: the Jack and King's dice, a hit absorbed
why-n-cards_roll = The die: { $value }
why-n-pile_size = Cards in the discard pile: { $value }
why-n-recovered = Cards shuffled back: { $value }
why-n-discarded = Cards discarded from the top of the deck: { $value }
why-n-hand_size = Cards in the hand, one picked at random: { $value }
why-n-card_gap_in = Gap between Bilbo and the card: { $value } in
why-n-ambush_roll = Ambush die: { $value }
why-n-ambush_turn = The next ambush is drawn on turn { $value }
why-n-teleport_rolls = Each Marine's 2D6 teleporting in: { $value }
why-n-dies_on_total = A total of { $value } (a double 1) kills him
why-n-in_the_way = In the way: { $value }
why-n-psychic_points = The attacking Librarian's psychic points (in his modifiers): { $value }
why-n-defender_psychic_points = The defending Librarian's psychic points (in his modifiers): { $value }
