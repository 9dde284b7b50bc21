# The playground page (a local Discord client): what it says when it refuses to send something
# (issue 27 item 4). One sentence each, never an exception's text.
playground-wrong_address = This playground only answers at its own address.
playground-cross_origin = Another web site cannot act in this playground.
playground-json_only = The playground only takes requests from its own page.
playground-bad_request = The page sent something the playground cannot read; reload the page.
playground-no_such_user = There is no such user in this playground; reload the page.
playground-no_such_channel = That channel is not there, or you cannot see it.
playground-bad_name = A name is 1 to { $n } letters, digits, or the signs _ - and .
playground-name_taken = { $name } is already here; choose another name.
playground-bad_language = The playground speaks English (en) or Spanish (es).
playground-no_command = There is no command /{ $command } here.
playground-stale_command = /{ $command } has changed since the page showed it; open it again.
playground-command_unavailable = You cannot use that command here.
playground-fill_in = Fill in: { $fields }.
playground-not_whole = { $option }: “{ $value }” is not a whole number.
playground-not_number = { $option }: “{ $value }” is not a number.
playground-out_of_range = { $option } must be between { $low } and { $high }.
playground-at_least = { $option } must be at least { $low }.
playground-at_most = { $option } must be at most { $high }.
playground-length = { $option } takes { $low } to { $high } characters.
playground-not_choice = { $option }: “{ $value }” is not one of the choices.
playground-message_gone = That message is no longer there.
playground-stale = That message has changed since your page showed it; here it is as it is now.
playground-control_off = That control is switched off now; here is the message as it is now.
playground-form_closed = This form is no longer open.
playground-not_sent = That could not be sent; the message is shown again as it is now.
playground-no_response = The application did not respond.
playground-failed = This interaction failed.
playground-no_answer = The playground did not answer; check that it is still running and try again.

# A length typed in the other unit system, converted to the game's own (issue 27 item 7).
measure-converted = ({ $typed } { $said ->
        [in] { $typed ->
            [one] inch
           *[other] inches
        }
       *[cm] cm
    } = { $value } { $unit ->
        [in] { $value ->
            [one] inch
           *[other] inches
        }
       *[cm] cm
    })

# A decimal comma typed by an English reader (issue 27 item 7: the mark follows the language).
measure-decimal_point = “{ $text }” is not a number here: in English the decimal mark is a point, as in 2.5.

# Rematch by consent (issue 27 item 5).
bot-rematch_invite = { $mention }, { $by } offers you a rematch of **{ $game }**, sides swapped: table #{ $table } { $where }. Press **Accept** to play it.
bot-button-accept_rematch = Accept
bot-rematch_offered = Rematch: table #{ $table } { $where }, sides swapped. Your opponent is invited to accept; the game starts when they do (or press Start to play the AI instead).
bot-rematch_started = Rematch: table #{ $table } { $where }, sides swapped. The game has started.
bot-rematch_waiting = The rematch is already offered: table #{ $table } { $where }, waiting for the invited players to accept.
bot-rematch_on = The rematch is already on: table #{ $table } { $where }.
bot-rematch_accepted = You accepted the rematch: table #{ $table } { $where }. The game has started.

# /game language (issue 27 item 8): the confirmation, in the language of the admin who reads it.
bot-server_language = Public game messages on this server will be in { $language ->
        [es] Spanish
       *[en] English
    }{ $count ->
        [0] .
        [one] , the running table included from its next message.
       *[other] , the { $count } running tables included from their next message.
    }

# Canyon's board: the hits of a roll, short (the space beside the dice is narrow; issue 27 item 8).
canyon-img-hits = { $n ->
        [one] → 1 hit
       *[other] → { $n } hits
    }
