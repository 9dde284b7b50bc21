# A Marine's move or turn previewed before it is spent (issue 26 item 5; renderers/spacehulk/preview.py).
spacehulk-preview-move = Preview: { $model } moves { $path } and ends facing { $facing }. It costs { $price }.
spacehulk-preview-turn = Preview: { $model } turns in place on { $square } to face { $facing }. It costs { $price }.
# The model's own entry in "pick a model, then its action" for turning in place, apart from its steps.
spacehulk-group-turn = Terminator { $model }: turn in place{ $pay ->
        [cp] {" "}· paid with command points
       *[ap] {""}
    }
# The platform's preview panel (bot/panels.py): confirm to spend, or go back; nothing is spent before.
bot-preview-note = Nothing is spent until you confirm.
bot-button-preview-confirm = Confirm
bot-button-preview-cancel = Cancel
bot-preview-stale = The table has moved on since; here is where it stands now.
# A typed order's dry run (bot/orders.py): the whole plan's price.
bot-order-total = Total: { $price }
