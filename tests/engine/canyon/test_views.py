"""Views and redacted events: each seat learns exactly what the rules let it know (§1 Hidden)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.canyon import RULES, CanyonState
from engine.core import Dice, Event, apply, dice_for, new_game
from tests.engine.canyon.helpers import play


def positions(games: int = 60) -> Iterator[tuple[CanyonState, list[Event]]]:
    """States along random games, with the events that led to each."""
    for seed in range(games):
        state, events = new_game(RULES, None, seed)
        yield state, events
        dice = Dice(seed, 5)
        while RULES.outcome(state) is None:
            seat = next(iter(RULES.active_seats(state)))
            legal = RULES.legal_actions(state, seat)
            before = state.version
            state = play(state, seat, legal[dice.index(len(legal))])
            assert state.version > before
            yield state, []


def test_marine_sees_its_hand_and_exactly_the_step_it_navigates() -> None:
    """DC-NAV-1, DC-SET-5: the Marine's hand and the face-down card(s) of the step it looked at."""
    for state, _ in positions():
        v = RULES.view(state, "marine")
        assert v.hand == tuple(sorted(state.hands["marine"]))
        for i, step in enumerate(v.steps):
            for j, slot in enumerate(step.slots):
                status = state.slots[i][j]
                if status == "down":
                    expected = "previewed" if i == state.previewed else "hidden"
                    assert slot.status == expected
                    assert slot.value == (state.canyon[i][j] if expected == "previewed" else None)
                else:
                    assert (slot.status, slot.value) == (status, state.canyon[i][j])
        if state.previewed is not None:
            down = [
                c
                for c, st in zip(state.canyon[state.previewed], state.slots[state.previewed], strict=True)
                if st == "down"
            ]
            assert v.preview == tuple(down)


def test_ork_and_spectator_never_see_unrevealed_cards_or_the_marine_hand() -> None:
    """DC-NAV-1 (the Ork must not see them), §1: hands hidden; spectator gets public facts only."""
    for state, _ in positions():
        for seat in ("ork", None):
            v = RULES.view(state, seat)
            assert v.preview is None
            for i, step in enumerate(v.steps):
                for j, slot in enumerate(step.slots):
                    public = state.slots[i][j] != "down"
                    assert (slot.value is not None) == public
            assert v.hand == (tuple(sorted(state.hands["ork"])) if seat == "ork" else None)
            assert v.marine.hand_count == len(state.hands["marine"])
            assert v.ork.discard == tuple(state.discards["ork"]) and v.pursuit == state.pursuit


def test_redacted_events_hide_draws_previews_and_deck_orders() -> None:
    """DC-SET-2, DC-SET-5, DC-NAV-1, DC-CAN-3: what each seat is shown of the secret events."""
    checked: set[str] = set()
    for seed in range(80):
        state, log = new_game(RULES, None, seed)
        dice = Dice(seed, 3)
        while RULES.outcome(state) is None:
            seat = next(iter(RULES.active_seats(state)))
            legal = RULES.legal_actions(state, seat)
            events = RULES.decide(state, seat, legal[dice.index(len(legal))], dice_for(state))
            log += events
            state = apply(RULES, state, events)
        for event in log:
            for viewer in ("marine", "ork", None):
                red = event.redacted_for(viewer)
                assert red is not None and red.kind == event.kind
                match event.kind:
                    case "game_created":
                        assert (red.canyon_deck, red.damage_deck, red.marine_deck, red.ork_deck) == (
                            None,
                        ) * 4
                    case "cards_drawn":
                        assert (red.cards is not None) == (viewer == event.seat)
                        assert red.count == event.count
                    case "canyon_previewed":
                        assert (red.cards is not None) == (viewer == "marine")
                    case "flight_cards_recovered":
                        assert red.deck is None and red.recovered == event.recovered
                    case _:
                        assert red == event
                checked.add(event.kind)
    assert {"game_created", "cards_drawn", "canyon_previewed", "flight_cards_recovered"} <= checked


def test_the_opening_event_never_shows_the_seed() -> None:
    """§1 Hidden, DC-SET-2, DC-NAV-1: the seed replays every shuffle and roll, so no seat is shown it."""
    seed = 424242
    state, events = new_game(RULES, None, seed)
    # Why it matters: the seed alone rebuilds the face-down canyon and the removed cards.
    dealt = [c for row in state.canyon for c in row] + state.removed
    assert Dice(seed, 0).shuffled(range(1, 14)) == dealt
    for viewer in ("marine", "ork", None):
        red = events[0].redacted_for(viewer)
        assert red is not None and red.seed is None
        assert str(seed) not in red.model_dump_json()
        assert RULES.event_adapter.validate_json(RULES.event_adapter.dump_json(red)) == red


