# spacehulk: el lenguaje de órdenes de /order (es). Sintaxis Project Fluent: ver renderers/locales/README.md.

spacehulk-order-bad_square = { $word } no es una casilla; las casillas se nombran como D7 (letra de columna, número de fila).
spacehulk-order-cp_first = Escribe { $word } después del paso que paga, p. ej. F cp.
spacehulk-order-facing_needed = { $word } necesita una orientación: N, E, S u O.
spacehulk-order-model_needed = { $word } necesita un genestealer, p. ej. { $word } G9.
spacehulk-order-no_door = No hay ninguna puerta en las tres casillas de delante; nómbrala, p. ej. puerta D7.
spacehulk-order-no_path = No hay ningún camino abierto hasta { $square }.
spacehulk-order-no_target = No hay nada a lo que disparar en el arco de fuego y a la vista; nombra la casilla, p. ej. fuego D7.
spacehulk-order-not_lurking = { $model } no está en un espacio de acecho.
spacehulk-order-number_needed = { $word } necesita un número, p. ej. { $word } 1.
spacehulk-order-off_board = { $model } no está en el tablero.
spacehulk-order-place_needed = { $word } necesita un área de entrada o una casilla.
spacehulk-order-deploy_needed = { $word } necesita una casilla y una orientación, p. ej. M1 { $word } D7 N.
spacehulk-order-areas_needed = { $word } necesita las zonas de entrada, p. ej. { $word } 1 3 5 7.
spacehulk-order-square_needed = { $word } necesita una casilla, p. ej. { $word } D7.
spacehulk-order-too_long = Una orden tiene como mucho { $count } caracteres.
spacehulk-order-too_many = Una orden tiene como mucho { $count } pasos.
spacehulk-order-which_door = ¿Qué puerta: { $squares }?
spacehulk-order-which_model = Nombra primero la miniatura, p. ej. M1 F F.
spacehulk-order-which_target = ¿Qué objetivo: { $squares }?
spacehulk-order-word = No conozco la palabra de orden { $word }. Prueba A, AT, I, D, mover D7, fuego, guardia, puerta, pasar o fin.

# El precio de un paso de una orden: puntos de acción y puntos de mando gastados.
spacehulk-order-price = { $ap } PA, { $cp } PM

# Órdenes permanentes (/standing): sus nombres y valores.
spacehulk-standing-interrupt = Interrupciones con puntos de mando en el turno genestealer
spacehulk-standing-interrupt-ask = preguntarme cada vez
spacehulk-standing-interrupt-overwatch_only = solo disparos de guardia (nunca interrumpir)
spacehulk-standing-block = Bloqueos con espada de energía o escudo de asalto
spacehulk-standing-block-ask = preguntarme cada vez
spacehulk-standing-block-never = nunca bloquear
spacehulk-standing-psychic = Puntos psíquicos de un bibliotecario en defensa
spacehulk-standing-psychic-ask = preguntarme cada vez
spacehulk-standing-psychic-never = nunca añadir puntos psíquicos
spacehulk-standing-detonate = Detonación del martillo de trueno
spacehulk-standing-detonate-ask = preguntarme cada vez
spacehulk-standing-detonate-never = nunca detonar
spacehulk-standing-ties = En solitario: empates que el libro deja a tu elección (qué área recibe un marcador, qué Genestealer mueve primero)
spacehulk-standing-ties-ask = preguntarme cada vez
spacehulk-standing-ties-random = que decidan los dados
