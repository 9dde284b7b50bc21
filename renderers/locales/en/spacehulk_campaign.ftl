# spacehulk campaign (en): the Deathwing campaign's refusals, results and roster sheet.

spacehulk-campaign-phase = The campaign is not waiting for that now.
spacehulk-campaign-bid-twice = You have already bid this round.
spacehulk-campaign-bid-range = Bid a whole number of points from { $low } to { $high }.
spacehulk-campaign-squad-unknown = There is no squad { $squad } on your roster.
spacehulk-campaign-squad-unavailable = Squad { $squad } cannot play this mission: it is spent, guarding the perimeter, or one of its Marines played the last mission.
spacehulk-campaign-field-none = Choose at least one squad; you have { $count } available.
spacehulk-campaign-field-twice = You named squad { $squad } twice.
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

spacehulk-campaign-status = { $phase ->
        [bids] Deathwing campaign: both players bid in secret for the Marines (round { $round }, { $bids } of 2 in).
        [force] Deathwing campaign: the Marine player buys his whole force with { $points } points.
        [choose] Deathwing campaign, mission { $number }: the Marine player chooses his squads.
        [stance] Deathwing campaign, mission { $number }: the Genestealer player attacks or holds back.
        [mission] Deathwing campaign: mission { $number } is being played at its own table in this thread.
        [lose_squad] Deathwing campaign: the Marine player chooses the squad the defeat costs.
       *[over] Deathwing campaign: over.
    }
spacehulk-campaign-private-bid = Your bid: { $points } points.
spacehulk-campaign-private-written = Your squads for Defend Perimeter, written in secret: { $squads }.
spacehulk-campaign-act-bid = Bid { $points }
spacehulk-campaign-act-buy = { $squads } · { $points ->
        [one] { $points } timer point
       *[other] { $points } timer points
    }
spacehulk-campaign-act-field = Field { $squads }{ $new ->
        [true] {" "}on a new board
       *[false] {""}
    }
spacehulk-campaign-act-disband = Disband { $squad } into { $targets }
spacehulk-campaign-act-stance = { $attack ->
        [true] Attack
       *[false] Hold back
    }
spacehulk-campaign-act-lose = Lose squad { $squad }
spacehulk-campaign-act-report = Report the mission
spacehulk-campaign-prompt = { $phase ->
        [bids] Bid the points you would spend on the Marines (5 to 125).
        [force] Buy your campaign force: pick one, or type your squads.
        [choose] Choose the squads for the next mission, or disband one.
        [stance] Attack the written squads, or hold back and let them guard the perimeter?
        [lose_squad] Choose the squad that did not play and is lost.
       *[other] Choose.
    }
spacehulk-campaign-form-points = Points
spacehulk-campaign-form-bid = Bid in secret
spacehulk-campaign-form-squads = Squads, separated by spaces
spacehulk-campaign-form-timer = Timer points (1 to 5)
spacehulk-campaign-form-force = Type your force
spacehulk-campaign-form-field = Type your squads
spacehulk-campaign-form-boxes = Name squads from: command, heavy, standard, assault, recon.
spacehulk-campaign-form-timer_range = Buy 1 to 5 timer points.
spacehulk-campaign-log-campaign_bids_revealed = { $tie ->
        [true] The bids are equal ({ $bids }): both bid again.
       *[false] The bids are shown: { $bids }.
    }
spacehulk-campaign-log-campaign_sides_chosen = The lower bidder plays the Marines with { $points } points.
spacehulk-campaign-log-force_bought = The Marine force is bought: { $squads ->
        [one] { $squads } squad
       *[other] { $squads } squads
    } and { $points ->
        [one] { $points } timer point
       *[other] { $points } timer points
    }, { $cost } points.
spacehulk-campaign-log-squad_disbanded = Squad { $squad } is disbanded into { $targets }.
spacehulk-campaign-log-mission_opened = Mission { $number }: { $scenario ->
        [reconnaissance] Reconnaissance
        [establish_perimeter] Establish Perimeter
        [defend_perimeter] Defend Perimeter
        [raid] Raid
       *[search_and_destroy] Search and Destroy
    }{ $attempt ->
        [1] {""}
       *[other] , attempt { $attempt }
    }.
spacehulk-campaign-log-squads_fielded = { $secret ->
        [true] The Marine player has written his squads in secret.
       *[false] Squads fielded: { $squads }.
    }
spacehulk-campaign-log-teleport_rolled = { $rolled ->
        [one] { $rolled } Marine teleports in
       *[other] { $rolled } Marines teleport in
    }: { $killed ->
        [0] all arrive.
        [one] { $killed } dies ({ $names }).
       *[other] { $killed } die ({ $names }).
    }
spacehulk-campaign-log-torpedoes_launched = { $count ->
        [one] { $count } boarding torpedo launched
       *[other] { $count } boarding torpedoes launched
    }; { $left } left.
spacehulk-campaign-log-stance_chosen = { $attack ->
        [true] The Genestealers attack { $squads }.
       *[false] The Genestealers hold back: { $squads } guard the perimeter for the rest of the campaign.
    }
spacehulk-campaign-log-mission_briefed = Mission { $number } starts at its own table with { $marines ->
        [one] { $marines } Marine
       *[other] { $marines } Marines
    }.
spacehulk-campaign-log-mission_recorded = { $result ->
        [won] The Marines won
        [lost] The Marines lost
        [held] The Genestealers held back in
       *[draw] Nobody won
    } { $scenario ->
        [reconnaissance] Reconnaissance
        [establish_perimeter] Establish Perimeter
        [defend_perimeter] Defend Perimeter
        [raid] the Raid
       *[search_and_destroy] Search and Destroy
    }: { $dead ->
        [0] no Marine died
        [one] { $dead } Marine died
       *[other] { $dead } Marines died
    }, { $blips ->
        [one] { $blips } blip used
       *[other] { $blips } blips used
    }{ $magi ->
        [0] {""}
       *[other] ; the Magi die showed { $magi }
    }.
spacehulk-campaign-log-loss_owed = The defeat costs one of { $count ->
        [one] { $count } squad that did not play
       *[other] { $count } squads that did not play
    }.
spacehulk-campaign-log-squad_lost = Squad { $squad } is lost.
spacehulk-campaign-rules = A Deathwing campaign: bid up to 125 points in secret; the lower bidder buys his whole Terminator force. Five missions in order (Reconnaissance, Establish Perimeter, Defend Perimeter, Raid, Search and Destroy), each played at its own Space Hulk table; squads rest after a mission, casualties stay dead, the Genestealers have 125 blips for the whole campaign. Win Search and Destroy to win; run out of available Marines or torpedoes and you lose.
dw_campaign-name = Deathwing campaign
dw_campaign-seat-marine = First player
dw_campaign-seat-genestealer = Second player
