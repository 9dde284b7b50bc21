"""A campaign mission as a Space Hulk table, and a finished table as a campaign report.

`mission_for(brief, dice)` builds the generator scenario's mission (scenarios.finish: the geotile
board, the deployment corridors, the scenario's goals) and puts the campaign into it: the squads
fielded (each whole in one corridor, DW-GEN-6), 2 blips a turn and the pool left of the 125
(DW-CMP-5), the kept board and its secured areas (DW-CMP-9, DW-CMP-11), teleporting from the entry
corridors in the Raid (DW-CMP-15). A Space Hulk table plays it when its options carry the brief
(`SpaceHulkOptions.brief`).

`report(brief, state)` reads a finished (or abandoned) Space Hulk game into `MissionPlayed`.

Readings:
- DW-CMP-5: the scenario's own Genestealer force D6 is not rolled in the campaign; its blip total is
  what is left of the 125. Defend Perimeter adds no 10 (DW-CMP-11).
- A kept board (DW-CMP-9, DW-CMP-11) keeps its map, corridors and their ports; the report carries
  them as JSON. Squads the corridors do not hold grow them (DW-GEN-7), on a kept board too.
- The turn timer is the Force List table with N = the leaders fielded and the campaign's timer
  points (A-36); with no leader fielded, and after a lost Raid, `timer_cut_s` brings it down
  (N = 0: 30 s; DW-CMP-16: 30 s less, never below 30 s).
- The campaign Raid's table has no winning predicate: it ends when no Marine is left on the board
  (DW-CMP-15, A-44), so its own outcome always reads as a Genestealer win; the campaign judges the
  Raid from the report (tanks destroyed, the Magi D6 the table rolled the first time a Marine saw
  the tanks, DW-CMP-14: `Mission.magi_squads`).
- An abandoned table (no outcome) reports no winner: a draw, casualties as they stand.
- The Marines who died are those fielded that are neither on the board, teleported nor escaped.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine.core import Dice

from ..board.mapfile import parse_cached
from ..corridors import extend_corridors, nearest_areas, place_squads
from ..dw_types.timer import ForceTimer
from ..missions import MarineSpec, Mission
from ..scenarios import PERIMETER, finish
from .actions import MissionPlayed
from .messages import refuse
from .state import MissionBrief

if TYPE_CHECKING:
    from ..state import SpaceHulkState

NAMES = {
    "reconnaissance": "Reconnaissance",
    "establish_perimeter": "Establish Perimeter",
    "defend_perimeter": "Defend Perimeter",
    "raid": "Raid",
    "search_and_destroy": "Search and Destroy",
}


def mission_for(brief: MissionBrief | dict[str, Any], dice: Dice) -> Mission:
    """The Space Hulk mission of a campaign brief (see the module docstring)."""
    if not isinstance(brief, MissionBrief):
        brief = MissionBrief.model_validate(brief)
    base = finish(brief.scenario, {"force": 1}, dice)
    update: dict[str, Any] = {}
    if brief.board:
        kept = json.loads(brief.board)
        corridors = tuple(tuple(tuple(sq) for sq in run) for run in kept["corridors"])
        update.update(
            map_text=kept["map_text"],
            marine_corridors=corridors,
            layout=tuple(tuple(p) for p in kept.get("layout", ())),
            corridor_ports=tuple((tuple(slot), side) for slot, side in kept.get("ports", ())),  # DW-GEN-7
        )
        base = base.model_copy(update=update)
        update = {}  # applied: the corridors may grow below (DW-GEN-7)
    base, marines = _deploy(brief, base)
    corridors = base.marine_corridors
    squares = tuple(sq for run in corridors for sq in run)
    board = parse_cached(base.map_text)
    nearest = nearest_areas(board, squares, tuple(board.entries), PERIMETER)
    leaders = sum(1 for m in brief.marines if m.captain or m.sergeant)
    update.update(
        id=f"dw_{brief.scenario}",
        name=f"Deathwing campaign: {NAMES[brief.scenario]}",
        marines=marines,
        reinforcements=brief.blips_per_turn,
        blip_total=brief.blips_left,
        ambush_limit=brief.ambush_limit,
        rolls={},
        force_timer=ForceTimer(leaders=max(1, leaders), points=brief.timer_points),
        timer_cut_s=brief.timer_cut_s,
        cp_penalty=brief.cp_penalty,  # DW-CMP-16 (1)
        psychic_halved=brief.halve_psychic,  # DW-CMP-16 (3)
    )
    match brief.scenario:
        case "establish_perimeter":
            update["perimeter"] = nearest
        case "defend_perimeter":
            update["secured_start"] = brief.secured or nearest  # DW-CMP-11, A-45
        case "raid":
            # DW-CMP-15, A-44: destroying the tanks fixes the result but play goes on until every
            # Marine is dead or teleported out; the campaign reads the result from the report
            update.update(teleport=True, teleport_squares=squares, win=())
            update["magi_squads"] = len(brief.squads)  # DW-CMP-14: the Magi D6 when the tanks are seen
    return base.model_copy(update=update)


def _deploy(brief: MissionBrief, mission: Mission) -> tuple[Mission, tuple[MarineSpec, ...]]:
    """Each squad whole in one corridor, leader first (DW-GEN-6; corridors.place_squads); the
    corridors grow first when they do not hold the squads (DW-GEN-7, corridors.extend_corridors)."""
    order = {squad: i for i, squad in enumerate(brief.squads)}
    fielded = sorted((m for m in brief.marines if m.squad in order), key=lambda m: order[m.squad])
    placed = place_squads(fielded, mission.marine_corridors)
    if placed is None:
        grown = extend_corridors(mission, fielded)
        if grown is None:
            room = sum(len(r) for r in mission.marine_corridors)
            raise refuse("deploy.room", count=len(brief.marines), room=room)
        mission = grown
        placed = place_squads(fielded, mission.marine_corridors)
        assert placed is not None
    return mission, placed


def report(brief: MissionBrief, state: SpaceHulkState) -> MissionPlayed:
    """The campaign's reading of a finished Space Hulk mission (DW-CMP-3)."""
    mission = state.mission
    names = {f"m{i + 1}": spec.name for i, spec in enumerate(mission.marines)}
    on_board = {p.id for p in state.pieces.values() if p.kind == "marine"}
    gone = set(state.teleported) | set(state.escaped)
    dead = tuple(name for pid, name in names.items() if pid not in on_board and pid not in gone)
    winner = None
    outcome = state.outcome
    if outcome is not None and len(outcome.winners) == 1:
        sides: dict[str, str] = getattr(state, "sides", None) or {
            "marine": "marine",
            "genestealer": "genestealer",
        }
        winner = next((side for side, seat in sides.items() if seat == outcome.winners[0]), None)
    tanks = bool(mission.objective) and all(sq in state.wrecked for sq in mission.objective)
    # DW-CMP-14: the table rolled the Magi D6 when a Marine first saw the tanks; a table briefed before
    # it did (no `magi_squads`) leaves the roll to the campaign, on the tanks destroyed as before
    magi_here = brief.scenario == "raid" and bool(mission.magi_squads)
    seen = "magi" in state.tally if magi_here else tanks
    won_perimeter = brief.scenario == "establish_perimeter" and winner == "marine"
    board = None
    if brief.scenario == "establish_perimeter":
        board = json.dumps(
            {
                "map_text": mission.map_text,
                "corridors": mission.marine_corridors,
                "layout": mission.layout,
                "ports": mission.corridor_ports,  # so a kept board's corridors can grow (DW-GEN-7)
            }
        )
    return MissionPlayed(
        winner=winner,  # type: ignore[arg-type]
        dead=dead,
        blips=min(state.tally.get("blips", 0), brief.blips_left),
        tanks_seen=brief.scenario == "raid" and seen,
        tanks_destroyed=brief.scenario == "raid" and tanks,
        magi_roll=state.tally.get("magi") if magi_here else None,
        secured=tuple(mission.perimeter) if won_perimeter else (),
        board=board,
    )
