# common (es). Project Fluent syntax: see renderers/locales/README.md.

bot-abandoned = La mesa n.º { $table } queda abandonada.

bot-admins_only = Solo los administradores del servidor pueden abandonar una mesa.

bot-admins_only_language = Solo los administradores del servidor pueden elegir su idioma.

bot-already_seated = Ya tienes sitio en la mesa n.º { $table }.

bot-bad_options = Esas opciones no valen para este juego: { $problems }

bot-button-hand = Mi mano
bot-button-join = Unirse
bot-button-next = Siguiente ▶
bot-button-prev = ◀ Anterior
bot-button-rematch = Revancha (cambiando bandos)
bot-button-rules = Reglas
bot-button-start = Empezar

bot-created_invite = { $user } reta a { $opponent } a **{ $game }** (mesa n.º { $table }). { $where }

bot-created_vs_ai = { $user } se sienta a jugar a **{ $game }** (mesa n.º { $table }) contra la IA. { $where }

bot-creator_only = Solo quien abrió la mesa n.º { $table } puede empezarla.

bot-dm_closed = { $mention }, no puedo enviarte mensajes directos. Pulsa **Mi mano** en { $status } para ver tus secretos y jugar.

bot-joined = Te has unido a la mesa n.º { $table } con { $seat }; esperando al resto de jugadores.

bot-joined_started = Te has unido a la mesa n.º { $table } con { $seat }. La partida ha empezado.

bot-joined_waiting = Te has unido a la mesa n.º { $table }; esperando al resto de jugadores.

bot-just_now = **Lo último:**

bot-list_empty = No se está jugando ninguna mesa en este servidor. Abre una con /partida nueva.

bot-list_header = Mesas en este servidor ({ $count }):

bot-list_more = …y { $count } más.

bot-lobby_invited = Esperando a que { $users } se una: /partida unirse o el botón Unirse.

bot-lobby_open = Esperando jugadores: pulsa Unirse. Quien abrió la mesa puede pulsar Empezar; los sitios libres serán para la IA.

bot-log_full = El registro completo de eventos de la mesa n.º { $table }.

bot-log_redacted = El registro de eventos de la mesa n.º { $table }, tal como puedes verlo mientras dura la partida.

bot-no_rules_summary = Todavía no hay resumen de las reglas de este juego.

bot-no_such_table = No existe la mesa n.º { $table }.

bot-not_a_player = No juegas en la mesa n.º { $table }.

bot-not_a_player_here = No juegas en esta mesa.

bot-not_allowed = No puedes hacer eso aquí.

bot-not_in_lobby = La mesa n.º { $table } no está esperando jugadores.

bot-not_invited = La mesa n.º { $table } espera a un jugador invitado.

bot-not_over = La mesa n.º { $table } todavía se está jugando.

bot-not_started = La mesa n.º { $table } aún no ha empezado.

bot-not_started_yet = La partida aún no ha empezado.

bot-opponent_is_bot = Los bots no juegan; deja el rival vacío para jugar contra la IA.

bot-option_unknown = { $option } no es una opción de este juego

bot-options_known = Sus opciones: { $options }.

bot-outcome_abandoned = La mesa n.º { $table } fue abandonada.

bot-outcome_draw = Fin de la partida: empate — { $reason }.

bot-outcome_win = Fin de la partida: ganó { $winners } — { $reason }.

bot-outcome_win_against = Fin de la partida: ganó { $winners } frente a { $losers } — { $reason }.

bot-reminder = { $mention }, la mesa n.º { $table } espera tu jugada. Pulsa **Mi mano** en { $status }.

bot-resigned = Te has rendido en la mesa n.º { $table }.

bot-seat_ai = IA

bot-seat_open = sitio libre

bot-seat_player = jugador

bot-seat_taken = Ese bando ya está ocupado.

bot-seat_you = tú

bot-select_placeholder = Elige… ({ $first }–{ $last })

bot-self_opponent = No puedes invitarte a ti mismo; deja el rival vacío para jugar contra la IA.

bot-stamp-abandoned = PARTIDA ABANDONADA
bot-stamp-over = PARTIDA TERMINADA

bot-started = La mesa n.º { $table } ha empezado.

