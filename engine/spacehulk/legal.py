"""Enumerate legal actions from the same checks `decide` uses (queries.Queries), so they always agree."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from engine.core import Action

from . import actions as a
from .blips import areas_with_room
from .board import FACINGS, Square
from .board.los import front_three
from .corridors import fits
from .deployment import legal as deployment_legal
from .dw_types.solo_model import AgSoloTie
from .force_list import sample_orders
from .messages import Problem
from .queries import Queries
from .scenarios import tile_options
from .state import (
    AgBlock,
    AgBuildForce,
    AgDeploy,
    AgDetonate,
    AgFaceAttacker,
    AgFacing,
    AgFreeShot,
    AgInterrupt,
    AgLevelStep,
    AgOverwatchPick,
    AgPlace,
    AgPlaceTile,
    AgPsychic,
    AgReinforce,
    AgShift,
    Piece,
    built,
)
from .weapons import melee_of, weapon_of

PSYCHIC_SAMPLE = 3

Candidate = tuple[type[Action], dict[str, Any], int]


_DEFAULTS: dict[type[Action], dict[str, Any]] = {}


def _defaults(cls: type[Action]) -> dict[str, Any]:
    defaults = _DEFAULTS.get(cls)
    if defaults is None:
        defaults = {name: f.get_default() for name, f in cls.model_fields.items() if not f.is_required()}
        _DEFAULTS[cls] = defaults
    return defaults


def _mk(cls: type[Action], **fields: Any) -> Action:
    """Build an action without validation: every field comes from the validated state (hot path)."""
    return _paid(cls, fields, None)


def _paid(cls: type[Action], fields: dict[str, Any], use: str | None) -> Action:
    """`_mk(cls, **fields, use=use)` (no `use` when None), without packing the fields again."""
    values = _defaults(cls).copy()
    values.update(fields)
    if use is None:
        return built(cls, values, set(fields))
    values["use"] = use
    return built(cls, values, {*fields, "use"})


def marine_candidates(q: Queries, m: Piece) -> Iterator[Candidate]:
    """Every action this Marine could take now, with its AP cost, payment aside (SHB-4.3)."""
    assert m.pos is not None and m.facing is not None
    if m.prone:  # DW-PIT-9: only standing up
        for facing in FACINGS:
            yield a.Stand, {"model": m.id, "facing": facing}, 2
        return
    bolter = q.can_fire_at_all(m) is None
    holes = q.board.has_holes
    for to, cost in q.step_costs(m):  # the squares where q.move_cost(m, to) is a number
        yield a.Move, {"model": m.id, "to": to}, cost
        if bolter:
            yield a.Move, {"model": m.id, "to": to, "fire": True}, cost  # SHB-8.3
        if holes and q.jump_problem(m, to) is None:
            yield a.Move, {"model": m.id, "to": to, "jump": True}, cost  # DW-PIT-5
    if holes and q.jump_problem(m, m.pos) is None:
        yield a.Jump, {"model": m.id}, 1
    if q.board.has_holes:
        yield from _climb_candidates(q, m)
    for facing in FACINGS:
        if facing == m.facing:
            continue
        found = q.turn_cost(m, facing)
        if not isinstance(found, Problem):
            yield a.Turn, {"model": m.id, "facing": facing}, found[0]
        if q.opt.turn_and_fire and bolter:
            found = q.turn_cost(m, facing, fire=True)
            if not isinstance(found, Problem):
                yield a.Turn, {"model": m.id, "facing": facing, "fire": True}, found[0]
    yield from _door_candidates(q, m, front_three(m.facing, m.pos))
    for at in q.fire_targets(m):
        yield a.Fire, {"model": m.id, "at": at}, 1
    if bolter and not m.overwatch:
        yield a.Overwatch, {"model": m.id}, 2
    if m.jammed:
        yield a.ClearJam, {"model": m.id}, 1
    weapon = weapon_of(m)
    if weapon.auto_dice and m.ammo >= weapon.auto_bursts and _auto_has_target(q, m):
        yield a.AutoFire, {"model": m.id}, weapon.auto_ap
    if weapon.reload_ap and q.at_cache(m):  # DW-CR-6: Cloud Runner's weapons cache in a front square
        for into in ("weapon", "reserve"):  # the player's choice: both are offered when both are possible
            if isinstance(q.cache_into(m, into), str):
                yield a.Reload, {"model": m.id, "into": into}, weapon.reload_ap
    elif weapon.reload_ap and m.reloads > 0 and m.ammo < (weapon.ammo or 0):
        yield a.Reload, {"model": m.id}, weapon.reload_ap  # DW-AC-8, DW-HF-2 (decide also takes a full one)
    if weapon.flame:
        for at in q.flame_targets(m):
            yield a.Flame, {"model": m.id, "at": at}, 2
    melee = melee_of(m)
    if melee.cuts_door_ap is not None:
        cut = q.cut_cost(m)
        if isinstance(cut, int):
            yield a.Cut, {"model": m.id}, cut
    if (melee.self_destruct or weapon.self_destruct) and q.self_destruct_problem(m) is None:
        yield a.SelfDestruct, {"model": m.id}, 1
    if not isinstance(q.assault_target(m), Problem):
        yield a.Assault, {"model": m.id}, 1
        if melee.psychic:  # DW-FA-2: a sample of psychic points (decide takes any he has left)
            for points in range(1, min(m.psychic, PSYCHIC_SAMPLE) + 1):
                yield a.Assault, {"model": m.id, "psychic": points}, 1
    if m.grenades:
        for at in q.grenade_targets(m):
            yield a.Grenade, {"model": m.id, "at": at}, 1
    if q.state.mission.teleport and q.teleport_problem(m) is None:
        yield a.Teleport, {"model": m.id}, 4
    if m.pos in q.board.exits:
        yield a.Exit, {"model": m.id}, 1


def _auto_has_target(q: Queries, m: Piece) -> bool:
    """Auto fire has a target (DW-AC-3)."""
    return q.auto_problem(m) is None


def _climb_candidates(q: Queries, p: Piece) -> Iterator[Candidate]:
    """DW-LAD-3: up or down a ladder, each facing on arrival (blips: none)."""
    if q.climb_end(p) is None:
        return
    for facing in (None,) if p.kind == "blip" else FACINGS:
        cost = q.climb_cost(p, facing)
        if isinstance(cost, int):
            yield a.Climb, {"model": p.id, "facing": facing}, cost


def _door_candidates(q: Queries, p: Piece, squares: Any) -> Iterator[Candidate]:
    for sq in squares:
        if sq in q.board.door_index:
            cost = q.door_cost(p, sq)
            if isinstance(cost, int):
                yield a.Door, {"model": p.id, "square": sq}, cost


def marine_actions(
    q: Queries, eligible: list[Piece] | None = None, *, first_only: bool = False
) -> list[Action]:
    """Marine actions with their payments; `eligible` set means an interrupt (CP only, SHB-5.3)."""
    s = q.state
    out: list[Action] = []
    marines = sorted(q.marines(), key=lambda p: p.number) if eligible is None else eligible
    for m in marines:
        if eligible is not None:
            uses = ["cp"]
        else:
            uses = (["ap"] if m.id == s.active or not m.activated else []) + ["cp"]
        for cls, fields, cost in marine_candidates(q, m):
            for use in uses:
                short = cost if use == "cp" else max(0, cost - m.ap)
                if short <= s.cp:
                    out.append(_paid(cls, fields, use))
                    if first_only:
                        return out
    return out


def stealer_candidates(q: Queries, p: Piece) -> Iterator[Candidate]:
    """Every action this Genestealer or blip could take now, with its AP cost (SHB-4.3, SHB-10)."""
    if p.pos is None:
        assert p.area is not None
        entry = q.board.entries[p.area].square
        facings: tuple[Any, ...] = FACINGS if p.kind == "genestealer" else (None,)
        cost = q.move_cost(p, entry, facing=facings[0])  # the same for every facing (SHB-10.4)
        if isinstance(cost, int):
            for facing in facings:
                yield a.Move, {"model": p.id, "to": entry, "facing": facing}, cost
    else:
        steps = q.step_costs(p)  # the squares where q.move_cost(p, to) is a number
        for to, cost in steps:
            yield a.Move, {"model": p.id, "to": to}, cost
        if q.board.has_holes:
            yield from _climb_candidates(q, p)
            for to, cost in steps:
                if q.jump_problem(p, to) is None:
                    yield a.Move, {"model": p.id, "to": to, "jump": True}, cost  # DW-PIT-10
            if q.jump_problem(p, p.pos) is None:
                yield a.Jump, {"model": p.id}, 1
        if p.kind == "genestealer":
            for facing in FACINGS:
                if facing != p.facing:
                    found = q.turn_cost(p, facing)
                    if not isinstance(found, Problem):
                        yield a.Turn, {"model": p.id, "facing": facing}, found[0]
            yield from _door_candidates(q, p, front_three(p.facing, p.pos))  # type: ignore[arg-type]
            if not isinstance(q.assault_target(p), Problem):
                yield a.Assault, {"model": p.id}, 1
            if q.board.has_holes or q.deathwing:
                for way in ("up", "down"):
                    if not isinstance(q.vertical_target(p, way), Problem):
                        yield a.Assault, {"model": p.id, "vertical": way}, 1  # DW-LVL-1
        else:
            yield from _door_candidates(q, p, [sq for _d, sq in q.board.neighbours(p.pos)])
    if p.kind == "blip" and not p.acted and not p.ambush:  # DW-AMB-4: never by choice
        yield a.Convert, {"model": p.id}, 0  # SHB-10.6


def stealer_actions(q: Queries) -> list[Action]:
    s = q.state
    out: list[Action] = []
    for p in sorted(s.pieces.values(), key=lambda p: p.number):
        if p.kind == "marine" or (p.id != s.active and p.activated):
            continue
        for cls, fields, cost in stealer_candidates(q, p):
            if cost <= p.ap:
                out.append(_paid(cls, fields, "ap" if cls is not a.Convert else None))
    return out


def free_shot_targets(q: Queries, m: Piece) -> list[Square]:
    return q.fire_targets(m)


def interrupt_eligible(q: Queries, item: AgInterrupt) -> list[Piece]:
    """Marines who may take the CP interrupt after this Stealer action (SHB-5.3, Q12).

    Reading: a Marine saw the action if he saw the acting Genestealer before or after it, the door it
    worked, or a Genestealer that the action revealed.
    """
    marines = sorted(q.marines(), key=lambda p: p.number)
    seen = set(item.witnesses)
    watched: list[Square] = []
    actor = q.state.pieces.get(item.actor)
    if actor is not None and actor.kind == "genestealer" and actor.pos is not None:
        watched.append(actor.pos)
    if item.door is not None:
        watched.append(item.door)
    if item.since < q.state.next_id:  # else no model was numbered since (ids count up from next_id)
        watched += [g.pos for g in q.stealers() if g.pos is not None and g.number >= item.since]
    for m in marines:
        if m.id not in seen and any(q.sees(m, sq) for sq in watched):
            seen.add(m.id)
    witnesses = [m for m in marines if m.id in seen]
    if not witnesses:
        return []
    return marines if q.opt.interrupt_actor == "any" else witnesses


def choice_actions(q: Queries, top: Any) -> list[Action]:
    """The answers to the pending agenda step."""
    s = q.state
    match top:
        case AgSoloTie(candidates=candidates):  # DW-SOLO-2, DW-SOLO-8: a pick, or the dice's
            return [_mk(a.BreakTie, pick=c) for c in candidates] + [_mk(a.BreakTie, pick=None)]
        case AgReinforce():
            fewer: list[Action] = (
                [a.Pass()] if s.mission.blip_total is not None else []
            )  # DW-GEN-4: fewer, none
            return (
                [_mk(a.PlaceBlip, area=area) for area in areas_with_room(q)]
                + [  # type: ignore[arg-type]
                    _mk(a.PlaceAmbush, square=sq) for sq in q.ambush_squares()
                ]
                + fewer
            )
        case AgPlace():
            return [_mk(a.PlaceStealer, square=sq) for sq in q.placement_squares(top.origin, top.voluntary)]
        case AgFacing():
            return [_mk(a.SetFacing, model=top.models[0], facing=f) for f in FACINGS]
        case AgOverwatchPick():
            return [_mk(a.PickTarget, model=top.marine, target=c) for c in top.candidates]
        case AgBlock():
            marine = top.attacker if s.pieces[top.attacker].kind == "marine" else top.defender
            dice = top.defender_dice if marine == top.attacker else top.attacker_dice
            return [_mk(a.Block, model=marine, die=i) for i in range(len(dice))] + [_mk(a.Pass)]
        case AgPlaceTile():
            return [
                _mk(a.PlaceTile, tile=top.tile, rotation=o.rotation, slot=o.slot)
                for o in tile_options(s.mission, top.tile)
            ]
        case AgBuildForce():
            budget = q.opt.force_points or 0
            one = s.mission.scenario == "cloud_runner"  # DW-CR-1: one squad
            if s.mission.marine_corridors:  # DW-GEN-6, DW-GEN-7: squads whole, corridors grown if need be
                mission = s.mission
                orders = sample_orders(budget, 0, one_squad=one, fits=lambda men: fits(mission, men))
            else:
                orders = sample_orders(budget, len(q.board.deployments), one_squad=one)
            return [_mk(a.BuildForce, order=order) for order in orders]
        case AgDeploy():
            return deployment_legal(s, top)  # DW-SC3: a cheap sample; decide takes any square the rules allow
        case AgShift():
            return [_mk(a.Shift, square=sq) for sq in top.squares]
        case AgLevelStep():
            steps = [_mk(a.Move, model=top.model, to=sq, use="free") for sq in top.squares]
            return steps + [_mk(a.Pass)]
        case AgPsychic():
            lib = s.pieces[top.defender]
            points = range(1, min(lib.psychic, PSYCHIC_SAMPLE) + 1)
            return [_mk(a.Psychic, model=lib.id, points=n) for n in points] + [_mk(a.Pass)]
        case AgDetonate():
            return [_mk(a.SelfDestruct, model=top.defender, use="free"), _mk(a.Pass)]
        case AgFaceAttacker():
            return [_mk(a.Turn, model=top.model, facing=top.toward, fire=False, use="free"), _mk(a.Pass)]
        case AgFreeShot():
            m = s.pieces[top.marine]
            return [_mk(a.Fire, model=m.id, at=at, use="free") for at in free_shot_targets(q, m)] + [
                _mk(a.Pass)
            ]
        case AgInterrupt():
            return marine_actions(q, interrupt_eligible(q, top)) + [_mk(a.Pass)]
    return []


def cost_key(action: Action) -> str:
    """The key of an action in `SpaceHulkView.costs`: its fields without the payment (`use`).

    Built from the field values directly (squares are tuples, the rest str, int, bool or None): it is
    computed for every candidate of every view, so it avoids a JSON dump."""
    values = action.__dict__
    return "|".join(f"{name}={values[name]!r}" for name in sorted(values) if name != "use")


def action_costs(q: Queries, seat: str, top: Any) -> dict[str, int]:
    """The AP cost of every piece action `seat` could take now, by `cost_key` (SHB-4.3), so buttons
    and orders can show prices. Built from the same candidates as the legal actions but before any
    payment check, so it depends on nothing the seat may not know (not the CP chit, not blip values)."""
    s = q.state
    candidates: Callable[[Queries, Piece], Iterator[Candidate]]
    if isinstance(top, AgInterrupt) and seat == "marine":
        pieces = interrupt_eligible(q, top)
        candidates = marine_candidates
    elif top is None and s.phase == "marine" and seat == "marine":
        pieces = sorted(q.marines(), key=lambda p: p.number)
        candidates = marine_candidates
    elif top is None and s.phase == "stealer" and seat == "genestealer":
        # the pieces that may still act (as stealer_actions): the active one and those not yet activated
        pieces = [
            p for p in s.pieces.values() if p.kind != "marine" and (p.id == s.active or not p.activated)
        ]
        candidates = stealer_candidates
    else:
        return {}
    out: dict[str, int] = {}
    for p in pieces:
        for cls, fields, cost in candidates(q, p):
            out[cost_key(_mk(cls, **fields))] = cost
    return out
