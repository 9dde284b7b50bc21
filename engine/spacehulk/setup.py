"""Setting up a table (SHB-12, DW-FL-1 .. DW-FL-3, DW-GEN-2, DW-GEN-6, DW-GEN-7, DW-GEO-2, A-34): the
opening state of a mission, the Terminators on their squares, the Force List force the Marine player
buys, and the geotiles the players place in turn."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.core import Dice

from . import events as ev
from . import force_list
from .board import Square
from .corridors import extend_corridors, layout_of, place_squads
from .deathwing import bids
from .deployment import step_for
from .dw_types.bids import AgBids
from .dw_types.force import ForceOrder
from .geotiles import Placement
from .messages import refuse
from .missions import SCENARIO_D6, MarineSpec, Mission
from .options import SpaceHulkOptions
from .scenarios import finish, next_tile, place_tile, tile_options
from .state import (
    MARINE_AP,
    AgBeginTurn,
    AgBuildForce,
    AgPlaceTile,
    AgReinforce,
    Piece,
    SpaceHulkState,
)
from .tape import Tape
from .weapons import PSYCHIC_POINTS, WEAPONS

CLOUD_RUNNER_POINTS = 20  # DW-CR-1


GENERATOR_BID_MAX = 50  # DW-GEN-2: the Force List's bid maximum


def deploy(mission: Mission, marines: Iterable[MarineSpec]) -> dict[str, Piece]:
    """The Terminators on their squares: each spec's own, else the map's deployment marks in order."""
    board = mission.board
    pieces: dict[str, Piece] = {}
    for i, spec in enumerate(marines):
        mark = board.deployments[i] if i < len(board.deployments) else None
        pos = spec.square or (mark.square if mark else None)
        facing = spec.facing or (mark.facing if mark else "N")
        if pos is None:
            raise ValueError(f"mission {mission.id}: no square for Marine {spec.name}")
        pid = f"m{i + 1}"
        pieces[pid] = Piece(
            id=pid,
            kind="marine",
            pos=pos,
            facing=facing,
            ap=MARINE_AP,
            name=spec.name,
            weapon=spec.weapon,
            sergeant=spec.sergeant,
            squad=spec.squad,
            ammo=ammo(mission, spec.weapon),
            captain=spec.captain,
            mastery=spec.mastery,
            psychic=PSYCHIC_POINTS.get(spec.mastery, 0) // (2 if mission.psychic_halved else 1),  # DW-CMP-16
            melee=spec.melee,
            shield=spec.shield,
            grenades=spec.grenades,
            reloads=spec.reloads,
        )
    return pieces


def build_force(tape: Tape, order: ForceOrder) -> None:
    """DW-FL-2, DW-FL-3, DW-TMR-1: the Marine player's force, checked against the table's budget, takes
    the deployment squares in order (reading: a force that does not fit them is refused). On a generated
    mission's corridors each squad stands whole in one (DW-GEN-6, corridors.place_squads); when they do
    not fit, the corridors grow first (DW-GEN-7, corridors.extend_corridors); a force they cannot grow
    to hold is refused."""
    budget = tape.state.options.variants.force_points  # the table's, or the winning bid (DW-BID-1)
    assert budget is not None
    marines, timer, cost = force_list.build(order, budget)
    room = len(tape.board.deployments)
    if len(marines) > room and not tape.state.mission.corridor_ports:  # corridors that grow: below
        raise refuse("force.room", room=room, count=len(marines))
    if tape.state.mission.scenario == "cloud_runner" and len(order.squads) > 1:
        raise refuse("force.one_squad", count=len(order.squads))  # DW-CR-1: "one Force List squad"
    corridors = tape.state.mission.marine_corridors
    if corridors:  # DW-GEN-6: a generated mission's corridors take each squad whole
        placed = place_squads(marines, corridors)
        if placed is None:
            grown = extend_corridors(tape.state.mission, marines)  # DW-GEN-7
            if grown is None:
                raise refuse("force.squads", **squads_params(marines, corridors))
            added = sum(map(len, grown.marine_corridors)) - sum(map(len, corridors))
            tape.emit(ev.CorridorsExtended(mission=grown, added=added))
            placed = place_squads(marines, grown.marine_corridors)
            assert placed is not None
        marines = placed
    pieces = tuple(deploy(tape.state.mission, marines).values())
    tape.pop()
    tape.emit(ev.ForceBuilt(marines=pieces, timer=timer, cost=cost))


def squads_params(marines: Sequence[MarineSpec], corridors: Sequence[Sequence[Square]]) -> dict[str, str]:
    """The refusal's figures: each squad's size and each corridor's squares (DW-GEN-6)."""
    sizes: dict[str, int] = {}
    for man in marines:
        sizes[man.squad] = sizes.get(man.squad, 0) + 1
    return {"sizes": ", ".join(map(str, sizes.values())), "rooms": ", ".join(str(len(r)) for r in corridors)}


