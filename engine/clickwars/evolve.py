"""Apply one event to the state: mechanical, no checks, no chance.

Nothing but the dict of the units is changed in place: a changed unit, hostage, marks, list or dict
of the state is a copy put in its place (`edit`, `built`, a new list or dict), so a scratch copy of
the state (`ClickWarsState.scratch`, the Tape's) may share them all with the state it came from.

Hot path (every event of every game is evolved once on the tape, issue 10): the event's fields are
read from its `__dict__` and the state's fields are written into the state's `__dict__`, each name
counted as set, which is what pydantic's assignment does for these models (no validation on
assignment, plain fields): a model's attribute read or write costs several times a dict's item on
this interpreter (bench/README.md, "Speed, round four"). The event is told by its `kind` (each
event class has its own), the commonest first.
"""

from __future__ import annotations

from typing import Any

from engine.core.fast import built
from engine.core.rules import Event

from . import events as e
from .state import ClickWarsState, Shot, edit

_MOVE_MARKS = frozenset(("move", "move_cost"))
_CHARGE_MARKS = frozenset(("corridor", "move", "move_cost"))
_BLAST_MARKS = frozenset(("blast", "blast_hit"))
_SCATTER_MARKS = frozenset(("scatter",))
_NO_NAMES: frozenset[str] = frozenset()  # the shots list is appended to: no field assigned
_FRESH = {"moved": False, "shot": False, "fought": False, "fled": False}  # a unit's flags at its turn
_FRESH_KEYS = _FRESH.keys()
_MOVED_KEYS = frozenset(("x", "y", "moved", "fled"))
_TURN_FIELDS = ("round", "turn", "active", "phase", "marks", "selected", "orders")
_PHASE_FIELDS = ("phase", "selected", "orders")
_END_FIELDS = ("result", "phase", "active")


