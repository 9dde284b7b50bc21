"""Space Hulk (1st edition) rules engine: board, line of sight, actions, overwatch, flamer, assault, blips.

Modules: board (squares, sections, doors, entry areas), mapfile (the plain-text map format),
los (line of sight and arcs), options (edition flags), missions, state, actions, events, queries
(shared rule checks), legal (legal actions), combat, blips, tape, evolve, rules (decide), views, ai.
"""

from .rules import RULES, SpaceHulkRules

__all__ = ["RULES", "SpaceHulkRules"]
