# spacehulk (en). Project Fluent syntax: see renderers/locales/README.md.

spacehulk-activation_done = { $name } has already been activated this turn.

spacehulk-activation_marine_done = { $name } has already been activated this turn; only command points can pay for it now.

spacehulk-ambush-closed = No ambush marker can be placed now.
spacehulk-ambush-near = { $square } is within 6 squares of a Marine.
spacehulk-ambush-seen = A Marine can see { $square }.
spacehulk-ambush-square = { $square } cannot take an ambush marker.

spacehulk-area_full = Entry area { $area } cannot take a blip.

spacehulk-assault-blip = Blips cannot attack.
spacehulk-assault-blip_target = Blips cannot be attacked.
spacehulk-assault-friend = You cannot attack your own side.
spacehulk-assault-levels = Only a Genestealer attacks another level, through a hole.
spacehulk-assault-no_marine_through = There is no Marine through a hole directly above or below.
spacehulk-assault-no_psychic = Only a Librarian's force axe can add psychic points.
spacehulk-assault-nothing = There is nothing to attack directly ahead.
spacehulk-assault-off_board = Only a model on the board can attack.
spacehulk-assault-psychic_short = { $name } has { $psychic } psychic points left.

spacehulk-auto-ammo = Auto fire needs { $bursts } bursts; { $left } are left.
spacehulk-auto-no_cannon = Only an assault cannon can fire on auto.
spacehulk-auto-no_target = There is nothing in your fire arc and sight to fire at.

spacehulk-block-no_die = There is no die { $die } to reroll; the Genestealer rolled { $count }.
spacehulk-block-none = There is no close assault to block.

spacehulk-climb-facing = Choose a facing on arrival (blips have none).
spacehulk-climb-marines_pit = Marines cannot climb up through a pit.
spacehulk-climb-no_ladder = There is no ladder here.

spacehulk-convert-acted = A blip that moved or acted this turn cannot convert.
spacehulk-convert-ambush = An ambush marker never converts by choice.
spacehulk-convert-not_blip = Only a blip can convert.

spacehulk-cut-no_chainfist = Only a chainfist can cut through a door.
spacehulk-cut-no_door = There is no closed door or bulkhead in the square in front.

spacehulk-destruct-no_fuel = Only a heavy flamer with a shot left, or a thunder hammer, can self-destruct.
spacehulk-destruct-off = Heavy flamer self-destruct is not used in this game.

spacehulk-detonate-other = Only the thunder hammer bearer under attack can detonate now.

spacehulk-door-blocked = A door cannot close on a model.
spacehulk-door-destroyed = That door is destroyed.
spacehulk-door-fixed = That door cannot be opened by hand.
spacehulk-door-none = There is no door on { $square }.
spacehulk-door-not_adjacent = The door on { $square } is not adjacent.
spacehulk-door-not_in_front = The door on { $square } is not in your front three squares.
spacehulk-door-off_board = Only a model on the board can work a door.

spacehulk-draw-escape = A draw: { $count } Marines escaped.
spacehulk-draw-flame = A draw: the target sections were burned.
spacehulk-draw-kill = A draw: { $count } Genestealers killed.
spacehulk-draw-seal = A draw: every entry area is sealed.
spacehulk-draw-survive = A draw: the Marines held out for { $turns } turns.

spacehulk-exit-not_here = Only a Marine on an exit square can leave the board.

spacehulk-face_no_fire = The free turn to face the attacker carries no shot.

spacehulk-face_only = The free turn can only face the attacker.

spacehulk-fire-bulkhead = Only an assault cannon burst can damage a bulkhead.
spacehulk-fire-empty = The assault cannon is empty; reload it first.
spacehulk-fire-jammed = The storm bolter is jammed; clear it first.
spacehulk-fire-no_bolter = Only a storm bolter can fire.
spacehulk-fire-no_line = { $square } is not in your fire arc with a clear line of sight.
spacehulk-fire-no_target = There is no Genestealer or closed door on { $square }.

spacehulk-flame-door = You cannot flame a closed door square.
spacehulk-flame-empty = The heavy flamer has no shots left.
spacehulk-flame-marine = You cannot target a square holding a Marine.
spacehulk-flame-no_flamer = Only a heavy flamer can flame.
spacehulk-flame-no_line = { $square } is not in your fire arc with a clear line of sight within 12 squares.
spacehulk-flame-own_section = You cannot flame your own section.
spacehulk-flame-wall = { $square } is a wall.

spacehulk-free_shot_other = The free shot belongs to the Marine who moved.

spacehulk-grenade-no_line = { $square } is not in your fire arc with a clear line of sight.
spacehulk-grenade-none = Only a grenade launcher with grenades left can fire one.
spacehulk-grenade-range = { $square } is more than { $range } squares away.
spacehulk-grenade-up = Grenades are never fired up through a hole.

spacehulk-jam-none = The storm bolter is not jammed.

