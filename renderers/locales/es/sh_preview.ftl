# Un movimiento o giro de un Marine previsto antes de gastarlo (issue 26 punto 5; renderers/spacehulk/preview.py).
spacehulk-preview-move = Vista previa: { $model } se mueve { $path } y termina mirando { $facing }. Cuesta { $price }.
spacehulk-preview-turn = Vista previa: { $model } gira sin moverse en { $square } para mirar { $facing }. Cuesta { $price }.
# La entrada propia del modelo en «elige un modelo y luego su acción» para girar sin moverse.
spacehulk-group-turn = Exterminador { $model }: girar sin moverse{ $pay ->
        [cp] {" "}· pagado con puntos de mando
       *[ap] {""}
    }
# El panel de vista previa de la plataforma (bot/panels.py): confirmar para gastar, o volver.
bot-preview-note = No se gasta nada hasta que confirmes.
bot-button-preview-confirm = Confirmar
bot-button-preview-cancel = Cancelar
bot-preview-stale = La mesa ha cambiado desde entonces; así está ahora.
# La prueba de una orden escrita (bot/orders.py): el precio de todo el plan.
bot-order-total = Total: { $price }
