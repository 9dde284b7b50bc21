# The platform's bounds and Discord's refusals (issue 24) (en). Project Fluent syntax: see renderers/locales/README.md.

## Bounded options (/game new)

bot-option_too_deep = The option { $option } nests lists or groups more than { $max ->
        [one] { $max } level
       *[other] { $max } levels
    } deep.
bot-option_too_large = The option { $option } holds too many values (all options together may hold at most { $max ->
        [one] { $max } value
       *[other] { $max } values
    }).
bot-options_too_long = The options are too long: at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    }.
clickwars-option_error-terrain_too_many = a custom table holds at most { $max ->
        [one] { $max } terrain piece
       *[other] { $max } terrain pieces
    }, not { $pieces }
clickwars-option_error-terrain_corners = a terrain piece has at most { $max ->
        [one] { $max } corner
       *[other] { $max } corners
    }, not { $corners }
spacehulk-option_error-brief_too_large = a campaign brief holds at most { $max ->
        [one] { $max } value
       *[other] { $max } values
    }
spacehulk-option_error-brief_invalid = that is not a campaign's mission brief (a campaign gives it to its missions)

## When Discord refuses a table's thread (bot/faults.py): a DM to each player, once

bot-fault_dm-missing_permissions = The board of table #{ $table } ({ $game }) has stopped: I am not allowed to post in its thread { $thread }. A server admin can give me Send Messages in Threads, Attach Files and Manage Threads there. Meanwhile /game status shows you the board and your moves still count.
bot-fault_dm-missing_access = The board of table #{ $table } ({ $game }) has stopped: I can no longer see its thread { $thread }. A server admin can give me View Channel and Read Message History there. Meanwhile /game status shows you the board and your moves still count.
bot-fault_dm-archived = The board of table #{ $table } ({ $game }) has stopped: its thread { $thread } is archived and locked, and I am not allowed to reopen it. A server admin can unarchive it, or give me Manage Threads there.
bot-fault_dm-deleted = The board of table #{ $table } ({ $game }) has stopped: its thread was deleted and I could not open a new one in { $channel }. A server admin can give me Create Public Threads and Send Messages there. The game is kept.
bot-fault_dm-removed = The board of table #{ $table } ({ $game }) has stopped: I was removed from the server it is played on. A server admin can invite me again; the game is kept and goes on from where it stopped.

## The same, for the server's admins in /game list

bot-fault_list-missing_permissions = Table #{ $table }'s board has stopped: give me Send Messages in Threads, Attach Files and Manage Threads in { $thread }.
bot-fault_list-missing_access = Table #{ $table }'s board has stopped: give me View Channel and Read Message History in { $thread }.
bot-fault_list-archived = Table #{ $table }'s board has stopped: { $thread } is archived and locked; unarchive it, or give me Manage Threads there.
bot-fault_list-deleted = Table #{ $table }'s board has stopped: its thread was deleted and I may not open a new one in { $channel }; give me Create Public Threads and Send Messages there.
bot-fault_list-removed = Table #{ $table }'s board has stopped: I was removed from this server.

## A player who left the server (the outcome's reason, like "{ $seat } resigned")

bot-forfeit_absent = { $seat } left the server

bot-option_unusable = ❌ One of the options is not something I can use here (a channel, member or role that is not in this server, or not of the kind asked for). Nothing was changed.
