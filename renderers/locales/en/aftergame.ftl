# After the game (issue 28): the seed's commitment and reveal, /game export, /game verify,
# `tablero verify` and `tablero replay` (bot/export.py, docs/export.md).

aftergame-committed = -# 🔒 Dice seed commitment (SHA-256): `{ $commitment }`. The seed is revealed when the table ends.
aftergame-revealed = -# 🔓 Dice seed revealed: `{ $seed }`, salt `{ $salt }` (commitment `{ $commitment }`). Check every roll with /game verify or `tablero verify`.
aftergame-export_full = The whole log of table #{ $table }, with its seed (the table is over).
aftergame-export_seat = The log of table #{ $table } as your seat has seen it so far; the seed and the other seats' secrets come with the export once the table is over.
aftergame-export_spectator = The log of table #{ $table } as a spectator sees it; the seed and the secrets come with the export once the table is over.
aftergame-verify_not_over = Table #{ $table } is still being played; its seed is revealed when it ends.
aftergame-verify_ok = ✅ Table #{ $table } verified: the seed matches its commitment `{ $commitment }`, and { $events ->
        [one] { $events } event
       *[other] { $events } events
    } from { $actions ->
        [one] { $actions } action
       *[other] { $actions } actions
    } were recomputed from it exactly.
aftergame-replay_ok = ✅ Table #{ $table } rebuilt from { $events ->
        [one] { $events } event
       *[other] { $events } events
    }: it reaches version { $version }, and its outcome and final state are the ones the export records.
aftergame-no_seed = ❌ This export has no seed: the table is not over, or the export shows one seat's view. Only a finished table's full export can be verified.
aftergame-no_commitment = ⚠️ This table has no commitment (it was created before commitments were posted): the rolls were checked against the seed, but nothing shows that seed was fixed at the start.
aftergame-commitment_differs = ❌ The revealed seed does not match the commitment `{ $commitment }`: it is not the seed committed to at the start.
aftergame-differs = ❌ Event { $seq } ({ $kind }) would differ when recomputed from the seed: { $what }.
aftergame-missing = ❌ Event { $seq } ({ $kind }) follows from the seed and the actions but is missing from the log.
aftergame-uncaused = ❌ Event { $seq } ({ $kind }) is in the log, but no recorded action caused it.
aftergame-action_refused = ❌ Action { $index } ({ $kind }, by { $seat } at version { $version }) is refused by the rules ({ $reason }): the log does not lead to it.
aftergame-action_order = ❌ Action { $index } is recorded at version { $version }, which is not where the log stands then.
aftergame-action_count = ❌ Action { $index } is recorded with { $logged } events, but it causes { $recomputed }.
aftergame-bad_action = ❌ Action { $index } cannot be read as an action of this game.
aftergame-bad_event = ❌ Event { $seq } ({ $kind }) cannot be read as an event of this game.
aftergame-bad_options = ❌ The export's options cannot be read as this game's options.
aftergame-setup_refused = ❌ The game cannot be set up from the export's options ({ $reason }).
aftergame-gap = ❌ The export's events are not numbered 1, 2, 3… : event { $seq } is missing or out of place.
aftergame-replay_redacted = This export shows the view of { $seat }: the secrets a full rebuild needs are left out. Export the table again once it is over.
aftergame-replay_empty = ❌ This export has no events to rebuild.
aftergame-replay_broken = ❌ The log cannot be rebuilt past event { $seq } ({ $kind }): the events before it do not lead to it.
aftergame-replay_version = ❌ The log rebuilds to version { $folded }, but the export says { $logged }.
aftergame-outcome_differs = ❌ The rebuilt game ends in { $folded }, but the export says { $logged }.
aftergame-state_differs = ❌ The rebuilt state at version { $version } is not the final state the export records (another version of the rules, or an altered log).
aftergame-bad_file = ❌ This file is not a Tablero export (JSON with a "format" field).
aftergame-bad_format = ❌ This export's format is { $format }; this version of Tablero reads { $known }.
aftergame-bad_schema = ❌ This export does not follow the format { $known }: look at { $where }.
aftergame-unknown_game = ❌ This export is of a game this version of Tablero does not know: { $game }.
aftergame-cannot_read = ❌ Cannot read { $file }: { $error }.
cmd-export-name = export
cmd-export-description = The table's log as a JSON file (the seed and secrets only after the end)
cmd-verify-name = verify
cmd-verify-description = Check a finished table's dice against the seed it committed to
aftergame-replay_frame = Turn { $turn } · { $frame }/{ $frames }
aftergame-replay_turn = Turn { $turn } of { $turns }
aftergame-replay_seat = Table #{ $table } as { $seat } saw it: { $frames ->
        [one] { $frames } picture
       *[other] { $frames } pictures
    }, one per { $per ->
        [turn] game turn
       *[action] { $every ->
            [one] move
           *[other] { $every } moves
        }
    }.
aftergame-replay_spectator = Table #{ $table } as a spectator saw it: { $frames ->
        [one] { $frames } picture
       *[other] { $frames } pictures
    }, one per { $per ->
        [turn] game turn
       *[action] { $every ->
            [one] move
           *[other] { $every } moves
        }
    }.
aftergame-replay_scaled = The boards are drawn at { $percent } % of their size to stay under Discord's 10 MiB limit for a file.
aftergame-replay_dropped = { $dropped ->
        [one] The first turn is
       *[other] The first { $dropped } turns are
    } left out to stay under Discord's 10 MiB limit for a file; /game export has the whole game.
aftergame-replay_too_big = The replay of table #{ $table } does not fit in Discord's 10 MiB limit, even one turn at a time.
cmd-replay-name = replay
cmd-replay-description = The game as an animated board, as your seat saw it
cmd-param-view = view
cmd-param-view-description = Whose view: your seat's (the default) or a spectator's
cmd-choice-seat_view = My seat's view
cmd-choice-spectator_view = A spectator's view
