# Palettes (issue 29 item 3): /settings palette:, renderers/palette.py.
cmd-param-palette = palette
cmd-param-palette-description = The colours of the pictures only you see
cmd-choice-palette-standard = Standard
cmd-choice-palette-colourblind = Colour-blind safe
cmd-choice-palette-high-contrast = High contrast
palette-settings = 🎨 Your own pictures (your panel, previews) are drawn in the { $palette ->
        [colourblind] colour-blind safe palette: blue against vermillion
        [high-contrast] high-contrast palette: orange against deep blue
       *[standard] standard palette
    }; public boards stay in the standard palette, which is colour-blind safe too.

# The playground's picture viewer (issue 27 item 2): playground/static/app.js's openImage.
playground-image_open = Open the picture full size
playground-image_close = Close the picture
playground-image_full = The picture, full size
