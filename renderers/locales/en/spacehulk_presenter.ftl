# spacehulk presenter (en): the hulk image, action labels with their cost, prompts, status, private panel and narration (renderers/spacehulk). Project Fluent syntax: see renderers/locales/README.md.

spacehulk-name = Space Hulk
spacehulk-seat-marine = Marines
spacehulk-seat-genestealer = Genestealers
spacehulk-rules =
    {"*"}*Space Hulk** (1st edition, with Deathwing). The Marine player's Terminators (4 AP each, plus a secret chit of 1-6 command points a turn) fight the Genestealer player's blips and Genestealers (6 AP each) through the corridors of a derelict hulk.
    • Pick a model, then its action: every button shows what it costs in AP (or CP). A Terminator moves forward 1 AP, backwards 2, turns 1; a Genestealer side-steps 1, turns 90° free.
    • Storm bolters kill on a 6 on either of 2 dice; sustained fire at the same target adds +1 a shot. Overwatch (2 AP) shoots at every Genestealer action in the arc, but a double jams it.
    • Blips are counters of 1-3 Genestealers, seen only by the Genestealer player; they convert when a Marine sees them.
    • Squares are named like a chess board: column letters, row numbers (J7); a lower level is marked @1.
    • The image shows doors (bar: closed, stubs: open, red cross: destroyed), flames, overwatch (yellow dot) and jams (red box), and the active model's fire arc (yellow) and sight (blue).
spacehulk-image-level = { $level ->
        [0] Level 0
       *[other] Level { $level } (squares @{ $level })
    }
spacehulk-image-exit_mark = EXIT
spacehulk-legend-marine = Terminator
spacehulk-legend-stealer = Genestealer
spacehulk-legend-blip = Blip
spacehulk-legend-door = Door
spacehulk-legend-fire_arc = Fire arc
spacehulk-legend-sight = Sight
spacehulk-legend-burning = Burning
spacehulk-legend-overwatch = Overwatch
spacehulk-legend-jammed = Jammed
spacehulk-facing-N = north
spacehulk-facing-E = east
spacehulk-facing-S = south
spacehulk-facing-W = west
spacehulk-mission-purge = Purge (test mission)
spacehulk-mission-deathwing_purge = Purge, Deathwing command squad (test mission)
spacehulk-weapon-storm_bolter = storm bolter
spacehulk-weapon-heavy_flamer = heavy flamer
spacehulk-weapon-assault_cannon = assault cannon
spacehulk-melee-power_glove = power glove
spacehulk-melee-power_sword = power sword
spacehulk-melee-chainfist = chainfist
spacehulk-melee-thunder_hammer = thunder hammer
spacehulk-melee-lightning_claws = lightning claws
spacehulk-melee-force_axe = force axe
spacehulk-price = { $cost } { $pay ->
        [cp] CP
       *[ap] AP
    }
spacehulk-act-priced = { $action } · { $price }
spacehulk-act-step = { $model }: step to { $square }
spacehulk-act-enter_blip = { $model }: enter at { $square }
spacehulk-act-enter = { $model }: enter at { $square } facing { $facing }
spacehulk-act-move = { $model }: { $how ->
        [fire] move to { $square } and fire
        [jump] move to { $square } and jump down
       *[plain] move to { $square }
    }
spacehulk-act-turn = { $model }: { $how ->
        [fire] turn { $facing } and fire
        [free] turn { $facing } to face the attacker
       *[plain] turn { $facing }
    }
spacehulk-act-door = { $model }: { $verb ->
        [close] close the door on { $square }
       *[open] open the door on { $square }
    }
spacehulk-act-fire = { $model }: { $free ->
        [yes] free shot
       *[no] fire
    } at { $target ->
        [door] the door
       *[other] { $target }
    } on { $square }
