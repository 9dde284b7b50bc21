"""ClickWars' typed order language and group moves (issue 27 item 3): reading (worked examples, en and
es, inches with their suffix, both decimal marks), a group moved unit by unit with each move checked
by the movement rules, refused steps skipped with the rules' reason, dry runs that roll no die, and
random text that is only ever refused in words."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.clickwars import RULES
from engine.clickwars import actions as a
from engine.clickwars import events as e
from engine.clickwars.orders import CwStep, read
from engine.clickwars.terrain import Area
from engine.core import Rejected, apply, step
from engine.core.orders import play_order
from engine.core.shapes import Polygon
from renderers.i18n import has, t

from .helpers import edit_unit, table


def refused(text: str) -> Rejected:
    try:
        read(text)
    except Rejected as refusal:
        return refusal
    raise AssertionError(f"{text!r} was read")


def test_the_issue_example_reads_as_four_clauses() -> None:
    """`R1 move 12 N; R2 move to 40,60; R3 fire B3; all infantry move 10 NE` (the issue's example,
    with ClickWars' unit ids: side letter and number)."""
    steps = read("R1 move 12 N; R2 move to 40,60; R3 fire B3; all infantry move 10 NE")
    assert [(s.verb, s.units, s.group) for s in steps] == [
        ("move", ("R1",), None),
        ("move", ("R2",), None),
        ("fire", ("R3",), None),
        ("move", (), "type:infantry"),
    ]
    assert (steps[0].how, steps[0].distance, steps[0].bearing) == ("bearing", 12.0, 0)
    assert (steps[1].how, steps[1].point) == ("to", (40.0, 60.0))
    assert steps[2].target == "B3" and not steps[2].indirect
    assert (steps[3].distance, steps[3].bearing) == (10.0, 45)


def test_worked_examples_in_english_and_spanish() -> None:
    cases: dict[str, dict[str, object]] = {
        "r5 move n": {"units": ("R5",), "how": "bearing", "bearing": 0, "distance": None},
        "R5 move max 45°": {"bearing": 45, "distance": None},
        "R5 move 7,5 SO": {"distance": 7.5, "bearing": 225},  # Spanish decimal comma, SO = suroeste
        "R5 mover 7.5 noroeste": {"distance": 7.5, "bearing": 315},
        "R5 move toward B3": {"how": "toward", "target": "B3"},
        "R5 move 4 toward 40 60": {"how": "toward", "distance": 4.0, "point": (40.0, 60.0)},
        "R5 move to 40,5 60": {"how": "to", "point": (40.5, 60.0)},  # two numbers: each its own mark
        "R5 mueve hacia 40,60": {"how": "toward", "point": (40.0, 60.0)},
        "R14 R15 charge B3": {"verb": "charge", "units": ("R14", "R15"), "target": "B3"},
        "R14 carga 90°": {"verb": "charge", "bearing": 90},
        "R1 fire at B4 indirect": {"verb": "fire", "target": "B4", "indirect": True},
        "R1 dispara 60,70": {"verb": "fire", "point": (60.0, 70.0), "indirect": True},
        "R12 fight B3": {"verb": "fight", "target": "B3"},
        "R12 lucha contra B3": {"verb": "fight", "target": "B3"},
        "R5 crew R1": {"verb": "crew", "target": "R1"},
        "todos fusileros mover 5 norte": {"group": "profile:rifleman", "distance": 5.0, "bearing": 0},
        "lancers move 3 E": {"group": "profile:lancer", "bearing": 90},
        "all move 2 S": {"group": "all", "bearing": 180},
        "caballería mover max este": {"group": "type:cavalry", "bearing": 90},
        "end phase": {"verb": "end"},
        "fin": {"verb": "end"},
    }
    for text, expected in cases.items():
        (got,) = read(text)
        for field, value in expected.items():
            assert getattr(got, field) == value, (text, field, getattr(got, field))


def test_inches_only_with_their_suffix_converted_and_echoed() -> None:
    """One unit system per table (issue 27 item 7): cm unless the other unit is named."""
    for text in ("R5 move 4in N", "R5 move 4 in N", 'R5 move 4" N', "R5 move 4 pulgadas N"):
        (got,) = read(text)
        assert got.distance == 10.16, text
        assert "4 in = 10.16 cm" in got.words
    (cm,) = read("R5 move 4 cm N")
    assert cm.distance == 4.0 and "=" not in cm.words


def test_a_clause_without_units_acts_for_the_units_before_it() -> None:
    steps = read("R3 R4 move 5 N; fire B3; end; move 2 S")
    assert [s.units for s in steps] == [("R3", "R4"), ("R3", "R4"), (), ("R3", "R4")]


def test_unreadable_text_is_refused_with_a_catalog_message() -> None:
    cases = {
        "R1 jump": "clickwars.order.word",
        "R1": "clickwars.order.verb_needed",
        "R1 move": "clickwars.order.move_needs",
        "R1 move 0 N": "clickwars.order.bad_distance",
        "R1 move to": "clickwars.order.point_needed",
        "R1 move 5 N please": "clickwars.order.extra",
        "R1 fire": "clickwars.order.fire_needs",
        "R1 fight": "clickwars.order.fight_needs",
        "R1 crew": "clickwars.order.crew_needs",
        "R1 charge": "clickwars.order.charge_needs",
        "R1 end": "clickwars.order.end_alone",
        "R1 infantry move 5 N": "clickwars.order.word",
        "infantry R1 move 5 N": "clickwars.order.mixed_who",
        "x" * 401: "clickwars.order.too_long",
        "; ".join(["end"] * 41): "clickwars.order.too_many",
    }
    for text, key in cases.items():
        refusal = refused(text)
        assert refusal.message_id == key, (text, refusal.message_id)
        for lang in ("en", "es"):
            assert has(refusal.message_id) and t(lang, refusal.message_id, **refusal.params)


# --- on the board -----------------------------------------------------------------------------------


def moved_to(state: object, uid: str) -> tuple[float, float]:
    u = state.units[uid]  # type: ignore[attr-defined]
    return (u.x, u.y)


def test_a_column_moves_north_front_first_so_it_does_not_block_itself() -> None:
    """CW-MOV-3 (no overlapping bases): the front unit goes first, so the one behind may follow into
    the space it left; each move is one ordinary Move action."""
    state = table({"R3": (40, 10), "R4": (40, 14), "R5": (40, 18), "B3": (100, 100)}, terrain=[])
    result = play_order(RULES, state, "red", "R3 R4 R5 move 8 N")
    assert [s.step.words for s in result.steps] == [f"R3 R4 R5 move 8 N → {u}" for u in ("R5", "R4", "R3")]
    assert all(s.refusal is None for s in result.steps)
    assert [moved_to(result.state, u) for u in ("R3", "R4", "R5")] == [(40, 18), (40, 22), (40, 26)]
    assert [type(x) for s in result.steps for x in s.actions] == [a.Move, a.Move, a.Move]


def test_group_move_each_unit_checked_alone_a_refused_one_skipped_with_its_reason() -> None:
    """CW-MOV-1 (maximum move), CW-MOV-2 (impassable terrain), CW-MOV-4 (an engaged unit may not
    walk away), CW-MOV-3 (no overlap): "all infantry move 10 N" moves the units that may and says
    for each of the others which rule stops it; the legal part is applied."""
    rock = Area(id="X", kind="rock", going="impassable", sight="solid", shape=Polygon.rect(55, 15, 65, 25))
    state = table(
        {
            "R3": (40, 10),
            "R4": (60, 10),
            "R5": (80, 10),
            "B3": (80, 13.5),
            "R14": (20, 10),
            "B14": (100, 100),
        },
        terrain=[rock],
    )
    result = play_order(RULES, state, "red", "all infantry move 10 N; R14 move 25 N")
    by_unit = {s.step.words.rsplit(" ", 1)[-1]: s for s in result.steps}
    assert by_unit["R3"].refusal is None and moved_to(result.state, "R3") == (40, 20)
    assert by_unit["R4"].refusal is not None and by_unit["R4"].refusal.message_id == "clickwars.impassable"
    assert by_unit["R5"].refusal is not None
    assert by_unit["R5"].refusal.message_id == "clickwars.engaged_cannot_move"
    cavalry = result.steps[-1]
    assert cavalry.refusal is not None and cavalry.refusal.message_id == "clickwars.too_far"
    assert cavalry.refusal.params["limit"] == 20
    assert moved_to(result.state, "R4") == (60, 10) and moved_to(result.state, "R14") == (20, 10)
    assert result.refusal is None  # nothing stopped the order: the refused steps were skipped
    # the log replays: the events applied to the start are the order's state
    replay = apply(RULES, state.model_copy(deep=True), [ev for ev, _ in result.entries])
    assert replay.model_dump() == result.state.model_dump()


def test_two_units_sent_to_one_point_the_second_is_refused_for_overlap() -> None:
    """CW-MOV-3: "to a point" for two named units moves them toward it one after the other; the
    second stops short where it would overlap the first (toward = as far as legal)."""
    state = table({"R3": (32, 10), "R4": (48, 10), "B3": (100, 100)}, terrain=[])
    result = play_order(RULES, state, "red", "R3 R4 move to 40,12")
    assert all(s.refusal is None for s in result.steps)
    r3, r4 = moved_to(result.state, "R3"), moved_to(result.state, "R4")
    assert r3 != r4 and ((r3[0] - r4[0]) ** 2 + (r3[1] - r4[1]) ** 2) ** 0.5 >= 3.0
    single = play_order(RULES, state, "red", "R3 move to 40,12; R4 move to 40,12")
    assert single.steps[1].refusal is not None and single.steps[1].refusal.message_id == "clickwars.overlap"


def test_a_group_of_nobody_and_a_step_without_a_unit_are_refused_in_words() -> None:
    state = table({"R3": (40, 10), "B3": (100, 100)}, terrain=[])
    result = play_order(RULES, state, "red", "cavalry move 5 N; move 3 N")  # the second: cavalry too
    assert [s.refusal.message_id for s in result.steps if s.refusal] == ["clickwars.order.nobody"] * 2
    alone = play_order(RULES, state, "red", "move 3 N")
    assert [s.refusal.message_id for s in alone.steps if s.refusal] == ["clickwars.order.which_unit"]
    state.selected["red"] = "R3"  # the unit picked in the controls acts for a clause naming none
    picked = play_order(RULES, state, "red", "move 3 N")
    assert moved_to(picked.state, "R3") == (40, 13)


def test_a_dry_run_rolls_no_die_and_marks_the_shooter() -> None:
    """CW-GEN-2 (one ranged attack per unit per phase): a dry run checks each shot (range, sight) and
    leaves its dice to Confirm; a unit named twice is refused the second time in the rehearsal as it
    would be for real; the real order then rolls the same dice as if no dry run had been made."""
    state = table(
        {"R3": (40, 10), "R4": (45, 10), "B3": (40, 25), "B4": (100, 100)}, terrain=[], phase="shooting"
    )
    text = "R3 fire B3; R4 shoot B4; riflemen fire B3"
    dry = play_order(RULES, state, "red", text, dry_run=True)
    assert [s.held for s in dry.steps] == [True, False, False, True]
    assert [s.refusal.message_id if s.refusal else None for s in dry.steps] == [
        None,
        "clickwars.out_of_range",
        "clickwars.already_shot",
        None,
    ]
    assert dry.steps[0].price == ("clickwars.order.held_shot", {"unit": "R3", "target": "B3", "need": 6})
    assert not dry.entries and dry.state.version == state.version  # nothing decided, nothing rolled
    real = play_order(RULES, state, "red", text)
    assert [type(ev) for ev, _ in real.entries].count(e.AttackRolled) == 2
    by_hand, events = state, []
    for action in (a.Shoot(unit="R3", target="B3"), a.Shoot(unit="R4", target="B3")):
        by_hand, more = step(RULES, by_hand, "red", action)
        events += more
    assert [ev for ev, _ in real.entries] == events  # the same dice: a dry run consumed none


def test_the_dry_run_of_a_charge_and_of_the_turn_end_is_checked_not_rolled() -> None:
    """CW-CHG-2 (a charge is 30 cm straight over normal ground) checked in the rehearsal; the end of
    the Assault phase (the turn passes: healing dice, the other army) is left to Confirm."""
    state = table({"R14": (40, 10), "B3": (40, 25), "B4": (100, 100)}, terrain=[])
    dry = play_order(RULES, state, "red", "R14 charge N", dry_run=True)
    assert dry.steps[0].held and dry.steps[0].price is not None
    assert dry.steps[0].price[1]["victims"] == "B3"
    assert not dry.entries
    far = play_order(RULES, state, "red", "R14 charge S", dry_run=True)
    assert far.steps[0].refusal is not None and far.steps[0].refusal.message_id == "clickwars.charge_short"
    assault = table({"R3": (40, 10), "B4": (100, 100)}, terrain=[], phase="assault")
    ended = play_order(RULES, assault, "red", "end", dry_run=True)
    assert ended.steps[0].held and not ended.entries


def test_a_real_order_reports_each_step_result() -> None:
    state = table({"R3": (40, 10), "B3": (40, 25), "B4": (100, 100)}, terrain=[], phase="shooting")
    edit_unit(state, "B3", life=1)
    result = play_order(RULES, state, "red", "R3 fire B3; end")
    key, params = result.steps[0].price or ("", {})
    assert key == "clickwars.order.attacked" and params["target"] == "B3" and params["need"] == 6
    assert result.steps[1].price == ("clickwars.order.phase_ended", {"phase": "shooting"})
    assert result.state.phase == "assault"


WORDS = [
    "R1", "R3", "R14", "B3", "B99", "move", "mover", "to", "toward", "hacia", "a", "max", "N", "NE",
    "SO", "norte", "45°", "400°", "12", "7,5", "4in", "4", "in", "pulgadas", "40,60", "40", "60",
    "-3", "fire", "dispara", "indirect", "fight", "crew", "charge", "end", "phase", "all", "infantry",
    "riflemen", "caballería", ";", ";", "(", ")", "ñ", "°", "",
]  # fmt: skip


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), max_size=14),
    phase=st.sampled_from(["movement", "shooting", "assault"]),
    dry=st.booleans(),
)
def test_fuzz_any_text_is_steps_or_a_refusal_in_words(words: list[str], phase: str, dry: bool) -> None:
    """Any text: refused with a catalog message (en and es), or steps applied or refused in words;
    never another exception; the input state untouched; the result is its events applied."""
    state = table(
        {"R1": (20, 10), "R2": (23, 10), "R3": (40, 10), "R14": (60, 10), "B3": (40, 25)}, phase=phase
    )
    before = state.model_dump()
    text = " ".join(words)
    try:
        result = play_order(RULES, state, "red", text, dry_run=dry)
    except Rejected as refusal:
        assert has(refusal.message_id), refusal.message_id
        assert t("es", refusal.message_id, **refusal.params)
        assert state.model_dump() == before
        return
    assert state.model_dump() == before
    for s in result.steps:
        assert isinstance(s.step, CwStep)
        if s.refusal is not None:
            assert has(s.refusal.message_id), s.refusal.message_id
        if s.price is not None:
            assert t("es", s.price[0], **s.price[1])
    if not dry:
        replay = apply(RULES, state.model_copy(deep=True), [ev for ev, _ in result.entries])
        assert replay.model_dump() == result.state.model_dump()


