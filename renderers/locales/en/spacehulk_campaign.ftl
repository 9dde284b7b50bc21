# spacehulk campaign (en): the Deathwing campaign's refusals, results and roster sheet.

spacehulk-campaign-phase = The campaign is not waiting for that now.
spacehulk-campaign-bid-twice = You have already bid this round.
spacehulk-campaign-bid-range = Bid a whole number of points from { $low } to { $high }.
spacehulk-campaign-squad-unknown = There is no squad { $squad } on your roster.
spacehulk-campaign-squad-unavailable = Squad { $squad } cannot play this mission: it is spent, guarding the perimeter, or one of its Marines played the last mission.
spacehulk-campaign-field-none = Choose at least one squad; you have { $count } available.
spacehulk-campaign-field-twice = You named squad { $squad } twice.
spacehulk-campaign-field-room = { $count } Marines do not fit the two deployment corridors of 5 squares, each squad whole in one.
spacehulk-campaign-field-torpedoes = Those squads need { $needed ->
        [one] { $needed } boarding torpedo
       *[other] { $needed } boarding torpedoes
    }; { $left ->
        [0] none are left
        [one] { $left } is left
       *[other] { $left } are left
    }.
spacehulk-campaign-disband-empty = Squad { $squad } has no Marine left to move.
spacehulk-campaign-disband-unplaced = Every surviving Marine of squad { $squad } must join another squad.
spacehulk-campaign-disband-member = { $member } is not a surviving Marine of squad { $squad }.
spacehulk-campaign-disband-target = Squad { $target } cannot take Marines: only a squad that has lost Marines can.
spacehulk-campaign-disband-full = Squad { $target } would have { $count } Marines; a squad has at most 5.
spacehulk-campaign-report-dead = { $member } did not play this mission.
spacehulk-campaign-report-blips = The mission used { $blips ->
        [one] { $blips } blip
       *[other] { $blips } blips
    }; only { $left ->
        [one] { $left } is left
       *[other] { $left } are left
    } of the campaign's 125.
spacehulk-campaign-deploy-room = { $count } Marines do not fit the { $room } squares of the deployment corridors.
spacehulk-campaign-lose-choice = Squad { $squad } cannot be the one lost: choose a squad that did not play this mission.

spacehulk-campaign-end-won = The Marines won Search and Destroy: the campaign is theirs.
spacehulk-campaign-end-broken = The Marine force is broken: no Marine is available for the next mission.
spacehulk-campaign-end-torpedoes = The boarding torpedoes are spent before the perimeter was established: the campaign is lost.
