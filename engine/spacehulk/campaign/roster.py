"""The squad sheets: buying the campaign force, disbanding, boarding torpedoes (DW-CMP-1, DW-CMP-4,
DW-CMP-10, A-36).

Readings:
- DW-CMP-1: the force is bought from the Force List exactly as a single game's (deathwing.md §2.5,
  `force_list.py`), with the timer points bought once out of the same budget (A-36).
- DW-CMP-4: a disbanded squad's surviving Marines all move (none is left without a squad); each goes
  to a squad "with losses": one with fewer survivors than it was bought with. No squad ever holds
  more than 5 Marines (a Reconnaissance squad may then grow past its 3). The dead stay on the sheet
  they died on. A Marine keeps his id and equipment when he moves.
- A-36: squads board torpedoes whole, at most 5 Marines a torpedo; two small squads may share one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.core import Rejected

from ..dw_types.force import ForceOrder, SquadOrder
from ..force_list import build as build_force
from .messages import refuse
from .state import SQUAD_CAP, TORPEDO_BERTHS, CampaignState, Member, Squad


def buy(order: ForceOrder, budget: int) -> tuple[tuple[Squad, ...], tuple[Member, ...], int]:
    """The squad sheets of a valid force and its price, or the Force List's refusal (DW-CMP-1)."""
    troopers, _timer, cost = build_force(order, budget)
    squads: list[Squad] = []
    members: list[Member] = []
    for squad_id in dict.fromkeys(t.squad for t in troopers):
        mine = [t for t in troopers if t.squad == squad_id]
        ids = tuple(f"{squad_id}.{i + 1}" for i in range(len(mine)))
        squads.append(Squad(id=squad_id, box=squad_id.rsplit("-", 1)[0], size=len(mine), members=ids))
        members += [
            Member(id=i, spec=t.model_copy(update={"name": i})) for i, t in zip(ids, mine, strict=True)
        ]
    return tuple(squads), tuple(members), cost


def check_disband(state: CampaignState, squad: str, moves: dict[str, str]) -> None:
    """DW-CMP-4: every survivor of `squad` joins a squad with losses, never above 5."""
    if squad not in state.squads or state.squads[squad].disbanded:
        raise refuse("squad.unknown", squad=squad)
    alive = state.alive(squad)
    sheet = state.squads[squad]
    if not alive or sheet.guarding or sheet.lost:
        raise refuse("disband.empty", squad=squad)
    for member in moves:
        if member not in alive:
            raise refuse("disband.member", member=member, squad=squad)
    if set(moves) != set(alive):
        raise refuse("disband.unplaced", squad=squad)
    incoming: dict[str, int] = {}
    for target in moves.values():
        incoming[target] = incoming.get(target, 0) + 1
    for target, n in incoming.items():
        other = state.squads.get(target)
        if other is None or other.disbanded:
            raise refuse("squad.unknown", squad=target)
        now = len(state.alive(target))
        if target == squad or other.guarding or other.lost or now == 0 or now >= other.size:
            raise refuse("disband.target", target=target)
        if now + n > SQUAD_CAP:
            raise refuse("disband.full", target=target, count=now + n)


def disband_options(state: CampaignState) -> list[tuple[str, dict[str, str]]]:
    """One legal way (if any) to disband each squad: survivors fill the receivers in roster order."""
    out = []
    for squad in state.squads:
        sheet = state.squads[squad]
        alive = state.alive(squad)
        if sheet.disbanded or sheet.guarding or sheet.lost or not alive:
            continue
        room = {
            s: SQUAD_CAP - len(state.alive(s))
            for s, o in state.squads.items()
            if s != squad and not (o.disbanded or o.guarding or o.lost) and 0 < len(state.alive(s)) < o.size
        }
        moves: dict[str, str] = {}
        for member in alive:
            target = next((s for s, r in room.items() if r > 0), None)
            if target is None:
                break
            moves[member] = target
            room[target] -= 1
        if len(moves) == len(alive):
            try:
                check_disband(state, squad, moves)
            except Rejected:
                continue
            out.append((squad, moves))
    return out


def torpedoes_needed(sizes: Sequence[int], limit: int) -> int | None:
    """The fewest torpedoes that carry these squads whole (A-36), or None if more than `limit`."""
    order = sorted((s for s in sizes if s > 0), reverse=True)
    if any(s > TORPEDO_BERTHS for s in order):
        return None
    for bins in range(0, limit + 1):
        if _fits(order, [TORPEDO_BERTHS] * bins):
            return bins
    return None


def _fits(sizes: list[int], room: list[int]) -> bool:
    if not sizes:
        return True
    head, rest = sizes[0], sizes[1:]
    tried: set[int] = set()
    for i, r in enumerate(room):
        if r >= head and r not in tried:
            tried.add(r)
            room[i] -= head
            if _fits(rest, room):
                room[i] += head
                return True
            room[i] += head
    return False


PLANS: tuple[tuple[str, ...], ...] = (
    ("recon",),
    ("standard", "recon"),
    ("standard", "standard", "heavy"),
    ("command", "standard", "assault", "recon"),
    ("assault", "heavy", "recon", "standard", "recon"),
    ("standard", "standard", "standard", "standard", "recon", "recon"),
)
"""Squad mixes the legal-action sample draws forces from (decide takes any valid order)."""


def sample_orders(budget: int) -> list[ForceOrder]:
    """A finite sample of valid forces within the budget: each plan cut to fit, timer points 1 or 3."""
    out: list[ForceOrder] = []
    for plan in PLANS:
        for points in (1, 3):
            order = _fit(plan, budget, points)
            if order is not None and order not in out:
                out.append(order)
    return out


def _fit(plan: Iterable[str], budget: int, points: int) -> ForceOrder | None:
    squads: list[SquadOrder] = []
    for box in plan:
        trial = ForceOrder(squads=(*squads, SquadOrder(squad=box)), timer_points=points)  # type: ignore[arg-type]
        try:
            build_force(trial, budget)
        except Rejected:
            continue
        squads.append(SquadOrder(squad=box))  # type: ignore[arg-type]
    if not squads:
        return None
    return ForceOrder(squads=tuple(squads), timer_points=points)
