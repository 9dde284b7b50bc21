"""Turn structure, timer, activation, the AP table and command points (SHB-2 .. SHB-5)."""

from __future__ import annotations

import pytest

from engine.core import Rejected, new_game, step
from engine.spacehulk import RULES
from engine.spacehulk.actions import (
    Assault,
    ClearJam,
    Convert,
    Door,
    EndTurn,
    Fire,
    Flame,
    Move,
    Overwatch,
    Pass,
    PlaceBlip,
    SelfDestruct,
    TimeExpired,
    Turn,
)
from engine.spacehulk.state import AgInterrupt
from tests.engine.helpers import of_kind

from .helpers import B, F, G, M, act, kinds_without_agenda, scenario


def test_marines_take_the_first_turn() -> None:
    """SHB-2.1: after the opening blips are placed, game turn 1 opens with the Marine turn."""
    state, events = new_game(RULES, {}, 3)
    assert RULES.active_seats(state) == {"genestealer"}  # the purge mission starts with 2 blips
    state, _ = act(state, "genestealer", PlaceBlip(area="2"), rolls=[0])
    state, _ = act(state, "genestealer", PlaceBlip(area="2"), rolls=[0, 3])
    assert state.turn == 1 and state.phase == "marine"
    assert RULES.active_seats(state) == {"marine"}


def test_marine_turn_command_then_action_phase() -> None:
    """SHB-2.2: a secret CP chit is drawn, then Marines act; ending the phase loses unspent AP."""
    state, events = new_game(RULES, {}, 3)
    state, events = act(state, "genestealer", PlaceBlip(area="2"), rolls=[0])
    state, events = act(state, "genestealer", PlaceBlip(area="3"), rolls=[0, 4])
    assert kinds_without_agenda(events)[-2:] == ["turn_began", "cp_drawn"]
    assert state.cp == 4 and state.cp_drawn == 4
    state, events = act(state, "marine", EndTurn())
    assert of_kind(events, "marine_phase_ended")[0].reason == "declared"
    assert all(m.ap == 0 for m in state.marines())
    assert state.phase == "stealer"


def test_stealer_turn_reinforcement_then_action_phase() -> None:
    """SHB-2.3: blips arrive at entry areas, then the Genestealer player activates models."""
    state, _ = scenario(
        """
        1.......a
        """,
        a=M("W"),
        mission={"reinforcements": 2},
    )
    state, events = act(state, "marine", EndTurn(), rolls=[0, 0])
    # only one usable area: both blips go there without asking, drawn from the bag
    assert kinds_without_agenda(events) == ["marine_phase_ended", "blip_placed", "blip_placed"]
    assert len(state.blips) == 2 and RULES.active_seats(state) == {"genestealer"}
    assert RULES.legal_actions(state, "genestealer")[-1] == EndTurn()


def test_end_phase() -> None:
    """SHB-2.4: flames out, overwatch removed, jams kept, victory checked, CP discarded, AP refreshed."""
    state, ids = scenario(
        """
        a.........
        b.........
        """,
        a=M("E", overwatch=True),
        b=M("E", jammed=True),
        phase="stealer",
        cp=3,
    )
    state.burning = [(5, 0, 0)]
    state, events = act(state, "genestealer", EndTurn(), rolls=[2])
    assert kinds_without_agenda(events) == [
        "stealer_phase_ended",
        "flames_out",
        "overwatch_cleared",
        "cp_discarded",
        "turn_began",
        "cp_drawn",
    ]
    assert state.burning == [] and not state.pieces[ids["a"]].overwatch
    assert state.pieces[ids["b"]].jammed  # SHB-8.6: jams persist across turns
    assert of_kind(events, "cp_discarded")[0].cp == 3
    assert state.turn == 2 and state.cp == 2 and state.pieces[ids["a"]].ap == 4


def test_spanish_phase_names() -> None:
    """SHB-2.5: Fase de Mando / de Acción / de Refuerzos / Final in the Spanish catalog."""
    from renderers.i18n import t

    assert t("es", "spacehulk.phase.command") == "Fase de Mando"
    assert t("es", "spacehulk.phase.action") == "Fase de Acción"
    assert t("es", "spacehulk.phase.reinforcement") == "Fase de Refuerzos"
    assert t("es", "spacehulk.phase.end") == "Fase Final"
    assert t("en", "spacehulk.phase.command") == "Command phase"


