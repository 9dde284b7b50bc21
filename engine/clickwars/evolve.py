"""Apply one event to the state: mechanical, no checks, no chance.

A unit or hostage is never changed in place: the changed copy replaces it (`edit`), so a scratch
copy of the state (`CwState.scratch`, the Tape's) may share them with the state it came from.

Hot path (every event of every game is evolved once on the tape, issue 10): the event's fields are
read from its `__dict__` and the state's fields are written into the state's `__dict__`, each name
counted as set, which is what pydantic's assignment does for these models (no validation on
assignment, plain fields): a model's attribute read or write costs several times a dict's item on
this interpreter (bench/README.md, "Speed, round four"). The event is told by its `kind` (each
event class has its own), the commonest first.
"""

from __future__ import annotations

from typing import Any

from engine.core.rules import Event

from . import events as e
from .state import CwState, Shot, built, edit

_MOVE_MARKS = ("move", "move_cost")
_CHARGE_MARKS = ("corridor", "move", "move_cost")
_BLAST_MARKS = ("blast", "blast_hit")
_FRESH = {"moved": False, "shot": False, "fought": False, "fled": False}  # a unit's flags at its turn
_FRESH_KEYS = _FRESH.keys()
_TURN_FIELDS = ("round", "turn", "active", "phase", "marks", "selected", "orders")
_PHASE_FIELDS = ("phase", "selected", "orders")
_END_FIELDS = ("result", "phase", "active")


def evolve(state: CwState | None, event: Event) -> CwState:
    if isinstance(event, e.GameStarted):
        return CwState(
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
            u = units[uid] = edit(u, x=x, y=y, moved=True, fled=u.fled or ev["fled"])
            crew, crew_to = ev["crew"], ev["crew_to"]
            if crew is not None and crew_to is not None:
                units[crew] = edit(units[crew], x=crew_to[0], y=crew_to[1], moved=True)
            hostage, hostage_to = ev["hostage"], ev["hostage_to"]
            if hostage is not None and hostage_to is not None:
                hx, hy = hostage_to
                hostages = [edit(h, x=hx, y=hy) if h.id == hostage else h for h in sd["hostages"]]
                sd["hostages"] = hostages
                state.__pydantic_fields_set__.add("hostages")
            marks = sd["marks"]
            md = marks.__dict__
            md["move"] = list(path)
            md["move_cost"] = ev["cost"]
            marks.__pydantic_fields_set__.update(_MOVE_MARKS)
            _done(sd, u.side)
        case "phase_ended":
            sd["phase"] = ev["next_phase"]
            sd["selected"], sd["orders"] = {}, {}
            state.__pydantic_fields_set__.update(_PHASE_FIELDS)
        case "turn_began":
            side = ev["side"]
            sd["round"], sd["turn"], sd["active"] = ev["round"], ev["turn"], side
            sd["phase"] = "movement"
            for uid, u in units.items():
                if u.side == side:  # = edit(u, moved=False, shot=False, fought=False, fled=False)
                    values = u.__dict__.copy()
                    values.update(_FRESH)
                    units[uid] = built(type(u), values, u.__pydantic_fields_set__ | _FRESH_KEYS)
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
                sd["marks"].shots.append(Shot(frm=a.xy, to=ev["at"], hit=ev["result"] in ("hit", "critical")))
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
            sd["confirmed"].append(ev["side"])
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
            sd["quarry"][ev["side"]] = ev["quarry"]
            sd["phase"] = ev["next_phase"]
            state.__pydantic_fields_set__.add("phase")
        case "unit_placed":
            sd["pending"][ev["side"]][ev["unit"]] = (ev["x"], ev["y"])
        case "deployment_planned":
            sd["pending"][ev["side"]] = dict(ev["positions"])
        case "deployment_ready":
            sd["ready"].append(ev["side"])
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
            marks = sd["marks"]
            md = marks.__dict__
            md["corridor"] = (frm, to, ev["radius"])
            md["move"] = [frm, to]
            md["move_cost"] = None
            marks.__pydantic_fields_set__.update(_CHARGE_MARKS)
            _done(sd, u.side)
        case "pushed":
            uid, to = ev["unit"], ev["to"]
            units[uid] = edit(units[uid], x=to[0], y=to[1])
        case "scattered":
            marks = sd["marks"]
            marks.__dict__["scatter"] = (ev["frm"], ev["to"])
            marks.__pydantic_fields_set__.add("scatter")
        case "blast_landed":
            marks = sd["marks"]
            md = marks.__dict__
            md["blast"] = ev["at"]
            md["blast_hit"] = ev["harms"] == "all"
            marks.__pydantic_fields_set__.update(_BLAST_MARKS)
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
            sd["orders"].pop(side, None)
            if uid:
                sd["selected"][side] = uid
            else:
                sd["selected"].pop(side, None)
        case "order_planned":
            sd["orders"][ev["side"]] = ev["order"]
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
    `sd`: the state's fields."""
    sd["selected"].pop(side, None)
    sd["orders"].pop(side, None)