spacehulk-act-auto_fire = { $model }: auto fire
spacehulk-act-overwatch = { $model }: overwatch
spacehulk-act-clear_jam = { $model }: clear the jam
spacehulk-act-flame = { $model }: flame { $square }
spacehulk-act-reload = { $model }: reload
spacehulk-act-cut = { $model }: cut through the door
spacehulk-act-grenade = { $model }: grenade at { $square }
spacehulk-act-self_destruct = { $model }: self-destruct
spacehulk-act-assault = { $model }: { $way ->
        [up] attack up through the hole
        [down] attack down through the hole
       *[ahead] close assault
    }{ $psychic ->
        [0] {""}
        [one] {" "}with { $psychic } psychic point
       *[other] {" "}with { $psychic } psychic points
    }
spacehulk-act-psychic = { $model }: add { $psychic ->
        [one] { $psychic } psychic point
       *[other] { $psychic } psychic points
    }
spacehulk-act-block = { $model }: block, reroll die { $die } (a { $value })
spacehulk-act-build_force = { $squads } · { $count ->
        [one] { $count } Terminator
       *[other] { $count } Terminators
    }, { $timer } timer { $timer ->
        [one] point
       *[other] points
    } · { $cost } pts
spacehulk-act-exit = { $model }: leave the board
spacehulk-act-teleport = { $model }: teleport out
spacehulk-act-convert = { $model }: convert
spacehulk-act-climb = { $model }: climb the ladder{ $facing ->
        [none] {""}
       *[other] , facing { $facing }
    }
spacehulk-act-jump = { $model }: jump down the hole
spacehulk-act-stand = { $model }: stand up facing { $facing }
spacehulk-act-shift = Move it to { $square }
spacehulk-act-place_blip = Entry area { $area }
spacehulk-act-place_ambush = Ambush marker on { $square }
spacehulk-act-place_stealer = Place on { $square }
spacehulk-act-set_facing = { $model } faces { $facing }
spacehulk-act-pick_target = { $model } shoots { $target }
spacehulk-act-break_tie = { $tie ->
    [area] Entry area { $pick } gets the blip
    [mover] { $pick } moves first
   *[dice] Let the dice choose
}
spacehulk-act-break_tie_lurking = { $pick } (waiting at entry area { $area }) moves first
spacehulk-act-pass = Pass
spacehulk-act-end_turn = End the action phase
spacehulk-act-deploy = { $model }: deploy on { $square } facing { $facing }
spacehulk-act-pick_perimeter = Secure areas { $areas } before play
spacehulk-act-end_deployment = { $corridors ->
        [yes] Deploy in the corridors
       *[no] Done: start the mission as placed
    }
spacehulk-act-unknown = Unknown action
spacehulk-group = { $kind ->
        [marine] Terminator { $model }
        [genestealer] Genestealer { $model }
       *[blip] Blip { $model }
    }{ $pay ->
        [cp] {" "}· paid with command points
       *[ap] {""}
    }
spacehulk-prompt-marine = Your action phase: pick a Terminator, then its action (or end the phase).
spacehulk-prompt-stealer = Your action phase: pick a Genestealer or blip, then its action (or end the phase).
spacehulk-prompt-reinforce = { $count ->
        [one] Choose the entry area of the arriving blip.
       *[other] Choose the entry area of the next arriving blip ({ $count } to place).
    }
spacehulk-prompt-place = { $count ->
        [one] Place the last Genestealer of blip { $model }.
       *[other] Place the Genestealers of blip { $model } ({ $count } left).
    }
spacehulk-prompt-facing = Choose the facing of { $model }.
spacehulk-prompt-interrupt = Interrupt after { $model }'s action with command points, or pass.
spacehulk-prompt-free_shot = { $model } may take the free shot of the move, or pass.
spacehulk-prompt-overwatch_pick = Choose which revealed Genestealer { $model } shoots on overwatch.
spacehulk-prompt-face_attacker = { $model } may turn free to face the attacker.
spacehulk-prompt-block = Block: make the Genestealer reroll one die, or pass.
spacehulk-prompt-detonate = Detonate the thunder hammer instead of defending, or pass.
spacehulk-prompt-psychic = Add psychic points to the Librarian's defence, or pass.
spacehulk-prompt-level_step = Step to the square in front or behind, or stay.
spacehulk-prompt-build_force = Build your force from the Force List.
spacehulk-prompt-deploy = { $pick ->
        [yes] Deploy your Marines anywhere on the board (a square and a facing each) and pick the 4 entry areas secured before play, or deploy in the corridors. Squares framed in red, at an open entry area, are closed to them.
       *[no] Deploy your Marines anywhere on the board (a square and a facing each); the 4 areas secured in Establish Perimeter stay secured. Or deploy in the corridors. Squares framed in red, at an open entry area, are closed to them.
    }
