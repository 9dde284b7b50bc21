# Picking by letter on a zoomed crop of the board (issue 29 item 4, issue 27 item 2): bot/panels.py and
# the games' crops (renderers/*/picking.py).

# The crop's alt text, first line: the piece it is centred on and how many targets are lettered.
pick-alt = Close-up around { $piece }: { $count ->
        [0] nothing to pick from here
        [one] { $count } target lettered
       *[other] { $count } targets lettered
    }.
# One line of the alt text and of the panel's key: a letter and what it picks.
pick-line = { $letter }: { $target }
# The panel's line above the lettered buttons.
pick-prompt = Tap a letter on the close-up to pick its target ({ $first }–{ $last } of { $count }):
# The button that shows the letter grid, and the one back to the menus.
pick-button-letters = Pick by letter ({ $count })
pick-button-menus = Menus
pick-button-more = More ▸
pick-button-before = ◂ Back
# On the ClickWars crop: the ruler.
pick-ruler_cm = { $length } cm · 1 tick = 1 cm
# On the Arkenstone crop's ruler.
pick-ruler_in = { $length } in · 1 tick = 1 in
# The alt text's first line when the close-up is of the squares or points offered, not of one piece.
pick-alt_area = Close-up of the places to pick from: { $count ->
        [0] nothing to pick
        [one] { $count } target lettered
       *[other] { $count } targets lettered
    }.
# On a close-up, the caption of the ring drawn round the acting piece.
pick-ring_move = Ring: how far it may move ({ $reach } cm)
pick-ring_range = Ring: its weapon's range ({ $reach } cm)
pick-ring_reach = Ring: its close-combat reach ({ $reach } cm)
pick-ring_move_in = Ring: how far it may move ({ $reach } in)
