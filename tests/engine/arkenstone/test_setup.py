"""Setup: figures, the 13 face-down diamonds, the 13 face-up clubs, layouts (AK-SET-*)."""

from __future__ import annotations

import pytest

from engine.arkenstone import RULES, ArkenstoneOptions, PlaceCard, PlaceFigure
from engine.arkenstone.board import (
    CELL_BY_NAME,
    CELLS,
    TABLE_IN,
    Location,
    card_rect,
    cell_at,
    cell_is_free,
    figures_gap,
)
from engine.arkenstone.events import GameStarted, TurnStarted
from engine.core import Rejected, fold, new_game, step
from engine.core.geometry import circle_rect_gap, rect_on_table
from tests.engine.helpers import kinds, of_kind


def draft(layout: str = "draft", seed: int = 3):
    state, events = new_game(RULES, {"layout": layout}, seed)
    return state, events


def place_all(state, cells: list[str]):
    """Place the next len(cells) cards, whoever must place them, at those cells."""
    log = []
    for name in cells:
        seat = next(iter(RULES.active_seats(state)))
        at = CELL_BY_NAME[name]
        state, events = step(RULES, state, seat, PlaceCard(x=at.x, y=at.y))
        log.append((seat, events))
    return state, log


def with_figures(layout: str = "draft"):
    state, _ = draft(layout)
    state, _ = step(RULES, state, "smaug", PlaceFigure(x=23.625, y=23.625))  # D4
    state, _ = step(RULES, state, "bilbo", PlaceFigure(x=3.375, y=3.375))  # A1
    return state


FREE_CELLS = [n for n, _ in CELLS if n not in ("D4", "A1")]


def test_smaug_is_placed_first_fully_on_the_table_then_bilbo_not_overlapping() -> None:
    """AK-SET-1."""
    state, events = draft()
    assert RULES.active_seats(state) == {"smaug"} and state.phase == "place_smaug"
    with pytest.raises(Rejected) as not_yet:
        step(RULES, state, "bilbo", PlaceFigure(x=3, y=3))
    assert not_yet.value.message_id in ("core.not_your_turn", "arkenstone.not_your_turn")
    with pytest.raises(Rejected) as edge:
        step(RULES, state, "smaug", PlaceFigure(x=0.9, y=20))  # 1-inch radius: base off the edge
    assert edge.value.message_id == "arkenstone.off_table"
    state, _ = step(RULES, state, "smaug", PlaceFigure(x=1.0, y=20))  # touching the edge is fine
    assert RULES.active_seats(state) == {"bilbo"}
    with pytest.raises(Rejected) as overlap:
        step(RULES, state, "bilbo", PlaceFigure(x=2.4, y=20))  # centres 1.4 apart < 0.5 + 1.0
    assert overlap.value.message_id == "arkenstone.overlap"
    state, _ = step(RULES, state, "bilbo", PlaceFigure(x=2.5, y=20))  # bases touch: allowed
    assert figures_gap(state) == pytest.approx(0.0)
    assert state.phase == "place_treasure"


def test_diamonds_are_shuffled_and_placed_face_down_alternating_smaug_first() -> None:
    """AK-SET-2 (A11): nobody sees a diamond's face; Smaug's player places 7, Bilbo's 6."""
    state, opening = draft()
    started = opening[0]
    assert sorted(started.treasure_ranks) == list(range(1, 14))
    for seat in ("bilbo", "smaug", None):
        assert started.redacted_for(seat).treasure_ranks == ()
    state = with_figures()
    state, log = place_all(state, FREE_CELLS[:13])
    placers = [seat for seat, _ in log]
    assert placers == ["smaug", "bilbo"] * 6 + ["smaug"]
    for _, events in log:
        placed = of_kind(events, "treasure_placed")[0]
        assert "rank" not in placed.model_dump()
    assert [t.label for t in state.treasures] == list(range(1, 14))
    assert sorted(t.rank for t in state.treasures) == list(range(1, 14))
    for seat in ("bilbo", "smaug", None):
        view = RULES.view(state, seat)
        assert all(t.rank is None and not t.face_up for t in view.treasures)


