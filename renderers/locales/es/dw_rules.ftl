# Fidelidad a las reglas de Deathwing (issue 22): avisos y líneas del registro de las elecciones que el texto deja al jugador.

spacehulk-prompt-solo_tie_short = Las áreas de entrada { $candidates } están igual de cerca de un Marine ({ $distance } PA) y cada una recibe un marcador, pero pueden faltar figuras de Genestealer: las que no quepan se pierden en el orden de colocación. ¿Qué área recibe el siguiente marcador? (Los empates los decides tú; la orden permanente «empates: que decidan los dados» los responde por ti.)

# DW-CR-6: el alijo de armas de Cloud Runner, una recarga en el arma o en la reserva del Marine.
spacehulk-act-reload_into = { $model }: { $into ->
    [reserve] recarga del alijo a la reserva
   *[weapon] recarga del alijo al arma
}
spacehulk-reload-weapon_full = El arma de { $name } está llena: la recarga del alijo solo puede ir a su reserva.
spacehulk-reload-own_type = Esa no es el arma de { $name }: solo toma recargas de su propia arma.
spacehulk-reload-reserve_cache = Solo el alijo de armas añade una recarga a la reserva.

# DW-CMP-14: la tirada de los Magos en la Incursión de la campaña, la primera vez que un Marine ve los tanques criogénicos.
spacehulk-say-magi = { $model } ve los tanques criogénicos: los Magos sacan { $roll } contra { $squads ->
    [one] { $squads } escuadra desplegada
   *[other] { $squads } escuadras desplegadas
}. { $escaped ->
    [yes] Los Magos han escapado: la Incursión está perdida. La partida sigue hasta que todos los Marines estén muertos o se hayan teletransportado, así que teletranspórtate para salvar a tus Marines.
   *[no] Los Magos siguen en sus tanques: destruye los tanques para ganar la Incursión.
}