def test_an_order_out_of_turn_or_after_the_game_stops_at_once() -> None:
    """Not the seat's turn: the first step is refused and the order stops there (every other step
    would be refused alike), where a rule's refusal of one unit's step only skips that step."""
    state = table({"R3": (40, 10), "B3": (40, 90), "B4": (100, 100)}, terrain=[], active="blue")
    result = play_order(RULES, state, "red", "R3 move 2 N; R3 move 2 N; end")
    assert result.steps == [] and result.failed_at == 0
    assert result.refusal is not None and result.refusal.message_id == "core.not_your_turn"


def test_a_dry_run_out_of_turn_is_refused_like_the_real_order() -> None:
    """A shot is held in a dry run only once the turn check `play` makes has passed."""
    state = table(
        {"R3": (40, 10), "B3": (40, 25), "B4": (100, 100)}, terrain=[], phase="shooting", active="blue"
    )
    dry = play_order(RULES, state, "red", "R3 fire B3", dry_run=True)
    assert dry.refusal is not None and dry.refusal.message_id == "core.not_your_turn" and dry.steps == []


def test_an_order_during_the_secret_deployment_reveals_nothing() -> None:
    """OUR DEFAULT secret deployment (§3, CW-DEP-2): an order typed before the reveal is refused with
    the phase's reason, the same whatever the enemy's hidden placements, and places nothing."""
    from engine.core import dice_for, new_game

    state, _ = new_game(RULES, None, 2)
    for _ in range(200):
        if state.phase == "deploy" and "blue" in state.ready:
            break  # blue's placements made in secret; red still deploying
        seats = sorted(RULES.active_seats(state))
        seat = "blue" if state.phase == "deploy" else seats[0]
        legal = RULES.legal_actions(state, seat)
        action = RULES.pilot(seat).choose(RULES.view(state, seat), legal, dice_for(state).fork(seat))
        state, _ = step(RULES, state, seat, action)
    assert state.phase == "deploy" and state.pending.get("blue")
    text = "R3 move toward B3; R3 fire B3; R14 charge B3; all move 5 N; B3 move 2 N"
    other = state.model_copy(deep=True)
    other.pending["blue"] = {k: (1.0 + i, 110.0) for i, k in enumerate(other.pending["blue"])}
    said = []
    for s in (state, other):
        for dry in (True, False):
            result = play_order(RULES, s, "red", text, dry_run=dry)
            assert not result.entries
            said.append(
                [(x.refusal.message_id, x.refusal.params) if x.refusal else None for x in result.steps]
            )
    assert all(lines == said[0] for lines in said)
    assert said[0][0] == ("clickwars.now.deploy", {})
