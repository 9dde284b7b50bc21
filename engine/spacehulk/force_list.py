"""The Terminator Force List: squads, their point costs and options (deathwing.md §2.5, A-16 .. A-20).

A force order names squads and the options bought for them; `build` checks it against the budget and
the Force List's limits and returns the Terminators it fields, or raises the refusal the Marine player
reads. Squad contents and costs are data (A-18 rebuilt the interleaved boxes).

Readings: "a Marine" options apply once per eligible trooper (not the Sergeant) and options replacing
the same weapon exclude each other (A-19); the Assault squad's heavy-flamer swap replaces both the storm
bolter and the power glove, so that trooper cannot also take the chainfist (A-18); each timer point
costs 1 point (5 = Recon 4 + 1 timer point, A-20).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import Rejected

from .board import Square
from .corridors import place_squads
from .dw_types.force import ForceOrder, Heavy, SquadOrder, Swap
from .dw_types.timer import ForceTimer
from .messages import refuse
from .missions import MarineSpec

COSTS: dict[str, int] = {"command": 20, "heavy": 6, "standard": 10, "assault": 7, "recon": 4}
"""Squad prices (DW-FL-2, §2.5 squad boxes)."""
PER_MASTERY_LEVEL, CAPTAIN, SWORD, HEAVY_SWAP, CHAINFIST, FLAMER_RELOAD, CANNON_RELOAD = 3, 3, 1, 4, 1, 2, 1
FREE_SWAPS = ("lightning_claws", "thunder_hammer")


def _trooper(name: str, **kw: object) -> MarineSpec:
    return MarineSpec(name=name, **kw)  # type: ignore[arg-type]


def _heavy(kind: Heavy) -> dict[str, object]:
    return {"weapon": kind, "reloads": 1 if kind == "assault_cannon" else 0}  # DW-AC-7: one free reload


def _box(order: SquadOrder, squad: str) -> list[MarineSpec]:
    """The squad as it comes in its box, before the per-trooper swaps."""
    match order.squad:
        case "command":
            return [
                _trooper("Captain", captain=True, melee="power_sword", grenades=10, squad=squad),
                _trooper("Librarian", mastery=order.mastery, melee="force_axe", squad=squad),
                _trooper("Brother", weapon="heavy_flamer", squad=squad),
                _trooper("Brother", squad=squad, **_heavy("assault_cannon")),
                _trooper("Brother", squad=squad),
            ]
        case "heavy":
            return [_trooper("Brother", squad=squad, **_heavy(order.heavy)), _trooper("Brother", squad=squad)]
        case "standard":
            leader = (
                _trooper("Captain", captain=True, melee="power_sword", grenades=10, squad=squad)
                if order.captain
                else _trooper(
                    "Sergeant",
                    sergeant=True,
                    melee="power_sword" if order.sergeant_sword else None,
                    squad=squad,
                )
            )
            return [leader, _trooper("Brother", squad=squad, **_heavy(order.heavy))] + [
                _trooper("Brother", squad=squad) for _ in range(3)
            ]
        case "assault":
            return [
                _trooper("Sergeant", sergeant=True, melee="power_sword", squad=squad),
                _trooper("Brother", weapon=None, melee="lightning_claws", squad=squad),
                _trooper("Brother", weapon=None, melee="thunder_hammer", shield=True, squad=squad),
                _trooper("Brother", squad=squad),
                _trooper("Brother", squad=squad),
            ]
        case "recon":
            sword = "power_sword" if order.sergeant_sword else None
            return [_trooper("Sergeant", sergeant=True, melee=sword, squad=squad)] + [
                _trooper("Brother", squad=squad) for _ in range(2)
            ]
    raise AssertionError(order.squad)


ALLOWED: dict[str, dict[str, tuple[int, ...]]] = {
    "command": {},
    "heavy": {},
    "standard": {
        "assault_cannon": (2, 3, 4),
        "heavy_flamer": (2, 3, 4),
        "chainfist": (1, 2, 3, 4),
        "lightning_claws": (1, 2, 3, 4),
        "thunder_hammer": (1, 2, 3, 4),
    },
    "assault": {"heavy_flamer": (3, 4), "chainfist": (3, 4)},
    "recon": {"lightning_claws": (1, 2), "thunder_hammer": (1, 2)},
}
"""Which troopers each per-trooper option may go to (A-18, A-19)."""
REPLACES = {
    "assault_cannon": {"bolter"},
    "heavy_flamer": {"bolter"},
    "chainfist": {"glove"},
    "lightning_claws": {"bolter", "glove"},
    "thunder_hammer": {"bolter", "glove"},
}


def _swap(order: SquadOrder, spec: MarineSpec, option: str) -> tuple[MarineSpec, int]:
    """The trooper after one option, and its price."""
    if option == "assault_cannon":
        return spec.model_copy(update=_heavy("assault_cannon")), HEAVY_SWAP
    if option == "heavy_flamer":
        melee = spec.melee if order.squad != "assault" else None  # both weapons, in the Assault squad
        weapon_only = {"weapon": "heavy_flamer", "melee": melee, "reloads": 0}
        return spec.model_copy(update=weapon_only), HEAVY_SWAP
    if option == "chainfist":
        return spec.model_copy(update={"melee": "chainfist"}), CHAINFIST
    if option == "lightning_claws":
        return spec.model_copy(update={"weapon": None, "melee": "lightning_claws", "reloads": 0}), 0
    return spec.model_copy(
        update={"weapon": None, "melee": "thunder_hammer", "shield": True, "reloads": 0}
    ), 0


def _squad(order: SquadOrder, index: int) -> tuple[list[MarineSpec], int]:
    """The squad's troopers and its price, or the refusal (DW-FL-2, DW-SQ-1, A-18, A-19)."""
    squad = f"{order.squad}-{index + 1}"
    troopers = _box(order, squad)
    cost = COSTS[order.squad]
    if order.mastery > 1:
        if order.squad != "command":
            raise refuse("force.option", option="mastery", squad=order.squad)
        cost += PER_MASTERY_LEVEL * (order.mastery - 1)
    if order.captain:
        if order.squad != "standard":
            raise refuse("force.option", option="captain", squad=order.squad)
        cost += CAPTAIN
    if order.sergeant_sword:
        if order.squad not in ("standard", "recon") or order.captain:
            raise refuse("force.option", option="sergeant_sword", squad=order.squad)
        cost += SWORD
    replaced: dict[int, set[str]] = {}
    for swap in order.swaps:
        if swap.member not in ALLOWED[order.squad].get(swap.option, ()):
            raise refuse("force.swap", option=swap.option, member=swap.member + 1, squad=order.squad)
        used = replaced.setdefault(swap.member, set())
        if used & REPLACES[swap.option] or (order.squad == "assault" and used):
            raise refuse("force.swap_twice", member=swap.member + 1, squad=order.squad)
        used.update(REPLACES[swap.option] | ({"glove"} if order.squad == "assault" else set()))
        troopers[swap.member], price = _swap(order, troopers[swap.member], swap.option)
        cost += price
    flamers = sum(1 for t in troopers if t.weapon == "heavy_flamer")
    cannons = sum(1 for t in troopers if t.weapon == "assault_cannon")
    if order.flamer_reloads > flamers or order.cannon_reloads > 2 * cannons:  # DW-SQ-1
        raise refuse("force.reloads", squad=order.squad, flamers=flamers, cannons=cannons)
    cost += FLAMER_RELOAD * order.flamer_reloads + CANNON_RELOAD * order.cannon_reloads
    troopers = _add_reloads(troopers, "heavy_flamer", order.flamer_reloads, 1)
    troopers = _add_reloads(troopers, "assault_cannon", order.cannon_reloads, 2)
    return troopers, cost


