# Stand-ins for absent players, /away and "I'm back" (issue 26 item 1; bot/absence.py).

# Table settings typed with /game new (absent=wait|ai|forfeit, absent_after=N).
absent-bad_rule = absent= takes one of { $rules }, not { $value }.
absent-bad_after = absent_after= takes a whole number from 1 to { $max }.

absent-not_absent = Nobody plays for you at table #{ $table }.
absent-away_past = That date has already passed.
absent-away_days = Say how many days, from 1 to { $max }.
absent-away_syntax = Write a number of days (7) or a date (2026-12-24), or nothing to stay away until you return.

# The result of a game a seat forfeited by missing its deadlines.
absent-forfeited = { $seat } missed { $count ->
        [one] a deadline
       *[other] { $count } deadlines in a row
    } and forfeits

absent-forfeited_gone = { $seat }'s player is gone; { $seat } forfeits

# A narration line a stand-in played.
absent-narration_mark = { $line } _(the AI for { $seat })_

# After the result: how much of the game the AI played for a seat.
absent-outcome_turns = { $result ->
        [won] { $seat } won with { $count ->
            [one] one turn
           *[other] { $count } turns
        } played by the AI.
        [lost] { $seat } lost with { $count ->
            [one] one turn
           *[other] { $count } turns
        } played by the AI.
       *[other] { $seat } had { $count ->
            [one] one turn
           *[other] { $count } turns
        } played by the AI.
    }

absent-status_line = 🤖 The AI plays { $seat } while its player is { $reason ->
        [away] away
       *[missed] absent
    }.
absent-button_back = I'm back

absent-notice_missed = { $player } missed { $count ->
        [one] a deadline
       *[other] { $count } deadlines in a row
    }: the AI plays { $seat } for you until you click **I'm back**.
absent-notice_away_ai = { $player } is away: the AI plays { $seat } until they return.
absent-notice_away_ai_until = { $player } is away until { $at }: the AI plays { $seat } meanwhile.
absent-notice_away_wait = { $player } is away: the table waits for { $seat } until they return.
absent-notice_away_wait_until = { $player } is away until { $at }: the table waits for { $seat } meanwhile.

absent-back_done = ✅ Welcome back: your seat is yours again.
absent-back_all = ✅ { $count ->
        [0] Welcome back. Nobody was playing for you.
        [one] Welcome back: your seat at one table is yours again.
       *[other] Welcome back: your seats at { $count } tables are yours again.
    }
absent-away_done = ✅ { $count ->
        [0] You are away until you type /back. You have no game running now; games that start meanwhile know it.
        [one] You are away until you type /back; one table knows it.
       *[other] You are away until you type /back; { $count } tables know it.
    }
absent-away_done_until = ✅ { $count ->
        [0] You are away until { $at }. You have no game running now; games that start meanwhile know it.
        [one] You are away until { $at }; one table knows it.
       *[other] You are away until { $at }; { $count } tables know it.
    }

cmd-away-name = away
cmd-away-description = Going away: the AI plays your seats until you return
cmd-param-until = until
cmd-param-until-description = A number of days (7) or a date (2026-12-24); empty: until /back
cmd-back-name = back
cmd-back-description = You are back: your seats are yours again

# Pause (issue 26 item 3; bot/pause.py).
absent-paused = Table #{ $table } is paused; use /resume to play on.
absent-pause_not_running = Table #{ $table } is not being played.
absent-already_paused = Table #{ $table } is already paused.
absent-pause_asked = You have asked already; the others must agree.
absent-not_paused = Table #{ $table } is not paused.
absent-pause_done = ✅ Table #{ $table } is paused: its deadlines are stopped until someone resumes it.
absent-pause_waiting = ✅ You asked to pause table #{ $table }; it pauses when the other players agree.
absent-resumed = ✅ Table #{ $table } plays on; its deadlines run again with the time that was left.
absent-status_paused = ⏸ Paused { $since }: the deadlines are stopped.
absent-button_pause = Pause
absent-button_resume = Resume
absent-pause_asked_notice = { $player } asks to pause table #{ $table }: { $others }, press **Pause** to agree.
absent-paused_notice = Table #{ $table } is paused ({ $player }): its deadlines are stopped until someone presses **Resume**.
absent-resumed_notice = { $player } resumed table #{ $table }: its deadlines run again with the time that was left.

