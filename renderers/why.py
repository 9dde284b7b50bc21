"""A ruling in words (issue 29 item 5, `/why`): the rules applied, the numbers, the sight line and
what blocked it, the ruler and the difficult ground, each line a catalog message (why.ftl) in the
reader's language, its numbers in the language's format.

Only words: the ruling is the engine's (engine/core/ruling.py), read from an event already redacted
for the reader's seat or from the reader's own refusal, so these lines say nothing the seat may not
know. A game's presenter may add a picture (`Presenter.why_png`).
"""

from __future__ import annotations

from engine.core import Ruling

from .i18n import has, t

RULES_DOC = "docs/rules/"
"""Where a player finds every rule by its ID (the README's "How to play" pages)."""


def value_of(value: object) -> object:
    """A ruling's number as the catalog takes it: numbers as numbers (the language's format and
    plural apply), a roll's dice as one list ("3, 3"), a word ("yes", "higher") as itself for the
    message's selector."""
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value)
    return value


def number_line(name: str, value: object, lang: str) -> str:
    """One number of a ruling: its own message (`why.n.<name>`), or the name and the value when a
    game wrote a number no catalog names yet (a test keeps every engine's names in the catalogs)."""
    key = f"why.n.{name}"
    if has(key):
        return t(lang, key, value=value_of(value))
    return t(lang, "why.n.other", name=name, value=str(value_of(value)))


ORDER = (
    # measures: how far, against what limit
    "distance_cm",
    "range_cm",
    "hill_bonus_cm",
    "wood_cm",
    "reach_cm",
    "point_distance_cm",
    "length_cm",
    "cost_cm",
    "allowance_cm",
    "distance_sq",
    "route_sq",
    "range_sq",
    "in_arc",
    "gap_in",
    "range_in",
    "discover",
    "card_gap_in",
    "reach_in",
    "length_in",
    "allowance_in",
    "charge_cm",
    "corridor_cm",
    "in_corridor",
    "in_the_way",
    "target_square",
    "squares",
    # rolls: what was rolled, against what it needed
    "red_rolls",
    "blue_rolls",
    "heal_roll",
    "life_before",
    "life_now",
    "life_max",
    "melee_roll",
    "fumble_roll",
    "drop_roll",
    "magi_roll",
    "squads",
    "reinforcement_roll",
    "ambush_roll",
    "ambush_turn",
    "teleport_rolls",
    "dies_on_total",
    "cards_roll",
    "pile_size",
    "recovered",
    "discarded",
    "hand_size",
    "roll",
    "need",
    "dice",
    "bonus",
    "needed",
    "deflection",
    "double",
    "jammed",
    "bursts_used",
    "triple",
    "bursts_fired",
    "malfunction_after",
    "model_rolls",
    "dies_on",
    "stealer_dies_on",
    "marine_dies_on",
    "door_rolls",
    "door_dies_on",
    "crate_rolls",
    "bulkhead_rolls",
    "bulkhead_dies_on",
    "rerolled_from",
    "rerolled_to",
    "ammo_before",
    "ammo_now",
    "reloads_left",
    "scatter_roll",
    "scatter_cm",
    "bearing",
    "damage_die",
    "gross",
    "armour_roll",
    "shield_roll",
    "net",
    "life_left",
    "attacker_dice",
    "attacker_modifier",
    "attacker_score",
    "defender_dice",
    "defender_modifier",
    "defender_score",
    "psychic_points",
    "defender_psychic_points",
    "falls_on",
    "prone_up_to",
    "below_dies_up_to",
    # cards
    "canyon_card",
    "marine_card",
    "ork_card",
    "marine_hits",
    "ork_hits",
    "pursuit_before",
    "pursuit_after",
    "pursuit",
    "hits_on",
    "hits",
    "reference",
    "guess",
    "card",
    "other_card",
    "correct",
    "smaug_rank",
    "bilbo_rank",
    "multiplier",
    "damage",
    "total",
    "destroyed_at",
)
"""The order a ruling's numbers are told in (a stored event's keys may come back sorted): the
measures, then the rolls against what they needed, then the cards; a name not listed comes last."""


def ruling_lines(ruling: Ruling, lang: str) -> list[str]:
    """The ruling in lines: the rules applied, each number, then the sight line, the ground crossed."""
    lines = [t(lang, "why.rules", rules=", ".join(ruling.rules), n=len(ruling.rules))]
    rank = {name: i for i, name in enumerate(ORDER)}
    numbers = sorted(ruling.numbers.items(), key=lambda item: (rank.get(item[0], len(ORDER)), item[0]))
    lines += [f"- {number_line(name, value, lang)}" for name, value in numbers]
    sight = ruling.sight
    if sight is not None:
        if sight.clear:
            lines.append(f"- {t(lang, 'why.sight.clear')}")
        elif sight.by:
            lines.append(f"- {t(lang, 'why.sight.blocked', by=sight.by)}")
        else:
            lines.append(f"- {t(lang, 'why.sight.walled')}")
    if ruling.ground:
        lines.append(f"- {t(lang, 'why.ground', pieces=', '.join(ruling.ground), n=len(ruling.ground))}")
    elif ruling.path and "cost_cm" in ruling.numbers:  # a measured move through no difficult ground
        lines.append(f"- {t(lang, 'why.ground_none')}")
    return lines


def explanation(headline: str, ruling: Ruling, lang: str, step: int | None = None) -> str:
    """The whole answer to `/why`: what was ruled (`headline`: the event's narration or the refusal),
    at which step of the game (`step`, the event's number, for `/why event:N`), then the ruling."""
    head = (
        t(lang, "why.title", what=headline)
        if step is None
        else t(lang, "why.title_step", what=headline, step=step)
    )
    return "\n".join([head, *ruling_lines(ruling, lang), t(lang, "why.where_rules")])
