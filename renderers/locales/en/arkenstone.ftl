# arkenstone (en). Project Fluent syntax: see renderers/locales/README.md.

arkenstone-action-discover = Discover the Thief
arkenstone-action-higher = Higher
arkenstone-action-lower = Lower
arkenstone-action-move_direction = Move { $distance } in { $direction }
arkenstone-action-move_to = Move to ({ $x }, { $y })
arkenstone-action-move_toward = Move toward { $target }
arkenstone-action-move_toward_by = Move { $distance } in toward { $target }
arkenstone-action-moved_less = { $label }: as far as { $figure } could go (you asked for { $asked } in; the reach is { $limit } in)
arkenstone-action-pass = Pass
arkenstone-action-place_card = Lay the card at { $where }
arkenstone-action-place_figure = Set your figure at { $where }
arkenstone-action-place_rest = Place my remaining cards at random
arkenstone-action-recover = Recover the Arkenstone
arkenstone-action-search = Search { $card }
arkenstone-action-trick_no = No, leave the rival where he is
arkenstone-action-trick_yes = Yes, move the rival onto the club
arkenstone-action-turn_up = Turn up { $card }
arkenstone-action-unknown = Unknown action

arkenstone-bad_distance = Give a distance greater than 0 inches.

arkenstone-bilbo_only = Only Bilbo can do that.

arkenstone-card_off_table = A card at ({ $x }, { $y }) would not lie fully on the table.

arkenstone-cell_taken = Cell { $cell } is not empty.

arkenstone-coords = ({ $x }, { $y })

arkenstone-dir-E = east
arkenstone-dir-N = north
arkenstone-dir-NE = north-east
arkenstone-dir-NW = north-west
arkenstone-dir-S = south
arkenstone-dir-SE = south-east
arkenstone-dir-SW = south-west
arkenstone-dir-W = west

arkenstone-discover_out_of_reach = Bilbo is { $distance } inches from Smaug; Smaug can discover him only within 1 inch.

arkenstone-event-bilbo-A = Master Thief! Bilbo takes an action, then both reshuffle and he plays on.
arkenstone-event-bilbo-J = Lucky! Bilbo turns up 1 face-down card.
arkenstone-event-bilbo-K = Barrel-rider! Bilbo turns up 3 face-down cards.
arkenstone-event-bilbo-Q = Ring-winner! Bilbo turns up 2 face-down cards.
arkenstone-event-smaug-A = “There you are, thief in the shadows!” Smaug takes an action, then both reshuffle and he plays on.
arkenstone-event-smaug-J = “I can smell you!” Smaug moves onto J♣ and discovers Bilbo if he is within 3 inches.
arkenstone-event-smaug-K = “I feel your movement!” Smaug moves onto K♣ and discovers Bilbo if he is within 9 inches.
arkenstone-event-smaug-Q = “I hear your breath!” Smaug moves onto Q♣ and discovers Bilbo if he is within 6 inches.

arkenstone-guess-higher = higher
arkenstone-guess-lower = lower

arkenstone-img-contest = Discover the Thief
arkenstone-img-contest_lost = Bilbo escapes
arkenstone-img-contest_won = Smaug wins
arkenstone-img-guess = Guess
arkenstone-img-inches = in
arkenstone-img-last_turned = Last turned
arkenstone-img-legend_move = move reach (Bilbo 4 in, Smaug 6 in)
arkenstone-img-legend_path = last move (dashed: set onto a card)
arkenstone-img-legend_search = Bilbo's 1 in search reach
arkenstone-img-legend_senses = Smaug's reach: 1 in discover, 3 / 6 / 9 in senses
arkenstone-img-log = Recent
arkenstone-img-next_location = Next location card
arkenstone-img-no_guess = not yet
arkenstone-img-reference = Reference
arkenstone-img-setup = Setting up
arkenstone-img-to_place = Still to place: { $treasure } treasure, { $location } location
arkenstone-img-treasure = Treasure: { $down } face down · { $up } face up · { $gone } removed
arkenstone-img-turn = Turn { $turn }
arkenstone-img-winner = { $figure } wins!

arkenstone-move_too_far = That point is { $distance } inches away; { $figure } moves at most { $limit } inches.

arkenstone-name = Hunt for the Arkenstone

arkenstone-no_closer = { $figure } cannot get any closer to { $target }.

arkenstone-no_move = That move would leave { $figure } where he stands; to stay put, pass.

arkenstone-no_room = { $figure } cannot move { $direction } from here.

arkenstone-not_a_cell = In the grid draft a card goes in the centre of a cell; ({ $x }, { $y }) is not one.

arkenstone-not_face_down = { $card } is not a face-down treasure card.

arkenstone-now-action = Take an action or pass first.
arkenstone-now-free_action = Take your free action, pass, or guess higher or lower first.
arkenstone-now-guess = Guess higher or lower first.
arkenstone-now-place_card = Place the next card first.
arkenstone-now-place_figure = Place your figure first.
arkenstone-now-trick = Answer the trick first.
arkenstone-now-turn_up = Choose a face-down card to turn up first.