def place_geotile(tape: Tape, top: AgPlaceTile, tile: int, rotation: int, slot: tuple[int, int]) -> None:
    """DW-GEO-2, A-34: the drawn tile goes where it may; the other player draws the next one; after 8
    (or when no tile fits) the deployment corridors are joined and the scenario's Marines deploy."""
    s = tape.state
    placement = Placement(tile, rotation % 4, slot)
    if tile != top.tile or placement not in tile_options(s.mission, tile):
        raise refuse("tile.where", tile=top.tile)
    tape.pop()
    building = place_tile(s.mission, placement)
    tape.emit(
        ev.TilePlaced(tile=tile, rotation=placement.rotation, slot=slot, by=top.chooser, mission=building)
    )
    nxt = next_tile(building, tape.dice)
    if nxt is not None:
        other = "marine" if top.chooser == "genestealer" else "genestealer"
        tape.push(AgPlaceTile(tile=nxt, chooser=other))
        return
    scenario = building.scenario or ""
    mission = finish(scenario, dict(building.rolls), tape.dice, layout_of(building))
    force_list = tape.state.options.deathwing and tape.opt.force_points is not None
    marines = () if force_list else tuple(deploy(mission, mission.marines).values())
    tape.emit(ev.BoardBuilt(mission=mission, marines=marines))


def ammo(mission: Mission, name: str | None) -> int:
    """Shots carried at the start: the mission sets the heavy flamer's (SHB-9.1; Defend: 4)."""
    if name is None:
        return 0
    weapon = WEAPONS[name]
    if weapon.flame:
        return mission.flamer_shots
    return weapon.ammo or 0


def opening_state(options: SpaceHulkOptions, mission: Mission, seed: int, dice: Dice) -> SpaceHulkState:
    """The state a table opens with, before any automatic step: the options the mission and the table
    settle (DW-GEN-2's budget, DW-CR-1's 20 points, DW-SOLO-1's untimed solo, DW-BID-1's bids), the
    scenario's Marines (unless the Force List replaces them, DW-FL-1) and the opening agenda (bids,
    force, geotiles, deployment, the first blips, turn 1)."""
    if mission.deathwing and not options.deathwing:
        options = options.model_copy(update={"expansions": options.expansions | {"deathwing"}})
    points = options.variants.force_points
    generated = options.brief is None and mission.scenario in SCENARIO_D6.values()
    if generated and not options.variants.bids and points is not None and points > GENERATOR_BID_MAX:
        # DW-GEN-2: the generator's Force List force is bought with at most 50 points (the bid
        # maximum); reading: a larger table budget is refused, not capped (bids drop it, DW-BID-1)
        raise refuse(
            "option.force_points",
            option="force_points",
            value=points,
            low=bids.BID_MIN,
            high=GENERATOR_BID_MAX,
        )
    if mission.scenario == "cloud_runner" and points is not None and points > CLOUD_RUNNER_POINTS:
        # DW-CR-1: the alternative force is a Force List squad of up to 20 points
        variants = options.variants.model_copy(update={"force_points": CLOUD_RUNNER_POINTS})
        options = options.model_copy(update={"variants": variants})
    if options.variants.solo:  # DW-SOLO-1: one player, untimed, no bids
        variants = options.variants.model_copy(update={"timer_mode": "untimed", "bids": False})
        options = options.model_copy(update={"variants": variants})
    bidding = options.deathwing and options.variants.bids
    if bidding and options.variants.force_points is not None:  # the winning bid sets it (DW-BID-1)
        variants = options.variants.model_copy(update={"force_points": None})
        options = options.model_copy(update={"variants": variants})
    force_list = options.deathwing and (options.variants.force_points is not None or bidding)
    # DW-FL-1: the Force List replaces the scenario's Marines; the Genestealers keep theirs
    pieces = {} if force_list else deploy(mission, mission.marines)
    agenda: list[Any] = [AgBeginTurn()]
    if mission.start_blips:
        agenda.append(AgReinforce(remaining=mission.start_blips))  # SHB-10.3: blips at the start
    if force_list:
        agenda.append(AgBuildForce())
    if mission.layout and not mission.marines and not mission.win:
        # the board is being built: the players place tiles first
        tile = next_tile(mission, dice)
        if tile is not None:
            agenda.append(AgPlaceTile(tile=tile, chooser="genestealer"))
    deploy_step = step_for(mission, options.brief)
    if deploy_step is not None:  # DW-SC3: after the force and the board, before turn 1
        agenda.insert(1, deploy_step)
    if bidding:
        agenda.append(AgBids())  # DW-BID-1: the bids come first, then the lower bidder's force
    state = SpaceHulkState(
        seed=seed,
        options=options,
        mission=mission,
        pieces=pieces,
        next_id=len(pieces) + 1,
        doors=[d.initial for d in mission.board.doors],
        bag=dict(mission.blip_bag or options.variants.blip_bag),
        agenda=agenda,
        secured=list(mission.secured_start),  # DW-SC3: areas secured before play
    )
    return state
