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

spacehulk-campaign-roster-title = Deathwing campaign: the squad sheets
spacehulk-campaign-roster-empty = No force bought yet.
spacehulk-campaign-roster-mission = Mission { $number }: { $scenario ->
        [reconnaissance] Reconnaissance
        [establish_perimeter] Establish Perimeter
        [defend_perimeter] Defend Perimeter
        [raid] Raid
       *[search_and_destroy] Search and Destroy
    }{ $attempt ->
        [1] {""}
       *[other] , attempt { $attempt }
    }
spacehulk-campaign-roster-stock = { $torpedoes ->
        [one] { $torpedoes } boarding torpedo
       *[other] { $torpedoes } boarding torpedoes
    } left · { $blips } of { $pool } blips used · { $points ->
        [one] { $points } timer point
       *[other] { $points } timer points
    }
spacehulk-campaign-roster-penalty = Raid lost: -3 CP, -30 s, half psychic points
spacehulk-campaign-roster-squad = { $box ->
        [command] Command
        [heavy] Heavy weapons
        [standard] Standard
        [assault] Assault
       *[recon] Recon
    } { $id } ({ $alive ->
        [0] no survivors
        [one] { $alive } Marine
       *[other] { $alive } Marines
    })
spacehulk-campaign-roster-status = { $status ->
        [ready] READY
        [resting] RESTING
        [guarding] GUARDING THE PERIMETER
        [lost] LOST
        [disbanded] DISBANDED
       *[dead] ALL DEAD
    }
spacehulk-campaign-roster-shield = storm shield
spacehulk-campaign-roster-member = { $role ->
        [captain] Captain
        [sergeant] Sergeant
        [librarian] Librarian (level { $mastery })
       *[brother] Brother
    }: { $kit }