@pytest.mark.parametrize(("sergeants", "seconds"), [(0, 120), (1, 150), (2, 180)])
def test_timer_length(sergeants: int, seconds: int) -> None:
    """SHB-3.1: 2:00 plus 30 s per sergeant in play, reported to the platform as the turn begins."""
    pieces = {c: M("E", sergeant=i < sergeants) for i, c in enumerate("abc")}
    state, _ = scenario("a.\nb.\nc.", phase="stealer", **pieces)
    state, events = act(state, "genestealer", EndTurn(), rolls=[1])
    assert of_kind(events, "turn_began")[0].timer_seconds == seconds
    assert RULES.view(state, "genestealer").timer_seconds == seconds


def test_dead_sergeant_takes_his_30_seconds() -> None:
    """SHB-3.2: a sergeant killed removes his 30 s from later turns."""
    state, ids = scenario("a..\nb..", a=M("E", sergeant=True), b=M("E"), phase="stealer")
    del state.pieces[ids["a"]]
    state, events = act(state, "genestealer", EndTurn(), rolls=[1])
    assert of_kind(events, "turn_began")[0].timer_seconds == 120


def test_no_command_point_redraw() -> None:
    """SHB-3.3: in 1st edition a sergeant gives no CP re-draw: one chit per turn, no re-draw action."""
    state, _ = scenario("a..", a=M("E", sergeant=True), phase="stealer")
    state, events = act(state, "genestealer", EndTurn(), rolls=[1])
    assert len(of_kind(events, "cp_drawn")) == 1
    assert {act_.kind for act_ in RULES.legal_actions(state, "marine")} <= {
        "move",
        "turn",
        "door",
        "fire",
        "overwatch",
        "clear_jam",
        "assault",
        "end_turn",
    }


def test_time_expired_ends_the_marine_phase_now() -> None:
    """SHB-3.5: when the timer expires the Marine action phase ends immediately."""
    state, ids = scenario("a...", a=M("E"))
    state, events = act(state, "marine", TimeExpired())
    assert kinds_without_agenda(events) == ["timer_expired", "marine_phase_ended"]
    assert of_kind(events, "marine_phase_ended")[0].reason == "time"
    with pytest.raises(Rejected):
        RULES.decide(state, "genestealer", TimeExpired(), None)  # type: ignore[arg-type]


def test_time_expired_lets_the_action_in_progress_resolve() -> None:
    """SHB-3.5 reading: a pending free shot of a move-and-fire resolves, then the phase ends."""
    state, ids = scenario(
        """
        .......
        a....g.
        """,
        a=M("E"),
        g=G("W"),
    )
    state, _ = act(state, "marine", Move(model=ids["a"], to=(1, 1, 0), fire=True))
    assert state.top().kind == "free_shot"
    state, events = act(state, "marine", TimeExpired())
    assert state.phase == "marine" and state.time_up
    assert RULES.legal_actions(state, "marine")[-1] == Pass()
    state, events = act(state, "marine", Pass())
    assert state.phase == "stealer"


def test_timer_is_a_setting() -> None:
    """SHB-3.6 / Q18: real time, untimed, or a per-prompt budget; the platform gets deadlines, not a clock."""
    for mode, expected in (("untimed", None), ("budget", None), ("realtime", 150)):
        state, _ = scenario("a..", a=M("E", sergeant=True), phase="stealer", options={"timer_mode": mode})
        state, events = act(state, "genestealer", EndTurn(), rolls=[1])
        assert state.timer_seconds == expected
        limits = [tuple(limit)[:4] for limit in RULES.time_limits(state)]  # warnings aside (issue 12)
        if mode == "realtime":
            assert limits == [("marine", "marine-turn-2", 150.0, TimeExpired())]
        elif mode == "budget":
            assert limits == [("marine", f"prompt-{state.version}", 86400.0, TimeExpired())]
            assert RULES.view(state, "marine").timer_budget_s == 86400
        else:
            assert limits == []
            with pytest.raises(Rejected) as err:  # untimed: no timer can run out
                RULES.decide(state, "marine", TimeExpired(), None)  # type: ignore[arg-type]
            assert err.value.message_id == "spacehulk.no_timer"


def test_budget_passes_an_interrupt_window() -> None:
    """Q18 budget mode: an unanswered interrupt window is passed when its deadline falls due."""
    state, ids = scenario(
        "a.....g", a=M("E"), g=G("W"), phase="stealer", cp=2, options={"timer_mode": "budget"}
    )
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(5, 0, 0)))
    assert RULES.time_limits(state)[0][3] == Pass()
    state, ids = scenario("a.....g", a=M("E"), g=G("W"), phase="stealer", cp=2)
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(5, 0, 0)))
    assert RULES.time_limits(state) == []  # real time: the Genestealer turn and its windows are untimed