def _add_reloads(troopers: list[MarineSpec], weapon: str, count: int, cap: int) -> list[MarineSpec]:
    out = []
    for t in troopers:
        extra = min(cap, count) if t.weapon == weapon else 0
        count -= extra
        out.append(t.model_copy(update={"reloads": t.reloads + extra}) if extra else t)
    return out


def build(order: ForceOrder, budget: int) -> tuple[tuple[MarineSpec, ...], ForceTimer, int]:
    """The Terminators of a valid force, its timer and its price; or the refusal (DW-FL-2, DW-FL-3)."""
    troopers: list[MarineSpec] = []
    cost = order.timer_points
    for i, squad in enumerate(order.squads):
        members, price = _squad(squad, i)
        troopers += members
        cost += price
    captains = sum(1 for t in troopers if t.captain)
    leaders = captains + sum(1 for t in troopers if t.sergeant)
    if leaders == 0:
        raise refuse("force.no_leader")  # DW-FL-3, A-17: a Sergeant or a Captain
    if captains > 1:
        raise refuse("force.captains", count=captains)  # DW-FL-3, DW-CAP-6
    if cost > budget:
        raise refuse("force.budget", cost=cost, budget=budget)  # DW-FL-2 (4)
    return tuple(troopers), ForceTimer(leaders=leaders, points=order.timer_points), cost


SAMPLES: tuple[ForceOrder, ...] = (
    ForceOrder(squads=(SquadOrder(squad="recon"),)),
    ForceOrder(
        squads=(
            SquadOrder(squad="recon", sergeant_sword=True, swaps=(Swap(member=1, option="lightning_claws"),)),
        ),
        timer_points=2,
    ),
    ForceOrder(
        squads=(SquadOrder(squad="heavy", heavy="heavy_flamer", flamer_reloads=1), SquadOrder(squad="recon"))
    ),
    ForceOrder(squads=(SquadOrder(squad="standard"),), timer_points=3),
    ForceOrder(
        squads=(SquadOrder(squad="standard", captain=True, swaps=(Swap(member=2, option="thunder_hammer"),)),)
    ),
    ForceOrder(squads=(SquadOrder(squad="assault"),), timer_points=2),
    ForceOrder(squads=(SquadOrder(squad="command", mastery=2, cannon_reloads=2),)),
)
"""A finite sample of forces offered as legal actions (decide takes any valid order)."""


def sample_orders(
    budget: int,
    room: int,
    corridors: Sequence[Sequence[Square]] = (),
    one_squad: bool = False,
    fits: Callable[[Sequence[MarineSpec]], bool] | None = None,
) -> list[ForceOrder]:
    """The sample forces that are valid, within the budget and fit the deployment squares (with
    `corridors`, each squad whole in one, DW-GEN-6; `one_squad`: a single squad, DW-CR-1; `fits`, when
    given, decides instead: e.g. corridors that may grow, DW-GEN-7)."""
    out = []
    for order in SAMPLES:
        try:
            marines, _timer, _cost = build(order, budget)
        except Rejected:
            continue
        if one_squad and len(order.squads) > 1:
            continue
        if fits is not None:
            if not fits(marines):
                continue
        elif len(marines) > room or (corridors and place_squads(marines, corridors) is None):
            continue
        out.append(order)
    return out
