"""Movement (SHB-1.1, SHB-7) and doors (SHB-1.4, SHB-11)."""

from __future__ import annotations

import pytest

from engine.core import Rejected
from engine.spacehulk import RULES
from engine.spacehulk.actions import Assault, Door, Fire, Move, SelfDestruct
from tests.engine.helpers import of_kind

from .helpers import B, G, M, act, kinds_without_agenda, scenario


def refused(state, seat: str, action) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(Rejected) as err:
        RULES.decide(state, seat, action, None)  # type: ignore[arg-type]
    return err.value.message_id


def test_one_model_per_square() -> None:
    """SHB-1.1 / SHB-7.4: a square holds one model; friends block too; nobody moves through anyone."""
    state, ids = scenario("ab..", a=M("E"), b=M("E"))
    assert refused(state, "marine", Move(model=ids["a"], to=(1, 0, 0))) == "spacehulk.move.occupied"
    state, ids = scenario("gh..", g=G("E"), h=G("E"), phase="stealer")
    assert refused(state, "genestealer", Move(model=ids["g"], to=(1, 0, 0))) == "spacehulk.move.occupied"


@pytest.mark.parametrize(
    ("diagram", "to", "message"),
    [
        ("a#", (1, 0, 0), "spacehulk.move.wall"),
        ("aD.", (1, 0, 0), "spacehulk.move.closed_door"),
        ("aC.", (1, 0, 0), "spacehulk.move.feature"),
    ],
)
def test_what_a_model_cannot_enter(diagram: str, to: tuple[int, int, int], message: str) -> None:
    """SHB-7.1: walls, closed doors and blocking squares cannot be entered."""
    state, ids = scenario(diagram, a=M("E"))
    assert refused(state, "marine", Move(model=ids["a"], to=to)) == message


def test_marines_never_enter_lurking_spaces() -> None:
    """SHB-7.1 / SHB-1.5: lurking spaces are off-board; a Marine can stand on the entry square only."""
    state, ids = scenario("1a..", a=M("W"))
    state, _ = act(state, "marine", Move(model=ids["a"], to=(0, 0, 0)))
    assert state.pieces[ids["a"]].pos == (0, 0, 0)
    assert not any(x.kind == "move" and x.to[0] < 0 for x in RULES.legal_actions(state, "marine"))


def test_burning_squares() -> None:
    """SHB-7.1 / SHB-9.5: no entering flames from outside; a model in the flames may move within and out."""
    state, ids = scenario("g...", g=G("E"), phase="stealer")
    state.burning = [(1, 0, 0)]
    assert refused(state, "genestealer", Move(model=ids["g"], to=(1, 0, 0))) == "spacehulk.move.burning"
    state.burning = [(0, 0, 0), (1, 0, 0)]
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(1, 0, 0)))
    state, _ = act(state, "genestealer", Move(model=ids["g"], to=(2, 0, 0)))
    assert state.pieces[ids["g"]].pos == (2, 0, 0)


SQUEEZE_CASES = [
    # the mover x goes to the square t diagonally; o is a model; '#' a wall
    ("both flanks walls", "x#\n#t", False, "spacehulk.move.squeeze"),
    ("wall and model", "xo\n#t", False, "spacehulk.move.squeeze"),
    ("two models", "xo\npt", False, "spacehulk.move.squeeze"),
    ("one flank open", "x.\n#t", True, None),
    ("closed door corner", "xD\n.t", False, "spacehulk.move.door_corner"),
]


@pytest.mark.parametrize(
    ("name", "diagram", "ok", "message"), SQUEEZE_CASES, ids=[c[0] for c in SQUEEZE_CASES]
)
def test_diagonal_moves(name: str, diagram: str, ok: bool, message: str | None) -> None:
    """SHB-7.2 / Q14: a diagonal keeps the facing; no squeezing past two blocked squares or a closed door."""
    marks = {"x": G("S")}
    for mark in "op":
        if mark in diagram:
            marks[mark] = G("N")
    state, ids = scenario(diagram.replace("t", "."), phase="stealer", **marks)
    action = Move(model=ids["x"], to=(1, 1, 0))
    if ok:
        state, _ = act(state, "genestealer", action)
        assert state.pieces[ids["x"]].facing == "S"
    else:
        assert refused(state, "genestealer", action) == message


def test_diagonal_squeeze_flag() -> None:
    """Q14 variant: without the squeeze rule only closed-door corners stop a diagonal."""
    state, ids = scenario("xo\no.", x=G("S"), o=G("N"), phase="stealer", options={"diagonal_squeeze": False})
    state, _ = act(state, "genestealer", Move(model=ids["x"], to=(1, 1, 0)))
    assert state.pieces[ids["x"]].pos == (1, 1, 0)


def test_marines_cannot_side_step() -> None:
    """SHB-7.3: a Terminator may not move sideways, at any cost."""
    state, ids = scenario("...\n.a.\n...", a=M("N"))
    assert refused(state, "marine", Move(model=ids["a"], to=(0, 1, 0))) == "spacehulk.move.no_sidestep"
    assert not [x for x in RULES.legal_actions(state, "marine") if x.kind == "move" and x.to[1] == 1]


