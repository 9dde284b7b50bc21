# spacehulk: Deathwing bids and the automated Genestealer player (en). Project Fluent syntax: see renderers/locales/README.md.

spacehulk-bid-pending = There is no bid to make now.
spacehulk-bid-twice = You have already bid this round; wait for the other player.
spacehulk-bid-range = Bid a whole number of points from { $low } to { $high }.
spacehulk-not_a_seat = You do not play a side in this game.

## The automated Genestealer player (solo play): the reason of each decision, shown in the game log.
spacehulk-solo-attack = { $model } attacks { $marine }.
spacehulk-solo-attack_through = { $model } attacks { $marine } through the hole { $way ->
    [up] above it
   *[down] below it
}.
spacehulk-solo-route_attack = { $model } can reach { $marine } and attack: it goes to { $square } ({ $ap } AP) by the shortest route.
spacehulk-solo-advance_seen = { $model } was in a Marine's sight as the turn began: it advances to { $square } ({ $ap } AP), { $distance } AP from a Marine.
spacehulk-solo-advance_entry_seen = A Marine sees the entry square of { $model }: it advances to { $square } ({ $ap } AP), { $distance } AP from a Marine.
spacehulk-solo-hide = { $model } cannot attack this turn: it moves out of sight to { $square } ({ $ap } AP), { $distance } AP from a Marine.
spacehulk-solo-stop_hide = { $model } cannot attack and no unseen square is nearer a Marine: it stays.
spacehulk-solo-stop_advance_seen = { $model } cannot get nearer a Marine: it stays.
spacehulk-solo-stop_advance_entry_seen = { $model } cannot get nearer a Marine: it stays.
spacehulk-solo-stop_blocked = { $model } cannot move: it stays.
spacehulk-solo-stop_ap = { $model } has no action points left.
spacehulk-solo-end_turn = The Genestealers end their turn.
spacehulk-solo-facing = { $model } faces { $facing }, toward the nearest Marine.
spacehulk-solo-face_attacker = { $model } turns to face its attacker ({ $facing }).
spacehulk-solo-place = A Genestealer is placed on { $square }, the free square nearest a Marine.
spacehulk-solo-shift = The model goes to { $square }, the free square nearest a Marine.
spacehulk-solo-pass = The Genestealers pass ({ $step }).
spacehulk-solo-blip = A blip arrives at entry area { $area }, { $distance } AP from a Marine (nearest free areas first).
spacehulk-solo-tie_area = Entry areas { $areas } are equally near a Marine ({ $distance } AP): { $by ->
    [player] the player chose
   *[dice] the dice chose
} area { $area } for the next blip.
spacehulk-solo-tie_mover = Genestealers { $models } are equally near a Marine ({ $distance } AP): { $by ->
    [player] the player chose
   *[dice] the dice chose
} { $model } to move first.
spacehulk-solo-ambush_roll = Ambush roll { $roll }: the next ambush result is drawn at the start of turn { $turn }.
spacehulk-solo-ambush_stealer = Ambush: a Genestealer appears on { $square }, 6 squares from the nearest Marine and out of sight.
spacehulk-solo-ambush_lost = Ambush: a Genestealer, but no square 6 squares from the Marines is out of sight; it is lost.
spacehulk-solo-ambush_echo = Ambush: a false echo; the Marines lose 1 command point this turn.
spacehulk-solo-choose = The Genestealers pick one of the choices at random ({ $step }).
spacehulk-say-bid_made = { $seat } has bid (secret until both bids are in).
spacehulk-say-bids_revealed = Bids: { $bids }.
spacehulk-say-bids_tied = Bids: { $bids }. Equal bids: both bid again.
spacehulk-say-sides_chosen = { $seat } bid lower and plays the Marines with { $points } points.
spacehulk-solo-refused = The rules refused { $model }'s { $step } ({ $why }): it stops for this turn.
