# Sustitutos de jugadores ausentes, /away y «He vuelto» (issue 26 punto 1; bot/absence.py).

absent-bad_rule = absent= admite { $rules }, no { $value }.
absent-bad_after = absent_after= admite un número entero del 1 al { $max }.

absent-not_absent = Nadie juega por ti en la mesa n.º { $table }.
absent-away_past = Esa fecha ya ha pasado.
absent-away_days = Di cuántos días, del 1 al { $max }.
absent-away_syntax = Escribe un número de días (7) o una fecha (2026-12-24), o nada para ausentarte hasta que vuelvas.

absent-forfeited = { $seat } { $count ->
        [one] no jugó a tiempo una vez
       *[other] no jugó a tiempo { $count } veces seguidas
    } y pierde la partida

absent-forfeited_gone = el jugador de { $seat } se ha ido; { $seat } pierde la partida

absent-narration_mark = { $line } _(la IA por { $seat })_

absent-outcome_turns = { $result ->
        [won] { $seat } ganó con { $count ->
            [one] un turno jugado
           *[other] { $count } turnos jugados
        } por la IA.
        [lost] { $seat } perdió con { $count ->
            [one] un turno jugado
           *[other] { $count } turnos jugados
        } por la IA.
       *[other] { $seat } tuvo { $count ->
            [one] un turno jugado
           *[other] { $count } turnos jugados
        } por la IA.
    }

absent-status_line = 🤖 La IA juega con { $seat } mientras su jugador { $reason ->
        [away] está de viaje
       *[missed] está ausente
    }.
absent-button_back = He vuelto

absent-notice_missed = { $player } { $count ->
        [one] no jugó a tiempo una vez
       *[other] no jugó a tiempo { $count } veces seguidas
    }: la IA juega con { $seat } por ti hasta que pulses **He vuelto**.
absent-notice_away_ai = { $player } está de viaje: la IA juega con { $seat } hasta que vuelva.
absent-notice_away_ai_until = { $player } está de viaje hasta { $at }: la IA juega con { $seat } mientras tanto.
absent-notice_away_wait = { $player } está de viaje: la mesa espera a { $seat } hasta que vuelva.
absent-notice_away_wait_until = { $player } está de viaje hasta { $at }: la mesa espera a { $seat } mientras tanto.

absent-back_done = ✅ Bienvenido de vuelta: tu puesto vuelve a ser tuyo.
absent-back_all = ✅ { $count ->
        [0] Bienvenido de vuelta. Nadie jugaba por ti.
        [one] Bienvenido de vuelta: tu puesto en una mesa vuelve a ser tuyo.
       *[other] Bienvenido de vuelta: tus puestos en { $count } mesas vuelven a ser tuyos.
    }
absent-away_done = ✅ { $count ->
        [0] Estás de viaje hasta que escribas /vuelvo. Ahora no juegas ninguna partida; las que empiecen mientras tanto lo sabrán.
        [one] Estás de viaje hasta que escribas /vuelvo; una mesa lo sabe.
       *[other] Estás de viaje hasta que escribas /vuelvo; { $count } mesas lo saben.
    }
absent-away_done_until = ✅ { $count ->
        [0] Estás de viaje hasta { $at }. Ahora no juegas ninguna partida; las que empiecen mientras tanto lo sabrán.
        [one] Estás de viaje hasta { $at }; una mesa lo sabe.
       *[other] Estás de viaje hasta { $at }; { $count } mesas lo saben.
    }

cmd-away-name = ausencia
cmd-away-description = Te vas: la IA juega tus puestos hasta que vuelvas
cmd-param-until = hasta
cmd-param-until-description = Un número de días (7) o una fecha (2026-12-24); vacío: hasta /vuelvo
cmd-back-name = vuelvo
cmd-back-description = Has vuelto: tus puestos vuelven a ser tuyos

# Pausa (issue 26 punto 3; bot/pause.py).
absent-paused = La mesa n.º { $table } está en pausa; usa /reanudar para seguir.
absent-pause_not_running = La mesa n.º { $table } no se está jugando.
absent-already_paused = La mesa n.º { $table } ya está en pausa.
absent-pause_asked = Ya lo pediste; falta que los demás acepten.
absent-not_paused = La mesa n.º { $table } no está en pausa.
absent-pause_done = ✅ La mesa n.º { $table } está en pausa: sus plazos se detienen hasta que alguien la reanude.
absent-pause_waiting = ✅ Pediste poner en pausa la mesa n.º { $table }; se detendrá cuando los demás jugadores acepten.
absent-resumed = ✅ La mesa n.º { $table } sigue; sus plazos vuelven a correr con el tiempo que les quedaba.
absent-status_paused = ⏸ En pausa { $since }: los plazos están detenidos.
absent-button_pause = Pausa
absent-button_resume = Reanudar
absent-pause_asked_notice = { $player } pide poner en pausa la mesa n.º { $table }: { $others }, pulsa **Pausa** para aceptar.
absent-paused_notice = La mesa n.º { $table } está en pausa ({ $player }): sus plazos se detienen hasta que alguien pulse **Reanudar**.
absent-resumed_notice = { $player } reanudó la mesa n.º { $table }: sus plazos vuelven a correr con el tiempo que les quedaba.