def test_clubs_are_shown_to_the_placer_and_placed_face_up_alternating_smaug_first() -> None:
    """AK-SET-3 (A11)."""
    state = with_figures()
    state, log = place_all(state, FREE_CELLS[:13])
    shown = state.next_location
    assert state.phase == "place_location" and RULES.active_seats(state) == {"smaug"}
    assert RULES.view(state, "smaug").next_location == shown is not None  # seen before choosing
    state, log = place_all(state, FREE_CELLS[13:26])
    assert [seat for seat, _ in log] == ["smaug", "bilbo"] * 6 + ["smaug"]
    assert log[0][1][0].rank == shown
    assert sorted(loc.rank for loc in state.locations) == list(range(1, 14))
    assert {loc.rank for loc in RULES.view(state, None).locations} == set(range(1, 14))


def test_cards_lie_fully_on_the_table_and_grid_draft_uses_empty_cells() -> None:
    """AK-SET-4 (§8.1 grid draft): one card per empty cell; the free option allows overlaps."""
    state = with_figures()
    with pytest.raises(Rejected) as off_cell:
        step(RULES, state, "smaug", PlaceCard(x=10, y=10))
    assert off_cell.value.message_id == "arkenstone.not_a_cell"
    with pytest.raises(Rejected) as under_figure:
        d4 = CELL_BY_NAME["D4"]
        step(RULES, state, "smaug", PlaceCard(x=d4.x, y=d4.y))
    assert under_figure.value.message_id == "arkenstone.cell_taken"
    state, _ = place_all(state, ["B2"])
    with pytest.raises(Rejected) as taken:
        b2 = CELL_BY_NAME["B2"]
        step(RULES, state, "bilbo", PlaceCard(x=b2.x, y=b2.y))
    assert taken.value.message_id == "arkenstone.cell_taken"
    assert all(PlaceCard(x=b2.x, y=b2.y) != a for a in RULES.legal_actions(state, "bilbo"))

    free = with_figures("free")
    with pytest.raises(Rejected) as off_table:
        step(RULES, free, "smaug", PlaceCard(x=TABLE_IN - 1.0, y=10))
    assert off_table.value.message_id == "arkenstone.card_off_table"
    free, _ = step(RULES, free, "smaug", PlaceCard(x=10, y=10))
    free, _ = step(RULES, free, "bilbo", PlaceCard(x=11, y=11))  # overlapping cards are legal
    assert len(free.treasures) == 2


def test_cards_come_after_both_figures_and_bilbo_takes_the_first_turn() -> None:
    """AK-SET-5."""
    state, _ = draft()
    with pytest.raises(Rejected) as early:
        step(RULES, state, "smaug", PlaceCard(x=3.375, y=3.375))
    assert early.value.message_id == "arkenstone.now.place_figure"
    state = with_figures()
    state, log = place_all(state, FREE_CELLS[:26])
    assert kinds(log[-1][1])[-3:] == ["turn_started", "decks_shuffled", "reference_turned"]
    assert state.turn == 1 and state.active == "bilbo" and state.phase == "free_action"


def test_the_default_layout_is_the_grid_draft() -> None:
    """§8.1 OUR DEFAULT "grid draft", AK-SET-1: a new table waits for Smaug's player to place Smaug."""
    state, events = new_game(RULES, {}, 5)
    assert state.options.layout == "draft"
    assert kinds(events) == ["game_started", "placement_due"]
    assert state.phase == "place_smaug" and RULES.active_seats(state) == {"smaug"}
    assert state.smaug is None and state.bilbo is None and not state.treasures and not state.locations


def random_table(seed: int, smaug: tuple[float, float], bilbo: tuple[float, float]):
    """A quick random table: both players place their figures, then the bot deals."""
    state, log = new_game(RULES, {"layout": "random"}, seed)
    state, first = step(RULES, state, "smaug", PlaceFigure(x=smaug[0], y=smaug[1]))
    state, events = step(RULES, state, "bilbo", PlaceFigure(x=bilbo[0], y=bilbo[1]))
    return state, [*log, *first, *events], events


