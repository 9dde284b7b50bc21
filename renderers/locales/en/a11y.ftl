# Pictures in words (issue 29): the text board (/board text) and the images' descriptions (alt text).

## The platform

a11y-board_title = Table #{ $table } · { $game }, as { $who ->
        [nobody] a spectator
       *[seat] { $seat }
    } sees it

## /board text

cmd-board-name = board
cmd-board-description = A table's board in other forms
cmd-board_text-name = text
cmd-board_text-description = The whole board as text, for a screen reader (only you see it)

## Canyon of Death

a11y-canyon-slot-hidden = face down
a11y-canyon-slot-previewed = face down, you looked at it: { $card }, { $effect }
a11y-canyon-slot-revealed = { $card }, { $effect }
a11y-canyon-slot-discarded = { $card }, { $effect }, route not taken
a11y-canyon-route = route { $route }: { $card }
a11y-canyon-step = Step { $step }: { $cards }{ $here ->
        [yes] . The Stormtalon is in front of this step.
       *[no] .
    }
a11y-canyon-canyon = The canyon: { $steps } steps, { $removed ->
        [0] no card removed unseen.
        [one] { $removed } card removed unseen.
       *[other] { $removed } cards removed unseen.
    }
a11y-canyon-dakkajet = The Dakkajet flies { $distance } inches behind the Stormtalon.
a11y-canyon-removed = The cards removed unseen, shown now the game is over: { $cards }.
a11y-canyon-ship = { $ship } ({ $who }): { $damage } of 20 damage, { $hand ->
        [one] { $hand } card in hand
       *[other] { $hand } cards in hand
    }, { $deck } in the deck{ $destroyed ->
        [yes] , destroyed.
       *[no] .
    }
a11y-canyon-played = { $ship } played { $card } this turn.
a11y-canyon-played_last = { $ship } played { $card } last turn.
a11y-canyon-damage_cards = { $ship }'s damage cards: { $cards }.
a11y-canyon-multiplier = { $ship }'s next numbered damage card counts times { $multiplier }.
a11y-canyon-damage_deck = { $count ->
        [one] { $count } card in the damage deck.
       *[other] { $count } cards in the damage deck.
    }
a11y-canyon-roll = { $kind } { $dice }, { $hits ->
        [one] { $hits } hit
       *[other] { $hits } hits
    }
a11y-canyon-rolls = Dice this turn: { $rolls }.
a11y-canyon-rolls_last = Dice last turn: { $rolls }.

## Hunt for the Arkenstone

a11y-arkenstone-figure = { $figure } stands at { $place }.
a11y-arkenstone-off_table = { $figure } is not on the table yet.
a11y-arkenstone-last_move = Last move: { $figure } { $forced ->
        [yes] was moved
       *[no] moved
    } from { $start } to { $end }.
a11y-arkenstone-treasures = Treasure cards: { $total } on the table, { $down } face down{ $to_place ->
        [0] .
       *[other] , { $to_place } still to lay.
    }
a11y-arkenstone-treasure = { $name } at { $place }: { $state ->
        [up] { $card }, face up
        [removed] { $card }, taken away
       *[down] face down
    }.
a11y-arkenstone-spot = { $card } at { $place }
a11y-arkenstone-locations = { $count ->
        [one] Location card
       *[other] Location cards
    }: { $spots }.

## ClickWars

a11y-clickwars-at = ({ $x }, { $y } cm)
a11y-clickwars-table = The table is { $width } by { $height } cm; x runs left to right, y from the bottom edge up; { $south } deploys along the bottom edge (y = 0).
a11y-clickwars-side = { $side }: { $count ->
        [one] { $count } unit
       *[other] { $count } units
    }.
a11y-clickwars-unit = { $unit } { $profile } at { $place }, life { $life } of { $max }; { $marks }.
a11y-clickwars-unit_plain = { $unit } { $profile } at { $place }, life { $life } of { $max }.
a11y-clickwars-unit_dead = { $unit } { $profile }: out of action.
a11y-clickwars-unit_planned = { $unit } { $profile }: your secret deployment at { $place }.
a11y-clickwars-unit_unplaced = { $unit } { $profile }: not on the table yet.
a11y-clickwars-status-moved = has moved
a11y-clickwars-status-shot = has shot
a11y-clickwars-status-fought = has fought
a11y-clickwars-status-fled = disengaged
a11y-clickwars-status-ranged_broken = ranged weapon broken
a11y-clickwars-status-melee_broken = melee weapon broken
a11y-clickwars-status-with = with { $other }
a11y-clickwars-circle = a circle of radius { $radius } cm around { $place }
a11y-clickwars-box = between { $start } and { $end }
a11y-clickwars-terrain = Terrain { $id }, { $kind }: { $where }.
a11y-clickwars-objective = The objective is at { $place }.
a11y-clickwars-hostage = Hostage { $id } at { $place }.

a11y-clickwars-alt_side = { $side }: { $units }.
a11y-clickwars-alt_unit = { $unit } { $profile } ({ $x }, { $y }) { $life }/{ $max }
a11y-clickwars-alt_dead = { $unit } { $profile } out
a11y-clickwars-alt_planned = { $unit } { $profile } your plan ({ $x }, { $y })
a11y-clickwars-alt_unplaced = { $unit } { $profile }

## Space Hulk

a11y-spacehulk-overwatch = on overwatch
a11y-spacehulk-jammed = jammed
a11y-spacehulk-leader = the Genestealer leader
a11y-spacehulk-acting = acting now, { $ap } AP left
a11y-spacehulk-marine = { $model } { $name } ({ $weapon }) at { $place }, facing { $facing }{ $marks }.
a11y-spacehulk-stealer = { $model } Genestealer at { $place }, facing { $facing }{ $marks }.
a11y-spacehulk-blip = { $model } blip at { $place }{ $marks }.
a11y-spacehulk-blip_known = { $model } blip of value { $value } (only you know it) at { $place }{ $marks }.
a11y-spacehulk-section = Section { $section }: { $kind ->
        [room] a room
       *[corridor] a corridor
    } from { $first } to { $last }, { $count } squares.
a11y-spacehulk-empty_sections = { $count ->
        [0] No section is empty.
        [one] { $count } other section is empty.
       *[other] { $count } other sections are empty.
    }
a11y-spacehulk-doors = { $status ->
        [open] Open doors
        [destroyed] Destroyed doors
       *[closed] Closed doors
    }: { $squares }.
a11y-spacehulk-burning = Burning squares: { $squares }.
a11y-spacehulk-lurking = Entry area { $area }: { $stealers ->
        [one] { $stealers } Genestealer
       *[other] { $stealers } Genestealers
    } and { $blips ->
        [one] { $blips } blip
       *[other] { $blips } blips
    } lurking: { $models }.
a11y-spacehulk-lurker_value = { $model } (value { $value })
a11y-spacehulk-escaped = Off the board (escaped): { $models }.

## The Deathwing campaign

a11y-campaign-fallen = { $member } (fallen)
