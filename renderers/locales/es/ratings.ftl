# Clasificaciones, /stats, /leaderboard y el registro de campaña (issue 28, punto 4), y el hilo de
# árbitro al día (punto 5).

cmd-stats-name = estadísticas
cmd-stats-description = Partidas, victorias por bando, clasificación y tiempo por turno de un jugador
cmd-param-player = jugador
cmd-param-player-description = De quién (vacío: tú)
cmd-leaderboard-name = clasificación
cmd-leaderboard-description = La clasificación del servidor en un juego (Glicko-2), todos los bandos o uno
cmd-param-board-side-description = La clasificación de un bando (vacío: el juego, sea cual sea el bando)
cmd-param-page = página
cmd-param-page-description = Qué página de la tabla (15 jugadores por página)
cmd-campaign-name = campaña
cmd-campaign-description = Campañas que duran muchas mesas
cmd-ledger-name = registro
cmd-ledger-description = El registro de una campaña: misiones, bajas, torpedos, resultado
cmd-param-campaign-table-description = El número de la mesa de la campaña (por defecto, la de este hilo)

ratings-rating = { $rating } ±{ $rd }
ratings-all_sides = todos los bandos
ratings-duration_s = { $value ->
        [one] { $value } segundo
       *[other] { $value } segundos
    }
ratings-duration_min = { $value ->
        [one] { $value } minuto
       *[other] { $value } minutos
    }
ratings-duration_h = { $value ->
        [one] { $value } hora
       *[other] { $value } horas
    }
ratings-duration_d = { $value ->
        [one] { $value } día
       *[other] { $value } días
    }

ratings-stats_none = { $user } aún no tiene partidas en este servidor.
ratings-stats_title = 📊 { $user } en este servidor
ratings-stats_games = { $count ->
        [one] { $count } partida terminada
       *[other] { $count } partidas terminadas
    }: { $rated } puntuables, { $ai } contra la IA, { $stood_in } con turnos de un sustituto.
ratings-stats_game = **{ $game }** · todos los bandos: { $rating }
ratings-stats_side = { $side }: { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }, { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    } · { $rating }
ratings-stats_vs_ai = Contra la IA (no puntúa): { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }, { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    }.
ratings-stats_stood_in = Con turnos de un sustituto (no puntúa): { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }, { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    }.
ratings-stats_turn = ⏱ Mediana del tiempo por turno: { $time } (en { $turns ->
        [one] { $turns } turno
       *[other] { $turns } turnos
    }).
ratings-stats_turn_none = ⏱ Mediana del tiempo por turno: aún no ha jugado ningún turno.

ratings-board_title = 🏆 **{ $game }** · { $side } — página { $page } de { $pages }
ratings-board_row = { $rank }. { $user } — { $rating } · { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }: { $wins } G, { $losses } P, { $draws } E
ratings-board_more = Más: `página:{ $next }` (de { $pages }).
ratings-board_empty = Aún no hay partidas puntuables de { $game } ({ $side }) en este servidor. Las partidas contra la IA, o con turnos de un sustituto, no puntúan.
ratings-no_such_game = No hay ningún juego llamado { $game }.
ratings-no_such_side = { $game } no tiene ningún bando llamado { $side }.
ratings-no_ledger = La mesa #{ $table } ({ $game }) no lleva registro: solo lo lleva una campaña.
ratings-ledger_title = 📜 Registro de la mesa #{ $table } ({ $game })
ratings-ledger_rounds = Sus mesas: { $tables }

watch-referee_spare = (la posición ocupa ahora un mensaje menos)

spacehulk-campaign-ledger-dead = Muertos: { $names }
spacehulk-campaign-ledger-totals = **Hasta ahora**: { $missions ->
        [one] { $missions } misión jugada
       *[other] { $missions } misiones jugadas
    }, { $dead ->
        [one] { $dead } Marine muerto
       *[other] { $dead } Marines muertos
    }, { $spent ->
        [one] { $spent } torpedo de abordaje gastado
       *[other] { $spent } torpedos de abordaje gastados
    } (quedan { $left }), { $blips ->
        [one] { $blips } marcador usado
       *[other] { $blips } marcadores usados
    }; escuadras perdidas: { $lost }.
spacehulk-campaign-ledger-going = La campaña sigue.
