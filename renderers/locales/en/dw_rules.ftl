# Deathwing rules fidelity (issue 22): prompts and log lines added for the choices the seed gives the player.

spacehulk-prompt-solo_tie_short = Entry areas { $candidates } are equally near a Marine ({ $distance } AP) and each gets a blip, but the Genestealer models may run short: the figures beyond them are lost in placement order. Which area gets the next blip? (Ties are yours to break; the standing order "ties: let the dice choose" answers them for you.)

# DW-CR-6: Cloud Runner's weapons cache, a reload into the weapon or into the Marine's reserve.
spacehulk-act-reload_into = { $model }: { $into ->
    [reserve] cache reload into the reserve
   *[weapon] cache reload into the weapon
}
spacehulk-reload-weapon_full = { $name }'s weapon is full: the cache reload can only go into his reserve.
spacehulk-reload-own_type = That is not { $name }'s weapon: he takes reloads for his own weapon only.
spacehulk-reload-reserve_cache = Only the weapons cache adds a reload to the reserve.

# DW-CMP-14: the campaign Raid's Magi roll, the first time a Marine sees the cryo tanks.
spacehulk-say-magi = { $model } sees the cryo tanks: the Magi roll { $roll } against { $squads ->
    [one] { $squads } squad
   *[other] { $squads } squads
} fielded. { $escaped ->
    [yes] The Magi have escaped: the Raid is lost. Play goes on until every Marine is dead or teleported out, so teleport out to save your Marines.
   *[no] The Magi are still in their tanks: destroy the tanks to win the Raid.
}
