# canyon (en). Project Fluent syntax: see renderers/locales/README.md.

canyon-action-damage = Draw a damage card
canyon-action-damage_multiplied = Draw a damage card (next number ×{ $multiplier })
canyon-action-discard = Discard a random hand card
canyon-action-discard_n = Discard a random hand card ({ $hand } in hand)
canyon-action-play = Play { $card }
canyon-action-route = Fly route { $route }
canyon-action-route_card = Fly route { $route }: { $card }
canyon-action-take_all = Take all remaining hits as damage
canyon-action-unknown = Unknown move
canyon-action-play_cost = Play { $card } · { $hits ->
        [0] no hits
        [one] 1 hit
       *[other] { $hits } hits
    }

canyon-bad_route = Choose route A or route B.

canyon-effect-hazard = hazard { $value }
canyon-effect-icarus = Icarus battery
canyon-effect-wide_area = wide area
canyon-effect-xenos = xenos flyers

canyon-end-dakkajet_destroyed = the Dakkajet was destroyed
canyon-end-escaped = the Stormtalon escaped the canyon
canyon-end-marine_crashed = the Marine had no card to play and crashed into the canyon wall
canyon-end-ork_crashed = the Ork had no card to play and crashed into the canyon wall
canyon-end-stormtalon_destroyed = the Stormtalon was shot down

canyon-hand_empty = Your hand is empty, so you cannot discard: draw a damage card instead.


canyon-img-damage_cards = Damage cards
canyon-img-damage_deck = Damage deck: { $count }
canyon-img-deck = Deck
canyon-img-destroyed = DESTROYED
canyon-img-discard = Discard pile
canyon-img-distance = { $distance ->
        [one] 1 inch behind
       *[other] { $distance } inches behind
    }
canyon-img-entry = ENTRY
canyon-img-exit = EXIT
canyon-img-hand = Hand
canyon-img-legend-discarded = route not taken
canyon-img-legend-down = face down
canyon-img-legend-next = next step
canyon-img-marine_played = The Marine played
canyon-img-next_damage = next ×{ $multiplier }
canyon-img-none = —
canyon-img-pending_hits = { $ship }: { $hits } to resolve, from { $source }
canyon-img-pilot-marine = Marine
canyon-img-pilot-ork = Ork
canyon-img-played = Played this turn
canyon-img-played_last = Played last turn
canyon-img-preview = Next canyon card (only you see it)
canyon-img-preview_fork = Fork ahead (only you see it)
canyon-img-pursuit = Pursuit die
canyon-img-removed = { $count ->
        [0] no canyon card removed
        [one] { $count } canyon card removed unseen
       *[other] { $count } canyon cards removed unseen
    }
canyon-img-removed_shown = Removed unseen, shown now the game is over:
canyon-img-roll-icarus = Icarus
canyon-img-roll-shoot = Shoot
canyon-img-roll-wide_area = Wide area
canyon-img-roll-xenos = Xenos
canyon-img-rolls = Dice this turn
canyon-img-rolls_last = Dice last turn
canyon-img-route = Route { $route }
canyon-img-ship-marine = STORMTALON
canyon-img-ship-ork = DAKKAJET
canyon-img-title = CANYON OF DEATH
canyon-img-turn = Turn { $turn }
canyon-img-turn_tag = turn { $turn }
canyon-img-winner = { $seat ->
        [marine] The Marine
       *[ork] The Ork
    } wins: { $reason }
canyon-img-your_hand = Your hand

canyon-n-absorbed = { $ship } absorbs a hit: the random hand card { $card } is discarded.
canyon-n-advanced = The Stormtalon flies on to step { $step }.
canyon-n-cards_drawn = { $pilot } draws { $count ->
        [one] a card
       *[other] { $count } cards
    }.
canyon-n-cards_drawn_own = You draw { $cards }.
canyon-n-created = Canyon of Death: the Stormtalon dives into a canyon of { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    } ({ $forks ->
        [0] no forks
        [one] { $forks } fork
       *[other] { $forks } forks
    }) with the Dakkajet on its tail.
