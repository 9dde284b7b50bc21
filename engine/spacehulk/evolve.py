"""`evolve`: apply one event to the state mechanically (no checks, no chance). Mutates and returns it."""

from __future__ import annotations

from typing import Any

from engine.core import Event

from . import events as ev
from .dw_types import bids, solo_model
from .state import BLIP_AP, MARINE_AP, STEALER_AP, AgBeginTurn, Piece, SpaceHulkState, updated

LEADER_AP = 9  # DW-CR-8
REFRESH = {"marine": MARINE_AP, "genestealer": STEALER_AP, "blip": BLIP_AP}
_RESETS_AIM = {"aim": None, "free_turn": None, "acted": True}


def _update(s: SpaceHulkState, model: str, **changes: Any) -> None:
    p = s.pieces.get(model)
    if p is not None:
        s.pieces[model] = updated(p, changes)


def _enter_board(
    s: SpaceHulkState, board: int, mission: Any, marines: tuple[Piece, ...], removed: tuple[str, ...]
) -> None:
    """DW-CR-5, A-32: the next board; the discarded blips' counters go back into the bag."""
    for model in removed:
        value = s.blips.pop(model, None)
        if value is not None:
            s.bag[value] = s.bag.get(value, 0) + 1
    s.mission = mission
    s.pieces = {m.id: m for m in marines}
    s.doors = [d.initial for d in mission.board.doors]
    s.burning, s.secured, s.wrecked, s.flamed_sections = [], [], [], []
    s.agenda = [AgBeginTurn()]  # a new game turn on the new board; the turn count goes on
    s.phase, s.active, s.time_up = "end", None, False
    s.tally["board"] = board


def _count(s: SpaceHulkState, key: str) -> None:
    s.tally[key] = s.tally.get(key, 0) + 1


def _remove(s: SpaceHulkState, model: str) -> Piece | None:
    p = s.pieces.pop(model, None)
    if s.active == model:
        s.active = None
    return p


def _agenda_pushed(s: SpaceHulkState, event: Any) -> None:
    s.agenda.extend(event.items)


def _agenda_popped(s: SpaceHulkState, event: Any) -> None:
    s.agenda.pop()


def _agenda_updated(s: SpaceHulkState, event: Any) -> None:
    s.agenda[-1] = event.item


def _activated(s: SpaceHulkState, event: Any) -> None:
    s.active = event.model
    _update(s, event.model, activated=True)


def _spent(s: SpaceHulkState, event: Any) -> None:
    p = s.pieces[event.model]
    s.pieces[event.model] = updated(p, {"ap": p.ap - event.ap, "acted": True})
    s.cp -= event.cp
    s.cp_spent += event.cp


def _moved(s: SpaceHulkState, event: Any) -> None:
    p = s.pieces[event.model]
    changes = {"pos": event.to, "area": None, "facing": event.facing or p.facing, **_RESETS_AIM}
    s.pieces[event.model] = updated(p, changes)


def _turned(s: SpaceHulkState, event: Any) -> None:
    _update(s, event.model, facing=event.facing, aim=None, free_turn=event.free_turn, acted=True)


def _solo(s: SpaceHulkState, event: Any) -> None:
    solo_model.evolve(s, event)


HOT: dict[type[Event], Any] = {
    ev.AgendaPushed: _agenda_pushed,
    ev.AgendaPopped: _agenda_popped,
    ev.AgendaUpdated: _agenda_updated,
    ev.Activated: _activated,
    ev.Spent: _spent,
    ev.Moved: _moved,
    ev.Turned: _turned,
    solo_model.SoloDecided: _solo,
}
"""The most frequent events (most of a game's log), looked up by type before the `match` below walks
its cases one by one. Each folds exactly as its case would."""


