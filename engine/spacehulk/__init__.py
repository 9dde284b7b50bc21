"""Space Hulk (1st edition) rules engine, with the Deathwing expansion.

Read it bottom-up; no module imports one above it, so there is no import circle here:
- types and data: board/ (squares, sections, doors, the map format, line of sight, the shipped
  maps), geotiles/, weapons (the profile table), messages (refusals), missions (a mission's data
  and every end condition, the generator's ids), options, state, actions, events, corridors (the
  deployment-corridor helpers), deathwing/ timer, force, bids, solo_model;
- mission building: scenarios (the Mission Generator's six scenarios);
- the rules' machinery: queries (the checks shared by decide and legal_actions), evolve, tape (the
  scratch state decide writes on), combat, blips, deathwing/pits, deployment, cloud_runner, legal,
  view, orders, ai, the automated solo player (deathwing/solo_routes, solo_moves,
  solo_reinforcements; deathwing/solo names them), then setup (a table's opening state), pieces
  (a model's action: cost, payment, effect) and turn (phases, checks, the agenda);
- catalogue (the mission a new table plays: built-in, generated, Cloud Runner, a campaign brief);
- rules (the SpaceHulkRules surface and the dispatch of every action).
campaign/ is the Deathwing campaign, a game of its own whose missions are tables of this one.

Where the base rules (SHB-* ids; summary in docs/rules/spacehulk.md) leaves a choice, the reading chosen sits in
the docstring of the rule it explains; the open questions Q1-Q20 are table options (options.py).
"""

from .options import SpaceHulkOptions, Variants
from .rules import RULES, SpaceHulkRules
from .state import SpaceHulkState

__all__ = ["RULES", "SpaceHulkOptions", "SpaceHulkRules", "SpaceHulkState", "Variants"]
