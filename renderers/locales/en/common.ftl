# common (en). Project Fluent syntax: see renderers/locales/README.md.

bot-abandoned = Table #{ $table } is abandoned.

bot-admins_only = Only server admins can abandon a table.

bot-admins_only_language = Only server admins can choose the server's language.

bot-already_seated = You already sit at table #{ $table }.

bot-bad_options = Those options do not fit this game: { $problems }

bot-button-hand = My hand
bot-button-join = Join
bot-button-next = Next ▶
bot-button-prev = ◀ Previous
bot-button-rematch = Rematch (swap sides)
bot-button-rules = Rules
bot-button-start = Start

bot-created_invite = { $user } challenges { $opponent } to **{ $game }** (table #{ $table }). { $where }

bot-created_vs_ai = { $user } sits down to **{ $game }** (table #{ $table }) against the AI. { $where }

bot-creator_only = Only the player who opened table #{ $table } can start it.

bot-dm_closed = { $mention }, I can't send you direct messages. Press **My hand** on { $status } to see your secrets and act.

bot-joined = You joined table #{ $table } as { $seat }; waiting for the other players.

bot-joined_started = You joined table #{ $table } as { $seat }. The game has started.

bot-joined_waiting = You joined table #{ $table }; waiting for the other players.

bot-just_now = **Just now:**

bot-list_empty = No tables are being played on this server. Open one with /game new.

bot-list_header = Tables on this server ({ $count }):

bot-list_more = …and { $count } more.

bot-lobby_invited = Waiting for { $users } to join: /game join or the Join button.

bot-lobby_open = Waiting for players: press Join. The creator can press Start; empty seats go to the AI.

bot-log_full = The complete event log of table #{ $table }.

bot-log_redacted = The event log of table #{ $table }, as you may see it while the game goes on.

bot-no_rules_summary = No summary is available for this game yet.

bot-no_such_table = There is no table #{ $table }.

bot-not_a_player = You are not playing at table #{ $table }.

bot-not_a_player_here = You are not playing at this table.

bot-not_allowed = You are not allowed to do that here.

bot-not_in_lobby = Table #{ $table } is not waiting for players.

bot-not_invited = Table #{ $table } is waiting for an invited player.

bot-not_over = Table #{ $table } is still being played.

bot-not_started = Table #{ $table } has not started yet.

bot-not_started_yet = The game has not started yet.

bot-opponent_is_bot = Bots cannot play; leave the opponent empty to play the AI.

bot-option_unknown = { $option } is not an option of this game

bot-options_known = Its options: { $options }.

bot-outcome_abandoned = Table #{ $table } was abandoned.

bot-outcome_draw = Game over: a draw — { $reason }.

bot-outcome_win = Game over: { $winners } won — { $reason }.

bot-outcome_win_against = Game over: { $winners } won against { $losers } — { $reason }.

bot-reminder = { $mention }, table #{ $table } is waiting for your move. Press **My hand** on { $status }.

bot-resigned = You resigned at table #{ $table }.

bot-seat_ai = AI

bot-seat_open = open seat

bot-seat_player = player

bot-seat_taken = That side is already taken.

bot-seat_you = you

bot-select_placeholder = Choose… ({ $first }–{ $last })

bot-self_opponent = You cannot invite yourself; leave the opponent empty to play the AI.

bot-stamp-abandoned = ABANDONED
bot-stamp-over = GAME OVER

bot-started = Table #{ $table } has started.

bot-status-abandoned = abandoned
bot-status-active = playing
bot-status-finished = finished
bot-status-lobby = waiting for players

bot-status_message_ref = the table message

bot-table_full = Table #{ $table } is full.

bot-table_gone = That table no longer exists.

bot-table_header = **{ $game }** · table #{ $table }

bot-table_moved_on = The table has moved on; here is where it stands now.

bot-thread_name = { $game } #{ $table }

bot-to_act = To act: { $seats }

bot-unknown_game = There is no game called { $game }.

bot-unknown_side = There is no side called { $side } here; the sides are { $sides }.

bot-waiting_for = Waiting for { $seats }.

bot-which_table = Which table? Give its number, or use the command in the game's thread.

bot-you_chose = ✅ { $label }

bot-you_play = You play { $seat }.

bot-your_move = { $mentions }: your move. Your choices are in your DMs, or press **My hand** on { $status }.

bot-your_move_no_dm = { $mentions }: your move. Press **My hand** on { $status }.

cmd-abandon-description = Close a table with no winner (server admins)
cmd-abandon-name = abandon

cmd-choice-en = English
cmd-choice-es = Spanish

cmd-game-description = Play tabletop games
cmd-game-name = game

cmd-join-description = Take a seat at a table waiting for players
cmd-join-name = join

cmd-language-description = Language of this server's public game messages (admins)
cmd-language-name = language

cmd-list-description = Tables being played on this server
cmd-list-name = list

cmd-log-description = The event log as a file (secrets only after the end)
cmd-log-name = log

cmd-new-description = Open a new game table in a thread
cmd-new-name = new

cmd-param-game = game
cmd-param-game-description = Which game
cmd-param-language = language
cmd-param-language-description = The language
cmd-param-opponent = opponent
cmd-param-opponent-description = Who you challenge (leave empty to play the AI)
cmd-param-options = options
cmd-param-options-description = Game options as key=value pairs
cmd-param-side = side
cmd-param-side-description = The side you play (random if empty)
cmd-param-table = table
cmd-param-table-description = Table number (defaults to the game in this thread)

cmd-resign-description = Concede a game you are playing
cmd-resign-name = resign

cmd-rules-description = A readable summary of a game's rules
cmd-rules-name = rules

cmd-start-description = Start your table now; empty seats go to the AI
cmd-start-name = start

cmd-status-description = Show a table's board and status
cmd-status-name = status

core-abandoned = the table was abandoned by { $by }

core-game_over = This game is over.

core-not_your_turn = It is not your turn to act.

core-resigned = { $seat } resigned

core-something_broke = Something broke; the table is unchanged.

core-unknown_side = There is no side called { $side } in this game.

bot-button-back = ◀ Back

bot-pick_piece = Pick a piece…

bot-form_unknown = That form is not on offer any more.

bot-bad_choice = That choice is not on offer any more.

# What players type into forms (renderers/measure.py), shared by every game.
measure-not_inches = “{ $text }” is not a number of inches.

measure-not_cm = “{ $text }” is not a number of centimetres.

measure-not_a_number = “{ $text }” is not a number.

measure-need_both = Give both coordinates, x and y.

bot-button-order_confirm = Give this order
bot-order_applied = Your order at table #{ $table }:
bot-order_rehearsed = Dry run of your order at table #{ $table } (nothing is applied):
bot-order_step = { $n }. `{ $words }`: { $price }
bot-order_step_refused = { $n }. `{ $words }`: refused. { $reason }
bot-order_step_stopped = { $n }. `{ $words }`: { $count ->
        [one] stopped after { $count } action
       *[other] stopped after { $count } actions
    } ({ $price }). { $reason }
bot-order_kept = The steps before it stay applied.
bot-order_rehearsal_kept = The order would stop there.
bot-order_rehearsal_note = A dry run rolls other dice and does not know what you cannot see, so the order may go differently.
core-no_orders = This game takes no typed orders.
core-no_pace = This game has no timer to set.
core-order_empty = Your order has no steps.
core-order_step_long = The step { $words } needs more than { $count } actions; split it.
cmd-order-name = order
cmd-order-description = Give an order in words, e.g. M1 F F L fire or R1 move 12 N; R3 fire B3
cmd-param-order_text = text
cmd-param-order_text-description = The order, e.g. M1 move D7 overwatch or R1 move 12 N; R3 fire B3
cmd-param-dry_run = dry_run
cmd-param-dry_run-description = Show each step first, with Confirm and Cancel; nothing is applied

cmd-param-pace = pace
cmd-param-pace-description = Live (a turn timer) or async (a deadline per prompt)
cmd-choice-live = Live: a real-time turn timer
cmd-choice-async = Async: a deadline per prompt, reminders
bot-time_limit = ⏱ { $seat }: time runs out { $at }.
core-order_waits = Another player must answer first; give the rest of your order then.
bot-standing_unknown = That standing order is not on offer at this table.
bot-standing_none = This game takes no standing orders from your side.
bot-standing_header = Your standing orders at table #{ $table }:
bot-standing_line = • { $name }: **{ $value }**
bot-standing_set = Standing order kept: { $name }: **{ $value }**.
bot-standing_answered = It answered the prompt that was waiting for you.
cmd-standing-name = standing
cmd-standing-description = Answers given in advance to prompts, so an async game need not wait
cmd-param-standing_name = order
cmd-param-standing_name-description = Which standing order (empty: show yours)
cmd-param-standing_value = value
cmd-param-standing_value-description = Its new value

bot-time_warning = ⏱ { $mention }, { $count ->
        [one] { $count } second left
       *[other] { $count } seconds left
    } at table #{ $table } (time runs out { $at }).

bot-time_ran_out = Time ran out before your move arrived; here is where the table stands now.

bot-time_warning_minutes = ⏱ { $mention }, { $count ->
        [one] { $count } minute left
       *[other] { $count } minutes left
    } to answer at table #{ $table } (time runs out { $at }).

bot-unknown_game_listed = There is no game called { $game }; the games are: { $games }.
bot-options_syntax = Write options as key=value pairs.
bot-options_syntax_example = Write options as key=value pairs, e.g. { $example }.
bot-option_refused = { $typed } is not accepted
bot-option_refused_because = { $typed } is not accepted: { $reason }
bot-option_accepts = it takes { $accepted }
bot-option_accepts_one_of = one of { $values }
bot-option_accepts_bool = true or false
bot-option_accepts_integer = a whole number
bot-option_accepts_number = a number
bot-option_accepts_list = a list in brackets
bot-option_accepts_text = a word or text
bot-option_bound_gt = greater than { $n }
bot-option_bound_ge = from { $n }
bot-option_bound_le = up to { $n }
bot-option_bound_lt = less than { $n }
bot-option_and = { " and " }
bot-option_example = (for example { $example })
bot-option_bound_range = from { $low } to { $high }
bot-option_accepts_group = its own options, { $options }
bot-option_accepts_object = a JSON object in braces
