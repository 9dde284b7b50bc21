"""Space Hulk (1st edition) rules engine, with room for the Deathwing expansion.

The one layout of a game package: options, state, actions, events, rules (decide, legal actions,
active seats, outcome), evolve, view, ai, messages (refusals). Space Hulk's own modules beside
them: board/ (squares, sections, doors, the map format, line of sight, the shipped maps), weapons
(the profile table), missions, queries (the checks shared by decide and legal_actions), legal,
combat, blips, tape (the scratch state decide writes on).

Where the base rules (SHB-* ids; summary in docs/rules/spacehulk.md) leaves a choice, the reading chosen sits in
the docstring of the rule it explains; the open questions Q1-Q20 are table options (options.py).
"""

from .options import SpaceHulkOptions, Variants
from .rules import RULES, SpaceHulkRules
from .state import SpaceHulkState

__all__ = ["RULES", "SpaceHulkOptions", "SpaceHulkRules", "SpaceHulkState", "Variants"]
