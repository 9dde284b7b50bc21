"""The ClickWars order language, typed in chat (/order) or built by the panel's "Move group": fewer
clicks per turn (issue 27 item 3). `R1 move 12 N; R2 move to 40,60; R3 fire B3; all infantry move 10 NE`.

Reading (`read`) is pure syntax: the text becomes `CwStep`s, and a word that makes no sense is
refused before anything is applied, with a catalog message. `expand` then makes each step of a
group (several units named, or "all infantry") one step per unit, from the public board; each step
gives one ordinary engine action (`next_action`: a `Move`, `Charge`, `Shoot`, `ShootPoint`,
`Fight`, `Crew` or `EndPhase`), which `decide` checks as a click's. The steps stand on their own: a
refused one is skipped with the rules' reason and the order goes on (`Rules.order_goes_on`), so a
dry run lists each step's result or refusal and Confirm carries out the legal part. In a dry run a
shot, a fight, a charge and the end of the turn are checked but not applied (`hold`): their dice are
rolled only on confirm, so a rehearsal never rolls a die.

The words (any case; English with Spanish aliases, as Space Hulk's orders):
- clauses are separated by `;` (or a new line); a clause is `[who] verb [what]`, and a clause with
  no unit named acts for the units of the clause before it (in the first, the unit picked in the
  controls);
- who: unit ids (`R1`, `B12`), several for a selection (`R1 R2 R5`), or a group: `all` (`todos`),
  `all infantry` (`infantry`, `infantería`), `cavalry` (`caballería`), `artillery` (`artillería`,
  `guns`, `cañones`) or a profile in the singular or plural (`riflemen`, `fusileros`, `archers`,
  `arqueros`, `lancers`, `lanceros`, `swordsmen`, `espadachines`, `axe throwers` as `axethrowers`,
  `lanzahachas`); a group is the units of yours in it that may still act in this phase;
- `move` (`mover`, `mueve`, `ir`): `move 12 N` (12 cm along a compass direction: N NE E SE S SW W
  NW, `north`…, Spanish `norte`, `noreste`, `O`, `NO`, `SO`…, or degrees as `45°`; without a
  distance, or with `max`, as far as the unit may go that way), `move to 40,60` (`a`, `hasta`: to
  that point), `move toward 40,60` / `move 8 toward B3` (`hacia`: straight toward a point or a unit,
  as far as allowed or the distance given, stopping at base contact with a unit);
- `charge N` / `charge 45°` / `charge B3` (`carga`, `cargar`: a cavalry charge along a bearing or
  straight at a unit, CW-CHG);
- `fire B3` (`shoot`, `dispara`, `fuego`; `fire B3 indirect`, `indirecto`: a gun's indirect fire;
  `fire 40,60`: a gun's indirect fire at a point, CW-ART-5);
- `fight B3` (`attack`, `cc`, `lucha`, `ataca`, `asalto`: close combat, CW-CC-1);
- `crew R1` (`servir`: the infantryman becomes the gun's crewman, CW-ART-8);
- `end` (`fin`; `end phase`, `fin fase`): end the phase.

Lengths are in cm, the game's unit; inches only with their suffix (`4in`, `4 in`, `4"`, `4
pulgadas`), converted and echoed in the step's words (engine/core/lengths.py, issue 27 item 7). A
number may use either decimal mark (`12.5`, `12,5`: one number is never a pair). A point is `40,60`
(one word: x and y, so its decimals take a point: `40.5,60`) or two numbers `40 60` (each may use
either mark: `40,5 60`).

Readings (OUR, for orders; the rules are movement.py's and checks.py's):
- A group moves in turn, one unit at a time, each move checked against the board its comrades left:
  the unit farthest ahead in the direction of the move goes first (nearest the point or unit for
  "toward"), so a column does not block itself; ties by unit id.
- "to a point" for a group is read as "toward the point" (all of them cannot stand on it).
- A move longer than a unit's allowance is refused with its maximum (as every ClickWars move is:
  issue 27 item 7); `move N` or `move max N` goes as far as allowed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Literal

from engine.core import Action, Event, OrderStep, Rejected
from engine.core.fast import replace
from engine.core.lengths import convert, split_unit
from engine.core.shapes import bearing_of, bearing_unit, snap

from . import actions as a
from . import events as ev
from .checks import (
    can_act,
    check_fight,
    check_point_shot,
    check_shot,
    enemy_unit,
    gun_crew,
    in_phase,
    limit_of,
    own_unit,
    selectable,
)
from .commands import COMPASS, farthest, resolve_move
from .messages import refuse
from .movement import check_charge, check_move, unit_order
from .state import ClickWarsState, Unit

MAX_CHARS = 400
MAX_STEPS = 40

XY = tuple[float, float]
Verb = Literal["move", "charge", "fire", "fight", "crew", "end"]
How = Literal["bearing", "to", "toward"]

VERBS: dict[str, Verb] = {
    "move": "move",
    "mover": "move",
    "mueve": "move",
    "muevan": "move",
    "ir": "move",
    "go": "move",
    "charge": "charge",
    "carga": "charge",
    "cargar": "charge",
    "fire": "fire",
    "shoot": "fire",
    "dispara": "fire",
    "disparar": "fire",
    "fuego": "fire",
    "fight": "fight",
    "attack": "fight",
    "cc": "fight",
    "lucha": "fight",
    "luchar": "fight",
    "ataca": "fight",
    "atacar": "fight",
    "asalto": "fight",
    "crew": "crew",
    "servir": "crew",
    "sirve": "crew",
    "end": "end",
    "fin": "end",
}
PHASE_WORDS = frozenset({"phase", "fase"})
ALL_WORDS = frozenset({"all", "todos", "todas", "todo", "toda"})
TO_WORDS = frozenset({"to", "a", "hasta"})
TOWARD_WORDS = frozenset({"toward", "towards", "hacia"})
AT_WORDS = frozenset({"at", "a", "contra", "sobre"})
MAX_WORDS = frozenset({"max", "máx", "maximo", "máximo", "maximum"})
INDIRECT_WORDS = frozenset({"indirect", "indirecto", "indirecta"})
BEARING_WORDS = frozenset({"bearing", "rumbo"})

# Compass words (CW §8.8 bearings): English and Spanish; "no" is noroeste (NW), "o" oeste (W).
DIRECTIONS: dict[str, int] = {d.lower(): b for d, b in COMPASS.items()} | {
    "north": 0,
    "northeast": 45,
    "east": 90,
    "southeast": 135,
    "south": 180,
    "southwest": 225,
    "west": 270,
    "northwest": 315,
    "norte": 0,
    "noreste": 45,
    "nordeste": 45,
    "este": 90,
    "sureste": 135,
    "sudeste": 135,
    "sur": 180,
    "suroeste": 225,
    "sudoeste": 225,
    "o": 270,
    "oeste": 270,
    "no": 315,
    "noroeste": 315,
    "so": 225,
}

# Groups: a troop type or a profile, singular and plural, English and Spanish -> ("type"|"profile", name).
GROUPS: dict[str, tuple[str, str]] = {
    **{w: ("type", "infantry") for w in ("infantry", "infantería", "infanteria", "infantes")},
    **{w: ("type", "cavalry") for w in ("cavalry", "caballería", "caballeria", "jinetes")},
    **{w: ("type", "artillery") for w in ("artillery", "artillería", "artilleria", "guns")},
    **{w: ("profile", "rifleman") for w in ("rifleman", "riflemen", "fusilero", "fusileros")},
    **{w: ("profile", "archer") for w in ("archer", "archers", "arquero", "arqueros")},
    **{
        w: ("profile", "axe_thrower")
        for w in ("axe_thrower", "axe_throwers", "axethrower", "axethrowers", "lanzahachas")
    },
    **{
        w: ("profile", "swordsman")
        for w in ("swordsman", "swordsmen", "espadachín", "espadachin", "espadachines")
    },
    **{w: ("profile", "lancer") for w in ("lancer", "lancers", "lancero", "lanceros")},
    **{w: ("profile", "gun_crew") for w in ("gun_crew", "crewman", "crewmen", "servidor", "servidores")},
    **{
        w: ("profile", "cannon")
        for w in ("cannon", "cannons", "cañón", "cañon", "canon", "cañones", "cañones")
    },
}
UNIT_WORD = re.compile(r"^[rb]\d{1,3}$")
NUMBER = re.compile(r"^[0-9]{1,4}([.,][0-9]{1,3})?$")
DEGREES = re.compile(r"^([0-9]{1,3})(°|º|deg)$")


class CwStep(OrderStep):
    """One step of a ClickWars order: a verb for some units (ids, or a group to expand) and its
    arguments. After `expand`, each step names one unit (or none, for `end`)."""

    verb: Verb
    units: tuple[str, ...] = ()
    group: str | None = None  # "all", "type:infantry", "profile:rifleman"
    how: How | None = None
    distance: float | None = None  # cm
    bearing: int | None = None
    point: XY | None = None
    target: str | None = None
    indirect: bool = False
    clause: str = ""  # the whole clause as typed (a group's steps share it)


# --- reading -----------------------------------------------------------------------------------


def read(text: str) -> list[CwStep]:
    """The steps of an order (syntax only: nothing about the board is checked here)."""
    if len(text) > MAX_CHARS:
        raise refuse("clickwars.order.too_long", count=MAX_CHARS)
    steps: list[CwStep] = []
    units: tuple[str, ...] = ()
    group: str | None = None
    for clause in re.split(r"[;\n]+", text):
        tokens = [t for t in re.split(r"[\s()]+", clause.strip()) if t]
        if not tokens:
            continue
        step, named, named_group = _clause(tokens)
        if named or named_group:
            units, group = named, named_group
        elif step.verb != "end":
            step = step.model_copy(update={"units": units, "group": group})
        steps.append(step)
        if len(steps) > MAX_STEPS:
            raise refuse("clickwars.order.too_many", count=MAX_STEPS)
    return steps


def _clause(tokens: list[str]) -> tuple[CwStep, tuple[str, ...], str | None]:
    """One clause: (its step, the units it names, the group it names)."""
    i = 0
    named: list[str] = []
    group: str | None = None
    while i < len(tokens):
        word = tokens[i].lower()
        if UNIT_WORD.match(word):
            if group is not None:
                raise refuse("clickwars.order.mixed_who", word=tokens[i])
            unit = word.upper()
            if unit not in named:
                named.append(unit)
            i += 1
        elif word in ALL_WORDS and not named and group is None:
            group = "all"
            i += 1
        elif word in GROUPS and not named and group in (None, "all"):
            kind, name = GROUPS[word]
            group = f"{kind}:{name}"
            i += 1
        else:
            break
    if i == len(tokens):
        raise refuse("clickwars.order.verb_needed", word=" ".join(tokens)[:40])
    raw = tokens[i]
    verb = VERBS.get(raw.lower())
    if verb is None:
        raise refuse("clickwars.order.word", word=raw[:40])
    args = tokens[i + 1 :]
    fields: dict[str, object] = {"verb": verb, "units": tuple(named), "group": group}
    echo: list[str] = []  # conversions from inches, echoed in the words
    match verb:
        case "move":
            fields |= _move_args(raw, args, echo)
        case "charge":
            fields |= _charge_args(raw, args)
        case "fire":
            fields |= _fire_args(raw, args)
        case "fight" | "crew":
            rest = [t for t in args if t.lower() not in AT_WORDS]
            if len(rest) != 1 or not UNIT_WORD.match(rest[0].lower()):
                raise refuse(f"clickwars.order.{verb}_needs", word=raw)
            fields["target"] = rest[0].upper()
        case "end":
            if named or group or any(t.lower() not in PHASE_WORDS for t in args):
                raise refuse("clickwars.order.end_alone", word=raw)
    words = " ".join(tokens)
    if echo:
        words = f"{words} ({', '.join(echo)})"
    return CwStep(words=words, clause=words, **fields), tuple(named), group  # type: ignore[arg-type]


def _length(tokens: list[str], i: int, echo: list[str]) -> tuple[float, int] | None:
    """A length at tokens[i] ("12", "12,5", "4in", "4 in", "4 pulgadas"), in cm, and the next index;
    None if there is no number there."""
    if i >= len(tokens):
        return None
    number, unit = split_unit(tokens[i])
    used = 1
    if unit is None and i + 1 < len(tokens):
        follow, named = split_unit(tokens[i + 1])
        if named is not None and follow == "":
            unit, used = named, 2
    if not NUMBER.match(number):
        return None
    value = float(number.replace(",", "."))
    if unit == "in":
        cm = round(convert(value, "in", "cm"), 2)
        echo.append(f"{_plain(value)} in = {_plain(cm)} cm")
        value = cm
    return value, i + used


def _plain(value: float) -> str:
    return f"{value:g}"


def _point(tokens: list[str], i: int, echo: list[str]) -> tuple[XY, int] | None:
    """A point at tokens[i]: "40,60" (one word) or "40 60" (two numbers); None if there is none."""
    if i >= len(tokens):
        return None
    first = _length(tokens, i, echo)
    if first is not None:
        second = _length(tokens, first[1], echo)
        if second is not None:
            return (first[0], second[0]), second[1]
    parts = tokens[i].split(",")
    if len(parts) == 2 and all(parts):
        x = _length(parts, 0, echo)
        y = _length(parts, 1, echo)
        if x is not None and y is not None:
            return (x[0], y[0]), i + 1
    return None


def _direction(word: str) -> int | None:
    word = word.lower()
    if word in DIRECTIONS:
        return DIRECTIONS[word]
    match = DEGREES.match(word)
    if match and int(match[1]) < 360:
        return int(match[1])
    return None


def _move_args(raw: str, args: list[str], echo: list[str]) -> dict[str, object]:
    i = 0
    out: dict[str, object] = {}
    if i < len(args) and args[i].lower() in MAX_WORDS:
        i += 1
    else:
        length = _length(args, i, echo)
        if length is not None:
            if length[0] <= 0:
                raise refuse("clickwars.order.bad_distance", word=args[i][:24])
            out["distance"], i = length
    if i >= len(args):
        raise refuse("clickwars.order.move_needs", word=raw)
    word = args[i].lower()
    if word in BEARING_WORDS and i + 1 < len(args) and args[i + 1].isdigit() and int(args[i + 1]) < 360:
        out |= {"how": "bearing", "bearing": int(args[i + 1])}
        i += 2
    elif _direction(word) is not None:
        out |= {"how": "bearing", "bearing": _direction(word)}
        i += 1
    elif word in TO_WORDS | TOWARD_WORDS:
        how = "to" if word in TO_WORDS else "toward"
        if "distance" in out and how == "to":
            how = "toward"  # "move 8 to B3": 8 cm of the way
        i += 1
        if i < len(args) and UNIT_WORD.match(args[i].lower()):
            out |= {"how": "toward", "target": args[i].upper()}  # a unit: toward it, to base contact
            i += 1
        else:
            point = _point(args, i, echo)
            if point is None:
                raise refuse("clickwars.order.point_needed", word=args[i - 1])
            out |= {"how": how, "point": point[0]}
            i = point[1]
    else:
        raise refuse("clickwars.order.move_needs", word=raw)
    if i < len(args):
        raise refuse("clickwars.order.extra", word=args[i][:24])
    return out


def _charge_args(raw: str, args: list[str]) -> dict[str, object]:
    rest = [t for t in args if t.lower() not in TOWARD_WORDS | AT_WORDS | BEARING_WORDS]
    if len(rest) == 1:
        word = rest[0].lower()
        if UNIT_WORD.match(word):
            return {"target": rest[0].upper()}
        bearing = _direction(word)
        if bearing is None and word.isdigit() and int(word) < 360:
            bearing = int(word)
        if bearing is not None:
            return {"bearing": bearing}
    raise refuse("clickwars.order.charge_needs", word=raw)


def _fire_args(raw: str, args: list[str]) -> dict[str, object]:
    rest = [t for t in args if t.lower() not in AT_WORDS]
    indirect = bool(rest) and rest[-1].lower() in INDIRECT_WORDS
    if indirect:
        rest = rest[:-1]
    if len(rest) == 1 and UNIT_WORD.match(rest[0].lower()):
        return {"target": rest[0].upper(), "indirect": indirect}
    point = _point(rest, 0, [])
    if point is not None and point[1] == len(rest):
        return {"point": point[0], "indirect": True}
    raise refuse("clickwars.order.fire_needs", word=raw)


# --- the board: groups to units ---------------------------------------------------------------------


def members(state: ClickWarsState, seat: str, group: str) -> list[Unit]:
    """The units of `seat` in a group word's group that may still act in this phase."""
    kind, _, name = group.partition(":")
    out = []
    for u in state.units.values():
        if u.side != seat or not u.placed or not can_act(state, u):
            continue
        if kind == "type" and u.type != name or kind == "profile" and u.profile != name:
            continue
        out.append(u)
    return out


