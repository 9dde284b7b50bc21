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