canyon-n-damage = { $ship } draws damage card { $card }: +{ $damage }, total { $total }/20.
canyon-n-damage_face = { $ship } draws damage card { $card }: the next numbered damage card counts ×{ $multiplier }.
canyon-n-damage_multiplied = { $ship } draws damage card { $card } ×{ $multiplier }: +{ $damage }, total { $total }/20.
canyon-n-dealt = { $cards ->
        [one] { $cards } canyon card is dealt
       *[other] { $cards } canyon cards are dealt
    } face down; { $removed ->
        [0] none is left over
        [one] { $removed } is removed unseen
       *[other] { $removed } are removed unseen
    }.
canyon-n-destroyed = { $ship } is destroyed with { $total } damage!
canyon-n-hazard = Hazard { $value }: Stormtalon { $marine } → { $marine_hits }; Dakkajet { $ork } → { $ork_hits }.
canyon-n-hits_received = { $ship } takes { $hits } from { $source }.
canyon-n-icarus = The Icarus battery fires at the Dakkajet: { $dice } → { $hits }.
canyon-n-out = The Stormtalon bursts out of the canyon!
canyon-n-played = { $pilot } plays { $card }.
canyon-n-previewed = The Marine looks at the canyon card at step { $step }.
canyon-n-previewed_fork = The Marine looks at both cards of the fork at step { $step }.
canyon-n-previewed_fork_own = You look ahead at the fork at step { $step }: route A { $a }, route B { $b }.
canyon-n-previewed_own = You look ahead: step { $step } is { $card }.
canyon-n-pursuit_dakkajet_hit = Shaken by the hits, the Dakkajet drops back: pursuit die { $before } → { $after }.
canyon-n-pursuit_dakkajet_hit_clamped = Shaken by the hits, the Dakkajet drops back, but the pursuit die stays at { $after }.
canyon-n-pursuit_equal = Equal cards: the pursuit die stays at { $after }.
canyon-n-pursuit_ork_higher = The Dakkajet closes in: pursuit die { $before } → { $after }.
canyon-n-pursuit_ork_higher_clamped = The Dakkajet cannot get any closer: pursuit die stays at { $after }.
canyon-n-pursuit_ork_lower = The Dakkajet falls behind: pursuit die { $before } → { $after }.
canyon-n-pursuit_ork_lower_clamped = The Dakkajet cannot fall further behind: pursuit die stays at { $after }.
canyon-n-recovered = Wide area: { $who } rolls { $roll } and shuffles { $cards } back into the Flight deck.
canyon-n-recovered_none = Wide area: { $who } rolls { $roll }, but has no discards to recover; the deck is reshuffled.
canyon-n-revealed = Canyon card at step { $step } revealed: { $card } ({ $effect }).
canyon-n-route = The Marine flies route { $route }; the other route, { $card }, is revealed and discarded.
canyon-n-shots = The Dakkajet opens fire: { $dice } against { $pursuit }+ → { $hits }.
canyon-n-turn = — Turn { $turn } —
canyon-n-xenos = Xenos flyers: { $who } rolls { $roll } and discards { $cards } from the top of the Flight deck.
canyon-n-xenos_none = Xenos flyers: { $who } rolls { $roll }, but the Flight deck is already empty.

canyon-name = Canyon of Death

canyon-no_fork = There is no fork ahead to choose a route at right now.

canyon-no_hits = You have no hits to resolve right now.

canyon-not_in_hand = You do not have the { $card } in your hand.

canyon-now-hits = First resolve the hits on your ship: { $hits } left.
canyon-now-route = Choose your route at the fork first: route A or route B.

canyon-pilot-marine = the Marine
canyon-pilot-ork = the Ork

canyon-pilot_cap-marine = The Marine
canyon-pilot_cap-ork = The Ork

canyon-private-empty = empty
canyon-private-fork = Fork ahead: route A { $a }, route B { $b }
canyon-private-hand = Your hand: { $cards }
canyon-private-next = Next canyon card: { $card } ({ $effect })

canyon-prompt-generic = Choose your move.
canyon-prompt-hit_one = { $hits } to take from { $source }: discard a random card from your hand (you hold { $hand ->
        [one] 1 card
       *[other] { $hand } cards
    }) or draw a damage card? Your damage so far: { $damage }/20.
canyon-prompt-hits_empty = { $hits } to take from { $source }. Your hand is empty, so each one draws a damage card. Your damage so far: { $damage }/20.
canyon-prompt-hits_many = { $hits } to take from { $source }, one at a time. For this one: discard a random card from your hand (you hold { $hand ->
        [one] 1 card
       *[other] { $hand } cards
    }) or draw a damage card? Your damage so far: { $damage }/20.