def expand(state: ClickWarsState, seat: str, steps: list[CwStep]) -> list[CwStep]:
    """One step per unit: a group's units (those that may act now) or the units named, in the order
    they move (the module's readings); a step for nobody stays, to be refused in words."""
    out: list[CwStep] = []
    for step in steps:
        if step.verb == "end":
            out.append(step)
            continue
        if step.group is not None:
            units = members(state, seat, step.group)
            if not units:
                out.append(step.model_copy(update={"units": ()}))
                continue
            ids = [u.id for u in units]
        elif not step.units:
            picked = state.selected.get(seat, "")
            ids = [picked] if picked else []
            if not ids:
                out.append(step)
                continue
        else:
            ids = list(step.units)
        if len(ids) > 1 or step.group is not None:
            ids.sort(key=lambda uid: _turn_of(state, step, uid))
            if step.how == "to":
                step = step.model_copy(update={"how": "toward"})  # they cannot all stand on the point
        for uid in ids:
            words = step.clause if len(ids) == 1 and step.group is None else f"{step.clause} → {uid}"
            out.append(step.model_copy(update={"units": (uid,), "group": None, "words": words}))
    return out


def _turn_of(state: ClickWarsState, step: CwStep, uid: str) -> tuple[float, tuple[str, int]]:
    """A group's order of moving: farthest ahead first along a bearing, nearest first toward a goal."""
    u = state.units.get(uid)
    if u is None or not u.placed or step.verb != "move":
        return (0.0, unit_order(uid))
    if step.how == "bearing" and step.bearing is not None:
        dx, dy = bearing_unit(step.bearing)
        return (-round(u.x * dx + u.y * dy, 6), unit_order(uid))  # type: ignore[operator]
    goal = _goal(state, step)
    if goal is None:
        return (0.0, unit_order(uid))
    return (round(math.hypot(goal[0] - u.x, goal[1] - u.y), 6), unit_order(uid))  # type: ignore[operator]


