# ClickWars' typed orders and group moves (issue 27 item 3: fewer clicks per turn), and the
# platform's lines for orders whose steps stand alone. Project Fluent syntax: see renderers/locales/README.md.

# Refusals of a text that cannot be read (engine/clickwars/orders.py).
clickwars-order-too_long = An order has at most { $count } characters.
clickwars-order-too_many = An order has at most { $count } steps.
clickwars-order-mixed_who = Name units ({ $word }) or a group such as all infantry, not both in one step.
clickwars-order-verb_needed = “{ $word }” says who but not what: add move, charge, fire, fight, crew or end.
clickwars-order-word = I do not know the order word “{ $word }”. Try R1 move 12 N, R2 move to 40 60, R3 fire B3, all infantry move 10 NE or end.
clickwars-order-fight_needs = { $word } needs an enemy, e.g. R3 { $word } B4.
clickwars-order-crew_needs = { $word } needs a gun, e.g. R5 { $word } R1.
clickwars-order-end_alone = { $word } ends the phase and takes no unit: write it as its own step, e.g. R1 move 10 N; { $word }.
clickwars-order-bad_distance = “{ $word }” is not a distance: give centimetres above 0, e.g. 12 or 12.5 (inches with their unit: 4 in).
clickwars-order-move_needs = { $word } needs where: a direction (12 N, max NE, 45°), to a point (to 40 60) or toward one (toward B3).
clickwars-order-point_needed = { $word } needs a point in cm (x and y, e.g. 40 60) or a unit such as B3.
clickwars-order-extra = I do not know what “{ $word }” means at the end of that step; separate steps with a semicolon (;).
clickwars-order-charge_needs = { $word } needs a bearing (N, NE, 45°) or an enemy to charge at, e.g. C1 { $word } B3.
clickwars-order-fire_needs = { $word } needs a target, e.g. R3 { $word } B4 (a gun may fire at a point: { $word } 40 60).
clickwars-order-nobody = None of your units in “{ $words }” can act now.
clickwars-order-which_unit = Name the unit first, e.g. R1 move 12 N.

# What a step did (or, in a dry run, will do): one line of the order's report.
clickwars-order-moved = { $unit } moves { $length } cm to ({ $x }, { $y }), costing { $cost } cm
clickwars-order-attacked = { $unit } → { $target }: rolled { $roll } (needs ≤ { $need }), { $result ->
        [hit] hit
        [critical] critical: killed
        [fumble] fumble
       *[miss] miss
    }{ $damage ->
        [0] {""}
       *[other] , { $damage } damage
    }{ $killed ->
        [0] {""}
        [one] , { $killed } killed
       *[other] , { $killed } killed
    }
clickwars-order-charged = { $unit } charges at { $bearing }°: { $n ->
        [0] nobody struck
        [one] { $n } enemy struck, { $damage } damage
       *[other] { $n } enemies struck, { $damage } damage
    }
clickwars-order-crewed = { $unit } now crews the gun { $gun }
clickwars-order-phase_ended = { $phase ->
        [movement] Movement phase ended
        [shooting] Shooting phase ended
        [assault] Assault phase ended
       *[other] phase ended
    }
# A dry run's step left to the dice: checked now, rolled when the player confirms.
clickwars-order-held_shot = { $unit } may shoot { $target } (hits on ≤ { $need }); rolled when you confirm
clickwars-order-held_point = { $unit } may fire at ({ $x }, { $y }) (hits on ≤ { $need }); rolled when you confirm
clickwars-order-held_fight = { $unit } may fight { $target } (hits on ≤ { $need }); rolled when you confirm
clickwars-order-held_charge = { $unit } may charge at { $bearing }° { $n ->
        [0] (nobody in the path)
       *[other] through { $victims }
    }; damage rolled when you confirm
clickwars-order-held_end = the turn ends here; what follows happens when you confirm

# The panel's "Move group" (renderers/clickwars/group.py).
clickwars-group-placeholder = Move group: pick units, then the move…
clickwars-group-title = Move the group
clickwars-group-field = Move (all the same way)
clickwars-group-hint = 12 N · max NE · toward 40 60 · to B3 (cm; 4 in)

# The platform's lines for an order whose steps stand alone (bot/orders.py).
bot-order-step_skipped = { $n }. `{ $words }`: refused. { $reason }
bot-order-tally_rehearsed = Total: { $done } of { $count } { $count ->
        [one] step
       *[other] steps
    } can be carried out now{ $held ->
        [0] {""}
       *[other] , { $held } rolled on confirm
    }{ $refused ->
        [0] {""}
       *[other] , { $refused } refused
    }.
bot-order-tally = Total: { $done } of { $count } { $count ->
        [one] step
       *[other] steps
    } carried out{ $refused ->
        [0] {""}
       *[other] , { $refused } refused and skipped
    }.
bot-order-rehearsal_held_note = Nothing is rolled in a dry run: shots, fights and charges are checked now and rolled when you confirm. Confirm carries out the steps that can be (refused ones are skipped); Cancel drops the order.
bot-order-cancelled = Order cancelled: nothing was applied.
bot-order-no_button = This order is longer than { $count } characters, too long for a Confirm button: give it again without the dry run, or in shorter parts.
bot-button-order_cancel = Cancel