spacehulk-jump-no_hole = There is no pit or ladder hole here to jump down.
spacehulk-jump-occupied = Genestealers and blips never jump onto a model.

spacehulk-label-facing = Facing
spacehulk-label-turn = Turn

spacehulk-level_step-where = Step to the square in front of or behind you, or pass.

spacehulk-lose-all_dead = The Genestealers win: no Marine is left on the board.
spacehulk-lose-below = The Genestealers win: fewer than { $count } Marines are left.
spacehulk-lose-burned = The Genestealers win: the Marines set the objective alight.
spacehulk-lose-no_flamer = The Genestealers win: no heavy flamer has fuel left.
spacehulk-lose-stealer_on = The Genestealers win: a Genestealer reached the objective.
spacehulk-lose-turns = The Genestealers win: the Marines ran out of time after { $turns } turns.

spacehulk-move-blip_adjacent = A blip cannot move next to a Marine.
spacehulk-move-blip_facing = Blips have no facing.
spacehulk-move-blip_seen = A blip cannot move into a square a Marine can see.
spacehulk-move-burning = { $square } is burning.
spacehulk-move-chute_full = A Genestealer is already in that chute.
spacehulk-move-closed_door = The door on { $square } is closed.
spacehulk-move-door_corner = A diagonal move may not cut the corner of a closed door.
spacehulk-move-entry_facing = Choose the facing of the Genestealer entering the board.
spacehulk-move-entry_only = From the lurking space you can only move onto { $square }.
spacehulk-move-feature = { $square } cannot be entered.
spacehulk-move-keep_facing = A move keeps the model's facing; turn separately.
spacehulk-move-must_lurk = It must lurk this turn: a Marine was within { $distance } squares when it arrived.
spacehulk-move-no_sidestep = Terminators cannot side-step.
spacehulk-move-not_adjacent = You can only move to an adjacent square.
spacehulk-move-not_yours = Marines cannot enter a lurking space.
spacehulk-move-occupied = { $square } is occupied.
spacehulk-move-squeeze = You cannot squeeze diagonally between two blocked squares.
spacehulk-move-wall = { $square } is a wall.

spacehulk-no_model = There is no model { $model }.

spacehulk-no_timer = No Marine timer is running.

spacehulk-not_marine_phase = Marines act now only by interrupting with command points.

spacehulk-not_stealer_phase = Genestealers act only in their action phase.

spacehulk-not_witness = { $name } did not see that action.

spacehulk-not_yours = { $name } is not yours.

spacehulk-nothing_to_pass = There is nothing to pass.

spacehulk-overwatch-already = { $name } is already on overwatch.

spacehulk-pay_cp_only = In the Genestealer turn only command points can pay.

spacehulk-pay_free = Only a free shot or a free turn is taken without paying.

spacehulk-pay_no_ap = That costs { $cost } AP; { $name } has { $ap }.

spacehulk-pay_no_cp = That costs { $cost } CP; you have { $cp }.

spacehulk-pay_short = That costs { $cost } AP; { $name } has { $ap } AP and you have { $cp } CP.

spacehulk-pay_stealer_ap = Genestealers pay with their own action points.

spacehulk-pending = Answer the pending step first ({ $step }).

spacehulk-phase-action = Action phase
spacehulk-phase-command = Command phase
spacehulk-phase-end = End phase
spacehulk-phase-reinforcement = Reinforcement phase

spacehulk-place_bad = A Genestealer cannot be placed there.

spacehulk-prone-cannot = { $name } is prone: he must stand up first (2 AP).

spacehulk-psychic-none = No Librarian is choosing psychic points now.

spacehulk-reload-cannot = That weapon is not reloaded.
spacehulk-reload-none = { $name } has no reload left for that weapon.

spacehulk-shift-where = That square is not one of the choices.

spacehulk-stand-not_prone = { $name } is not prone.

spacehulk-teleport-marines = Only a Marine on the board can teleport out.
spacehulk-teleport-off = This mission does not allow teleporting out.
spacehulk-teleport-one_a_turn = Only one Marine may teleport out each turn.
spacehulk-teleport-own_turn = Marines teleport out only in their own turn.

spacehulk-turn-blip = Blips have no facing.
spacehulk-turn-fire_90 = Turn and fire allows a 90-degree turn only.
spacehulk-turn-no_turn_and_fire = Turn and fire is not allowed in this edition.
spacehulk-turn-off_board = Only a model on the board can turn.
spacehulk-turn-same = It already faces { $facing }.

spacehulk-unknown_action = That action is not part of this game.

spacehulk-win-escape = The Marines win: { $count } Marines escaped.
spacehulk-win-flame = The Marines win: the target sections were burned.
spacehulk-win-kill = The Marines win: { $count } Genestealers killed.
spacehulk-win-seal = The Marines win: every entry area is sealed.
spacehulk-win-survive = The Marines win: they held out for { $turns } turns.

