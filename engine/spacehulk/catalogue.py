"""The mission catalogue: the mission a new table plays, built from its options.

On top of the rules' machinery (the SpaceHulkRules surface in rules.py calls it at setup): a built-in
mission (missions.MISSIONS), one the Mission Generator builds with the game's seeded dice
(scenarios.py: the scenario and force D6, the geotile board, or the players' tiles, A-34), Cloud
Runner's first board (cloud_runner.py), or a Deathwing campaign's brief (campaign/missions.py). Every
id a table may name is data in missions.py (`MISSIONS`, `GENERATED`), so the options check them
without building anything.
"""

from __future__ import annotations

from engine.core import Dice

from . import cloud_runner, scenarios
from .campaign.missions import mission_for
from .missions import GENERATED, Mission, get_mission
from .options import SpaceHulkOptions


def make_mission(mission_id: str, dice: Dice, *, alternate: bool = False) -> Mission:
    """The mission a table plays: a built-in one, or one the Mission Generator builds with the
    game's seeded dice (GENERATED: the scenario and force D6, the geotile board; `alternate`: the
    players place the tiles, A-34), or Cloud Runner's first board."""
    if mission_id not in GENERATED:
        return get_mission(mission_id)
    if GENERATED[mission_id] == "cloud_runner":
        return cloud_runner.first_mission(dice)
    if alternate:
        return scenarios.start_alternate(mission_id, dice)[0]
    return scenarios.build(mission_id, dice)


def mission_of(options: SpaceHulkOptions, dice: Dice) -> Mission:
    """The mission of a new table's options: the named one, or a campaign brief's (DW-CMP-*), which is
    built after the named one (whose rolls it does not use) so the seeded dice run as they always did."""
    alternate = options.variants.board_builder == "alternate"  # the players place the tiles
    mission = make_mission(options.mission, dice, alternate=alternate)  # generated: D6 rolls, board
    if options.brief is not None:  # a campaign mission (campaign/missions.py, DW-CMP-*)
        mission = mission_for(options.brief, dice)
    return mission
