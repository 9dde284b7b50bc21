"""Scenario builders for Space Hulk tests: small ASCII maps, chosen pieces, scripted dice."""

from __future__ import annotations

from collections.abc import Iterable
from textwrap import dedent
from typing import Any

from engine.core import Action, Event, apply
from engine.spacehulk import RULES
from engine.spacehulk.missions import KillStealers, Mission
from engine.spacehulk.options import SpaceHulkOptions
from engine.spacehulk.state import BLIP_AP, MARINE_AP, STEALER_AP, Piece, SpaceHulkState
from tests.engine.helpers import ScriptedDice

from .diagrams import MAP_CHARS


def M(facing: str = "N", **kw: Any) -> dict[str, Any]:  # noqa: N802 - reads like the rulebook
    """A storm-bolter Terminator facing `facing`."""
    return {"kind": "marine", "facing": facing, "weapon": "storm_bolter", "ap": MARINE_AP, **kw}


def F(facing: str = "N", **kw: Any) -> dict[str, Any]:  # noqa: N802
    """A heavy-flamer Terminator."""
    return {"kind": "marine", "facing": facing, "weapon": "heavy_flamer", "ammo": 6, "ap": MARINE_AP, **kw}


def G(facing: str = "S", **kw: Any) -> dict[str, Any]:  # noqa: N802
    """A Genestealer."""
    return {"kind": "genestealer", "facing": facing, "ap": STEALER_AP, **kw}


def B(value: int = 1, **kw: Any) -> dict[str, Any]:  # noqa: N802
    """A blip worth `value`."""
    return {"kind": "blip", "value": value, "ap": BLIP_AP, **kw}


PREFIX = {"marine": "m", "genestealer": "g", "blip": "b"}


def scenario(
    diagram: str,
    *,
    sections: str | None = None,
    phase: str = "marine",
    turn: int = 1,
    cp: int = 0,
    options: dict[str, Any] | None = None,
    lurking: dict[str, list[dict[str, Any]]] | None = None,
    bag: dict[int, int] | None = None,
    mission: dict[str, Any] | None = None,
    **marks: dict[str, Any],
) -> tuple[SpaceHulkState, dict[str, str]]:
    """A state on a map drawn in ASCII. Lowercase marks name pieces given as keyword arguments.

    Returns the state and {mark: piece id}. Piece ids follow the mark order: m1, g2, b3, ...
    Lurking pieces are listed per entry area ({"1": [B(2)]}) and get ids after the marked ones.
    """
    rows = dedent(diagram).strip("\n").splitlines()
    positions: dict[str, tuple[int, int, int]] = {}
    clean = []
    for y, row in enumerate(rows):
        line = []
        for x, ch in enumerate(row):
            if ch in marks:
                positions[ch] = (x, y, 0)
                line.append(".")
            elif ch in MAP_CHARS:
                line.append(ch)
            else:
                raise AssertionError(f"mark {ch!r} has no piece")
        clean.append("".join(line))
    text = "[level 0]\n" + "\n".join(clean)
    if sections:
        text += "\n[sections 0]\n" + dedent(sections).strip("\n")
    pieces: dict[str, Piece] = {}
    blips: dict[str, int] = {}
    ids: dict[str, str] = {}
    n = 0
    for mark in sorted(positions, key=lambda m: (positions[m][1], positions[m][0])):
        n += 1
        spec = dict(marks[mark])
        pid = f"{PREFIX[spec['kind']]}{n}"
        ids[mark] = pid
        value = spec.pop("value", None)
        pieces[pid] = Piece(id=pid, pos=positions[mark], **spec)
        if value is not None:
            blips[pid] = value
            pieces[pid] = pieces[pid].model_copy(update={"facing": None})
    for area, specs in (lurking or {}).items():
        for spec in specs:
            n += 1
            spec = dict(spec)
            pid = f"{PREFIX[spec['kind']]}{n}"
            value = spec.pop("value", None)
            spec.pop("facing", None)
            pieces[pid] = Piece(id=pid, area=area, **spec)
            if value is not None:
                blips[pid] = value
            ids[f"{area}.{len([i for i in ids if i.startswith(area + '.')])}"] = pid
    # Scenarios script the prompts they expect: they open the CP interrupt window only when the
    # Marine can use it, unless a test asks for the (default) "always" reading explicitly.
    opts = SpaceHulkOptions(**{"interrupt_prompt": "when_able", **(options or {})})
    m = Mission(
        id="test",
        name="Test",
        map_name="test",
        map_text=text,
        marines=(),
        **{"win": (KillStealers(count=99),), "lose": (), "reinforcements": 0, **(mission or {})},
    )
    state = SpaceHulkState(
        seed=1,
        options=opts,
        mission=m,
        pieces=pieces,
        next_id=n + 1,
        doors=[d.initial for d in m.board.doors],
        blips=blips,
        bag=dict(bag if bag is not None else opts.variants.blip_bag),
        turn=turn,
        phase=phase,  # type: ignore[arg-type]
        cp=cp,
        cp_drawn=cp,
    )
    return state, ids


def act(
    state: SpaceHulkState, seat: str, action: Action, rolls: Iterable[int] = ()
) -> tuple[SpaceHulkState, list[Event]]:
    """Decide and apply with scripted dice; every scripted roll must be used."""
    assert seat in RULES.active_seats(state), f"{seat} is not active: {RULES.active_seats(state)}"
    dice = ScriptedDice(rolls)
    events = RULES.decide(state, seat, action, dice)
    assert dice.done(), f"unused scripted dice: {dice.values}"
    return apply(RULES, state.model_copy(deep=True), events), events


def kinds_without_agenda(events: Iterable[Event]) -> list[str]:
    """The kinds of `events` without the agenda's bookkeeping (`agenda_*`): what happened."""
    return [e.kind for e in events if not e.kind.startswith("agenda_")]