spacehulk-status-deploying = Setup: the Marine player deploys anywhere (Defend Perimeter). Secured before play: { $areas }.
spacehulk-prompt-shift = Choose where the model goes.
spacehulk-prompt-solo_tie = { $tie ->
    [area] Entry areas { $candidates } are equally near a Marine ({ $distance } AP) and { $slots ->
        [one] one blip is left
       *[other] { $slots } blips are left
    } for them: which area gets the next blip? (Ties are yours to break; the standing order "ties: let the dice choose" answers them for you.)
   *[mover] Genestealers { $candidates } are equally near a Marine ({ $distance } AP): which moves first? (Ties are yours to break; the standing order "ties: let the dice choose" answers them for you.)
}
spacehulk-prompt-other = Choose.
spacehulk-status-title = **{ $mission }**
spacehulk-status-setup = Setting up: the Genestealer player places the first blips.
spacehulk-status-setup_tie = Setting up: the automated Genestealers wait for you to break a tie between entry areas.
spacehulk-status-turn = Turn { $turn } · { $phase ->
        [marine] Marine action phase
        [stealer] Genestealer action phase
        [end] end phase
       *[other] setup
    }
spacehulk-status-active = Active: { $model } ({ $ap ->
        [one] { $ap } AP
       *[other] { $ap } AP
    } left)
spacehulk-status-cp_mine = Command points: { $cp } of { $drawn }
spacehulk-status-cp_spent = { $spent ->
        [0] No command points spent this turn
        [one] { $spent } command point spent this turn
       *[other] { $spent } command points spent this turn
    }
spacehulk-status-untimed = Untimed Marine turns
spacehulk-status-budget = Time per Marine decision: { $time }
spacehulk-status-timer = Marine turn: { $time }{ $up ->
        [yes] {" "}(time is up)
       *[no] {""}
    }
spacehulk-status-kills = { $kills ->
        [one] { $kills } Genestealer killed
       *[other] { $kills } Genestealers killed
    } · { $bag ->
        [one] { $bag } blip in the bag
       *[other] { $bag } blips in the bag
    }
spacehulk-panel-marines = Terminators
spacehulk-panel-overwatch = {"["}overwatch]
spacehulk-panel-jammed = {"["}jammed]
spacehulk-panel-marine = { $model } { $name } · { $weapon } · { $ap } AP { $marks }
spacehulk-panel-ammo = {"   "}shots { $ammo }, reloads { $reloads }
spacehulk-panel-escaped = { $count ->
        [one] { $count } Terminator escaped
       *[other] { $count } Terminators escaped
    }
spacehulk-panel-stealers = Genestealers
spacehulk-panel-on_board = On the board: { $stealers ->
        [one] { $stealers } Genestealer
       *[other] { $stealers } Genestealers
    }, { $blips ->
        [one] { $blips } blip
       *[other] { $blips } blips
    }
spacehulk-panel-lurking = Entry area { $area }: { $count } lurking
spacehulk-panel-bag = Bag: { $contents }
spacehulk-panel-values = Blip values: { $blips }
spacehulk-private-cp = Your command points: { $cp } left of the { $drawn } drawn this turn.
spacehulk-private-blip = { $model } = { $value } ({ $place })
spacehulk-private-area = entry area { $area }
spacehulk-private-blips = Your blips: { $blips }. In the bag (counters × value): { $bag }.
spacehulk-say-turn = Turn { $turn } begins.
spacehulk-say-turn_timed = Turn { $turn } begins; the Marine turn lasts { $time }.
spacehulk-say-cp_drawn = The Marine player draws the secret command point chit.
spacehulk-say-cp_drawn_mine = You draw { $cp ->
        [one] { $cp } command point
       *[other] { $cp } command points
    }.