def test_spanish_facing_and_turn() -> None:
    """SHB-7.5: encaramiento = facing, giro = turn."""
    from renderers.i18n import t

    assert t("es", "spacehulk.label.facing") == "Encaramiento" and t("es", "spacehulk.label.turn") == "Giro"


def test_doors_open_and_close_for_one_ap() -> None:
    """SHB-11.1: any model opens or closes a door for 1 AP; a Marine on overwatch loses it doing so."""
    state, ids = scenario("aD.", a=M("E", overwatch=True))
    state, events = act(state, "marine", Door(model=ids["a"], square=(1, 0, 0)))
    assert kinds_without_agenda(events) == ["activated", "spent", "overwatch_ended", "door_changed"]
    assert state.doors == ["open"] and state.pieces[ids["a"]].ap == 3 and not state.pieces[ids["a"]].overwatch
    state, events = act(state, "marine", Door(model=ids["a"], square=(1, 0, 0)))
    assert state.doors == ["closed"] and state.pieces[ids["a"]].ap == 2


def test_door_in_front_three_squares() -> None:
    """SHB-11.2: the door must be in the front three squares; one round a corner counts; blips: any adjacent."""
    state, ids = scenario(
        """
        #D##
        #a.#
        """,
        a=M("E"),
    )
    assert refused(state, "marine", Door(model=ids["a"], square=(1, 0, 0))) == "spacehulk.door.not_in_front"
    state, ids = scenario("##D#\n#a.#", a=M("N"))
    state, _ = act(state, "marine", Door(model=ids["a"], square=(2, 0, 0)))  # front-right diagonal
    assert state.doors == ["open"]
    state, ids = scenario("D.\n.b", b=B(1), phase="stealer")
    state, _ = act(state, "genestealer", Door(model=ids["b"], square=(0, 0, 0)))
    assert state.doors == ["open"]


def test_door_cannot_close_on_a_model() -> None:
    """SHB-1.4: a door cannot be closed while a model stands in it; destroyed doors stay open for good."""
    state, ids = scenario("xdh", x=G("E"), h=G("W"), phase="stealer")
    state, _ = act(state, "genestealer", Door(model=ids["x"], square=(1, 0, 0)))
    assert state.doors == ["closed"]
    state, ids = scenario("xdh", x=G("E"), h=G("W"), phase="stealer")
    state, _ = act(state, "genestealer", Move(model=ids["h"], to=(1, 0, 0)))
    assert refused(state, "genestealer", Door(model=ids["x"], square=(1, 0, 0))) == "spacehulk.door.blocked"
    state, ids = scenario("xd.", x=G("E"), phase="stealer")
    state.doors = ["destroyed"]
    assert refused(state, "genestealer", Door(model=ids["x"], square=(1, 0, 0))) == "spacehulk.door.destroyed"
    state, _ = act(state, "genestealer", Move(model=ids["x"], to=(1, 0, 0)))  # permanently open


def test_closed_doors_block_and_opening_is_a_stealer_action() -> None:
    """SHB-11.3: a closed door blocks sight; opening it is a Stealer action that triggers overwatch."""
    state, ids = scenario("a..Dg", a=M("E", overwatch=True), g=G("W"), phase="stealer")
    state, events = act(state, "genestealer", Door(model=ids["g"], square=(3, 0, 0)), rolls=[2, 3])
    assert kinds_without_agenda(events) == ["activated", "spent", "door_changed", "fired"]
    assert of_kind(events, "fired")[0].model == ids["a"] and of_kind(events, "fired")[0].overwatch


def test_opening_a_door_converts_a_blip() -> None:
    """SHB-11.3 / SHB-10.7: a door opened in sight of a Marine reveals the blip behind it."""
    state, ids = scenario("a..Db.", a=M("E"), b=B(1), phase="stealer")
    state, events = act(state, "genestealer", Door(model=ids["b"], square=(3, 0, 0)))
    assert (
        of_kind(events, "blip_converted")[0].value == 1 and not of_kind(events, "blip_converted")[0].voluntary
    )
    assert state.pieces[f"g{state.next_id - 1}"].pos == (4, 0, 0)


def test_ways_to_destroy_a_door() -> None:
    """SHB-11.4: storm bolter fire (6), close assault, flamer self-destruct; destroyed doors never close."""
    state, ids = scenario("a..D..", a=M("E"))
    state, events = act(state, "marine", Fire(model=ids["a"], at=(3, 0, 0)), rolls=[6, 1])
    assert state.doors == ["destroyed"]
    state, ids = scenario("aD.", a=M("E"))
    state, events = act(state, "marine", Assault(model=ids["a"]), rolls=[6])
    assert state.doors == ["destroyed"]
    state, ids = scenario(
        "fD.",
        f={"kind": "marine", "facing": "E", "weapon": "heavy_flamer", "ammo": 1, "ap": 4},
        sections="AAB",
        options={"flamer_self_destruct": True},
    )
    state, events = act(state, "marine", SelfDestruct(model=ids["f"]))
    assert state.doors == ["destroyed"] and ids["f"] not in state.pieces