def test_quick_random_the_players_place_their_figures_smaug_first() -> None:
    """AK-SET-1 in the §8.1 "quick random" layout: no figure is set by the bot; exact coordinates or cells."""
    state, opening = new_game(RULES, {"layout": "random"}, 8)
    assert kinds(opening) == ["game_started", "placement_due"] and state.smaug is None
    assert RULES.active_seats(state) == {"smaug"} and state.phase == "place_smaug"
    assert len(RULES.legal_actions(state, "smaug")) == 49  # every cell centre is offered
    with pytest.raises(Rejected):
        step(RULES, state, "bilbo", PlaceFigure(x=3.375, y=3.375))
    state, events = step(RULES, state, "smaug", PlaceFigure(x=20.5, y=31.25))  # exact coordinates
    assert state.smaug.x == 20.5 and kinds(events) == ["figure_placed", "placement_due"]
    assert state.phase == "place_bilbo" and not state.treasures
    with pytest.raises(Rejected) as overlap:
        step(RULES, state, "bilbo", PlaceFigure(x=21.0, y=31.25))
    assert overlap.value.message_id == "arkenstone.overlap"
    a1 = CELL_BY_NAME["A1"]
    state, events = step(RULES, state, "bilbo", PlaceFigure(x=a1.x, y=a1.y))  # a cell centre
    assert state.bilbo == a1 and kinds(events)[:2] == ["figure_placed", "cards_dealt"]


@pytest.mark.parametrize("seed", range(8))
def test_quick_random_deals_every_card_to_its_own_empty_cell_after_the_figures(seed: int) -> None:
    """AK-SET-2..5 (§8.1 quick random): the 26 cards go to random empty cells, written into one event;
    never under a figure; the diamonds face down as T1..T13; then Bilbo's first turn."""
    d4, f6 = CELL_BY_NAME["D4"], CELL_BY_NAME["F6"]
    state, log, events = random_table(seed, (d4.x, d4.y), (f6.x + 2.0, f6.y))  # Bilbo off-centre
    assert kinds(events) == [
        "figure_placed",
        "cards_dealt",
        "turn_started",
        "decks_shuffled",
        "reference_turned",
    ]
    [dealt] = of_kind(events, "cards_dealt")
    assert "rank" not in str(dealt.model_dump()["treasure_spots"])  # the faces stay unsaid
    assert dealt.redacted_for("smaug") == dealt
    assert [t.at for t in state.treasures] == list(dealt.treasure_spots)
    assert list(state.locations) == list(dealt.locations)
    cards = [t.at for t in state.treasures] + [loc.at for loc in state.locations]
    cells = [cell_at(at) for at in cards]
    assert None not in cells and len(set(cells)) == 26 and "D4" not in cells
    for at in cards:
        rect = card_rect(at)
        assert rect_on_table(rect, TABLE_IN, TABLE_IN)
        assert circle_rect_gap(state.bilbo, 0.5, rect) > 0 and circle_rect_gap(state.smaug, 1.0, rect) > 0
    assert [t.label for t in state.treasures] == list(range(1, 14))
    assert sorted(t.rank for t in state.treasures) == list(range(1, 14)) and not state.treasure_pile
    assert sorted(loc.rank for loc in state.locations) == list(range(1, 14))
    for seat in ("bilbo", "smaug", None):
        assert all(t.rank is None for t in RULES.view(state, seat).treasures)
    assert state.active == "bilbo" and state.turn == 1 and state.phase == "free_action"
    assert fold(RULES, log).model_dump() == state.model_dump()  # the deal replays from the log alone
    other, _, _ = random_table(seed + 100, (d4.x, d4.y), (f6.x + 2.0, f6.y))
    assert [t.at for t in other.treasures] != [t.at for t in state.treasures]  # the seed decides the deal
    with pytest.raises(Rejected) as late:
        step(RULES, state, "bilbo", PlaceCard(x=3.375, y=3.375))
    assert late.value.message_id == "arkenstone.now.free_action"


