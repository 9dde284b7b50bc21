"""ClickWars: two armies of toy soldiers on a measured table (every CW-* rule; how to play: docs/rules/clickwars.md).

Modules: armies (profiles §5.13, the default army), terrain (areas, the default tables §8.2),
options, state, actions, events, evolve, los (sight, cover, elevation, engagement), movement
(paths, terrain cost, charge corridor), combat (to-hit, damage, criticals, fumbles, blasts),
deploy (strips, plans), victory (§8.6), checks (what decide and the sample both ask: may a unit
act, crew, shoot, fight), legal (the finite sample of actions), memo (the move sample's memo),
commands (the controls' moves and charges resolved before they are confirmed), rules (decide),
view, ai, messages (refusals).

Readings where the spec leaves a choice (each also next to its rule):
- Seats are "red" and "blue"; unit ids are the side letter and the army-sheet position (R1, B7).
- The roll-off winner is the first player and holds the y = 0 edge (§8.1); it picks its edge only
  on a custom table, and attacker/defender only in the assault and hostage scenarios.
- Deployment: each side places pieces one by one or by a plan, privately, then confirms; each gun's
  crewman must stand in base contact with it; both deployments are revealed together.
- Positions are snapped to the 0.5 cm grid (§8.1) before any check.
- Wood depth for sight adds up every wood the line crosses (los.py).
- Indirect fire at a point measures its range from the gun piece's centre (rules.py, `_shoot_point`).
- A gun piece is engaged by an enemy whose CC weapon reaches it and then cannot move (movement.py).
- Every unit's turn marks (moved, shot, fought, fled) are cleared when any turn begins (evolve.py).
- A unit idled by a fumble 2 does nothing in its army's next turn, a gun's fumble idles gun and crew.
- A gun's shot is also its crewman's ranged attack for the turn.
- With `recover_dead` (CW-LIF-2) a fallen figure whose spot lies in its own area stands up with 1d10
  life at the start of its owner's turn, if its spot is free.
- `decide` goes through engine/core's turn guard (`turn_checked`: game over, not this seat's turn).
"""

from .actions import ACTION_ADAPTER
from .options import Options
from .rules import RULES, ClickWarsRules
from .state import ClickWarsState
from .view import ClickWarsView

__all__ = ["ACTION_ADAPTER", "RULES", "ClickWarsRules", "ClickWarsState", "ClickWarsView", "Options"]
