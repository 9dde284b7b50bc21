# Después de la partida (issue 28): el compromiso de la semilla y su revelación, /game export,
# /game verify, `tablero verify` y `tablero replay` (bot/export.py, docs/export.md).

aftergame-committed = -# 🔒 Compromiso de la semilla de los dados (SHA-256): `{ $commitment }`. La semilla se revela cuando termina la mesa.
aftergame-revealed = -# 🔓 Semilla de los dados revelada: `{ $seed }`, sal `{ $salt }` (compromiso `{ $commitment }`). Comprueba cada tirada con /game verify o `tablero verify`.
aftergame-export_full = El registro completo de la mesa n.º { $table }, con su semilla (la mesa ha terminado).
aftergame-export_seat = El registro de la mesa n.º { $table } tal como lo ha visto tu puesto hasta ahora; la semilla y los secretos de los demás puestos vienen en la exportación cuando termine la mesa.
aftergame-export_spectator = El registro de la mesa n.º { $table } tal como lo ve un espectador; la semilla y los secretos vienen en la exportación cuando termine la mesa.
aftergame-verify_not_over = La mesa n.º { $table } aún se está jugando; su semilla se revela cuando termine.
aftergame-verify_ok = ✅ Mesa n.º { $table } verificada: la semilla coincide con su compromiso `{ $commitment }`, y { $events ->
        [one] { $events } evento
       *[other] { $events } eventos
    } de { $actions ->
        [one] { $actions } acción
       *[other] { $actions } acciones
    } se han recalculado a partir de ella exactamente.
aftergame-replay_ok = ✅ Mesa n.º { $table } reconstruida a partir de { $events ->
        [one] { $events } evento
       *[other] { $events } eventos
    }: llega a la versión { $version }, y su resultado y su estado final son los que recoge la exportación.
aftergame-no_seed = ❌ Esta exportación no tiene semilla: la mesa no ha terminado, o la exportación muestra lo que ve un solo puesto. Solo se puede verificar la exportación completa de una mesa terminada.
aftergame-no_commitment = ⚠️ Esta mesa no tiene compromiso (se creó antes de que se publicaran): las tiradas se han comprobado con la semilla, pero nada muestra que esa semilla estuviera fijada desde el principio.
aftergame-commitment_differs = ❌ La semilla revelada no coincide con el compromiso `{ $commitment }`: no es la semilla comprometida al principio.
aftergame-differs = ❌ El evento { $seq } ({ $kind }) sería distinto al recalcularlo con la semilla: { $what }.
aftergame-missing = ❌ El evento { $seq } ({ $kind }) se sigue de la semilla y las acciones, pero falta en el registro.
aftergame-uncaused = ❌ El evento { $seq } ({ $kind }) está en el registro, pero ninguna acción registrada lo causó.
aftergame-action_refused = ❌ Las reglas rechazan la acción { $index } ({ $kind }, de { $seat } en la versión { $version }) ({ $reason }): el registro no lleva a ella.
aftergame-action_order = ❌ La acción { $index } está registrada en la versión { $version }, que no es donde está el registro en ese momento.
aftergame-action_count = ❌ La acción { $index } está registrada con { $logged } eventos, pero causa { $recomputed }.
aftergame-bad_action = ❌ La acción { $index } no se puede leer como una acción de este juego.
aftergame-bad_event = ❌ El evento { $seq } ({ $kind }) no se puede leer como un evento de este juego.
aftergame-bad_options = ❌ Las opciones de la exportación no se pueden leer como opciones de este juego.
aftergame-setup_refused = ❌ La partida no se puede preparar con las opciones de la exportación ({ $reason }).
aftergame-gap = ❌ Los eventos de la exportación no van numerados 1, 2, 3…: el evento { $seq } falta o está fuera de su sitio.
aftergame-replay_redacted = Esta exportación muestra lo que ve { $seat }: faltan los secretos que necesita una reconstrucción completa. Vuelve a exportar la mesa cuando termine.
aftergame-replay_empty = ❌ Esta exportación no tiene eventos que reconstruir.
aftergame-replay_broken = ❌ El registro no se puede reconstruir más allá del evento { $seq } ({ $kind }): los eventos anteriores no llevan a él.
aftergame-replay_version = ❌ El registro se reconstruye hasta la versión { $folded }, pero la exportación dice { $logged }.
aftergame-outcome_differs = ❌ La partida reconstruida termina en { $folded }, pero la exportación dice { $logged }.
aftergame-state_differs = ❌ El estado reconstruido en la versión { $version } no es el estado final que recoge la exportación (otra versión de las reglas, o un registro alterado).
aftergame-bad_file = ❌ Este archivo no es una exportación de Tablero (JSON con un campo "format").
aftergame-bad_format = ❌ El formato de esta exportación es { $format }; esta versión de Tablero lee { $known }.
aftergame-bad_schema = ❌ Esta exportación no sigue el formato { $known }: mira { $where }.
aftergame-unknown_game = ❌ Esta exportación es de un juego que esta versión de Tablero no conoce: { $game }.
aftergame-cannot_read = ❌ No se puede leer { $file }: { $error }.
cmd-export-name = exportar
cmd-export-description = El registro de la mesa en un archivo JSON (la semilla y los secretos, solo al final)
cmd-verify-name = verificar
cmd-verify-description = Comprueba los dados de una mesa terminada con la semilla a la que se comprometió
aftergame-replay_frame = Turno { $turn } · { $frame }/{ $frames }
aftergame-replay_turn = Turno { $turn } de { $turns }
aftergame-replay_seat = La mesa n.º { $table } tal como la vio { $seat }: { $frames ->
        [one] { $frames } imagen
       *[other] { $frames } imágenes
    }, una por { $per ->
        [turn] turno de juego
       *[action] { $every ->
            [one] jugada
           *[other] cada { $every } jugadas
        }
    }.
aftergame-replay_spectator = La mesa n.º { $table } tal como la vio un espectador: { $frames ->
        [one] { $frames } imagen
       *[other] { $frames } imágenes
    }, una por { $per ->
        [turn] turno de juego
       *[action] { $every ->
            [one] jugada
           *[other] cada { $every } jugadas
        }
    }.
aftergame-replay_scaled = Los tableros se dibujan al { $percent } % de su tamaño para no pasar del límite de 10 MiB por archivo de Discord.
aftergame-replay_dropped = { $dropped ->
        [one] Se deja fuera el primer turno
       *[other] Se dejan fuera los primeros { $dropped } turnos
    } para no pasar del límite de 10 MiB por archivo de Discord; /game export tiene la partida entera.
aftergame-replay_too_big = La repetición de la mesa n.º { $table } no cabe en el límite de 10 MiB de Discord, ni siquiera con una imagen por turno.
cmd-replay-name = repeticion
cmd-replay-description = La partida como un tablero animado, tal como la vio tu puesto
cmd-param-view = vista
cmd-param-view-description = Qué vista: la de tu puesto (por defecto) o la de un espectador
cmd-choice-seat_view = La vista de mi puesto
cmd-choice-spectator_view = La vista de un espectador