def _goal(state: ClickWarsState, step: CwStep) -> XY | None:
    if step.point is not None:
        return step.point
    t = state.units.get(step.target or "")
    return t.xy if t is not None and t.placed else None


# --- each step's action ------------------------------------------------------------------------------


def next_action(state: ClickWarsState, seat: str, step: CwStep, done: int) -> Action | None:
    """The engine action of a step (one per step); `decide` has the last word on it. Reads only the
    public board (after the reveal nothing on the table is secret)."""
    if done:
        return None
    if step.verb == "end":
        return a.EndPhase()
    if not step.units:
        if step.group is not None:
            raise refuse("clickwars.order.nobody", words=step.clause)
        raise refuse("clickwars.order.which_unit")
    uid = step.units[0]
    match step.verb:
        case "move":
            u = _mover(state, seat, uid)
            path = _plan(state, u, step)
            (x, y), via = path[-1], tuple(path[1:-1])
            return a.Move(unit=uid, x=x, y=y, via=via)
        case "charge":
            u = _mover(state, seat, uid)
            bearing = step.bearing
            if step.target is not None:
                t = state.units.get(step.target)
                if t is None or not t.placed:
                    raise refuse("clickwars.unknown_unit", unit=step.target)
                bearing = round(bearing_of(u.x, u.y, t.x, t.y)) % 360  # type: ignore[arg-type]
            return a.Charge(unit=uid, bearing=bearing or 0)
        case "fire":
            if step.target is not None:
                return a.Shoot(unit=uid, target=step.target, indirect=step.indirect)
            assert step.point is not None
            return a.ShootPoint(unit=uid, x=step.point[0], y=step.point[1])
        case "fight":
            return a.Fight(unit=uid, target=step.target or "")
        case "crew":
            return a.Crew(unit=uid, gun=step.target or "")
    raise refuse("clickwars.unknown_action")