spacehulk-say-time_up = Time is up for the Marines.
spacehulk-say-marine_phase_ended = { $reason ->
        [time] The Marine action phase ends: time ran out.
       *[declared] The Marine action phase ends.
    }
spacehulk-say-stealer_phase_ended = The Genestealer action phase ends.
spacehulk-say-flames_out = { $count ->
        [one] The flames go out ({ $count } square).
       *[other] The flames go out ({ $count } squares).
    }
spacehulk-say-cp_spent = { $model } uses { $cp ->
        [one] { $cp } command point
       *[other] { $cp } command points
    }{ $ap ->
        [0] {""}
       *[other] {" "}and { $ap } AP
    }.
spacehulk-say-entered = { $model } enters the board at { $square }.
spacehulk-say-moved = { $model } moves { $start } → { $square }.
spacehulk-say-turned = { $model } faces { $facing }.
spacehulk-say-door = The door on { $square } { $status ->
        [open] opens
        [destroyed] is destroyed
       *[closed] closes
    }.
spacehulk-say-overwatch = { $model } stands on overwatch.
spacehulk-say-jam_cleared = { $model } clears the jam.
spacehulk-say-fired = { $model } { $overwatch ->
        [yes] fires on overwatch
       *[no] fires
    } at { $target ->
        [door] the door
       *[other] { $target }
    } on { $square }: { $dice }{ $bonus ->
        [0] {""}
       *[other] {" "}+{ $bonus }
    } (needs { $needed }) — { $hit ->
        [yes] hit
       *[no] { $deflected ->
            [yes] deflected by rubble ({ $rubble })
           *[no] miss
        }
    }{ $jammed ->
        [yes] ; the storm bolter jams
       *[no] {""}
    }.
spacehulk-say-auto_fired = { $model } fires the assault cannon on auto ({ $bursts ->
        [one] { $bursts } burst
       *[other] { $bursts } bursts
    }).
spacehulk-say-flamed = { $model } flames { $square }: { $count ->
        [one] { $count } square burns
       *[other] { $count } squares burn
    } (rolls { $rolls }).
spacehulk-say-assaulted = { $model } attacks { $target ->
        [door] the door
       *[other] { $target }
    }: { $attacker } against { $defender } ({ $ascore } to { $dscore }) — { $result ->
        [attacker] the attacker wins
        [defender] the defender wins
       *[tie] a tie
    }.
spacehulk-say-blocked = { $model } blocks: the Genestealer's { $old } is rerolled to { $new }.
spacehulk-say-killed = { $model } is killed ({ $kills ->
        [one] { $kills } kill
       *[other] { $kills } kills
    } so far).
spacehulk-say-killed_blip = Blip { $model } ({ $value }) is destroyed ({ $kills ->
        [one] { $kills } kill
       *[other] { $kills } kills
    } so far).
spacehulk-say-exited = { $model } leaves the board.
spacehulk-say-teleported = { $model } teleports out.
spacehulk-say-blip_placed = A blip arrives in entry area { $area }.
spacehulk-say-converted = Blip { $model } is revealed: { $value ->
        [one] { $value } Genestealer
       *[other] { $value } Genestealers
    }.
spacehulk-say-stealer_lurks = { $model } lurks in entry area { $area }.
spacehulk-say-stealer_placed = { $model } is placed on { $square }.
spacehulk-say-stealers_lost = { $count ->
        [one] { $count } Genestealer is lost
       *[other] { $count } Genestealers are lost
    } ({ $reason ->
        [cap] no models left
       *[no_room] no room
    }).
spacehulk-say-reinforcements_lost = { $count ->
        [one] { $count } reinforcement blip finds no room and is lost.
       *[other] { $count } reinforcement blips find no room and are lost.
    }