arkenstone-off_table = { $figure }'s base would leave the table at ({ $x }, { $y }).

arkenstone-outcome-discovered = Smaug discovered the thief
arkenstone-outcome-recovered = Bilbo recovered the Arkenstone

arkenstone-overlap = { $figure } would end overlapping { $other }'s base.

arkenstone-phase-action = { $figure } takes an action
arkenstone-phase-free_action = { $figure } may take a free action
arkenstone-phase-guess = { $figure } must guess higher or lower
arkenstone-phase-over = The game is over
arkenstone-phase-place_bilbo = { $figure }'s player sets Bilbo on the table
arkenstone-phase-place_location = { $figure }'s player lays a location card face up
arkenstone-phase-place_smaug = { $figure }'s player sets Smaug on the table
arkenstone-phase-place_treasure = { $figure }'s player lays a treasure card face down
arkenstone-phase-revealing = The cards are turned
arkenstone-phase-setup = Setting up
arkenstone-phase-starting = { $figure } starts a turn
arkenstone-phase-trick = { $figure } decides on the trick
arkenstone-phase-turn_over = The turn is over
arkenstone-phase-turn_up = { $figure } turns up treasure cards

arkenstone-prompt-action = { $figure }: take one action or pass.
arkenstone-prompt-action_ace = { $figure }: take one action or pass; then both decks are reshuffled and play goes on.
arkenstone-prompt-free_action = Bilbo's free action: move, search or recover. Or skip it: pass, or guess now whether your next card is higher or lower than { $card }.
arkenstone-prompt-guess = Will your next card be higher or lower than { $card }?
arkenstone-prompt-over = The game is over.
arkenstone-prompt-place_figure = { $figure }: choose where to set your figure (a cell such as D4, or exact coordinates in inches).
arkenstone-prompt-place_location = Lay { $card } face up in an empty cell.
arkenstone-prompt-place_treasure = Lay treasure card T{ $n } of 13 face down in an empty cell.
arkenstone-prompt-trick = Both cards show { $value }: move { $figure } onto { $card }?
arkenstone-prompt-turn_up = Choose a face-down treasure card to turn up ({ $n } to go).

arkenstone-rules =
    Bilbo (hearts) hunts for the Arkenstone, the A♦ hidden among 13 face-down treasure cards; Smaug (spades) hunts for Bilbo. 13 clubs lie face up as locations. Bilbo moves first.
    • **Turn**: both shuffle their deck; the active player turns a reference card (Bilbo may then take a free action), guesses higher or lower, and both turn their next card.
    • **Wrong guess**: the turn ends. **Right with 2–10**: one action, and the card becomes the new reference. If the other player's card has the same value, they may first move the active figure onto the club of that value.
    • **Right with A/J/Q/K**: a special event, then the turn ends (an Ace instead gives an action, a reshuffle and play on). Bilbo's J/Q/K turn up 1/2/3 face-down cards anywhere; Smaug's J/Q/K put him on that club and he discovers Bilbo if he is within 3/6/9 inches.
    • **Bilbo's actions**: move up to 4 in; search a face-down card within 1 in (removed unless it is the A♦, which stays face up); recover the face-up Arkenstone within 1 in to win.
    • **Smaug's actions**: move up to 6 in; discover Bilbo within 1 in: both reshuffle and turn a card; Smaug higher wins, otherwise Bilbo goes to the club of his card and Smaug's turn ends.

arkenstone-say-action_earned = { $figure } earns an action.
arkenstone-say-cards_dealt = The bot deals the 26 cards to random empty cells: T1–T13 face down, the 13 clubs face up.
arkenstone-say-contest_lost = Discover the Thief: Smaug { $smaug } against Bilbo { $bilbo }. Bilbo outwits him.
arkenstone-say-contest_won = Discover the Thief: Smaug { $smaug } against Bilbo { $bilbo }. Smaug finds him!
arkenstone-say-figure_placed = { $figure } is set at { $where }.
arkenstone-say-guessed = { $figure } guesses { $guess }.
arkenstone-say-location_placed = { $figure }'s player lays { $card } face up at { $where }.
arkenstone-say-moved = { $figure } moves { $distance } { $distance ->
        [one] inch
       *[other] inches
    } to { $where }.