spacehulk-force-budget = That force costs { $cost } points; you have { $budget }.
spacehulk-force-captains = Your force may have only one Captain; it has { $count }.
spacehulk-force-no_leader = Your force needs a Sergeant or a Captain.
spacehulk-force-none = There is no force to build now.
spacehulk-force-option = The { $squad } squad cannot take the option { $option }.
spacehulk-force-reloads = The { $squad } squad may buy 1 reload per heavy flamer ({ $flamers }) and 2 per assault cannon ({ $cannons }).
spacehulk-force-room = Only { $room } Terminators fit the deployment squares; your force has { $count }.
spacehulk-force-swap = The { $squad } squad's trooper { $member } cannot take { $option }.
spacehulk-force-swap_twice = The { $squad } squad's trooper { $member } already replaced that weapon.

## The presenter: names, image, labels, prompts, status, narration (renderers/spacehulk).

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
spacehulk-act-pass = Pass
spacehulk-act-end_turn = End the action phase
spacehulk-act-unknown = Unknown action
spacehulk-group = { $kind ->
        [marine] Terminator { $model }
        [genestealer] Genestealer { $model }
       *[blip] Blip { $model }
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
spacehulk-prompt-shift = Choose where the model goes.
spacehulk-prompt-other = Choose.

spacehulk-status-title = **{ $mission }**
spacehulk-status-setup = Setting up: the Genestealer player places the first blips.
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
    } on { $square }: { $dice } (needs { $needed }) — { $hit ->
        [yes] hit
       *[no] miss
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
# Mission Generator scenarios (engine/spacehulk/scenarios.py)
spacehulk-teleport-locked = Teleporting out waits until { $count } Genestealers have been placed.
spacehulk-teleport-room = In this scenario Marines teleport out only from inside the control room.
spacehulk-win-recon_out = The Marines win: they saw the Genestealers and teleported out, losing at most one Marine.
spacehulk-draw-recon_draw = A draw: the Marines left without seeing a Genestealer.
spacehulk-lose-recon_kills = The Genestealers win: they killed { $count } Marines.
spacehulk-win-perimeter = The Marines win: the perimeter's entry areas are secured.
spacehulk-lose-corridor = The Genestealers win: they reached a Marine entry corridor.
spacehulk-win-wiped = The Marines win: the Genestealer force is spent and wiped out.
spacehulk-win-tanks = The Marines win: the cryogenic tanks holding the Magi are destroyed.
spacehulk-win-escaped_half = The Marines win: half the force teleported out of the control room.
spacehulk-lose-escape_failed = The Genestealers win: too few Marines are left to escape.
spacehulk-win-all_secured = The Marines win: every Genestealer entry area is secured.
spacehulk-say-sighted = The Marines sight their first Genestealer, { $model }.
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
spacehulk-mission-dw_generator = Deathwing generator: a random scenario
spacehulk-mission-dw_cloud_runner = The Last Battle of Cloud Runner
# The Last Battle of Cloud Runner (engine/spacehulk/cloud_runner.py), DW-CR-10's results table
spacehulk-win-leader = The Marines win: the Genestealer leader is dead (board { $board }). { $kills } Genestealers killed: { $result ->
        [heroic] heroic; your Ancestors rest avenged before Deathwing and your example inspires forever.
        [famous] a famous failure, but your brave efforts earned honour; you will be missed.
        [ordinary] acceptable but ordinary; redemption wasted, and mediocrity is almost as bad as failure.
        [badly] you did badly; your names are a stain, cursed by every generation.
       *[incompetence] flagrant incompetence; the Company is struck from the records.
    }
spacehulk-lose-fallen = The Genestealers win: Cloud Runner's squad fell on board { $board }. { $kills } Genestealers killed: { $result ->
        [heroic] heroic; your Ancestors rest avenged before Deathwing and your example inspires forever.
        [famous] a famous failure, but your brave efforts earned honour; you will be missed.
        [ordinary] acceptable but ordinary; redemption wasted, and mediocrity is almost as bad as failure.
        [badly] you did badly; your names are a stain, cursed by every generation.
       *[incompetence] flagrant incompetence; the Company is struck from the records.
    }
spacehulk-say-board_entered = Every survivor reached the exit corridor: board { $board } begins, the squad in its entry corridor.
spacehulk-say-reinforcement_rolled = Reinforcement roll { $roll }: { $result ->
        [genestealer] an ambush, a Genestealer
        [lost] an ambush, a Genestealer with no room (lost)
        [echo] an ambush echo (-1 CP next turn)
       *[blips] { $blips } blips
    }.
spacehulk-reload-cache_full = { $name } carries all the reloads the cache allows.
spacehulk-say-cache = { $model } takes a reload from the weapons cache.
spacehulk-image-deck = The hulk (columns A, B, C…, rows 1, 2, 3…)
