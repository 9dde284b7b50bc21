"""The Deathwing Mission Generator's six scenarios as missions (DW-GEN-1 .. DW-GEN-7, DW-SC1 .. DW-SC6,
A-34, A-35).

A table picks a generated mission by id (`SpaceHulkOptions.mission`): "dw_generator" rolls the
scenario D6 (DW-GEN-1); "dw_reconnaissance" .. "dw_search_and_destroy" name one. At setup the game's
seeded dice roll the Genestealer force D6 (DW-GEN-4) and build the geotile board (geotiles/layout.py,
DW-GEO-2, DW-GEN-3); the rolls, the board and every square the scenario's rules name live in the
Mission, so the game replays from its log.

Readings (also listed in docs/geotiles.md):
- The Marine force is the Force List's when the table sets `force_points` (DW-GEN-2: at most 50,
  the bid maximum; a larger budget is refused at setup, not capped), each squad whole in one
  corridor (DW-GEN-6, `place_squads`); a force no placement fits grows the corridors first
  (DW-GEN-7, `extend_corridors`: straight sections out from the hulk, one square at a time, until
  every squad fits; where a geotile or the other corridor stands in line the corridor turns a corner
  and goes on, our drawing of the "imaginary linked corridors"; each keeps only the squares its
  squads fill, at least 5); otherwise two
  Force List Standard squads (an assault cannon in one, a heavy flamer in the other), each whole in
  one deployment corridor, leader in front (DW-GEN-6, DW-GEN-7); one squad in Reconnaissance ("his
  squad", DW-SC1).
- Blips per turn: at most the D6's number; the Genestealer player may pass to bring fewer or none (the
  rest stay in the total; the engine's Genestealer pilot never does). Genestealers never start on
  the board (DW-GEN-7): the first blips arrive in turn 1's reinforcement phase. Ambush markers need the table's `ambush` option (DW-AMB-1) and the scenario's leave; at most
  4 per scenario (DW-GEN-5), outside the blip total.
- DW-SC1: teleporting out unlocks after the 5th Genestealer figure is placed, or once the blip total
  is spent and nothing Genestealer is on the board (A-35). "Seen" = a Genestealer figure in any
  Marine's sight at any moment between two steps of play, or killed (A-35). The Marine wins when no
  Marine is left on the board, at least one teleported out, at most one died and one was seen; the
  Genestealers win on the second Marine killed; any other end (all out, none seen) is a draw.
- DW-SC2: the 4 entry areas nearest any deployment square by the shortest route (A-35), equally
  near ones taken in entry-area order (the list is public from the start: the announcement); fewer
  than 4 areas: all. The Genestealers win when no Marine is left.
- DW-SC3: the Marines start in the deployment corridors (the squares a Genestealer must not
  reach) and a deployment step follows (deployment.py): the Marine player moves them "anywhere"
  (any floor square but an open entry area's entry square and the squares touching it) with a
  facing, and picks the 4 pre-secured areas; until he picks, the 4 nearest the corridors (as
  DW-SC2) stand; in the campaign the 4 carried from Establish Perimeter (DW-CMP-11, A-45). A blip
  counts too (A-35). The Marine wins once the blip total is spent and no blip or
  Genestealer is left, on the board or lurking.
- DW-SC4: every cryo tank of geotile 10 destroyed (A-35). DW-SC5: teleport only from a control-room
  square; the Marine wins when at least half the force (rounded up) teleported out, and loses as soon
  as that can no longer happen. DW-SC6: every Genestealer entry area secured, or the blip total spent
  and no blip or Genestealer left (A-35).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, get_args

from engine.core import Dice

from .board.mapfile import parse_cached
from .corridors import corridor_facing, layout_of, nearest_areas
from .dw_types.force import ForceOrder, Heavy, SquadOrder
from .force_list import build as build_force
from .geotiles import TILE_NUMBERS, BuiltBoard, Placement, compose, generator_board
from .geotiles.layout import placements_for
from .missions import GENERATED, SCENARIO_D6, AllMarinesDead, MarineSpec, Mission, ScenarioGoal

FORCE_D6: dict[int, tuple[int, int]] = {
    1: (2, 20),
    2: (2, 20),
    3: (2, 25),
    4: (2, 25),
    5: (3, 30),
    6: (3, 30),
}  # DW-GEN-4: (blips per turn at most, blips in all)
NAMES = {
    "reconnaissance": "Reconnaissance",
    "establish_perimeter": "Establish Perimeter",
    "defend_perimeter": "Defend Perimeter",
    "raid": "Raid",
    "escape": "Escape",
    "search_and_destroy": "Search and Destroy",
}
AMBUSH_LIMIT = 4  # DW-GEN-5
DEFEND_EXTRA_BLIPS = 10  # DW-SC3
PERIMETER = 4  # DW-SC2, DW-SC3
RECON_UNLOCK = 5  # DW-SC1
GEOTILES = 8  # DW-GEO-2: tiles placed until 8


def standard_force(squads: int) -> list[list[MarineSpec]]:
    """The force without a Force List: `squads` Standard squads as the Force List boxes them (Sergeant
    first, then the heavy weapon and three storm bolters), the heavy weapons taken in turn."""
    heavies = get_args(Heavy)
    orders = tuple(SquadOrder(squad="standard", heavy=heavies[i % len(heavies)]) for i in range(squads))
    marines, _timer, _cost = build_force(ForceOrder(squads=orders), budget=125)
    return [[m for m in marines if m.squad == letter] for letter in dict.fromkeys(m.squad for m in marines)]


def _deploy(force: Sequence[Sequence[MarineSpec]], built: BuiltBoard) -> tuple[MarineSpec, ...]:
    """Each squad whole in one corridor, leader on the square nearest the board (DW-GEN-6, DW-GEN-7)."""
    out: list[MarineSpec] = []
    filled = [0] * len(built.corridors)
    for i, men in enumerate(force):
        c = i % len(built.corridors)
        run = built.corridors[c]
        for man in men:
            out.append(
                man.model_copy(update={"square": run[filled[c]], "facing": corridor_facing(run, filled[c])})
            )
            filled[c] += 1
    return tuple(out)


def _rolls(mission_id: str, dice: Dice) -> tuple[str, dict[str, int]]:
    """DW-GEN-1, DW-GEN-4: the scenario (rolled for dw_generator) and the Genestealer force D6."""
    rolls: dict[str, int] = {}
    scenario = GENERATED[mission_id]
    if scenario is None:
        rolls["scenario"] = dice.d6()[0]
        scenario = SCENARIO_D6[rolls["scenario"]]
    rolls["force"] = dice.d6()[0]
    return scenario, rolls


def build(mission_id: str, dice: Dice) -> Mission:
    """DW-GEN-1 .. DW-GEN-7: roll (or take) the scenario, roll the force D6, build the board (the six
    scenarios; Cloud Runner's boards are cloud_runner.py's, catalogue.make_mission picks)."""
    scenario, rolls = _rolls(mission_id, dice)
    return finish(scenario, rolls, dice)


def start_alternate(mission_id: str, dice: Dice) -> tuple[Mission, int | None]:
    """A-34's option (DW-GEO-2): the players build the board in turn. The scenario and force are
    rolled, the first drawn tile goes in the middle (a random quarter turn), and the next drawn tile
    waits for the Genestealer player (he builds by default, A-34). Returns the board so far as a
    mission with no Marines and the tile to place next."""
    scenario, rolls = _rolls(mission_id, dice)
    deck = dice.shuffled(list(TILE_NUMBERS))
    first = Placement(deck[0], dice.index(4), (0, 0))
    mission = _building(scenario, rolls, [first])
    return mission, next_tile(mission, dice)


def _building(scenario: str, rolls: dict[str, int], placed: list[Placement]) -> Mission:
    """The board so far, as a mission with no Marines and no goal yet (predicates wait for it)."""
    return Mission(
        id=f"dw_{scenario}",
        name=f"Deathwing generator: {NAMES[scenario]}",
        map_name="geotiles",
        map_text=compose(placed, name="Geotile board being built").map_text,
        marines=(),
        deathwing=True,
        scenario=scenario,
        rolls=rolls,
        layout=tuple((p.tile, p.rotation, p.slot[0], p.slot[1]) for p in placed),
        win=(),
    )


def tile_options(mission: Mission, tile: int) -> list[Placement]:
    """Every slot and quarter turn the drawn tile may take (DW-GEO-2; strict joins first)."""
    return placements_for(layout_of(mission), tile)


def next_tile(mission: Mission, dice: Dice) -> int | None:
    """DW-GEO-2: draw an unused tile that fits somewhere, until 8 are placed; None when done."""
    placed = layout_of(mission)
    if len(placed) >= GEOTILES:
        return None
    used = {p.tile for p in placed}
    fits = [n for n in TILE_NUMBERS if n not in used and placements_for(placed, n)]
    return fits[dice.index(len(fits))] if fits else None


def place_tile(mission: Mission, placement: Placement) -> Mission:
    """The board so far with one more tile."""
    placed = [*layout_of(mission), placement]
    return _building(mission.scenario or "", dict(mission.rolls), placed)


def finish(
    scenario: str, rolls: dict[str, int], dice: Dice, placed: list[Placement] | None = None
) -> Mission:
    """The playable mission on the random board, or on the players' `placed` tiles (A-34)."""
    per_turn, total = FORCE_D6[rolls["force"]]
    built = generator_board(dice, add_control_room=scenario in ("raid", "escape"), placed=placed)
    board = parse_cached(built.map_text)
    force = standard_force(1 if scenario == "reconnaissance" else 2)
    marines = _deploy(force, built)
    corridor_squares = tuple(sq for run in built.corridors for sq in run)
    areas = tuple(board.entries)
    nearest = nearest_areas(board, corridor_squares, areas, PERIMETER)
    fields: dict[str, Any] = {
        "id": f"dw_{scenario}",  # the rolled scenario (its catalog name)
        "name": f"Deathwing generator: {NAMES[scenario]}",
        "map_name": "geotiles",
        "map_text": built.map_text,
        "marines": marines,
        "reinforcements": per_turn,
        "blip_total": total,
        "ambush_limit": AMBUSH_LIMIT,
        "deathwing": True,
        "scenario": scenario,
        "rolls": rolls,
        "layout": tuple((p.tile, p.rotation, p.slot[0], p.slot[1]) for p in built.placements),
        "marine_corridors": built.corridors,
        "corridor_ports": built.corridor_ports,
        "win": (),
        "lose": (AllMarinesDead(),),
    }
    match scenario:
        case "reconnaissance":  # DW-SC1
            fields.update(
                teleport=True,
                teleport_unlock=RECON_UNLOCK,
                win=(ScenarioGoal(goal="recon_out"),),
                draw=(ScenarioGoal(goal="recon_draw"),),
                lose=(ScenarioGoal(goal="recon_kills", count=2), AllMarinesDead()),
            )
        case "establish_perimeter":  # DW-SC2
            fields.update(securing=True, perimeter=nearest, win=(ScenarioGoal(goal="perimeter"),))
        case "defend_perimeter":  # DW-SC3
            fields.update(
                secured_start=nearest,
                ambush_allowed=False,
                blip_total=total + DEFEND_EXTRA_BLIPS,
                win=(ScenarioGoal(goal="wiped"), ScenarioGoal(goal="held")),
                lose=(ScenarioGoal(goal="corridor"), AllMarinesDead()),
            )
        case "raid":  # DW-SC4
            fields.update(securing=True, objective=built.cryo, win=(ScenarioGoal(goal="tanks"),))
        case "escape":  # DW-SC5
            fields.update(
                securing=True,
                teleport=True,
                teleport_squares=built.control_room,
                reinforcements=1,
                objective=built.control_room,
                win=(ScenarioGoal(goal="escaped_half"),),
                lose=(ScenarioGoal(goal="escape_failed"),),
            )
        case "search_and_destroy":  # DW-SC6
            fields.update(securing=True, win=(ScenarioGoal(goal="all_secured"), ScenarioGoal(goal="wiped")))
    return Mission(**fields)