def test_action_points_per_turn() -> None:
    """SHB-4.1: Marine 4, Genestealer 6, blip 6 each turn; unused AP are lost, not transferred."""
    state, ids = scenario(
        """
        a.....
        ......
        ....g.
        1.....
        """,
        a=M("E", ap=1),
        g=G("N", ap=2),
        phase="stealer",
        lurking={"1": [B(2, ap=0)]},
    )
    state, events = act(state, "genestealer", EndTurn(), rolls=[1])
    aps = {p.kind: p.ap for p in state.pieces.values()}
    assert aps == {"marine": 4, "genestealer": 6, "blip": 6}


def test_one_model_at_a_time() -> None:
    """SHB-4.2: once another model is activated the first cannot act again with its AP."""
    state, ids = scenario("a...\nb...", a=M("E"), b=M("E"))
    state, _ = act(state, "marine", Move(model=ids["a"], to=(1, 0, 0)))
    state, events = act(state, "marine", Move(model=ids["b"], to=(1, 1, 0)))
    assert of_kind(events, "activated")[0].model == ids["b"]
    with pytest.raises(Rejected) as err:
        RULES.decide(state, "marine", Move(model=ids["a"], to=(2, 0, 0)), None)  # type: ignore[arg-type]
    assert err.value.message_id == "spacehulk.activation_marine_done"


def test_stealers_cannot_be_reactivated() -> None:
    """SHB-4.2: Stealer models cannot be re-activated at all."""
    state, ids = scenario("g....\nh....", g=G("E"), h=G("E"), phase="stealer")
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(1, 0, 0)))
    state, _ = act(state, "genestealer", Move(model=ids["h"], to=(1, 1, 0)))
    assert all(x.model != ids["g"] for x in RULES.legal_actions(state, "genestealer") if hasattr(x, "model"))
    with pytest.raises(Rejected) as err:
        RULES.decide(state, "genestealer", Move(model=ids["g"], to=(2, 0, 0)), None)  # type: ignore[arg-type]
    assert err.value.message_id == "spacehulk.activation_done"


# SHB-4.3: the cost table. Offsets are (forward, right) relative to a model facing north.
MOVE_TABLE = [
    ("marine", (1, 0), 1),
    ("marine", (1, 1), 1),
    ("marine", (1, -1), 1),
    ("marine", (0, 1), None),  # side-step not allowed (SHB-7.3)
    ("marine", (-1, 0), 2),
    ("marine", (-1, 1), 2),
    ("genestealer", (1, 0), 1),
    ("genestealer", (1, -1), 1),
    ("genestealer", (0, 1), 1),
    ("genestealer", (0, -1), 1),
    ("genestealer", (-1, 0), 2),
    ("genestealer", (-1, -1), 2),
    ("blip", (1, 0), 1),
    ("blip", (0, 1), 1),
    ("blip", (-1, 0), 1),
    ("blip", (-1, 1), 1),
]


@pytest.mark.parametrize(("kind", "offset", "cost"), MOVE_TABLE)
def test_move_costs(kind: str, offset: tuple[int, int], cost: int | None) -> None:
    """SHB-4.3: move costs relative to facing (diagonals count as forward or backward)."""
    spec = {"marine": M("N"), "genestealer": G("N"), "blip": B(1)}[kind]
    seat = "marine" if kind == "marine" else "genestealer"
    state, ids = scenario(
        ".....\n.....\n..x..\n.....\n.....", x=spec, phase="marine" if kind == "marine" else "stealer"
    )
    forward, right = offset
    to = (2 + right, 2 - forward, 0)
    action = Move(model=ids["x"], to=to)
    if cost is None:
        with pytest.raises(Rejected) as err:
            RULES.decide(state, seat, action, None)  # type: ignore[arg-type]
        assert err.value.message_id == "spacehulk.move.no_sidestep"
        return
    state, events = act(state, seat, action)
    assert state.pieces[ids["x"]].ap == spec["ap"] - cost
    assert state.pieces[ids["x"]].facing == spec.get("facing", None)  # SHB-7.2: moves keep the facing


