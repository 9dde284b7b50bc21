"""Hidden information: views, event redaction and resample_hidden (SHB-5.1, SHB-10.1, issue item 7)."""

from __future__ import annotations

from engine.core import Dice, new_game, step
from engine.spacehulk import RULES
from engine.spacehulk.actions import EndTurn
from engine.spacehulk.events import (
    BagRefilled,
    BlipPlaced,
    CommandPointsDiscarded,
    CommandPointsDrawn,
    GameStarted,
)

from .helpers import B, M, scenario


def test_views_hide_each_sides_secrets() -> None:
    """SHB-5.1 / SHB-10.1: the Marine never sees blip values or the bag; the Stealer never sees the CP."""
    state, ids = scenario("a.#.b", a=M("E"), b=B(2), cp=4, lurking={"1": []})
    marine, stealer, spectator = (RULES.view(state, s) for s in ("marine", "genestealer", None))
    assert marine.cp == 4 and marine.bag is None and all(p.value is None for p in marine.pieces)
    assert stealer.cp is None and stealer.cp_drawn is None and stealer.bag == {1: 8, 2: 4, 3: 9}
    assert [p.value for p in stealer.pieces if p.kind == "blip"] == [2]
    assert spectator.cp is None and spectator.bag is None and all(p.value is None for p in spectator.pieces)
    assert marine.bag_size == stealer.bag_size == 21  # how many counters are left is public


def test_events_are_redacted() -> None:
    drawn = CommandPointsDrawn(cp=5)
    assert drawn.redacted_for("marine").cp == 5
    assert drawn.redacted_for("genestealer").cp is None and drawn.redacted_for(None).cp is None
    assert CommandPointsDiscarded(cp=2).redacted_for("genestealer").cp is None
    placed = BlipPlaced(model="b5", area="1", value=3, lurk_until=0)
    assert placed.redacted_for("genestealer").value == 3
    assert placed.redacted_for("marine").value is None and placed.redacted_for(None).value is None
    assert BagRefilled(counts={1: 2}).redacted_for("marine").counts is None


def test_opening_event_redacts_the_bag() -> None:
    _, events = new_game(RULES, {}, 1)
    started = events[0]
    assert isinstance(started, GameStarted)
    assert started.redacted_for("marine").state.bag == {} and started.redacted_for("genestealer").state.bag


def test_resample_hidden_changes_only_what_the_seat_may_not_know() -> None:
    """The no-leak contract: resampling the other side's secrets leaves this seat's view unchanged."""
    state, _ = new_game(RULES, {}, 11)
    while state.phase != "stealer" or not state.blips:
        seat = sorted(RULES.active_seats(state))[0]
        legal = RULES.legal_actions(state, seat)
        action = EndTurn() if EndTurn() in legal else legal[0]
        state, _ = step(RULES, state, seat, action)
    values = set()
    for n in range(30):
        other = RULES.resample_hidden(state, "marine", Dice(3, n))
        assert RULES.view(other, "marine") == RULES.view(state, "marine")
        assert sum(other.bag.values()) == sum(state.bag.values())
        values.add(tuple(sorted(other.blips.items())))
        other = RULES.resample_hidden(state, "genestealer", Dice(3, n))
        assert RULES.view(other, "genestealer") == RULES.view(state, "genestealer")
        assert 1 <= other.cp_drawn <= 6 and other.cp == other.cp_drawn - other.cp_spent
    assert len(values) > 1  # blip values really are resampled


def test_opening_event_hides_the_seed() -> None:
    """SHB-5.1 / SHB-10.1: the seed replays every roll and draw (the CP chits, the blip values), so no seat
    is shown it: the redacted opening state carries a blank seed."""
    _, events = new_game(RULES, {}, 987_654_321)
    started = events[0]
    assert isinstance(started, GameStarted) and started.state.seed == 987_654_321
    for seat in ("marine", "genestealer", None):
        assert started.redacted_for(seat).state.seed == 0