arkenstone-say-next_location = { $figure }'s player must lay { $card } face up.
arkenstone-say-passed = { $figure } passes.
arkenstone-say-reference = { $figure } turns { $card } as the reference.
arkenstone-say-reference_free = { $figure } turns { $card } as the reference and may take a free action.
arkenstone-say-reshuffled = Both decks are shuffled again.
arkenstone-say-searched = Bilbo searches { $card }: { $face }, removed from the table.
arkenstone-say-searched_stone = Bilbo searches { $card }: { $face }, the Arkenstone! It stays face up where it is.
arkenstone-say-set_contest = { $figure } slips away onto { $card }.
arkenstone-say-set_event = { $figure } swoops onto { $card }.
arkenstone-say-set_trick = { $figure } is tricked onto { $card }.
arkenstone-say-started = A new hunt: Smaug's player sets Smaug on the table first.
arkenstone-say-started_random = The table is set: the figures and the 26 cards were placed at random. Bilbo begins.
arkenstone-say-rest_at_random = { $figure }'s player leaves the rest of their cards to chance: each goes to a random free cell.
arkenstone-say-treasure_placed = { $figure }'s player lays { $card } face down at { $where }.
arkenstone-say-treasure_turned = { $card } is turned face up: { $face }.
arkenstone-say-trick_declined = { $figure } leaves the rival where he is.
arkenstone-say-trick_offered = Both cards show { $value }: { $rival } has been tricked! { $figure } may move { $rival } onto { $card }.
arkenstone-say-turn_ended_event = { $figure }'s turn ends after the event.
arkenstone-say-turn_ended_failed_discover = { $figure }'s turn ends.
arkenstone-say-turn_ended_wrong_guess = { $figure }'s turn ends.
arkenstone-say-turn_started = Turn { $turn }: { $figure }. Both decks are shuffled.
arkenstone-say-turn_ups_owed = Bilbo chooses { $n ->
        [one] a face-down card
       *[other] { $n } face-down cards
    } to turn up.
arkenstone-say-turned_right = { $figure } turns { $card }: right! { $other } turns { $other_card }.
arkenstone-say-turned_stone = { $card } is turned face up: { $face }, the Arkenstone!
arkenstone-say-turned_wrong = { $figure } turns { $card }: wrong. { $other } turns { $other_card }.
arkenstone-say-recovered = Bilbo takes the Arkenstone!

arkenstone-search_out_of_reach = { $card } is { $distance } inches from Bilbo; he can search only within 1 inch.

arkenstone-seat-bilbo = Bilbo
arkenstone-seat-smaug = Smaug

arkenstone-smaug_only = Only Smaug can do that.

arkenstone-status-face_down = Treasure cards face down: { $n } of { $total }
arkenstone-status-gap = Bilbo and Smaug are { $distance } { $distance ->
        [one] inch
       *[other] inches
    } apart.
arkenstone-status-reference = Reference **{ $card }** · guess: { $guess }
arkenstone-status-setup = **Setting up** · { $line }
arkenstone-status-stone_seen = the Arkenstone lies face up at { $card }!
arkenstone-status-turn = **Turn { $turn }: { $figure }**
arkenstone-status-won = **{ $figure } wins**: { $reason }.

arkenstone-stone_hidden = The Arkenstone has not been turned face up yet.

arkenstone-stone_out_of_reach = The Arkenstone is { $distance } inches from Bilbo; he must be within 1 inch.

arkenstone-ui-bad_choice = That choice is not on offer any more.
arkenstone-ui-cells_few = Free { $count ->
        [one] cell
       *[other] cells
    }: { $cells }
arkenstone-ui-cells_row = { $count } free { $count ->
        [one] cell
       *[other] cells
    } in row { $row }
arkenstone-ui-cells_rows = { $count } free cells in rows { $first }–{ $last }
arkenstone-ui-deeds = Search, recover or discover…
arkenstone-ui-direction = Move in a compass direction…
arkenstone-ui-field-distance = Inches (empty: as far as allowed)
arkenstone-ui-field-distance_hint = e.g. 2.5 (at most { $limit })
arkenstone-ui-field-target = Toward (a card, a figure or a direction)
arkenstone-ui-field-target_hint = T5, 7C, Smaug, Bilbo, or N, NE, E, SE, S, SW, W, NW
arkenstone-ui-field-x = x in inches, or a cell such as D4
arkenstone-ui-field-x_hint = From the left edge, 0 to { $size }
arkenstone-ui-field-x_hint_here = From the left edge, 0 to { $size }; you are at x = { $value }
arkenstone-ui-field-y = y in inches (empty with a cell)
arkenstone-ui-field-y_hint = From the bottom edge, 0 to { $size }
arkenstone-ui-field-y_hint_here = From the bottom edge, 0 to { $size }; you are at y = { $value }
arkenstone-ui-move_by = Move a set distance…
arkenstone-ui-move_by_title = Move { $figure } a set distance
arkenstone-ui-move_to = Move to coordinates…
arkenstone-ui-move_to_title = Move { $figure } to a point
arkenstone-ui-need_both = Give both coordinates (x and y), or a cell such as D4.
arkenstone-ui-place_at = Exact coordinates…
arkenstone-ui-place_title = Place at exact coordinates
arkenstone-ui-toward = Move toward a card or figure (up to { $limit } in)…
arkenstone-ui-toward_option = { $label } · { $distance } in away

arkenstone-unknown_target = There is nothing called { $target } to move toward.
arkenstone-guide-actions = { $seat ->
        [bilbo] Move up to { $move } inches; search a face-down treasure card within { $reach } inch (it is removed unless it is the Arkenstone, which stays face up); or recover the face-up Arkenstone within { $reach } inch to win.
       *[smaug] Move up to { $move } inches; or discover Bilbo within { $reach } inch: you both turn a card, a higher one for you wins the game, otherwise Bilbo slips away onto a club and your turn ends.
    }
arkenstone-guide-guess = Right: you earn an action (with an A, J, Q or K, a special event instead). Wrong: your turn ends.