def test_resampling_covers_the_previewed_step_for_everyone_but_the_marine() -> None:
    """DC-NAV-1: the leak test is only as strong as `resample_hidden`: what the Ork may not know does move."""
    state, _ = new_game(RULES, None, 3)
    i = state.previewed
    assert i is not None
    looked_at = state.canyon[i]
    for seat in ("ork", None):
        moved = {tuple(RULES.resample_hidden(state, seat, Dice(3, k)).canyon[i]) for k in range(20)}
        assert len(moved) > 1
    for k in range(20):
        again = RULES.resample_hidden(state, "marine", Dice(3, k))
        assert again.canyon[i] == looked_at and again.hands["marine"] == state.hands["marine"]
        assert RULES.view(again, "marine") == RULES.view(state, "marine")


def test_the_previous_turn_s_dice_and_cards_stay_in_every_view_until_replaced() -> None:
    """Issue 15 item 7: the board keeps last turn's dice (DC-SHO-1, DC-CAN-3..5) and played cards
    (DC-MAN-1/2, public once played) in sight; the view carries them, rebuilt here from the events."""
    checked = 0
    for seed in range(30):
        state, events = new_game(RULES, None, seed)
        rolls: list[tuple[int, ...]] = []
        last_rolls: list[tuple[int, ...]] = []
        last_played: dict[str, int | None] = {"marine": None, "ork": None}
        dice = Dice(seed, 9)
        while True:
            for event in events:
                if event.kind == "turn_started":
                    last_rolls, rolls = rolls, []
                elif event.kind in ("shots_fired", "icarus_fired"):
                    rolls.append(tuple(event.dice))
                elif event.kind in ("flight_cards_recovered", "flight_cards_discarded"):
                    rolls.append((event.roll,))
                elif event.kind == "turn_ended":
                    last_played = {"marine": event.marine_card, "ork": event.ork_card}
            for seat in ("marine", "ork", None):
                v = RULES.view(state, seat)
                assert [r.dice for r in v.last_rolls] == last_rolls
                assert (v.marine.last_played, v.ork.last_played) == (
                    last_played["marine"],
                    last_played["ork"],
                )
            if state.phase in ("navigate", "marine_play") and state.turn >= 2:
                # The Marine decides with nothing of this turn on the table: last turn's shots show.
                v = RULES.view(state, None)
                assert not v.rolls and v.last_rolls and v.last_rolls[-1].kind == "shoot"
                assert v.marine.last_played is not None and v.ork.last_played is not None
                checked += 1
            if RULES.outcome(state) is not None:
                break
            seat = next(iter(RULES.active_seats(state)))
            legal = RULES.legal_actions(state, seat)
            events = RULES.decide(state, seat, legal[dice.index(len(legal))], dice_for(state))
            state = apply(RULES, state, events)
    assert checked > 50


def test_removed_cards_are_shown_once_the_game_is_over_and_never_before() -> None:
    """A18 ("the bot may reveal them after the game"), DC-SET-2, issue 15 item 7: the cards removed
    unseen are in no view during play and in every view, face up, once the game is over."""
    ended = 0
    for state, _ in positions(40):
        for seat in ("marine", "ork", None):
            v = RULES.view(state, seat)
            if state.phase == "over":
                assert v.removed_cards == tuple(sorted(state.removed + state.canyon_deck))
                assert len(v.removed_cards) == v.removed_unseen
            else:
                assert v.removed_cards is None
        ended += state.phase == "over"
    assert ended >= 40


def test_a_deep_copy_of_the_state_shares_no_container() -> None:
    """core.step and the tape copy the state on every move (CanyonState.__deepcopy__ is hand-written
    for speed): writing into any list or dict of the copy leaves the original as it was."""
    for state, _ in positions(3):
        if state.turn < 2 or not state.rolls:
            continue
        before = state.model_dump()
        copy = state.model_copy(deep=True)
        assert copy == state
        for value in copy.__dict__.values():
            if isinstance(value, list):
                value.append(99)
                for item in value:
                    if isinstance(item, list):
                        item.append(99)
            elif isinstance(value, dict):
                for key, item in list(value.items()):
                    if isinstance(item, list):
                        item.append(99)
                    else:
                        value[key] = 99
        assert state.model_dump() == before
        return
    raise AssertionError("no position with rolls")
