# La plataforma: límites y rechazos de Discord (issue 24) (es). Sintaxis Project Fluent: ver renderers/locales/README.md.

## Opciones acotadas (/game new)

bot-option_too_deep = La opción { $option } anida listas o grupos a más de { $max ->
        [one] { $max } nivel
       *[other] { $max } niveles
    } de profundidad.
bot-option_too_large = La opción { $option } contiene demasiados valores (todas las opciones juntas pueden contener como mucho { $max ->
        [one] { $max } valor
       *[other] { $max } valores
    }).
bot-options_too_long = Las opciones son demasiado largas: como mucho { $max ->
        [one] { $max } carácter
       *[other] { $max } caracteres
    }.
clickwars-option_error-terrain_too_many = una mesa personalizada tiene como mucho { $max ->
        [one] { $max } pieza de escenografía
       *[other] { $max } piezas de escenografía
    }, no { $pieces }
clickwars-option_error-terrain_corners = una pieza de escenografía tiene como mucho { $max ->
        [one] { $max } esquina
       *[other] { $max } esquinas
    }, no { $corners }
spacehulk-option_error-brief_too_large = un informe de campaña contiene como mucho { $max ->
        [one] { $max } valor
       *[other] { $max } valores
    }
spacehulk-option_error-brief_invalid = eso no es el informe de misión de una campaña (una campaña se lo da a sus misiones)

## Cuando Discord rechaza el hilo de una mesa (bot/faults.py): un MD a cada jugador, una vez

bot-fault_dm-missing_permissions = El tablero de la mesa #{ $table } ({ $game }) se ha detenido: no tengo permiso para publicar en su hilo { $thread }. Un administrador del servidor puede darme allí «Enviar mensajes en hilos», «Adjuntar archivos» y «Gestionar hilos». Mientras tanto, /game status te muestra el tablero y tus jugadas siguen contando.
bot-fault_dm-missing_access = El tablero de la mesa #{ $table } ({ $game }) se ha detenido: ya no puedo ver su hilo { $thread }. Un administrador del servidor puede darme allí «Ver canal» y «Leer el historial de mensajes». Mientras tanto, /game status te muestra el tablero y tus jugadas siguen contando.
bot-fault_dm-archived = El tablero de la mesa #{ $table } ({ $game }) se ha detenido: su hilo { $thread } está archivado y bloqueado, y no tengo permiso para reabrirlo. Un administrador del servidor puede desarchivarlo o darme allí «Gestionar hilos».
bot-fault_dm-deleted = El tablero de la mesa #{ $table } ({ $game }) se ha detenido: su hilo se borró y no pude abrir uno nuevo en { $channel }. Un administrador del servidor puede darme allí «Crear hilos públicos» y «Enviar mensajes». La partida se conserva.
bot-fault_dm-removed = El tablero de la mesa #{ $table } ({ $game }) se ha detenido: me han expulsado del servidor en el que se juega. Un administrador del servidor puede invitarme de nuevo; la partida se conserva y sigue donde se quedó.

## Lo mismo, para los administradores del servidor en /game list

bot-fault_list-missing_permissions = El tablero de la mesa #{ $table } se ha detenido: dame «Enviar mensajes en hilos», «Adjuntar archivos» y «Gestionar hilos» en { $thread }.
bot-fault_list-missing_access = El tablero de la mesa #{ $table } se ha detenido: dame «Ver canal» y «Leer el historial de mensajes» en { $thread }.
bot-fault_list-archived = El tablero de la mesa #{ $table } se ha detenido: { $thread } está archivado y bloqueado; desarchívalo o dame «Gestionar hilos» allí.
bot-fault_list-deleted = El tablero de la mesa #{ $table } se ha detenido: su hilo se borró y no tengo permiso para abrir uno nuevo en { $channel }; dame «Crear hilos públicos» y «Enviar mensajes» allí.
bot-fault_list-removed = El tablero de la mesa #{ $table } se ha detenido: me han expulsado de este servidor.

## Un jugador que dejó el servidor (el motivo del resultado, como «{ $seat } se rindió»)

bot-forfeit_absent = { $seat } dejó el servidor

bot-option_unusable = ❌ Una de las opciones no es algo que pueda usar aquí (un canal, miembro o rol que no está en este servidor, o que no es del tipo pedido). No se ha cambiado nada.