spacehulk-say-reloaded = { $model } reloads.
spacehulk-say-self_destructed = { $model } self-destructs.
spacehulk-say-grenade = { $model } fires a grenade at { $square } (rolls { $rolls }).
spacehulk-say-secured = Entry area { $area } is secured.
spacehulk-say-ambush_placed = An ambush marker is placed on { $square }.
spacehulk-say-ambush_revealed = Ambush marker { $model } is revealed: { $result ->
        [genestealer] a Genestealer
       *[other] an echo
    }.
spacehulk-say-landed = { $model } lands on { $square }{ $prone ->
        [yes] {" "}and is prone
       *[no] {""}
    }.
spacehulk-say-stood_up = { $model } stands up facing { $facing }.
spacehulk-say-force_built = The Marine player takes a force of { $count ->
        [one] { $count } Terminator
       *[other] { $count } Terminators
    } ({ $cost } points).
spacehulk-say-deployed = { $model } deploys on { $square } facing { $facing }.
spacehulk-say-perimeter_picked = Entry areas { $areas } are secured before play.
spacehulk-say-deployment_ended = { $corridors ->
        [yes] The Marines deploy in the corridors.
       *[no] The Marines are deployed.
    }
spacehulk-ui-deploy_form = Place a Marine
spacehulk-ui-deploy_title = Deploy a Marine
spacehulk-ui-deploy_model = Marine (e.g. M1)
spacehulk-ui-deploy_square = Square (e.g. D7)
spacehulk-ui-deploy_facing = Facing (N, E, S or W)
spacehulk-ui-posts = Send a Marine to a guard post
spacehulk-ui-picks = Entry areas secured before play
spacehulk-ui-pick_form = Pick the 4 areas
spacehulk-ui-pick_title = Areas secured before play
spacehulk-ui-pick_areas = 4 entry areas (e.g. 1 3 5 7)
spacehulk-ui-bad_model = { $word } is not a Marine: write M and his number, e.g. M1.
spacehulk-ui-bad_square = { $word } is not a square: squares are named like D7 (column letter, row number).
spacehulk-ui-bad_facing = { $word } is not a facing: write N, E, S or W.
spacehulk-squad-command = Command
spacehulk-squad-heavy = Heavy weapons
spacehulk-squad-standard = Standard
spacehulk-squad-assault = Assault
spacehulk-squad-recon = Recon
spacehulk-say-jams_cleared = Jams cleared: { $models }.
spacehulk-say-overwatch_cleared = Overwatch ends for { $models }.
spacehulk-say-overwatch_ended = { $model } { $reason ->
        [jammed] is jammed and off overwatch
       *[assaulted] is attacked and off overwatch
    }.
spacehulk-say-cp_discarded = The Marines' unspent command points are discarded.
spacehulk-say-feature_wrecked = Destroyed: { $squares }.
spacehulk-say-fall_rolled = { $model } rolls { $roll } for the fall.
spacehulk-say-fell = { $model } falls to { $square }.
spacehulk-say-shifted = { $model } is moved to { $square }{ $prone ->
        [yes] {" "}and is prone
       *[no] {""}
    }.
spacehulk-say-malfunctioned = { $model }'s weapon malfunctions and explodes (rolls { $rolls }).
spacehulk-say-bag_refilled = The blip bag is refilled with the used counters.
spacehulk-mission-dw_reconnaissance = Deathwing generator: Reconnaissance
spacehulk-mission-dw_establish_perimeter = Deathwing generator: Establish Perimeter
spacehulk-mission-dw_defend_perimeter = Deathwing generator: Defend Perimeter
spacehulk-mission-dw_raid = Deathwing generator: Raid
spacehulk-mission-dw_escape = Deathwing generator: Escape
spacehulk-mission-dw_search_and_destroy = Deathwing generator: Search and Destroy
spacehulk-image-deck = The hulk (columns A, B, C…, rows 1, 2, 3…)
