"""The Deathwing campaign (deathwing.md §2.11): bids up to 125 points, the roster on squad sheets,
the five ordered missions and their consequences, the 125-blip pool, winning and breaking.

The one layout of a game package (options, state, actions, events, rules, evolve, view, ai,
messages) plus `roster` (squad sheets, disbanding, torpedoes) and `missions` (a brief into a Space
Hulk mission, a finished Space Hulk game into a `MissionPlayed` report). The missions are ordinary
Space Hulk tables; the campaign waits on its `table` seat for each one's report.
"""

from .options import CampaignOptions
from .rules import RULES, CampaignRules
from .state import CampaignState

__all__ = ["RULES", "CampaignOptions", "CampaignRules", "CampaignState"]