def test_an_older_random_log_with_the_figures_in_its_opening_event_still_replays() -> None:
    """Logs from before players placed their figures in the random layout fold as they did."""
    spots = [at for _, at in CELLS[:26]]
    started = GameStarted(
        seed=1,
        options=ArkenstoneOptions(layout="random"),
        treasure_ranks=tuple(range(1, 14)),
        smaug=CELL_BY_NAME["D5"],
        bilbo=CELL_BY_NAME["G7"],
        treasure_spots=tuple(spots[:13]),
        locations=tuple(Location(rank=r, at=at) for r, at in zip(range(1, 14), spots[13:], strict=True)),
    )
    state = fold(RULES, [started, TurnStarted(seat="bilbo", turn=1)])
    assert state.smaug == CELL_BY_NAME["D5"] and [t.rank for t in state.treasures] == list(range(1, 14))
    assert len(state.locations) == 13 and not state.treasure_pile


def test_legal_placements_are_accepted() -> None:
    state, _ = draft()
    for _ in range(2 + 26):
        seat = next(iter(RULES.active_seats(state)))
        legal = RULES.legal_actions(state, seat)
        assert legal
        state, _ = step(RULES, state, seat, legal[len(legal) // 2])
    assert state.phase == "free_action"


@pytest.mark.parametrize("layout", ["draft", "free"])
def test_a_seat_may_leave_the_rest_of_its_cards_to_chance(layout: str) -> None:
    """AK-SET-2/3/4 (§8.1, issue 15 item 1): "place my remaining cards at random" lays this seat's
    card and every later one it would place at random free cells, treasures and clubs alike; the
    other seat keeps placing its own, one after another without waiting; then Bilbo's first turn
    (AK-SET-5) comes as before."""
    from engine.arkenstone import PlaceRest

    state = with_figures(layout)
    state, _ = place_all(state, ["B1", "C1"])  # Smaug T1, Bilbo T2
    assert state.active == "smaug" and PlaceRest() in RULES.legal_actions(state, "smaug")
    state, events = step(RULES, state, "smaug", PlaceRest())
    assert kinds(events) == ["rest_placed_at_random", "treasure_placed", "placement_due"]
    assert state.random_placers == ["smaug"] and state.active == "bilbo"
    assert RULES.view(state, None).random_placers == ("smaug",)
    placed_by = {"smaug": 0, "bilbo": 0}
    for event in events:
        if event.kind == "treasure_placed":
            placed_by[event.seat] += 1
    bilbo_cells = iter(n for n in FREE_CELLS if n not in ("B1", "C1"))
    while state.phase in ("place_treasure", "place_location"):
        assert RULES.active_seats(state) == {"bilbo"}  # never waits for Smaug's player again
        free = next(n for n in bilbo_cells if cell_is_free(state, CELL_BY_NAME[n]))
        at = CELL_BY_NAME[free]
        state, events = step(RULES, state, "bilbo", PlaceCard(x=at.x, y=at.y))
        for event in events:
            if event.kind in ("treasure_placed", "location_placed"):
                placed_by[event.seat] += 1
    # T3..T13 (6 + 5) and the 13 clubs (7 + 6), alternating, Smaug first in each set as before
    assert placed_by == {"smaug": 13, "bilbo": 11}
    assert state.phase == "free_action" and state.active == "bilbo"  # AK-SET-5
    spots = [t.at for t in state.treasures] + [loc.at for loc in state.locations]
    assert len(spots) == 26 and len({(p.x, p.y) for p in spots}) == 26  # one card per cell
    assert all(cell_at(p) is not None for p in spots)


def test_both_seats_at_random_finish_the_layout_in_one_step() -> None:
    """AK-SET-2/3/4: when the second seat leaves its cards to chance too, the layout completes at once."""
    from engine.arkenstone import PlaceRest

    state = with_figures()
    state, _ = step(RULES, state, "smaug", PlaceRest())
    assert state.active == "bilbo" and state.phase == "place_treasure"
    state, events = step(RULES, state, "bilbo", PlaceRest())
    assert state.phase == "free_action" and len(state.treasures) == 13 and len(state.locations) == 13
    assert kinds(events).count("rest_placed_at_random") == 1