def evolve(state: ClickWarsState | None, event: Event) -> ClickWarsState:
    if isinstance(event, e.GameStarted):
        return ClickWarsState(
            seed=event.seed or 0,
            options=event.options,
            terrain=list(event.terrain),
            units={u.id: u.model_copy() for u in event.units},
        )
    assert state is not None
    sd = state.__dict__  # the state's fields (written below as pydantic's assignment would)
    ev = event.__dict__  # the event's fields
    units = sd["units"]
    match ev["kind"]:
        case "moved":
            uid, path = ev["unit"], ev["path"]
            u = units[uid]
            x, y = path[-1]
            values = u.__dict__.copy()  # = edit(u, x=x, y=y, moved=True, fled=u.fled or ev["fled"])
            values["x"], values["y"], values["moved"] = x, y, True
            values["fled"] = values["fled"] or ev["fled"]
            u = units[uid] = built(type(u), values, u.__pydantic_fields_set__ | _MOVED_KEYS)
            crew, crew_to = ev["crew"], ev["crew_to"]
            if crew is not None and crew_to is not None:
                units[crew] = edit(units[crew], x=crew_to[0], y=crew_to[1], moved=True)
            hostage, hostage_to = ev["hostage"], ev["hostage_to"]
            if hostage is not None and hostage_to is not None:
                hx, hy = hostage_to
                hostages = [edit(h, x=hx, y=hy) if h.id == hostage else h for h in sd["hostages"]]
                sd["hostages"] = hostages
                state.__pydantic_fields_set__.add("hostages")
            _marks(sd, {"move": list(path), "move_cost": ev["cost"]}, _MOVE_MARKS)
            _done(sd, values["side"])
        case "phase_ended":
            sd["phase"] = ev["next_phase"]
            sd["selected"], sd["orders"] = {}, {}
            state.__pydantic_fields_set__.update(_PHASE_FIELDS)
        case "turn_began":
            side = ev["side"]
            sd["round"], sd["turn"], sd["active"] = ev["round"], ev["turn"], side
            sd["phase"] = "movement"
            # A unit's marks are of one turn (CW-GEN-2: one attack per unit and phase; CW-MOV-4: a unit
            # that fled may not attack in that turn only), so every unit's are cleared: the other
            # side's too, whose units may strike back in this turn's counter-assault (A2).
            for uid, u in units.items():  # = edit(u, moved=False, shot=False, fought=False, fled=False)
                d = u.__dict__
                fields_set = u.__pydantic_fields_set__
                if not (d["moved"] or d["shot"] or d["fought"] or d["fled"]) and _FRESH_KEYS <= fields_set:
                    continue  # the copy would be this unit, field for field: kept (and so the memos' rows)
                values = d.copy()
                values.update(_FRESH)
                units[uid] = built(type(u), values, fields_set | _FRESH_KEYS)
            sd["marks"] = type(sd["marks"])()
            sd["selected"], sd["orders"] = {}, {}
            state.__pydantic_fields_set__.update(_TURN_FIELDS)
        case "healed":
            uid = ev["unit"]
            if ev["recovered"]:
                units[uid] = edit(units[uid], life=ev["life"], alive=True)
            else:
                units[uid] = edit(units[uid], life=ev["life"])
        case "attack_rolled":
            att, shooter = ev["attacker"], ev["shooter"]
            a = units[att]
            _done(sd, a.side)
            if ev["mode"] == "melee":
                units[att] = edit(a, fought=True)
            else:
                units[att] = edit(a, shot=True)
                if shooter is not None:
                    units[shooter] = edit(units[shooter], shot=True)
                shot = Shot(frm=a.xy, to=ev["at"], hit=ev["result"] in ("hit", "critical"))
                _marks(sd, {"shots": [*sd["marks"].shots, shot]}, _NO_NAMES)
        case "damaged":
            uid = ev["unit"]
            units[uid] = edit(units[uid], life=ev["life"])
        case "killed":
            uid = ev["unit"]
            u = units[uid]
            if u.gun is not None:
                units[u.gun] = edit(units[u.gun], crew=None)
            if u.crew is not None:
                units[u.crew] = edit(units[u.crew], gun=None)
            units[uid] = edit(u, alive=False, gun=None, crew=None)
        case "setup_confirmed":
            sd["confirmed"] = [*sd["confirmed"], ev["side"]]
        case "rolled_off":
            winner = ev["winner"]
            sd["first"] = winner
            sd["south"] = winner  # §8.1: the first player's edge is y = 0 unless it picks north
            sd["phase"] = ev["next_phase"]
            state.__pydantic_fields_set__.update(("first", "south", "phase"))
        case "edge_chosen":
            side = ev["side"]
            sd["south"] = side if ev["edge"] == "south" else ("blue" if side == "red" else "red")
            sd["phase"] = ev["next_phase"]
            state.__pydantic_fields_set__.update(("south", "phase"))
        case "role_chosen":
            side = ev["side"]
            sd["attacker"] = side if ev["role"] == "attacker" else ("blue" if side == "red" else "red")
            sd["phase"] = ev["next_phase"]
            state.__pydantic_fields_set__.update(("attacker", "phase"))
        case "quarry_named":
            sd["quarry"] = {**sd["quarry"], ev["side"]: ev["quarry"]}
            sd["phase"] = ev["next_phase"]
            state.__pydantic_fields_set__.add("phase")
        case "unit_placed":
            pending = dict(sd["pending"])
            pending[ev["side"]] = {**pending[ev["side"]], ev["unit"]: (ev["x"], ev["y"])}
            sd["pending"] = pending
        case "deployment_planned":
            pending = dict(sd["pending"])
            pending[ev["side"]] = dict(ev["positions"])
            sd["pending"] = pending
        case "deployment_ready":
            sd["ready"] = [*sd["ready"], ev["side"]]
        case "deployment_revealed":
            for uid, (x, y) in ev["positions"].items():
                units[uid] = edit(units[uid], x=x, y=y)
            sd["hostages"] = [h.model_copy() for h in ev["hostages"]]
            sd["pending"] = {"red": {}, "blue": {}}
            state.__pydantic_fields_set__.update(("hostages", "pending"))
        case "crew_joined":
            uid, gun = ev["unit"], ev["gun"]
            units[uid] = edit(units[uid], gun=gun)
            units[gun] = edit(units[gun], crew=uid)
            _done(sd, units[uid].side)
        case "crew_left":
            uid, gun = ev["unit"], ev["gun"]
            units[uid] = edit(units[uid], gun=None)
            units[gun] = edit(units[gun], crew=None)
        case "charged":
            uid, frm, to = ev["unit"], ev["frm"], ev["to"]
            u = units[uid] = edit(units[uid], x=to[0], y=to[1], moved=True, charged_turn=sd["turn"])
            _marks(
                sd, {"corridor": (frm, to, ev["radius"]), "move": [frm, to], "move_cost": None}, _CHARGE_MARKS
            )
            _done(sd, u.side)
        case "pushed":
            uid, to = ev["unit"], ev["to"]
            units[uid] = edit(units[uid], x=to[0], y=to[1])
        case "scattered":
            _marks(sd, {"scatter": (ev["frm"], ev["to"])}, _SCATTER_MARKS)
        case "blast_landed":
            _marks(sd, {"blast": ev["at"], "blast_hit": ev["harms"] == "all"}, _BLAST_MARKS)
        case "weapon_broken":
            uid = ev["unit"]
            if ev["which"] == "ranged":
                units[uid] = edit(units[uid], ranged_broken=True)
            else:
                units[uid] = edit(units[uid], melee_broken=True)
        case "idled":
            uid = ev["unit"]
            units[uid] = edit(units[uid], idle_turn=ev["turn"])
        case "unit_selected":
            side, uid = ev["side"], ev["unit"]
            orders, selected = dict(sd["orders"]), dict(sd["selected"])
            orders.pop(side, None)
            if uid:
                selected[side] = uid
            else:
                selected.pop(side, None)
            sd["orders"], sd["selected"] = orders, selected
        case "order_planned":
            sd["orders"] = {**sd["orders"], ev["side"]: ev["order"]}
        case "round_ended":
            scores = ev["scores"]
            if scores:
                sd["scores"] = dict(scores)
                state.__pydantic_fields_set__.add("scores")
        case "game_ended":
            sd["result"] = ev["outcome"]
            sd["phase"] = "over"
            sd["active"] = None
            state.__pydantic_fields_set__.update(_END_FIELDS)
        case _:
            pass  # FriendlyFire, FumbleRolled: narration only
    return state


def _done(sd: dict[str, Any], side: str) -> None:
    """A unit acted: its side's controls go back to the list of units (no selection, no preview).
    `sd`: the state's fields (a dict that changes is copied: the state may share it)."""
    selected = sd["selected"]
    if side in selected:
        selected = sd["selected"] = dict(selected)
        del selected[side]
    orders = sd["orders"]
    if side in orders:
        orders = sd["orders"] = dict(orders)
        del orders[side]


def _marks(sd: dict[str, Any], changes: dict[str, Any], names: frozenset[str]) -> None:
    """The state's marks with `changes`, a copy put in their place (the state may share them), the
    `names` counted as set as pydantic's assignment counts them. `sd`: the state's fields."""
    marks = sd["marks"]
    values = marks.__dict__.copy()
    values.update(changes)
    sd["marks"] = built(type(marks), values, marks.__pydantic_fields_set__ | names)