@pytest.mark.parametrize(
    ("kind", "to", "cost"),
    [
        ("marine", "E", 1),
        ("marine", "W", 1),
        ("marine", "S", 2),
        ("genestealer", "E", 0),
        ("genestealer", "S", 1),
    ],
)
def test_turn_costs(kind: str, to: str, cost: int) -> None:
    """SHB-4.3: a Marine turns 90 degrees for 1 AP, 180 for 2; a Genestealer 0 and 1."""
    spec = M("N") if kind == "marine" else G("N")
    seat = "marine" if kind == "marine" else "genestealer"
    state, ids = scenario("...\n.x.\n...", x=spec, phase="marine" if kind == "marine" else "stealer")
    state, _ = act(state, seat, Turn(model=ids["x"], facing=to))  # type: ignore[arg-type]
    assert state.pieces[ids["x"]].ap == spec["ap"] - cost and state.pieces[ids["x"]].facing == to


def test_action_cost_table_for_marine_actions() -> None:
    """SHB-4.3: door 1, fire 1, move and fire 1, overwatch 2, clear jam 1, flamer 2, assault 1."""
    state, ids = scenario(
        """
        ...D..
        .a....
        ......
        .f.j..
        ......
        """,
        a=M("N"),
        f=F("N"),
        j=M("N", jammed=True),
        sections="AAAAAA\nAAAAAA\nBBBBBB\nCCCCCC\nCCCCCC",
    )
    costs = {}
    for action in [
        Overwatch(model=ids["a"]),
        ClearJam(model=ids["j"]),
        Flame(model=ids["f"], at=(1, 2, 0)),
    ]:
        model = action.model
        before = state.pieces[model].ap
        after, _ = act(state, "marine", action)
        costs[action.kind] = before - after.pieces[model].ap
    assert costs == {"overwatch": 2, "clear_jam": 1, "flame": 2}


COST_ROWS = [
    # (row of the SHB-4.3 table, seat, diagram, pieces, action factory, options, rolls, AP paid)
    (
        "marine door",
        "marine",
        "aD.",
        {"a": M("E")},
        lambda i: Door(model=i["a"], square=(1, 0, 0)),
        {},
        [],
        1,
    ),
    (
        "marine fire",
        "marine",
        "a.g",
        {"a": M("E"), "g": G("W")},
        lambda i: Fire(model=i["a"], at=(2, 0, 0)),
        {},
        [1, 2],
        1,
    ),
    (
        "marine move and fire forward",
        "marine",
        ".a..",
        {"a": M("E")},
        lambda i: Move(model=i["a"], to=(2, 0, 0), fire=True),
        {},
        [],
        1,
    ),
    (
        "marine move and fire backward",
        "marine",
        ".a..",
        {"a": M("E")},
        lambda i: Move(model=i["a"], to=(0, 0, 0), fire=True),
        {},
        [],
        2,
    ),
    (
        "marine assault",
        "marine",
        "ag",
        {"a": M("E"), "g": G("W")},
        lambda i: Assault(model=i["a"]),
        {},
        [6, 1, 1, 1],
        1,
    ),
    (
        "flamer self-destruct",
        "marine",
        "f.",
        {"f": F("E")},
        lambda i: SelfDestruct(model=i["f"]),
        {"flamer_self_destruct": True},
        [],
        1,  # paid before the flamer dies with his section
    ),
    (
        "genestealer door",
        "genestealer",
        "gD.",
        {"g": G("E")},
        lambda i: Door(model=i["g"], square=(1, 0, 0)),
        {},
        [],
        1,
    ),
    (
        "genestealer assault",
        "genestealer",
        "gD.",
        {"g": G("E")},
        lambda i: Assault(model=i["g"]),
        {},
        [1, 1, 1],
        1,
    ),
    (
        "blip door",
        "genestealer",
        "bD.",
        {"b": B(1)},
        lambda i: Door(model=i["b"], square=(1, 0, 0)),
        {},
        [],
        1,
    ),
    ("voluntary conversion", "genestealer", "b..", {"b": B(1)}, lambda i: Convert(model=i["b"]), {}, [], 0),
]