bot-status-abandoned = abandonada
bot-status-active = en juego
bot-status-finished = terminada
bot-status-lobby = esperando jugadores

bot-status_message_ref = el mensaje de la mesa

bot-table_full = La mesa n.º { $table } está completa.

bot-table_gone = Esa mesa ya no existe.

bot-table_header = **{ $game }** · mesa n.º { $table }

bot-table_moved_on = La partida ha avanzado; así está ahora.

bot-thread_name = { $game } n.º { $table }

bot-to_act = Le toca a: { $seats }

bot-unknown_game = No hay ningún juego llamado { $game }.

bot-unknown_side = Aquí no hay ningún bando llamado { $side }; los bandos son { $sides }.

bot-waiting_for = Esperando a { $seats }.

bot-which_table = ¿Qué mesa? Indica su número o usa el comando en el hilo de la partida.

bot-you_chose = ✅ { $label }

bot-you_play = Juegas con { $seat }.

bot-your_move = { $mentions }: te toca. Tus opciones están en tus mensajes directos, o pulsa **Mi mano** en { $status }.

bot-your_move_no_dm = { $mentions }: te toca. Pulsa **Mi mano** en { $status }.

cmd-abandon-description = Cerrar una mesa sin ganador (administradores)
cmd-abandon-name = abandonar

cmd-choice-en = Inglés
cmd-choice-es = Español

cmd-game-description = Jugar a juegos de mesa
cmd-game-name = partida

cmd-join-description = Sentarse en una mesa que espera jugadores
cmd-join-name = unirse

cmd-language-description = Idioma de los mensajes públicos de partidas en este servidor (administradores)
cmd-language-name = idioma

cmd-list-description = Mesas en juego en este servidor
cmd-list-name = lista

cmd-log-description = El registro de eventos en un archivo (los secretos, solo al final)
cmd-log-name = registro

cmd-new-description = Abrir una mesa de juego nueva en un hilo
cmd-new-name = nueva

cmd-param-game = juego
cmd-param-game-description = Qué juego
cmd-param-language = idioma
cmd-param-language-description = El idioma
cmd-param-opponent = rival
cmd-param-opponent-description = A quién retas (déjalo vacío para jugar contra la IA)
cmd-param-options = opciones
cmd-param-options-description = Opciones del juego como pares clave=valor
cmd-param-side = bando
cmd-param-side-description = El bando con el que juegas (al azar si lo dejas vacío)
cmd-param-table = mesa
cmd-param-table-description = Número de mesa (por defecto, la partida de este hilo)

cmd-resign-description = Rendirse en una partida que juegas
cmd-resign-name = rendirse

cmd-rules-description = Un resumen legible de las reglas de un juego
cmd-rules-name = reglas

cmd-start-description = Empezar tu mesa ya; los sitios libres serán para la IA
cmd-start-name = empezar

cmd-status-description = Ver el tablero y el estado de una mesa
cmd-status-name = estado

core-abandoned = { $by } abandonó la mesa

core-game_over = Esta partida ha terminado.

core-not_your_turn = No es tu turno.

core-resigned = { $seat } se rindió

core-something_broke = Algo ha fallado; la mesa sigue igual.

core-unknown_side = En este juego no hay ningún bando llamado { $side }.

bot-button-back = ◀ Volver

bot-pick_piece = Elige una pieza…

bot-form_unknown = Ese formulario ya no está disponible.

bot-bad_choice = Esa opción ya no está disponible.

# Lo que los jugadores escriben en los formularios (renderers/measure.py), común a todos los juegos.
measure-not_inches = «{ $text }» no es un número de pulgadas.

measure-not_cm = «{ $text }» no es un número de centímetros.

measure-not_a_number = «{ $text }» no es un número.

measure-need_both = Da las dos coordenadas, x e y.

bot-button-order_confirm = Dar esta orden
bot-order_applied = Tu orden en la mesa #{ $table }:
bot-order_rehearsed = Ensayo de tu orden en la mesa #{ $table } (no se aplica nada):
bot-order_step = { $n }. `{ $words }`: { $price }
bot-order_step_refused = { $n }. `{ $words }`: rechazado. { $reason }
bot-order_step_stopped = { $n }. `{ $words }`: { $count ->
        [one] detenido tras { $count } acción
       *[other] detenido tras { $count } acciones
    } ({ $price }). { $reason }
