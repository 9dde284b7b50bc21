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
spacehulk-assault-psychic_short = { $name } has { $psychic ->
        [one] { $psychic } psychic point
       *[other] { $psychic } psychic points
    } left.

spacehulk-auto-ammo = Auto fire needs { $bursts } bursts; { $left ->
        [one] { $left } is left
       *[other] { $left } are left
    }.
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

spacehulk-draw-escape = A draw: { $count ->
        [one] { $count } Marine escaped
       *[other] { $count } Marines escaped
    }.
spacehulk-draw-flame = A draw: the target sections were burned.
spacehulk-draw-kill = A draw: { $count ->
        [one] { $count } Genestealer killed
       *[other] { $count } Genestealers killed
    }.
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

spacehulk-win-escape = The Marines win: { $count ->
        [one] { $count } Marine escaped
       *[other] { $count } Marines escaped
    }.
spacehulk-win-flame = The Marines win: the target sections were burned.
spacehulk-win-kill = The Marines win: { $count ->
        [one] { $count } Genestealer killed
       *[other] { $count } Genestealers killed
    }.
spacehulk-win-seal = The Marines win: every entry area is sealed.
spacehulk-win-survive = The Marines win: they held out for { $turns } turns.

spacehulk-force-budget = That force costs { $cost } points; you have { $budget }.
spacehulk-force-captains = Your force may have only one Captain; it has { $count }.
spacehulk-force-no_leader = Your force needs a Sergeant or a Captain.
spacehulk-force-none = There is no force to build now.
spacehulk-deploy-none = There is no deployment to make now.
spacehulk-deploy-not_marine = { $model } is not one of your Marines.
spacehulk-deploy-off_board = { $square } is off the board.
spacehulk-deploy-wall = { $square } is a wall: deploy on a floor square.
spacehulk-deploy-door = { $square } holds a door: deploy on a floor square without one.
spacehulk-deploy-feature = { $square } is not open floor (a crate, cryogenic tank, pit, ladder or chute is there).
spacehulk-deploy-occupied = { $square } is taken by { $other }.
spacehulk-deploy-entry = { $square } is at entry area { $area }, which is not secured: deploy at least 2 squares from its entry square.
spacehulk-deploy-carried = The 4 areas secured in Establish Perimeter stay secured: there is no area to pick.
spacehulk-deploy-areas = Pick exactly { $count } different entry areas; you named { $given }.
spacehulk-deploy-unknown_area = There is no entry area { $area } the Genestealers may use.
spacehulk-deploy-pick_blocked = { $model } stands at entry area { $area }: keep it secured or move him first.
spacehulk-force-one_squad = This mission takes one Force List squad; your force has { $count }.
spacehulk-force-option = The { $squad } squad cannot take the option { $option }.
spacehulk-force-reloads = The { $squad } squad may buy 1 reload per heavy flamer ({ $flamers }) and 2 per assault cannon ({ $cannons }).
spacehulk-force-room = Only { $room } Terminators fit the deployment squares; your force has { $count }.
spacehulk-force-squads = Each squad must stand whole in one deployment corridor: squads of { $sizes } Terminators do not fit corridors of { $rooms } squares.
spacehulk-option-force_points = The option { $option } is { $value }; a generated mission takes { $low } to { $high } Force List points.
spacehulk-force-swap = The { $squad } squad's trooper { $member } cannot take { $option }.
spacehulk-force-swap_twice = The { $squad } squad's trooper { $member } already replaced that weapon.

# Mission Generator scenarios (engine/spacehulk/scenarios.py)
spacehulk-teleport-locked = Teleporting out waits until { $count } Genestealers have been placed, or until turn { $turn } is over.
spacehulk-teleport-locked_count = Teleporting out waits until { $count } Genestealers have been placed.
spacehulk-teleport-room = In this scenario Marines teleport out only from inside the control room.
spacehulk-win-recon_out = The Marines win: they saw the Genestealers and teleported out, losing at most one Marine.
spacehulk-draw-recon_draw = A draw: the Marines left without seeing a Genestealer.
spacehulk-lose-recon_kills = The Genestealers win: they killed { $count } Marines.
spacehulk-win-perimeter = The Marines win: the perimeter's entry areas are secured.
spacehulk-lose-corridor = The Genestealers win: they reached a Marine entry corridor.
spacehulk-win-wiped = The Marines win: the Genestealer force is spent and wiped out.
spacehulk-win-held = The Marines win: they held the perimeter; the Genestealers' last turn is over and none reached a Marine entry corridor.
spacehulk-win-tanks = The Marines win: the cryogenic tanks holding the Magi are destroyed.
spacehulk-win-escaped_half = The Marines win: half the force teleported out of the control room.
spacehulk-lose-escape_failed = The Genestealers win: too few Marines are left to escape.
spacehulk-win-all_secured = The Marines win: every Genestealer entry area is secured.
spacehulk-say-sighted = The Marines sight their first Genestealer, { $model }.
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
spacehulk-say-cache = { $model } takes a reload from the weapons cache { $into ->
    [reserve] into his reserve
   *[weapon] into his weapon
}.
spacehulk-tile-none = No geotile is waiting to be placed.
spacehulk-tile-where = Geotile { $tile } cannot go there: it must join a corridor of the board without overlapping.
spacehulk-solo_tie-none = No tie is waiting for your choice.
spacehulk-solo_tie-pick = { $pick } is not one of the tied choices ({ $candidates }).
spacehulk-prompt-place_tile = Place geotile { $tile }: it must join a corridor of the board.
spacehulk-act-place_tile = Geotile { $tile }, turned { $turns } × 90°, at column { $x }, row { $y }
spacehulk-say-tile_placed = Geotile { $tile } is placed, turned { $turns } × 90°, at column { $x }, row { $y }.
spacehulk-say-board_built = The board is complete: the Marines' deployment corridors are joined.
spacehulk-say-corridors_extended = The deployment corridors grow by { $count } { $count ->
    [one] square
   *[other] squares
 } so that every squad fits whole (DW-GEN-7).
spacehulk-status-blips = Blips: { $used } of { $total } used.
spacehulk-status-perimeter = Perimeter to secure: entry areas { $areas }.
spacehulk-status-held = The Marines hold the perimeter if no Genestealer reaches a corridor by the end of turn { $turn }.
spacehulk-status-teleport_unlock = Teleporting out unlocks once { $count } Genestealers have been placed, or once turn { $turn } is over.
spacehulk-status-board = Board { $board } of { $boards }.
spacehulk-panel-leader = The Genestealer leader is { $model } ({ $ap } AP, 4 attack dice).