@pytest.mark.parametrize(
    ("row", "seat", "diagram", "pieces", "make", "options", "rolls", "cost"),
    COST_ROWS,
    ids=[r[0] for r in COST_ROWS],
)
def test_action_cost_table_rows(row, seat, diagram, pieces, make, options, rolls, cost) -> None:  # type: ignore[no-untyped-def]
    """SHB-4.3: door 1 (every model), fire 1, move and fire 1 forward / 2 backward, assault 1,
    self-destruct 1, voluntary conversion 0."""
    phase = "marine" if seat == "marine" else "stealer"
    state, ids = scenario(diagram, phase=phase, options=options, **pieces)
    state, events = act(state, seat, make(ids), rolls=rolls)
    paid = sum(e.ap for e in of_kind(events, "spent"))
    assert paid == cost
    assert not any(e.cp for e in of_kind(events, "spent"))


def test_genestealer_free_turn() -> None:
    """SHB-4.4: a 90-degree turn is free, the same way twice costs 1 AP; another action restores it."""
    state, ids = scenario(".....\n..g..\n.....", g=G("N"), phase="stealer")
    gid = ids["g"]
    state, _ = act(state, "genestealer", Turn(model=gid, facing="E"))
    assert state.pieces[gid].ap == 6
    state, _ = act(state, "genestealer", Turn(model=gid, facing="S"))
    assert state.pieces[gid].ap == 5
    state, _ = act(state, "genestealer", Move(model=gid, to=(2, 2, 0)))
    state, _ = act(state, "genestealer", Turn(model=gid, facing="W"))
    assert state.pieces[gid].ap == 4  # the move cost 1, the turn was free again
    state, _ = act(state, "genestealer", Turn(model=gid, facing="S"))
    assert state.pieces[gid].ap == 4  # the other way is not "the same direction"


def test_turn_and_fire_is_a_later_edition_rule() -> None:
    """SHB-4.5 / Q13: 1st edition refuses turn and fire; the 3e flag allows it for 1 AP plus a free shot."""
    diagram = """
    ....g
    a....
    """
    state, ids = scenario(diagram, a=M("N"), g=G("W"))
    with pytest.raises(Rejected) as err:
        RULES.decide(state, "marine", Turn(model=ids["a"], facing="E", fire=True), None)  # type: ignore[arg-type]
    assert err.value.message_id == "spacehulk.turn.no_turn_and_fire"
    state, ids = scenario(diagram, a=M("N"), g=G("W"), options={"turn_and_fire": True})
    state, _ = act(state, "marine", Turn(model=ids["a"], facing="E", fire=True))
    assert state.pieces[ids["a"]].ap == 3 and state.top().kind == "free_shot"
    state, events = act(state, "marine", Fire(model=ids["a"], at=(4, 0, 0), use="free"), rolls=[6, 2])
    assert of_kind(events, "fired")[0].bonus == 0 and ids["g"] not in state.pieces


def test_command_point_chit() -> None:
    """SHB-5.1: one chit worth 1-6 each turn, drawn by the dice and kept from the Genestealer player."""
    seen = set()
    for seed in range(60):
        state, _ = new_game(RULES, {}, seed)
        while state.phase != "marine":
            seat = next(iter(RULES.active_seats(state)))
            state, _ = step(RULES, state, seat, RULES.legal_actions(state, seat)[0])
        seen.add(state.cp)
    state, _ = new_game(RULES, {}, 1)
    assert seen == set(range(1, 7))
    assert RULES.view(state, "genestealer").cp is None


def test_command_points_for_any_marine() -> None:
    """SHB-5.2: 1 CP = 1 AP for any Marine at any moment, without ending the active one; AP and CP combine."""
    state, ids = scenario("a...\nb...", a=M("E"), b=M("E", ap=4), cp=3)
    state, _ = act(state, "marine", Move(model=ids["a"], to=(1, 0, 0)))
    state, events = act(state, "marine", Move(model=ids["b"], to=(1, 1, 0), use="cp"))
    assert state.active == ids["a"] and state.cp == 2 and state.pieces[ids["b"]].ap == 4
    assert not of_kind(events, "activated")
    state = state.model_copy(
        update={"pieces": {**state.pieces, ids["a"]: state.pieces[ids["a"]].model_copy(update={"ap": 1})}}
    )
    state, events = act(state, "marine", Overwatch(model=ids["a"]))  # 1 AP + 1 CP
    assert of_kind(events, "spent")[0].ap == 1 and of_kind(events, "spent")[0].cp == 1 and state.cp == 1
    with pytest.raises(Rejected) as err:
        RULES.decide(state, "marine", Turn(model=ids["a"], facing="W"), None)  # type: ignore[arg-type]
    assert err.value.message_id == "spacehulk.pay_short"


