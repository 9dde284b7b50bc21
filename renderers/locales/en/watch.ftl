# Spectators and referees (issue 28 item 5): /game watch, /game referee (cogs/watch.py, bot/watch.py).

cmd-watch-name = watch
cmd-watch-description = Watch a table's board and narration in its thread, without playing
cmd-referee-name = referee
cmd-referee-description = Admins: a private thread that sees every secret, for a referee or a streamer
cmd-param-referee = user
cmd-param-referee-description = Who referees (not a player); empty in the referee thread: the board again

watch-watching = 👀 You are watching table #{ $table } in { $thread }: its board and narration appear there, as every spectator sees them. No hand and no secret is ever shown there.
watch-you_play = You play at table #{ $table }: its thread is already yours.
watch-no_thread = Table #{ $table } has no thread to watch.
watch-cannot_add = Discord would not let me add you to table #{ $table }'s thread.
watch-admin_only = Only a server admin may open a referee thread.
watch-referee_is_player = A player of table #{ $table } cannot see everything.
watch-refresh_where = Use this in table #{ $table }'s referee thread, or name the referee to open one.
watch-cannot_open = Discord would not let me open a referee thread for table #{ $table }: I need Create Private Threads and Manage Threads in its channel.
watch-referee_opened = 🧑‍⚖️ Referee thread for table #{ $table } opened: { $thread }. The whole position is kept up to date there every turn. Only the referee is in it; players of the table cannot be added. Server admins can always see private threads.
watch-refreshed = The full board of table #{ $table } is drawn again in this thread; it is kept up to date every turn.
watch-referee_thread = Referee · table #{ $table } · { $game }
watch-referee_title = 🧑‍⚖️ Table #{ $table } ({ $game }), as every seat sees it: secrets included. Never share this with the players.
watch-referee_seat = ■ { $seat }
