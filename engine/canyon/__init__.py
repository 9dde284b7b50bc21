"""Canyon of Death (El Cañón de la Muerte): a Stormtalon flees a Dakkajet through a canyon of cards."""

from .model import MARINE, ORK, CanyonOptions, CanyonState, CanyonView
from .rules import RULES, CanyonRules

__all__ = ["MARINE", "ORK", "RULES", "CanyonOptions", "CanyonRules", "CanyonState", "CanyonView"]
