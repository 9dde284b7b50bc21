"""The order language of /order (engine/spacehulk/orders.py) through the pure order loop
(engine/core/orders.py): each step validated and priced by decide (SHB-4.3, SHB-5.2), a refused step
stops the order with the steps before it applied, a text that cannot be read changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Rejected, apply, new_game, play_pilots
from engine.core.orders import play_order
from engine.spacehulk import RULES
from engine.spacehulk.actions import Move, Pass, Turn
from engine.spacehulk.board import square_name
from engine.spacehulk.orders import Word, read

from .helpers import G, M, scenario


def marine_turn(seed: int = 7) -> Any:
    """The purge deck at the start of the first Marine action phase (the Genestealer AI placed its blips)."""
    state, _ = new_game(RULES, {}, seed)
    state, _ = play_pilots(RULES, state, ["genestealer"])
    assert RULES.active_seats(state) == {"marine"} and state.phase == "marine"
    return state


def where(state: Any, model: str) -> str:
    piece = state.pieces[model]
    return f"{square_name(piece.pos)} {piece.facing}"


def test_reading_the_words() -> None:
    steps = read("M1 F F L fire")
    assert [(s.verb, s.model) for s in steps] == [("go", "m1"), ("go", "m1"), ("turn", "m1"), ("fire", "m1")]
    assert read("m2 move D7 overwatch cp")[0] == Word(
        words="move D7", verb="move", model="m2", square=(3, 6, 0)
    )
    assert read("m2 move D7 overwatch cp")[1].cp
    # Spanish aliases: adelante, izquierda, fuego, guardia; "move M1" names the square M1
    assert [s.verb for s in read("M1 A I fuego guardia")] == ["go", "turn", "fire", "overwatch"]
    assert read("move M1")[0].square == (12, 0, 0)
    assert read("M1 F+fire")[0].fire


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("M1 F zap", "spacehulk.order.word"),
        ("M1 flame", "spacehulk.order.square_needed"),
        ("cp", "spacehulk.order.cp_first"),
        ("M1 face", "spacehulk.order.facing_needed"),
        ("block", "spacehulk.order.number_needed"),
        ("M1 move 7D", "spacehulk.order.square_needed"),
        ("F " * 41, "spacehulk.order.too_many"),
    ],
)
def test_a_text_that_cannot_be_read_is_refused_with_its_reason(text: str, key: str) -> None:
    state = marine_turn()
    before = state.model_dump()
    with pytest.raises(Rejected) as refused:
        play_order(RULES, state, "marine", text)
    assert refused.value.message_id == key
    assert state.model_dump() == before


def test_each_step_is_priced_by_the_engine() -> None:
    """SHB-4.3: a door 1 AP, a forward move 1 AP; SHB-5.2: the fourth AP short is paid with CP."""
    state = marine_turn()
    result = play_order(RULES, state, "marine", "M1 door F F F F")
    assert result.refusal is None
    prices = [s.price for s in result.steps]
    assert prices[:4] == [("spacehulk.order.price", {"ap": 1, "cp": 0})] * 4
    assert prices[4] == ("spacehulk.order.price", {"ap": 0, "cp": 1})
    assert where(result.state, "m1") == "J4 N"


def test_an_illegal_third_step_stops_the_order_and_the_first_two_stay_applied() -> None:
    """SHB-7.3: Terminators never side-step; the diagonal forward-right of J7 is a wall."""
    state = marine_turn()
    result = play_order(RULES, state, "marine", "M1 door F FR F")
    assert [s.step.words for s in result.steps] == ["door", "F"]
    assert result.failed_at == 2 and result.failed is None
    assert result.refusal is not None and result.refusal.message_id == "spacehulk.move.wall"
    assert result.refusal.text == "K6 is a wall."
    two, _ = play_order(RULES, state, "marine", "M1 door F").state, None
    assert result.state.model_dump() == two.model_dump()
    assert where(result.state, "m1") == "J7 N"


def test_move_to_a_square_walks_the_cheapest_way_turning_where_needed() -> None:
    """SHB-4.3: forward moves at 1 AP each down the west corridor (the fourth topped up with a CP,
    SHB-5.2); turning is priced as the rules price it (1 AP a quarter turn)."""
    state = marine_turn()
    result = play_order(RULES, state, "marine", "M2 door move E9")
    assert result.refusal is None
    walk = result.steps[1]
    assert all(isinstance(a, Move) for a in walk.actions) and len(walk.actions) == 4
    assert where(result.state, "m2") == "E9 W"
    turned = play_order(RULES, state, "marine", "M3 R R")
    assert [a for s in turned.steps for a in s.actions] == [
        Turn(model="m3", facing="S"),
        Turn(model="m3", facing="W"),
    ]


def test_a_way_that_does_not_exist_is_refused() -> None:
    state = marine_turn()
    result = play_order(RULES, state, "marine", "M1 move J2")
    assert result.refusal is not None and result.refusal.message_id == "spacehulk.order.no_path"
    assert not result.changed


def test_fire_without_a_square_needs_exactly_one_target() -> None:
    state = marine_turn()
    result = play_order(RULES, state, "marine", "M1 fire")
    # SHB-8.1, SHB-8.8: the closed door ahead is the only target
    assert result.refusal is None and result.steps[0].actions[0].at == (9, 6, 0)


def test_the_other_seat_cannot_order_now() -> None:
    state = marine_turn()
    result = play_order(RULES, state, "genestealer", "G9 F")
    assert result.refusal is not None and not result.changed


WORDS = [
    "M1", "M2", "M3", "M4", "G9", "B1", "F", "B", "L", "R", "U", "FL", "FR", "BL", "BR", "F+fire",
    "move", "D7", "J2", "J6", "E9", "M9", "fire", "overwatch", "door", "assault", "unjam", "flame",
    "reload", "cut", "grenade", "auto", "exit", "teleport", "jump", "stand", "climb", "convert",
    "enter", "pass", "end", "block", "psychic", "detonate", "pick", "place", "shift", "face", "N",
    "S", "cp", "1", "2", "A", "zz", "@", "K9@1", "ñ",
]  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), max_size=12),
    seed=st.integers(0, 3),
)
def test_fuzz_never_breaks_and_a_refusal_changes_nothing(words: list[str], seed: int) -> None:
    """Any text: a reason for the player or steps applied; never another exception; the result is
    exactly its events applied to the state (nothing else changed), and the input is untouched."""
    state = marine_turn(seed)
    before = state.model_dump()
    text = " ".join(words)
    try:
        result = play_order(RULES, state, "marine", text)
    except Rejected as refusal:
        assert refusal.message_id and refusal.text
        assert state.model_dump() == before
        return
    assert state.model_dump() == before
    replay = apply(RULES, state.model_copy(deep=True), [e for e, _ in result.entries])
    assert replay.model_dump() == result.state.model_dump()
    if result.refusal is not None:
        assert result.refusal.text and result.failed_at is not None


def test_a_genestealer_order_goes_on_when_a_standing_order_passes_the_marine_window() -> None:
    """SHB-5.3: each Genestealer action a Marine sees opens the Marine player's CP interrupt window;
    without an answer the order waits there; his standing order "overwatch shots only" passes it."""
    state, ids = scenario("a.....g", a=M("E"), g=G("W"), phase="stealer", cp=2)
    text = f"{ids['g'].upper()} F F"
    waiting = play_order(RULES, state, "genestealer", text)
    assert [s.step.words for s in waiting.steps] == ["F"]
    assert waiting.refusal is not None and waiting.refusal.message_id == "core.order_waits"
    ask = {"marine": {"interrupt": "ask"}}
    assert play_order(RULES, state, "genestealer", text, standing=ask).failed_at == 1
    standing = {"marine": {"interrupt": "overwatch_only"}}
    done = play_order(RULES, state, "genestealer", text, standing=standing)
    assert done.refusal is None and done.state.pieces[ids["g"]].pos == (4, 0, 0)
    assert [seat for _, seat in done.entries].count("marine") >= 2  # the two passes, as the Marine's


def test_standing_answers_pass_only_the_windows_they_name() -> None:
    """SHB-5.3, DW-PS-2: "overwatch only" passes interrupts; "never block" passes blocks; nothing else."""
    state, ids = scenario("a.....g", a=M("E"), g=G("W"), phase="stealer", cp=2)
    state, _ = play_order(RULES, state, "genestealer", f"{ids['g']} F").state, None
    assert RULES.standing_answer(state, "marine", {"interrupt": "overwatch_only"}) == Pass()
    assert RULES.standing_answer(state, "marine", {"block": "never"}) is None
    assert RULES.standing_answer(state, "genestealer", {"interrupt": "overwatch_only"}) is None
    # either seat may end up with the Marines in a game with bids (DW-BID-1): both may set them
    assert RULES.standing_orders("genestealer") == RULES.standing_orders("marine")
    assert RULES.standing_orders("spectator") == {}
