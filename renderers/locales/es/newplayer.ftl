# La página del playground (un cliente local de Discord): lo que dice cuando se niega a enviar algo
# (issue 27, punto 4). Una frase cada vez, nunca el texto de una excepción.
playground-wrong_address = Este playground solo responde en su propia dirección.
playground-cross_origin = Otro sitio web no puede actuar en este playground.
playground-json_only = El playground solo acepta peticiones de su propia página.
playground-bad_request = La página envió algo que el playground no entiende; recarga la página.
playground-no_such_user = Ese usuario no existe en este playground; recarga la página.
playground-no_such_channel = Ese canal no existe o no puedes verlo.
playground-bad_name = Un nombre tiene de 1 a { $n } letras, cifras o los signos _ - y .
playground-name_taken = { $name } ya está aquí; elige otro nombre.
playground-bad_language = El playground habla inglés (en) o español (es).
playground-no_command = Aquí no hay ningún comando /{ $command }.
playground-stale_command = /{ $command } ha cambiado desde que la página lo mostró; ábrelo de nuevo.
playground-command_unavailable = No puedes usar ese comando aquí.
playground-fill_in = Rellena: { $fields }.
playground-not_whole = { $option }: «{ $value }» no es un número entero.
playground-not_number = { $option }: «{ $value }» no es un número.
playground-out_of_range = { $option } debe estar entre { $low } y { $high }.
playground-at_least = { $option } debe ser como mínimo { $low }.
playground-at_most = { $option } debe ser como máximo { $high }.
playground-length = { $option } admite de { $low } a { $high } caracteres.
playground-not_choice = { $option }: «{ $value }» no es una de las opciones.
playground-message_gone = Ese mensaje ya no existe.
playground-stale = Ese mensaje ha cambiado desde que tu página lo mostró; aquí está tal como es ahora.
playground-control_off = Ese control ya está desactivado; aquí está el mensaje tal como es ahora.
playground-form_closed = Este formulario ya no está abierto.
playground-not_sent = No se pudo enviar; el mensaje se muestra de nuevo tal como es ahora.
playground-no_response = La aplicación no respondió.
playground-failed = Esta interacción ha fallado.
playground-no_answer = El playground no respondió; comprueba que sigue en marcha e inténtalo de nuevo.

# Una longitud escrita en el otro sistema de unidades, convertida a la del juego (issue 27, punto 7).
measure-converted = ({ $typed } { $said ->
        [in] { $typed ->
            [one] pulgada
           *[other] pulgadas
        }
       *[cm] cm
    } = { $value } { $unit ->
        [in] { $value ->
            [one] pulgada
           *[other] pulgadas
        }
       *[cm] cm
    })

# A decimal comma typed by an English reader (issue 27 item 7: the mark follows the language).
measure-decimal_point = «{ $text }» no es un número aquí: en inglés la marca decimal es un punto, como en 2.5.

# Revancha con consentimiento (issue 27, punto 5).
bot-rematch_invite = { $mention }, { $by } te ofrece la revancha de **{ $game }**, con los bandos cambiados: mesa n.º { $table } { $where }. Pulsa **Aceptar** para jugarla.
bot-button-accept_rematch = Aceptar
bot-rematch_offered = Revancha: mesa n.º { $table } { $where }, con los bandos cambiados. Tu rival está invitado a aceptarla; la partida empieza cuando acepte (o pulsa Empezar para jugar contra la IA).
bot-rematch_started = Revancha: mesa n.º { $table } { $where }, con los bandos cambiados. La partida ha empezado.
bot-rematch_waiting = La revancha ya está ofrecida: mesa n.º { $table } { $where }, esperando a que los invitados acepten.
bot-rematch_on = La revancha ya está en marcha: mesa n.º { $table } { $where }.
bot-rematch_accepted = Has aceptado la revancha: mesa n.º { $table } { $where }. La partida ha empezado.

# /game language (issue 27, punto 8): la confirmación, en el idioma del administrador que la lee.
bot-server_language = Los mensajes públicos de partidas en este servidor serán en { $language ->
        [es] español
       *[en] inglés
    }{ $count ->
        [0] .
        [one] , también en la mesa en curso desde su próximo mensaje.
       *[other] , también en las { $count } mesas en curso desde su próximo mensaje.
    }

# El tablero del Cañón: los impactos de una tirada, en corto (junto a los dados hay poco sitio).
canyon-img-hits = { $n ->
        [one] → 1 impacto
       *[other] → { $n } impactos
    }
