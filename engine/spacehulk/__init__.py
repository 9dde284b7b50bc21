"""Space Hulk (1st edition) rules engine, with the Deathwing expansion.

Read it bottom-up; no module imports one above it, so there is no import circle here (the floors are
import-linter's `spacehulk-floors` contract in pyproject.toml):
- types and data: board/ (squares, sections, doors, the map format, line of sight, the shipped
  maps), then geotiles/, weapons (the profile table), messages (refusals) and dw_types/ (the
  Deathwing types the state and the log hold: the Force List's orders and timer, the bids' step,
  action and events, the solo player's memory and events, with their folds), then missions (a
  mission's data and every end condition, the generator's ids), then options, state, actions,
  events;
- the rules' machinery: queries (the checks shared by decide and legal_actions) and evolve, tape
  (the scratch state decide writes on), then corridors (the deployment-corridor helpers),
  force_list (the Force List: costs, limits, the Terminators an order fields), scenarios (the
  Mission Generator's six scenarios), combat, blips, deployment, cloud_runner; then legal;
- above legal: view, orders, ai, deathwing/ (bids: the secret bidding; pits; the automated solo
  player: solo_routes, solo_moves, solo_reinforcements, named by solo), then setup (a table's
  opening state), pieces (a model's action: cost, payment, effect) and turn (phases, checks, the
  agenda);
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
