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