cmd-pause-name = pause
cmd-pause-description = Pause a table: its deadlines stop until it resumes
cmd-resume-name = resume
cmd-resume-description = Play on at a paused table

# Server settings for admins (issue 26 item 6; bot/server.py).
absent-bad_deadline = deadline_hours= takes a number of hours from 0.1 to { $max }.
absent-bad_pace = The pace is live or async.
absent-channel_not_allowed = Games are opened in { $channels } on this server.
absent-server_only = Server settings are set in a server, not in direct messages.
absent-server_saved = ✅ Saved.
absent-server_any_channel = any channel
absent-server_show = This server's settings:
    • public language: { $language }
    • pace of new tables (games with a timer): { $pace }
    • deadline to move before a reminder: { $hours } h
    • absent players: { $absent } after { $after ->
        [one] one missed deadline
       *[other] { $after } missed deadlines in a row
    }
    • games may be opened in: { $channels }

cmd-server-name = server
cmd-server-description = Server settings for admins
cmd-server_show-name = show
cmd-server_show-description = This server's settings
cmd-server_defaults-name = defaults
cmd-server_defaults-description = Defaults of new tables: pace, deadline, absent players
cmd-server_channels-name = channels
cmd-server_channels-description = Channels games may be opened in (none: any)
cmd-server_language-name = language
cmd-server_language-description = Language of this server's public game messages
cmd-param-deadline_hours = deadline_hours
cmd-param-deadline_hours-description = Hours a player has to move before a reminder
cmd-param-absent = absent
cmd-param-absent-description = wait, ai or forfeit: what happens to an absent player
cmd-param-absent_after = absent_after
cmd-param-absent_after-description = Deadlines missed in a row before that
cmd-param-server_pace-description = Live or async (games with a timer)
cmd-param-add = add
cmd-param-add-description = Allow games in this channel
cmd-param-remove = remove
cmd-param-remove-description = No longer allow games in this channel

# Quiet hours and time zones (issue 26 item 4; bot/quiet.py).
absent-bad_timezone = I do not know the time zone { $zone }; write it like Europe/Madrid.
absent-bad_quiet = Write quiet hours as 23-08 (or 23:30-07:45), or off.
absent-bad_quiet_deadlines = quiet_deadlines= takes true or false.
absent-settings_quiet = ✅ Your time zone is { $timezone }; quiet hours { $quiet }: pings and DMs wait until they end.
absent-settings_no_quiet = ✅ Your time zone is { $timezone }; no quiet hours.
cmd-settings-name = settings
cmd-settings-description = Your time zone, quiet hours (no pings then) and picture colours
cmd-param-timezone = timezone
cmd-param-timezone-description = Your time zone, e.g. Europe/Madrid
cmd-param-quiet = quiet
cmd-param-quiet-description = Quiet hours, e.g. 23-08 (off: none)

# Take-backs by consent (issue 26; bot/takeback.py).
absent-undo_nothing = You have no move to take back at table #{ $table }.
absent-undo_revealed = That move cannot be taken back: something was revealed since (a die, a card, a hidden choice).
absent-undo_asked = You have asked already; the others must answer.
absent-undo_not_yours = This take-back is not yours to answer.
absent-undo_done = ✅ Your move is taken back: choose again.
absent-undo_waiting = ✅ The other players are asked whether you may take your move back.
absent-undo_accepted = ✅ You let the move be taken back.
absent-undo_refused = ✅ You refused the take-back; the move stands.
absent-button_undo_yes = Accept
absent-button_undo_no = Refuse
absent-undo_asked_notice = { $player } asks to take back their last move at table #{ $table }: { $others }, do you accept?
absent-undo_refused_notice = { $player } refused the take-back at table #{ $table }; the move stands.
absent-undo_done_notice = { $player }: { $seat }'s last move at table #{ $table } is taken back.
cmd-takeback-name = takeback
cmd-takeback-description = Take back your last move (or ask to)

# tablero verify (docs/export.md): a take-back whose state is not the one the log had at that version.
aftergame-rewound_differs = ❌ Event { $seq } takes the game back to version { $version }, but not to the state the log had then.