def test_interrupt_after_a_seen_stealer_action() -> None:
    """SHB-5.3: after a Stealer action a Marine saw, one action by that Marine, paid with CP only."""
    state, ids = scenario(
        """
        a.....g
        .......
        b......
        """,
        a=M("E"),
        b=M("S"),
        g=G("W"),
        phase="stealer",
        cp=3,
    )
    state, events = act(state, "genestealer", Move(model=ids["g"], to=(5, 0, 0)))
    assert isinstance(state.top(), AgInterrupt) and RULES.active_seats(state) == {"marine"}
    legal = RULES.legal_actions(state, "marine")
    assert Pass() in legal and all(getattr(x, "use", "cp") == "cp" for x in legal)
    assert {x.model for x in legal if hasattr(x, "model")} == {ids["a"]}  # b looks south: did not see it
    with pytest.raises(Rejected) as err:
        RULES.decide(state, "marine", Overwatch(model=ids["b"], use="cp"), None)  # type: ignore[arg-type]
    assert err.value.message_id == "spacehulk.not_witness"
    state, events = act(state, "marine", Overwatch(model=ids["a"], use="cp"))  # overwatch for 2 CP
    assert state.cp == 1 and state.pieces[ids["a"]].overwatch and state.top() is None
    assert RULES.active_seats(state) == {"genestealer"}


def test_interrupt_clear_jam_for_one_cp_and_3e_any_marine() -> None:
    """SHB-5.3: clearing a jam is a legal 1 CP interrupt; the 3e flag lets any Marine act (Q12)."""
    diagram = """
    a.....g
    .......
    b......
    """
    state, ids = scenario(diagram, a=M("E", jammed=True), b=M("N"), g=G("W"), phase="stealer", cp=1)
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(5, 0, 0)))
    state, _ = act(state, "marine", ClearJam(model=ids["a"], use="cp"))
    assert not state.pieces[ids["a"]].jammed and state.cp == 0
    state, ids = scenario(
        diagram, a=M("E"), b=M("N"), g=G("W"), phase="stealer", cp=2, options={"interrupt_actor": "any"}
    )
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(5, 0, 0)))
    assert ids["b"] in {x.model for x in RULES.legal_actions(state, "marine") if hasattr(x, "model")}


def test_no_interrupt_without_command_points_or_witness() -> None:
    """SHB-5.3: no window when nobody saw the action or the Marine has no CP (prompt 'when_able')."""
    diagram = "a.....g"
    state, ids = scenario(diagram, a=M("W"), g=G("W"), phase="stealer", cp=3)
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(5, 0, 0)))
    assert state.top() is None
    state, ids = scenario(diagram, a=M("E"), g=G("W"), phase="stealer", cp=0)
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(5, 0, 0)))
    assert state.top() is None
    state, ids = scenario(
        diagram, a=M("E"), g=G("W"), phase="stealer", cp=0, options={"interrupt_prompt": "always"}
    )
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(5, 0, 0)))
    assert RULES.legal_actions(state, "marine") == [Pass()]


def test_unspent_command_points_are_discarded() -> None:
    """SHB-5.4: CP left at the end phase are lost; the next chit replaces them."""
    state, _ = scenario("a..", a=M("E"), phase="stealer", cp=5)
    state, events = act(state, "genestealer", EndTurn(), rolls=[1])
    assert of_kind(events, "cp_discarded")[0].cp == 5 and state.cp == 1


def test_default_interrupt_window_does_not_reveal_the_chit() -> None:
    """SHB-2.2, SHB-5.1: the CP chit is secret from the Stealer player, so by default the interrupt
    window opens after every witnessed Stealer action whatever the Marine's CP; its presence tells
    the Stealer player nothing."""
    from engine.spacehulk.options import SpaceHulkOptions

    assert SpaceHulkOptions().variants.interrupt_prompt == "always"
    windows = []
    for cp in (0, 4):
        state, ids = scenario(
            "a.....g",
            a=M("E"),
            g=G("W"),
            phase="stealer",
            cp=cp,
            options={"interrupt_prompt": SpaceHulkOptions().variants.interrupt_prompt},
        )
        state, _ = act(state, "genestealer", Move(model=ids["g"], to=(5, 0, 0)))
        windows.append(
            (RULES.active_seats(state), RULES.view(state, "genestealer").model_dump(exclude={"log"}))
        )
    assert windows[0][0] == windows[1][0] == frozenset({"marine"})
    assert windows[0][1] == windows[1][1]