canyon-prompt-multiplier = Your next numbered damage card counts ×{ $multiplier }.
canyon-prompt-ork_play = The Marine played { $card }. A higher card sets the pursuit die to { $closer } (your 3 dice hit on { $closer } or more), a lower one to { $farther }, an equal one keeps it at { $pursuit }. Then the canyon card, hidden from you, gives each ship one hit per point its card is above it. Play a card from your hand.
canyon-prompt-play = Play a card from your hand.
canyon-prompt-route = A fork: route A is { $a }, route B is { $b }. Which route do you fly? The other card is revealed and discarded.
canyon-prompt-marine_play_hazard = The next canyon card is { $next } (hazard { $value }): every point your card is above { $value } costs you one hit. Then the Ork plays, having seen your card: higher than yours brings the Dakkajet closer and its shots hit more easily; lower lets it fall back. Play a card from your hand.
canyon-prompt-marine_play_effect = The next canyon card is { $next } ({ $effect }): it causes no hazard hits, whatever you play. Then the Ork plays, having seen your card: higher than yours brings the Dakkajet closer and its shots hit more easily; lower lets it fall back. Play a card from your hand.

canyon-rules =
    The Marine's damaged Stormtalon flees through a canyon of face-down spades; the Ork's Dakkajet chases and shoots.
    • **Navigate**: the Marine secretly looks at the next canyon card. At a fork (two cards) it picks a route; the other card is revealed and discarded.
    • **Maneuver**: the Marine plays a Flight card face up, then the Ork plays one having seen it. Ork higher: pursuit die −1; Ork lower: +1; equal: no change (range 1–6).
    • **Canyon card**: a number is a hazard: each ship takes one hit per point its own card is above it. Jack: each player rolls a die and shuffles that many random discards back into the deck. Queen: the Stormtalon fires 4 dice at the Dakkajet, each 5+ hits. King: each player rolls a die and discards that many cards from the top of the deck.
    • **Advance and Shoot**: the Stormtalon moves on; the Dakkajet rolls 3 dice, each at or above the pursuit die is a hit.
    • **Hits**: for each hit the owner discards a random hand card or draws a damage card (hearts; J/Q/K double the next number, compounding). 20 damage destroys a ship. Each time the Dakkajet is hit, the pursuit die goes up 1.
    • **End of turn**: played cards are discarded, hands refill to 3.
    • The Marine wins by leaving the canyon alive, destroying the Dakkajet or if the Ork cannot play; the Ork wins by destroying the Stormtalon or if the Marine cannot play.

canyon-seat-marine = Marine (Stormtalon)
canyon-seat-ork = Ork (Dakkajet)

canyon-ship_cap-marine = The Stormtalon
canyon-ship_cap-ork = The Dakkajet

canyon-source-hazard = the canyon walls
canyon-source-icarus = the Icarus battery
canyon-source-shoot = the Dakkajet's guns

canyon-status-head = Turn { $turn } · { $where } · pursuit die { $pursuit }
canyon-status-hits = { $pilot } is resolving { $hits } from { $source }.
canyon-status-marine_play = The Marine is choosing a card to play.
canyon-status-navigate = The Marine is choosing a route at the fork.
canyon-status-ork_play = The Ork is choosing a card to play.
canyon-status-out = Stormtalon out of the canyon
canyon-status-over = Game over: { $seat ->
        [marine] the Marine
       *[ork] the Ork
    } wins.
canyon-status-pending = {" "}(next damage ×{ $multiplier })
canyon-status-played = Played this turn: { $cards }
canyon-status-setup = Setting up the canyon.
canyon-status-ship = { $ship }: { $damage }/20 damage{ $pending } · hand { $hand } · deck { $deck }
canyon-status-step = Stormtalon before step { $step } of { $steps }

canyon-unknown_action = That is not a move in Canyon of Death.
canyon-hits = { $n ->
        [0] no hits
        [one] { $n } hit
       *[other] { $n } hits
    }
canyon-option_error-layout_empty = the canyon needs at least one step
canyon-option_error-layout_too_many = the canyon may hold at most { $max } cards, not { $cards }
canyon-option_error-layout_width = each canyon step holds 1 card or a fork of 2 cards
