"""Canyon of Death (El Cañón de la Muerte): a Stormtalon flees a Dakkajet through a canyon of cards."""

from .options import CanyonOptions
from .rules import RULES, CanyonRules
from .state import MARINE, ORK, CanyonState
from .view import CanyonView

__all__ = ["MARINE", "ORK", "RULES", "CanyonOptions", "CanyonRules", "CanyonState", "CanyonView"]