def _mover(state: ClickWarsState, seat: str, uid: str) -> Unit:
    """The unit of a move or charge, refused (as `decide` would) before its path is worked out."""
    in_phase(state, "movement")
    if state.active != seat:  # the turn check `Rules.play` makes, before the unit's own
        raise Rejected.not_your_turn()
    u = own_unit(state, seat, uid)
    selectable(state, u)
    return u


def _plan(state: ClickWarsState, u: Unit, step: CwStep) -> list[XY]:
    """The path of a move step, checked by every movement rule (or the rule's refusal)."""
    if step.how == "bearing":
        return list(resolve_move(state, u, bearing=step.bearing, distance=step.distance).path)
    if step.target is not None:
        return list(resolve_move(state, u, toward=step.target, distance=step.distance).path)
    assert step.point is not None
    if step.how == "to":
        return list(check_move(state, u, (snap(step.point[0]), snap(step.point[1]))).path)
    ux, uy = u.xy
    gx, gy = step.point
    dist = math.hypot(gx - ux, gy - uy)
    if dist < 1e-9:
        raise refuse("clickwars.no_move", unit=u.id)
    dx, dy = (gx - ux) / dist, (gy - uy) / dist
    if step.distance is not None:
        d = min(step.distance, dist)
        return list(check_move(state, u, (snap(ux + dx * d), snap(uy + dy * d))).path)
    return list(farthest(state, u, dx, dy, min(limit_of(state, u), dist)).path)