def evolve(state: SpaceHulkState | None, event: Event) -> SpaceHulkState:
    """Fold one event into the state."""
    hot = HOT.get(type(event))
    if hot is not None:
        assert state is not None, "the first event must be GameStarted"
        hot(state, event)
        return state
    if isinstance(event, ev.GameStarted):
        return event.state.clone()
    assert state is not None, "the first event must be GameStarted"
    s = state
    match event:
        case ev.TurnBegan(turn=turn, timer_seconds=timer):
            s.turn, s.phase, s.timer_seconds = turn, "marine", timer
            s.time_up, s.active, s.cp_spent = False, None, 0
            for pid, p in s.pieces.items():  # SHB-2.4: refresh all AP; a new turn, new activations
                s.pieces[pid] = updated(
                    p,
                    {
                        "ap": LEADER_AP if p.leader else REFRESH[p.kind],  # DW-CR-8: the leader has 9
                        "activated": False,
                        "acted": False,
                        "free_turn": None,
                        "aim": None,
                    },
                )
        case ev.CommandPointsDrawn(cp=cp, bonus=bonus):
            s.cp = s.cp_drawn = cp or 0
            s.cp_bonus = bonus
            s.cp_penalty = 0  # spent in this command phase (DW-SOLO-6)
        case ev.TilePlaced(mission=mission):
            s.mission = mission
            s.doors = [d.initial for d in mission.board.doors]
        case ev.BoardBuilt(mission=mission, marines=marines):
            s.mission = mission
            s.doors = [d.initial for d in mission.board.doors]
            s.secured = list(mission.secured_start)
            for p in marines:
                s.pieces[p.id] = p
                s.next_id = max(s.next_id, p.number + 1)
        case ev.CorridorsExtended(mission=mission):
            s.mission = mission  # before any model is on the board (DW-GEN-7): nothing else moves
            s.doors = [d.initial for d in mission.board.doors]
        case ev.Deployed(model=model, square=square, facing=facing):
            _update(s, model, pos=square, facing=facing)
        case ev.PerimeterPicked(areas=areas):
            s.secured = list(areas)
        case ev.DeploymentEnded():
            pass
        case ev.BoardEntered(board=board, mission=mission, marines=marines, removed=removed):
            _enter_board(s, board, mission, marines, removed)
        case ev.ReinforcementRolled(ambush=ambush):
            if ambush is not None and ambush != "genestealer":
                s.cp_penalty += 1  # DW-SOLO-6: any other result costs the next command phase 1 CP
        case ev.JamsCleared(models=models):
            for m in models:
                _update(s, m, jammed=False)
        case ev.TimerExpired():
            s.time_up = True
        case ev.MarinePhaseEnded():
            s.phase, s.active, s.time_up = "stealer", None, False
            for p in s.marines():
                _update(s, p.id, ap=0)  # SHB-2.2: unspent AP are lost
        case ev.StealerPhaseEnded():
            s.phase, s.active = "end", None
        case ev.FlamesOut():
            s.burning = []
        case ev.OverwatchCleared(models=models):
            for m in models:
                _update(s, m, overwatch=False)
        case ev.CommandPointsDiscarded():
            s.cp = 0
        case ev.GameEnded(outcome=outcome):
            s.outcome, s.agenda = outcome, []
        case _:
            _evolve_pieces(s, event)
    return s


