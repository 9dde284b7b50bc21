# spacehulk: the order language of /order (en). Project Fluent syntax: see renderers/locales/README.md.

spacehulk-order-bad_square = { $word } is not a square; squares are named like D7 (column letter, row number).
spacehulk-order-cp_first = Write { $word } after the step it pays for, e.g. F cp.
spacehulk-order-facing_needed = { $word } needs a facing: N, E, S or W.
spacehulk-order-model_needed = { $word } needs a Genestealer, e.g. { $word } G9.
spacehulk-order-no_door = There is no door in the three squares in front; name it, e.g. door D7.
spacehulk-order-no_path = There is no open way to { $square }.
spacehulk-order-no_target = There is nothing in the fire arc and sight to shoot; name the square, e.g. fire D7.
spacehulk-order-not_lurking = { $model } is not in a lurking space.
spacehulk-order-number_needed = { $word } needs a number, e.g. { $word } 1.
spacehulk-order-off_board = { $model } is not on the board.
spacehulk-order-place_needed = { $word } needs an entry area or a square.
spacehulk-order-deploy_needed = { $word } needs a square and a facing, e.g. M1 { $word } D7 N.
spacehulk-order-areas_needed = { $word } needs the entry areas, e.g. { $word } 1 3 5 7.
spacehulk-order-square_needed = { $word } needs a square, e.g. { $word } D7.
spacehulk-order-too_long = An order has at most { $count } characters.
spacehulk-order-too_many = An order has at most { $count } steps.
spacehulk-order-which_door = Which door: { $squares }?
spacehulk-order-which_model = Name the model first, e.g. M1 F F.
spacehulk-order-which_target = Which target: { $squares }?
spacehulk-order-word = I do not know the order word { $word }. Try F, B, L, R, move D7, fire, overwatch, door, pass or end.

# The price of one step of an order: action points and command points spent.
spacehulk-order-price = { $ap } AP, { $cp } CP

# Standing orders (/standing): their names and values.
spacehulk-standing-interrupt = Command point interrupts in the Genestealer turn
spacehulk-standing-interrupt-ask = ask me each time
spacehulk-standing-interrupt-overwatch_only = overwatch shots only (never interrupt)
spacehulk-standing-block = Blocks with a power sword or storm shield
spacehulk-standing-block-ask = ask me each time
spacehulk-standing-block-never = never block
spacehulk-standing-psychic = A Librarian's psychic points in defence
spacehulk-standing-psychic-ask = ask me each time
spacehulk-standing-psychic-never = never add psychic points
spacehulk-standing-detonate = Thunder hammer detonation
spacehulk-standing-detonate-ask = ask me each time
spacehulk-standing-detonate-never = never detonate
spacehulk-standing-ties = Solo play: ties the book leaves to you (which area gets a blip, which Genestealer moves first)
spacehulk-standing-ties-ask = ask me each time
spacehulk-standing-ties-random = let the dice choose