# --- a dry run: what the dice would decide is checked, not rolled -------------------------------


def hold(
    state: ClickWarsState, seat: str, action: Action
) -> tuple[tuple[str, dict[str, object]], ClickWarsState] | None:
    """In a dry run: a shot, a fight, a charge or the end of the turn checked as `decide` checks it
    (its refusal raised) and described, not applied, so no die is rolled before Confirm; the
    rehearsal goes on with the unit marked as having shot, fought or charged (its dice unknown)."""
    match action:
        case a.Shoot(unit=uid, target=tid, indirect=indirect):
            in_phase(state, "shooting")
            u, target = own_unit(state, seat, uid), enemy_unit(state, seat, tid)
            target, _aimed = check_shot(state, u, target, indirect)
            shooter = gun_crew(state, u) if u.is_gun else u
            said = "clickwars.order.held_shot", {"unit": uid, "target": target.id, "need": shooter.p.di}
            return said, _marked(state, uid, shot=True)
        case a.ShootPoint(unit=uid, x=x, y=y):
            in_phase(state, "shooting")
            u = own_unit(state, seat, uid)
            crew, px, py, _ = check_point_shot(state, u, (x, y))
            said = "clickwars.order.held_point", {"unit": uid, "x": px, "y": py, "need": crew.p.di}
            return said, _marked(state, uid, shot=True)
        case a.Fight(unit=uid, target=tid):
            in_phase(state, "assault", "counter")
            u, target = own_unit(state, seat, uid), enemy_unit(state, seat, tid)
            target, _aimed = check_fight(state, u, target)
            said = "clickwars.order.held_fight", {"unit": uid, "target": target.id, "need": u.p.cc}
            return said, _marked(state, uid, fought=True)
        case a.Charge(unit=uid, bearing=bearing):
            in_phase(state, "movement")
            u = own_unit(state, seat, uid)
            selectable(state, u)
            plan = check_charge(state, u, bearing)
            victims = ", ".join(plan.victims) if plan.victims else "-"
            said = (
                "clickwars.order.held_charge",
                {
                    "unit": uid,
                    "bearing": bearing,
                    "n": len(plan.victims),
                    "victims": victims,
                },
            )
            return said, _marked(state, uid, moved=True)
        case a.EndPhase() if state.phase in ("assault", "counter"):
            return ("clickwars.order.held_end", {}), state
    return None