bot-order_kept = Los pasos anteriores quedan aplicados.
bot-order_rehearsal_kept = La orden se detendría ahí.
bot-order_rehearsal_note = Un ensayo tira otros dados y no sabe lo que tú no ves, así que la orden puede salir distinta.
core-no_orders = Este juego no admite órdenes escritas.
core-no_pace = Este juego no tiene temporizador que ajustar.
core-order_empty = Tu orden no tiene pasos.
core-order_step_long = El paso { $words } necesita más de { $count } acciones; divídelo.
cmd-order-name = orden
cmd-order-description = Da una orden escrita, p. ej. M1 F F L fire o R1 mover 12 N; R3 dispara B3
cmd-param-order_text = texto
cmd-param-order_text-description = La orden, p. ej. M1 mover D7 guardia o R1 mover 12 N; R3 dispara B3
cmd-param-dry_run = ensayo
cmd-param-dry_run-description = Muestra antes cada paso, con Confirmar y Cancelar; no se aplica nada

cmd-param-pace = ritmo
cmd-param-pace-description = En vivo (temporizador de turno) o asíncrono (un plazo por pregunta)
cmd-choice-live = En vivo: temporizador de turno en tiempo real
cmd-choice-async = Asíncrono: un plazo por pregunta, recordatorios
bot-time_limit = ⏱ { $seat }: el tiempo se acaba { $at }.
core-order_waits = Otro jugador debe responder primero; da el resto de tu orden después.
bot-standing_unknown = Esa orden permanente no está disponible en esta mesa.
bot-standing_none = Este juego no admite órdenes permanentes para tu bando.
bot-standing_header = Tus órdenes permanentes en la mesa #{ $table }:
bot-standing_line = • { $name }: **{ $value }**
bot-standing_set = Orden permanente guardada: { $name }: **{ $value }**.
bot-standing_answered = Ha respondido a la pregunta que te esperaba.
cmd-standing-name = permanente
cmd-standing-description = Respuestas dadas por adelantado, para que una partida asíncrona no espere
cmd-param-standing_name = orden
cmd-param-standing_name-description = Qué orden permanente (vacío: ver las tuyas)
cmd-param-standing_value = valor
cmd-param-standing_value-description = Su nuevo valor

bot-time_warning = ⏱ { $mention }, { $count ->
        [one] queda { $count } segundo
       *[other] quedan { $count } segundos
    } en la mesa #{ $table } (el tiempo se acaba { $at }).

bot-time_ran_out = El tiempo se acabó antes de que llegara tu jugada; así está la mesa ahora.

bot-time_warning_minutes = ⏱ { $mention }, { $count ->
        [one] queda { $count } minuto
       *[other] quedan { $count } minutos
    } para responder en la mesa #{ $table } (el tiempo se acaba { $at }).

bot-unknown_game_listed = No hay ningún juego llamado { $game }; los juegos son: { $games }.
bot-options_syntax = Escribe las opciones como pares clave=valor.
bot-options_syntax_example = Escribe las opciones como pares clave=valor, p. ej. { $example }.
bot-option_refused = { $typed } no se acepta
bot-option_refused_because = { $typed } no se acepta: { $reason }
bot-option_accepts = admite { $accepted }
bot-option_accepts_one_of = uno de estos valores: { $values }
bot-option_accepts_bool = true o false
bot-option_accepts_integer = un número entero
bot-option_accepts_number = un número
bot-option_accepts_list = una lista entre corchetes
bot-option_accepts_text = una palabra o un texto
bot-option_bound_gt = mayor que { $n }
bot-option_bound_ge = desde { $n }
bot-option_bound_le = hasta { $n }
bot-option_bound_lt = menor que { $n }
bot-option_and = { " y " }
bot-option_example = (por ejemplo { $example })
bot-option_bound_range = de { $low } a { $high }
bot-option_accepts_group = sus propias opciones, { $options }
bot-option_accepts_object = un objeto JSON entre llaves
