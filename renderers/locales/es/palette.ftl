# Paletas (issue 29, punto 3): /ajustes paleta:, renderers/palette.py.
cmd-param-palette = paleta
cmd-param-palette-description = Los colores de las imágenes que solo ves tú
cmd-choice-palette-standard = Estándar
cmd-choice-palette-colourblind = Apta para daltonismo
cmd-choice-palette-high-contrast = Alto contraste
palette-settings = 🎨 Tus propias imágenes (tu panel, las vistas previas) se dibujan con la { $palette ->
        [colourblind] paleta apta para daltonismo: azul frente a bermellón
        [high-contrast] paleta de alto contraste: naranja frente a azul oscuro
       *[standard] paleta estándar
    }; los tableros públicos siguen con la paleta estándar, que también es apta para daltonismo.

# El visor de imágenes del playground (issue 27, punto 2): openImage de playground/static/app.js.
playground-image_open = Abrir la imagen a tamaño completo
playground-image_close = Cerrar la imagen
playground-image_full = La imagen, a tamaño completo