def _marked(state: ClickWarsState, uid: str, **marks: object) -> ClickWarsState:
    """The rehearsal's state with unit `uid` marked (it has shot, fought or charged: not again)."""
    new = state.scratch()
    new.units[uid] = replace(state.units[uid], **marks)
    return new


# --- what a step did ---------------------------------------------------------------------------------


def result_of(events: Sequence[Event]) -> tuple[str, dict[str, object]] | None:
    """A step's line in the order's report, from its events (all public): the move with its length
    and cost, the roll of an attack with what it needed and the damage done, a charge, a crewman, a
    phase ended."""
    for event in events:
        match event:
            case ev.Moved(unit=uid, path=path, cost=cost):
                length = sum(math.dist(p, q) for p, q in zip(path, path[1:], strict=False))
                x, y = path[-1]
                return "clickwars.order.moved", {
                    "unit": uid,
                    "length": round(length, 1),
                    "cost": round(cost, 1),
                    "x": x,
                    "y": y,
                }
            case ev.AttackRolled(attacker=uid, target=target, roll=roll, need=need, result=result):
                damage = sum(d.net for d in events if isinstance(d, ev.Damaged))
                killed = sum(1 for d in events if isinstance(d, ev.Killed))
                return "clickwars.order.attacked", {
                    "unit": uid,
                    "target": target or "-",
                    "roll": roll,
                    "need": need,
                    "result": result,
                    "damage": damage,
                    "killed": killed,
                }
            case ev.Charged(unit=uid, bearing=bearing):
                damage = sum(d.net for d in events if isinstance(d, ev.Damaged))
                hit = len({d.unit for d in events if isinstance(d, ev.Damaged)})
                return "clickwars.order.charged", {
                    "unit": uid,
                    "bearing": bearing,
                    "n": hit,
                    "damage": damage,
                }
            case ev.CrewJoined(unit=uid, gun=gun):
                return "clickwars.order.crewed", {"unit": uid, "gun": gun}
            case ev.PhaseEnded(phase=phase):
                return "clickwars.order.phase_ended", {"phase": phase}
    return None
