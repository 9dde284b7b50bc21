# Órdenes escritas de ClickWars y movimientos en grupo (issue 27 punto 3: menos clics por turno), y
# las líneas de la plataforma para órdenes cuyos pasos van por separado. Sintaxis Fluent: renderers/locales/README.md.

# Rechazos de un texto que no se puede leer (engine/clickwars/orders.py).
clickwars-order-too_long = Una orden tiene como mucho { $count } caracteres.
clickwars-order-too_many = Una orden tiene como mucho { $count } pasos.
clickwars-order-mixed_who = Nombra unidades ({ $word }) o un grupo como todos infantería, no ambas cosas en un paso.
clickwars-order-verb_needed = «{ $word }» dice quién pero no qué: añade mover, cargar, disparar, luchar, servir o fin.
clickwars-order-word = No conozco la palabra «{ $word }». Prueba R1 mover 12 N, R2 mover a 40 60, R3 dispara B3, todos infantería mover 10 NE o fin.
clickwars-order-fight_needs = { $word } necesita un enemigo, p. ej. R3 { $word } B4.
clickwars-order-crew_needs = { $word } necesita un cañón, p. ej. R5 { $word } R1.
clickwars-order-end_alone = { $word } termina la fase y no lleva unidad: escríbelo como paso propio, p. ej. R1 mover 10 N; { $word }.
clickwars-order-bad_distance = «{ $word }» no es una distancia: da centímetros mayores que 0, p. ej. 12 o 12,5 (pulgadas con su unidad: 4 pulgadas).
clickwars-order-move_needs = { $word } necesita adónde: una dirección (12 N, máx NE, 45°), a un punto (a 40 60) o hacia uno (hacia B3).
clickwars-order-point_needed = { $word } necesita un punto en cm (x e y, p. ej. 40 60) o una unidad como B3.
clickwars-order-extra = No sé qué significa «{ $word }» al final de ese paso; separa los pasos con punto y coma (;).
clickwars-order-charge_needs = { $word } necesita un rumbo (N, NE, 45°) o un enemigo al que cargar, p. ej. C1 { $word } B3.
clickwars-order-fire_needs = { $word } necesita un blanco, p. ej. R3 { $word } B4 (un cañón puede disparar a un punto: { $word } 40 60).
clickwars-order-nobody = Ninguna de tus unidades en «{ $words }» puede actuar ahora.
clickwars-order-which_unit = Nombra primero la unidad, p. ej. R1 mover 12 N.

# Lo que hizo un paso (o, en un ensayo, lo que hará): una línea del informe de la orden.
clickwars-order-moved = { $unit } se mueve { $length } cm hasta ({ $x }; { $y }), con un coste de { $cost } cm
clickwars-order-attacked = { $unit } → { $target }: sacó { $roll } (necesita ≤ { $need }), { $result ->
        [hit] impacto
        [critical] crítico: muerto
        [fumble] pifia
       *[miss] fallo
    }{ $damage ->
        [0] {""}
       *[other] , { $damage } de daño
    }{ $killed ->
        [0] {""}
        [one] , { $killed } muerto
       *[other] , { $killed } muertos
    }
clickwars-order-charged = { $unit } carga a { $bearing }°: { $n ->
        [0] no alcanza a nadie
        [one] alcanza a { $n } enemigo, { $damage } de daño
       *[other] alcanza a { $n } enemigos, { $damage } de daño
    }
clickwars-order-crewed = { $unit } sirve ahora el cañón { $gun }
clickwars-order-phase_ended = { $phase ->
        [movement] Fin de la fase de movimiento
        [shooting] Fin de la fase de disparo
        [assault] Fin de la fase de asalto
       *[other] Fin de la fase
    }
# Un paso del ensayo que deciden los dados: se comprueba ahora y se tira al confirmar.
clickwars-order-held_shot = { $unit } puede disparar a { $target } (impacta con ≤ { $need }); se tira al confirmar
clickwars-order-held_point = { $unit } puede disparar a ({ $x }; { $y }) (impacta con ≤ { $need }); se tira al confirmar
clickwars-order-held_fight = { $unit } puede luchar contra { $target } (impacta con ≤ { $need }); se tira al confirmar
clickwars-order-held_charge = { $unit } puede cargar a { $bearing }° { $n ->
        [0] (nadie en el camino)
       *[other] atravesando a { $victims }
    }; el daño se tira al confirmar
clickwars-order-held_end = el turno termina aquí; lo que sigue ocurre al confirmar

# El «Mover grupo» del panel (renderers/clickwars/group.py).
clickwars-group-placeholder = Mover grupo: elige unidades y luego el movimiento…
clickwars-group-title = Mover el grupo
clickwars-group-field = Movimiento (todas igual)
clickwars-group-hint = 12 N · máx NE · hacia 40 60 · a B3 (cm; 4 pulgadas)

# Las líneas de la plataforma para una orden cuyos pasos van por separado (bot/orders.py).
bot-order-step_skipped = { $n }. `{ $words }`: rechazado. { $reason }
bot-order-tally_rehearsed = Total: { $done } de { $count } { $count ->
        [one] paso
       *[other] pasos
    } se pueden hacer ya{ $held ->
        [0] {""}
        [one] , { $held } se tira al confirmar
       *[other] , { $held } se tiran al confirmar
    }{ $refused ->
        [0] {""}
        [one] , { $refused } rechazado
       *[other] , { $refused } rechazados
    }.
bot-order-tally = Total: { $done } de { $count } { $count ->
        [one] paso hecho
       *[other] pasos hechos
    }{ $refused ->
        [0] {""}
        [one] , { $refused } rechazado y saltado
       *[other] , { $refused } rechazados y saltados
    }.
bot-order-rehearsal_held_note = En un ensayo no se tira nada: disparos, luchas y cargas se comprueban ahora y se tiran al confirmar. Confirmar hace los pasos posibles (los rechazados se saltan); Cancelar descarta la orden.
bot-order-cancelled = Orden cancelada: no se aplicó nada.
bot-order-no_button = Esta orden tiene más de { $count } caracteres, demasiado para un botón de Confirmar: dala de nuevo sin ensayo, o en partes más cortas.
bot-button-order_cancel = Cancelar