cmd-pause-name = pausa
cmd-pause-description = Pon una mesa en pausa: sus plazos se detienen hasta que se reanude
cmd-resume-name = reanudar
cmd-resume-description = Sigue jugando en una mesa en pausa

# Ajustes del servidor para sus administradores (issue 26 punto 6; bot/server.py).
absent-bad_deadline = deadline_hours= admite un número de horas del 0,1 al { $max }.
absent-bad_pace = El ritmo es live o async.
absent-channel_not_allowed = En este servidor las partidas se abren en { $channels }.
absent-server_only = Los ajustes del servidor se cambian en un servidor, no por mensaje directo.
absent-server_saved = ✅ Guardado.
absent-server_any_channel = cualquier canal
absent-server_show = Ajustes de este servidor:
    • idioma público: { $language }
    • ritmo de las mesas nuevas (juegos con reloj): { $pace }
    • plazo para mover antes de un recordatorio: { $hours } h
    • jugadores ausentes: { $absent } tras { $after ->
        [one] un plazo sin jugar
       *[other] { $after } plazos seguidos sin jugar
    }
    • las partidas se abren en: { $channels }

cmd-server-name = servidor
cmd-server-description = Ajustes del servidor para sus administradores
cmd-server_show-name = ver
cmd-server_show-description = Los ajustes de este servidor
cmd-server_defaults-name = predeterminados
cmd-server_defaults-description = Valores de las mesas nuevas: ritmo, plazo, jugadores ausentes
cmd-server_channels-name = canales
cmd-server_channels-description = Canales donde se pueden abrir partidas (ninguno: cualquiera)
cmd-server_language-name = idioma
cmd-server_language-description = Idioma de los mensajes públicos de partidas en este servidor
cmd-param-deadline_hours = plazo_horas
cmd-param-deadline_hours-description = Horas que tiene un jugador para mover antes de un recordatorio
cmd-param-absent = ausente
cmd-param-absent-description = wait, ai o forfeit: qué pasa con un jugador ausente
cmd-param-absent_after = ausente_tras
cmd-param-absent_after-description = Plazos seguidos sin jugar antes de eso
cmd-param-server_pace-description = live o async (juegos con reloj)
cmd-param-add = añadir
cmd-param-add-description = Permitir partidas en este canal
cmd-param-remove = quitar
cmd-param-remove-description = Dejar de permitir partidas en este canal

# Horas de silencio y zonas horarias (issue 26 punto 4; bot/quiet.py).
absent-bad_timezone = No conozco la zona horaria { $zone }; escríbela como Europe/Madrid.
absent-bad_quiet = Escribe las horas de silencio como 23-08 (o 23:30-07:45), u off.
absent-bad_quiet_deadlines = quiet_deadlines= admite true o false.
absent-settings_quiet = ✅ Tu zona horaria es { $timezone }; horas de silencio { $quiet }: las menciones y los mensajes directos esperan a que terminen.
absent-settings_no_quiet = ✅ Tu zona horaria es { $timezone }; sin horas de silencio.
cmd-settings-name = ajustes
cmd-settings-description = Tu zona horaria, tus horas de silencio (sin avisos entonces) y los colores de las imágenes
cmd-param-timezone = zona_horaria
cmd-param-timezone-description = Tu zona horaria, p. ej. Europe/Madrid
cmd-param-quiet = silencio
cmd-param-quiet-description = Horas de silencio, p. ej. 23-08 (off: ninguna)

# Deshacer con consentimiento (issue 26; bot/takeback.py).
absent-undo_nothing = No tienes ninguna jugada que deshacer en la mesa n.º { $table }.
absent-undo_revealed = Esa jugada ya no se puede deshacer: desde entonces se ha revelado algo (un dado, una carta, una elección oculta).
absent-undo_asked = Ya lo pediste; falta que los demás respondan.
absent-undo_not_yours = No te toca responder a esta petición.
absent-undo_done = ✅ Tu jugada se ha deshecho: elige de nuevo.
absent-undo_waiting = ✅ Se pregunta a los demás jugadores si puedes deshacer tu jugada.
absent-undo_accepted = ✅ Has dejado deshacer la jugada.
absent-undo_refused = ✅ Has rechazado deshacer la jugada; sigue en pie.
absent-button_undo_yes = Aceptar
absent-button_undo_no = Rechazar
absent-undo_asked_notice = { $player } pide deshacer su última jugada en la mesa n.º { $table }: { $others }, ¿aceptáis?
absent-undo_refused_notice = { $player } rechazó deshacer la jugada en la mesa n.º { $table }; sigue en pie.
absent-undo_done_notice = { $player }: la última jugada de { $seat } en la mesa n.º { $table } se ha deshecho.
cmd-takeback-name = deshacer
cmd-takeback-description = Deshaz tu última jugada (o pide deshacerla)

# tablero verify (docs/export.md): una vuelta atrás cuyo estado no es el que tenía el registro en esa versión.
aftergame-rewound_differs = ❌ El evento { $seq } devuelve la partida a la versión { $version }, pero no al estado que tenía el registro entonces.
