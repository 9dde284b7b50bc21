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

from .board import Board, Square
from .board.mapfile import parse_cached
from .deathwing.force import ForceOrder, Heavy, SquadOrder
from .deathwing.force import build as build_force
from .geotiles import TILE_NUMBERS, BuiltBoard, Placement, compose, generator_board
from .geotiles.layout import DEPLOY_LENGTH, Corridor, corridor_path, placements_for
from .missions import AllMarinesDead, MarineSpec, Mission, ScenarioGoal

SCENARIO_D6: dict[int, str] = {
    1: "reconnaissance",
    2: "establish_perimeter",
    3: "defend_perimeter",
    4: "raid",
    5: "escape",
    6: "search_and_destroy",
}  # DW-GEN-1
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
GENERATED: dict[str, str | None] = {
    "dw_generator": None,
    **{f"dw_{name}": name for name in SCENARIO_D6.values()},
    "dw_cloud_runner": "cloud_runner",  # the solo mission (cloud_runner.py, DW-CR-1 .. DW-CR-10)
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
            out.append(man.model_copy(update={"square": run[filled[c]], "facing": _facing(run, filled[c])}))
            filled[c] += 1
    return tuple(out)


def place_squads(
    marines: Sequence[MarineSpec], corridors: Sequence[Sequence[Square]]
) -> tuple[MarineSpec, ...] | None:
    """DW-GEN-6, DW-GEN-7: each squad whole in one deployment corridor, its leader on the square
    nearest the board; None when the squads cannot be placed so. Squads in the order they first appear;
    each goes to the corridor with the most room left (the first on a tie); when that leaves a later
    squad no room, the other corridors are tried in turn (a small search: at most a few squads), so a
    force is refused only when no placement exists. Shared by the Force List force of a generated
    mission (rules._build_force) and the campaign's squads (campaign/missions.py)."""
    squads: dict[str, list[MarineSpec]] = {}
    for man in marines:
        squads.setdefault(man.squad, []).append(man)
    groups = [sorted(men, key=lambda m: not (m.captain or m.sergeant)) for men in squads.values()]
    chosen = _assign([len(g) for g in groups], [len(run) for run in corridors])
    if chosen is None:
        return None
    filled = [0] * len(corridors)
    out: list[MarineSpec] = []
    for men, c in zip(groups, chosen, strict=True):
        run = corridors[c]
        for man in men:
            out.append(man.model_copy(update={"square": run[filled[c]], "facing": _facing(run, filled[c])}))
            filled[c] += 1
    return tuple(out)


def _squad_sizes(marines: Sequence[MarineSpec]) -> list[int]:
    sizes: dict[str, int] = {}
    for man in marines:
        sizes[man.squad] = sizes.get(man.squad, 0) + 1
    return list(sizes.values())


def extend_corridors(mission: Mission, marines: Sequence[MarineSpec]) -> Mission | None:
    """DW-GEN-7: the mission with its deployment corridors grown until every squad fits whole in one,
    or None when they cannot grow so (boxed in; never seen on our boards) or the board has no geotile
    ports to grow from.

    Both corridors grow one square at a time, straight out from the hulk (straight sections) and,
    where a geotile stands in line, round a corner (our drawing of the imaginary linked corridors,
    `geotiles.layout.corridor_path`); then each keeps only the squares its squads fill, never fewer
    than its 5 (DW-GEN-3). Every other square the mission names moves with the map when the new
    squares push its top-left corner (the board is redrawn before any model stands on it)."""
    if not mission.corridor_ports or not mission.layout or not mission.marine_corridors:
        return None
    placed = layout_of(mission)
    ports = [((slot[0], slot[1]), side) for slot, side in mission.corridor_ports]
    sizes = _squad_sizes(marines)
    start = max(len(run) for run in mission.marine_corridors)
    start = max(start, -(-sum(sizes) // len(ports)))  # no shorter length can hold them all
    for length in range(start, max(start, sum(sizes)) + 1):
        paths: list[tuple[tuple[int, int], ...]] = []
        taken: set[tuple[int, int]] = set()
        for port in ports:
            path = corridor_path(placed, port, length, taken)  # type: ignore[arg-type]
            paths.append(path)
            taken |= set(path)
        chosen = _assign(sizes, [len(p) for p in paths])
        if chosen is not None:
            break
    else:
        return None
    used = [0] * len(paths)
    for size, c in zip(sizes, chosen, strict=True):
        used[c] += size
    paths = [
        p[: max(DEPLOY_LENGTH, n, len(old))]
        for p, n, old in zip(paths, used, mission.marine_corridors, strict=True)
    ]
    name = mission.map_text.split("\n", 1)[0].removeprefix("name: ")
    corridors = [Corridor(port, len(p), path=p) for port, p in zip(ports, paths, strict=True)]  # type: ignore[arg-type]
    built = compose(placed, corridors, name=name)
    old, new = mission.marine_corridors[0][0], built.corridors[0][0]
    dx, dy = new[0] - old[0], new[1] - old[1]

    def moved(squares: Sequence[Square]) -> tuple[Square, ...]:
        return tuple((x + dx, y + dy, z) for x, y, z in squares)

    return mission.model_copy(
        update={
            "map_text": built.map_text,
            "marine_corridors": built.corridors,
            "objective": moved(mission.objective),
            "teleport_squares": None if mission.teleport_squares is None else moved(mission.teleport_squares),
            "cache": moved(mission.cache),
            "marines": tuple(
                m if m.square is None else m.model_copy(update={"square": moved([m.square])[0]})
                for m in mission.marines
            ),
        }
    )


def fits(mission: Mission, marines: Sequence[MarineSpec]) -> bool:
    """Whether the force can deploy on this mission's corridors, grown if need be (DW-GEN-6, DW-GEN-7)."""
    corridors = mission.marine_corridors
    return place_squads(marines, corridors) is not None or extend_corridors(mission, marines) is not None


def _assign(sizes: Sequence[int], room: Sequence[int]) -> list[int] | None:
    """The corridor of each squad (depth first, most room first), or None when none fits them all.
    Rooms already found to fail for the squads left are remembered, so a large force that does not
    fit is refused at once rather than after trying every way (DW-GEN-7 tries many lengths)."""
    failed: set[tuple[int, tuple[int, ...]]] = set()
    left = [sum(sizes[i:]) for i in range(len(sizes) + 1)]

    def go(i: int, rooms: tuple[int, ...]) -> list[int] | None:
        if i == len(sizes):
            return []
        if (i, rooms) in failed or left[i] > sum(rooms):
            return None
        for c in sorted(range(len(rooms)), key=lambda k: (-rooms[k], k)):
            if rooms[c] < sizes[i]:
                continue
            rest = go(i + 1, tuple(r - sizes[i] if k == c else r for k, r in enumerate(rooms)))
            if rest is not None:
                return [c, *rest]
        failed.add((i, rooms))
        return None

    return go(0, tuple(room))


def _facing(run: Sequence[Square], i: int = 0) -> str:
    """Marines in a corridor face the board: toward the square before theirs, nearer the port (a
    corridor may turn a corner, DW-GEN-7); the first square faces as the second does."""
    if len(run) < 2:
        return "N"
    a, b = (run[i - 1], run[i]) if i > 0 else (run[0], run[1])
    dx, dy = a[0] - b[0], a[1] - b[1]
    return {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W"}[(dx, dy)]


def nearest_areas(
    board: Board, starts: Sequence[Square], areas: Sequence[str], count: int
) -> tuple[str, ...]:
    """The `count` entry areas nearest any of `starts` by the shortest route (A-35); ties in area order."""
    far = 10**9
    best = {a: far for a in areas}
    for start in starts:
        dist = board.walk_distances(start, far)
        for a in areas:
            best[a] = min(best[a], dist.get(board.entries[a].square, far))
    ranked = sorted(areas, key=lambda a: (best[a], list(board.entries).index(a)))
    return tuple(ranked[:count])


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
    """DW-GEN-1 .. DW-GEN-7: roll (or take) the scenario, roll the force D6, build the board."""
    if GENERATED[mission_id] == "cloud_runner":
        from .cloud_runner import first_mission

        return first_mission(dice)
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


def layout_of(mission: Mission) -> list[Placement]:
    return [Placement(t, r, (x, y)) for t, r, x, y in mission.layout]


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


BLIP_AP = 6  # SHB-4.1: a blip's action points a turn, 1 a square (SHB-10.5)
HELD_SPARE = 1  # one turn more: a forced lurk (SHB-10.4) or doors on the way


def held_turn(mission: Mission) -> int | None:
    """DW-SC3, "Marine wins by preventing it" (OUR RESOLUTION, beside A-35): the last turn the
    Genestealers have to reach a Marine entry corridor. None when the mission has no blip total.

    The scenario names no turn limit, and the A-35 end (the total spent and nothing Genestealer left)
    can be put off for ever by the Genestealer side alone: it may bring fewer blips or none (DW-GEN-4),
    a blip may lurk off the board indefinitely (SHB-10.4) where no Marine can reach it, and a
    Genestealer may keep away. Space Hulk bounds its own defence mission by turns (SHB-12.6, Defend:
    survive to the end of turn 16; its blips keep coming, 2 a turn, SHB-10.3, till then). So the
    Marine has prevented it once the Genestealers have had every chance: the turn by which the whole
    blip total could have arrived at the D6's rate (DW-GEN-4: ceil(total / per turn)), plus the turns
    a blip arriving then needs to walk from the farthest entry area to the nearest corridor square
    (1 AP to come on, 1 a square, 6 AP a turn: SHB-10.4, SHB-10.5), plus HELD_SPARE. The Marine wins
    at the end of that turn if no Genestealer has entered a corridor; a table's `turn_limit` is
    another matter (it ends the game for the Genestealers, as in every mission)."""
    total, per_turn = mission.blip_total, mission.reinforcements
    if total is None or per_turn <= 0 or not mission.marine_corridors:
        return None
    key = (mission.map_text, mission.marine_corridors, mission.entry_areas, total, per_turn)
    known = _HELD.get(key)
    if known is None:
        board = mission.board
        corridor = {sq for run in mission.marine_corridors for sq in run}
        far = 10**9
        walk = 0
        for area in mission.usable_areas():
            dist = board.walk_distances(board.entries[area].square, far)
            near = min((dist[sq] for sq in corridor if sq in dist), default=None)
            if near is not None:
                walk = max(walk, near)
        arrive = -(-total // per_turn)
        known = arrive + -(-(1 + walk) // BLIP_AP) + HELD_SPARE
        if len(_HELD) > 64:
            _HELD.clear()
        _HELD[key] = known
    return known


_HELD: dict[tuple[object, ...], int] = {}


def goal_met(goal: ScenarioGoal, state: Any) -> bool:
    """Whether a scenario end state holds now (DW-SC1 .. DW-SC6, A-35); "held" is read at the end
    phase only (missions._win_met)."""
    m = state.mission
    tally = state.tally
    pieces = state.pieces.values()
    on_board = [p for p in pieces if p.kind == "marine"]
    force = len(on_board) + len(state.teleported) + len(state.escaped) + tally.get("marines_lost", 0)
    match goal.goal:
        case "recon_out":
            return (not on_board and bool(state.teleported) and tally.get("seen", 0) > 0) and tally.get(
                "marines_lost", 0
            ) <= 1
        case "recon_draw":
            return not on_board and tally.get("marines_lost", 0) < 2
        case "recon_kills":
            return tally.get("marines_lost", 0) >= goal.count
        case "perimeter":
            return all(a in state.secured for a in m.perimeter)
        case "corridor":
            squares = {sq for run in m.marine_corridors for sq in run}
            return any(p.kind != "marine" and p.pos in squares for p in pieces)
        case "wiped":
            spent = m.blip_total is not None and tally.get("blips", 0) >= m.blip_total
            return spent and not any(p.kind != "marine" for p in pieces)
        case "tanks":
            return bool(m.objective) and all(sq in state.wrecked for sq in m.objective)
        case "escaped_half":
            return force > 0 and len(state.teleported) >= -(-force // 2)
        case "escape_failed":
            return force > 0 and len(on_board) + len(state.teleported) < -(-force // 2)
        case "all_secured":
            return all(a in state.secured for a in m.usable_areas())
        case "leader":  # DW-CR-10
            return tally.get("leader", 0) > 0
        case "fallen":  # Cloud Runner: no Marine left (the results table is shown, DW-CR-10)
            return not on_board
        case "held":  # DW-SC3: the Genestealers' last turn has ended (held_turn) and none got in
            last = held_turn(m)
            # the corridor end is read first after every action; read here too, so that the order in
            # which a mission lists its ends (wins before losses) cannot turn a loss into "held"
            return (
                last is not None and state.turn >= last and not goal_met(ScenarioGoal(goal="corridor"), state)
            )
    raise ValueError(f"unknown scenario goal {goal.goal!r}")