def _evolve_pieces(s: SpaceHulkState, event: Event) -> None:
    match event:
        case ev.DoorChanged(square=square, status=status, by=by):
            s.doors[s.board.door_index[square]] = status
            if by is not None:
                _update(s, by, **_RESETS_AIM)
        case ev.OverwatchSet(model=model):
            _update(s, model, overwatch=True, aim=None)
        case ev.OverwatchEnded(model=model):
            _update(s, model, overwatch=False)
        case ev.JamCleared(model=model):
            _update(s, model, jammed=False, aim=None)
        case ev.Fired(model=model, aim=aim, jammed=jammed, bursts=bursts):
            if jammed:
                _update(s, model, aim=aim, jammed=True, overwatch=False)
            else:
                _update(s, model, aim=aim)
            if bursts:
                p = s.pieces[model]
                s.pieces[model] = updated(p, {"ammo": p.ammo - bursts, "bursts": p.bursts + bursts})
        case ev.AmbushPlaced(model=model, square=square, turn=turn):
            s.pieces[model] = Piece(id=model, kind="blip", pos=square, ap=BLIP_AP, ambush=True)
            s.next_id = max(s.next_id, int(model[1:]) + 1)
            s.ambush_turn = turn
            _count(s, "ambushes")
        case ev.AmbushRevealed():
            pass  # what follows (a Genestealer placed, shots, removal) are events of their own
        case ev.Fell(model=model):
            _update(s, model, overwatch=False, aim=None)
        case ev.Landed(model=model, square=square, prone=prone):
            _update(s, model, pos=square, area=None, prone=prone, overwatch=False)
        case ev.Shifted(model=model, square=square, prone=prone):
            _update(
                s, model, pos=square, prone=prone, overwatch=False if prone else s.pieces[model].overwatch
            )
        case ev.StoodUp(model=model, facing=facing):
            _update(s, model, prone=False, facing=facing)
        case ev.ForceBuilt(marines=marines, timer=timer):
            for p in marines:
                s.pieces[p.id] = p
                s.next_id = max(s.next_id, p.number + 1)
            s.mission = s.mission.model_copy(update={"force_timer": timer})
        case ev.FeatureWrecked(squares=squares):
            s.wrecked = sorted(set(s.wrecked) | set(squares))
        case ev.GrenadeExploded(model=model):
            p = s.pieces[model]
            s.pieces[model] = updated(p, {"grenades": p.grenades - 1, "aim": None})
        case ev.AutoFired(model=model, bursts=bursts):
            p = s.pieces[model]
            s.pieces[model] = updated(p, {"ammo": p.ammo - bursts, "bursts": p.bursts + bursts, "aim": None})
        case ev.Reloaded(model=model, ammo=ammo, source=source, into=into):
            p = s.pieces[model]
            spares = p.reloads - (source == "reserve") + (into == "reserve")  # DW-CR-6: the cache adds one
            s.pieces[model] = updated(p, {"ammo": ammo, "reloads": spares, "aim": None})
        case ev.Flamed(model=model, squares=squares, section=section):
            p = s.pieces[model]
            s.pieces[model] = updated(p, {"ammo": p.ammo - 1, "aim": None})
            s.burning = sorted(set(s.burning) | set(squares))
            if section not in s.flamed_sections:
                s.flamed_sections.append(section)
        case ev.Assaulted(model=model, target=target, psychic=psychic, defender_psychic=spent):
            _update(s, model, **_RESETS_AIM)
            if psychic:
                _update(s, model, psychic=s.pieces[model].psychic - psychic)
            if spent:
                _update(s, target, psychic=s.pieces[target].psychic - spent)
        case ev.Killed(model=model, kills=kills, value=value):
            gone = _remove(s, model)
            s.kills += kills
            if gone is not None and gone.kind == "marine":
                _count(s, "marines_lost")
            if gone is not None and gone.kind == "genestealer":
                s.tally["seen"] = 1  # A-35 reading: a Genestealer killed was seen
                if gone.leader:
                    s.tally["leader"] = 1  # DW-CR-10: the Genestealer leader is dead
            if gone is not None and gone.kind == "blip":
                s.blips.pop(model, None)
                if value is not None:
                    s.used[value] = s.used.get(value, 0) + 1
        case ev.Exited(model=model):
            _remove(s, model)
            s.escaped.append(model)
        case ev.Teleported(model=model, turn=turn):
            _remove(s, model)
            s.teleported.append(model)
            s.teleport_turn = turn
        case ev.StealerSighted():
            s.tally["seen"] = 1
        case ev.MagiRolled(roll=roll, escaped=escaped):
            s.tally["magi"] = roll  # DW-CMP-14: the tanks were seen; the Magi D6
            s.tally["magi_escaped"] = int(escaped)
        case ev.AreaSecured(area=area, lost=lost):
            s.secured.append(area)
            for model in lost:
                _remove(s, model)
                s.blips.pop(model, None)
        case _:
            _evolve_blips(s, event)


def _evolve_blips(s: SpaceHulkState, event: Event) -> None:
    match event:
        case ev.BlipPlaced(model=model, area=area, value=value, lurk_until=lurk_until, from_bag=from_bag):
            s.pieces[model] = Piece(id=model, kind="blip", area=area, ap=BLIP_AP, lurk_until=lurk_until)
            s.next_id = max(s.next_id, int(model[1:]) + 1)
            _count(s, "blips")
            if value is not None:
                s.blips[model] = value
                if from_bag:
                    s.bag[value] = s.bag.get(value, 0) - 1
        case ev.BagRefilled(counts=counts):
            if counts is not None:
                s.bag, s.used = dict(counts), {}
        case ev.BlipConverted(model=model, value=value, to_cup=to_cup):
            _remove(s, model)
            s.blips.pop(model, None)
            pile = s.bag if to_cup else s.used  # DW-SOLO-4: in solo play, back into the cup
            pile[value] = pile.get(value, 0) + 1
        case ev.StealerPlaced(
            model=model, square=square, area=area, ap=ap, activated=activated, lurk_until=lu, leader=leader
        ):
            s.pieces[model] = Piece(
                id=model,
                kind="genestealer",
                pos=square,
                area=area,
                ap=ap,
                activated=activated,
                lurk_until=lu,
                leader=leader,
            )
            s.next_id = max(s.next_id, int(model[1:]) + 1)
            _count(s, "stealers")
        case ev.FacingSet(model=model, facing=facing):
            _update(s, model, facing=facing)
        case (
            ev.Exited()
            | ev.SelfDestructed()
            | ev.Blocked()
            | ev.Malfunctioned()
            | ev.FallRolled()
            | ev.ReinforcementsLost()
            | ev.StealersLost()
            | ev.TimerExpired()
        ):
            pass
        case _:
            if not bids.evolve(s, event) and not solo_model.evolve(s, event):
                raise ValueError(f"unknown Space Hulk event {event.kind!r}")
