# Espectadores y árbitros (issue 28 item 5): /game watch, /game referee (cogs/watch.py, bot/watch.py).

cmd-watch-name = mirar
cmd-watch-description = Mira el tablero y la narración de una mesa en su hilo, sin jugar
cmd-referee-name = arbitro
cmd-referee-description = Admins: un hilo privado que ve todos los secretos, para un árbitro o un streamer
cmd-param-referee = usuario
cmd-param-referee-description = Quién arbitra (no un jugador); vacío en el hilo del árbitro: el tablero otra vez

watch-watching = 👀 Estás mirando la mesa #{ $table } en { $thread }: su tablero y su narración aparecen ahí, como los ve cualquier espectador. Allí nunca se muestra una mano ni un secreto.
watch-you_play = Juegas en la mesa #{ $table }: su hilo ya es tuyo.
watch-no_thread = La mesa #{ $table } no tiene un hilo que mirar.
watch-cannot_add = Discord no me deja añadirte al hilo de la mesa #{ $table }.
watch-admin_only = Solo un administrador del servidor puede abrir un hilo de árbitro.
watch-referee_is_player = Un jugador de la mesa #{ $table } no puede verlo todo.
watch-refresh_where = Usa esto en el hilo del árbitro de la mesa #{ $table }, o nombra al árbitro para abrir uno.
watch-cannot_open = Discord no me deja abrir un hilo de árbitro para la mesa #{ $table }: necesito Crear hilos privados y Gestionar hilos en su canal.
watch-referee_opened = 🧑‍⚖️ Hilo de árbitro de la mesa #{ $table } abierto: { $thread }. La posición completa se mantiene al día allí en cada turno. Solo está el árbitro; no se puede añadir a jugadores de la mesa. Los administradores del servidor siempre pueden ver los hilos privados.
watch-refreshed = El tablero completo de la mesa #{ $table } se ha vuelto a dibujar en este hilo; se mantiene al día en cada turno.
watch-referee_thread = Árbitro · mesa #{ $table } · { $game }
watch-referee_title = 🧑‍⚖️ Mesa #{ $table } ({ $game }), como la ve cada puesto: con sus secretos. No lo compartas nunca con los jugadores.
watch-referee_seat = ■ { $seat }
