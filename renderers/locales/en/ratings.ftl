# Ratings, /stats, /leaderboard and the campaign ledger (issue 28 item 4; bot/ratings.py, bot/stats.py,
# cogs/stats.py), and the referee thread kept up to date (item 5; bot/delivery.py).

cmd-stats-name = stats
cmd-stats-description = A player's games, wins per side, ratings and time per turn on this server
cmd-param-player = player
cmd-param-player-description = Whose stats (empty: yours)
cmd-leaderboard-name = leaderboard
cmd-leaderboard-description = This server's ratings for a game (Glicko-2), all sides or one
cmd-param-board-side-description = One side's ratings (empty: the game whatever the side)
cmd-param-page = page
cmd-param-page-description = Which page of the table (15 players a page)
cmd-campaign-name = campaign
cmd-campaign-description = Campaigns that run over many tables
cmd-ledger-name = ledger
cmd-ledger-description = A campaign's ledger: missions, casualties, torpedoes, outcome
cmd-param-campaign-table-description = The campaign's table number (defaults to the one in this thread)

ratings-rating = { $rating } ±{ $rd }
ratings-all_sides = all sides
ratings-duration_s = { $value ->
        [one] { $value } second
       *[other] { $value } seconds
    }
ratings-duration_min = { $value ->
        [one] { $value } minute
       *[other] { $value } minutes
    }
ratings-duration_h = { $value ->
        [one] { $value } hour
       *[other] { $value } hours
    }
ratings-duration_d = { $value ->
        [one] { $value } day
       *[other] { $value } days
    }

ratings-stats_none = { $user } has no game on this server yet.
ratings-stats_title = 📊 { $user } on this server
ratings-stats_games = { $count ->
        [one] { $count } game finished
       *[other] { $count } games finished
    }: { $rated } rated, { $ai } against the AI, { $stood_in } with a stand-in's turns.
ratings-stats_game = **{ $game }** · all sides: { $rating }
ratings-stats_side = { $side }: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    } · { $rating }
ratings-stats_vs_ai = Against the AI (not rated): { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }.
ratings-stats_stood_in = With a stand-in's turns (not rated): { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins ->
        [one] { $wins } win
       *[other] { $wins } wins
    }.
ratings-stats_turn = ⏱ Median time per turn: { $time } (over { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }).
ratings-stats_turn_none = ⏱ Median time per turn: no turn played yet.

ratings-board_title = 🏆 **{ $game }** · { $side } — page { $page } of { $pages }
ratings-board_row = { $rank }. { $user } — { $rating } · { $games ->
        [one] { $games } game
       *[other] { $games } games
    }: { $wins } W, { $losses } L, { $draws } D
ratings-board_more = More: `page:{ $next }` (of { $pages }).
ratings-board_empty = No rated game of { $game } ({ $side }) on this server yet. Games against the AI, or with a stand-in's turns, are not rated.
ratings-no_such_game = There is no game called { $game }.
ratings-no_such_side = { $game } has no side called { $side }.
ratings-no_ledger = Table #{ $table } ({ $game }) keeps no ledger: only a campaign does.
ratings-ledger_title = 📜 Ledger of table #{ $table } ({ $game })
ratings-ledger_rounds = Its tables: { $tables }

watch-referee_spare = (the position needs one message less now)

spacehulk-campaign-ledger-dead = Dead: { $names }
spacehulk-campaign-ledger-totals = **So far**: { $missions ->
        [one] { $missions } mission played
       *[other] { $missions } missions played
    }, { $dead ->
        [one] { $dead } Marine dead
       *[other] { $dead } Marines dead
    }, { $spent ->
        [one] { $spent } boarding torpedo spent
       *[other] { $spent } boarding torpedoes spent
    } ({ $left } left), { $blips ->
        [one] { $blips } blip used
       *[other] { $blips } blips used
    }; squads lost: { $lost }.
spacehulk-campaign-ledger-going = The campaign goes on.
