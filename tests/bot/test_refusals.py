"""Clear refusals for typed input (issue 15 item 5): a game named by its shown name in either language,
the list of games when the name is unknown, and option errors that name the option, the value, what
it accepts and an example from that same game, in the player's language."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import playable_games, rules_for
from bot.i18n import game_name, rejected_text
from bot.lobby import game_named, option_example, option_names, parse_options
from cogs.lobby import parse_options as parse_typed
from engine.core import Rejected

BOGUS = "§bogus§"


def _refusal(game: str, raw: dict[str, Any], lang: str) -> str:
    with pytest.raises(Rejected) as info:
        parse_options(rules_for(game), raw, lang)
    assert info.value.message_id == "bot.bad_options"
    return rejected_text(lang, info.value)


@pytest.mark.parametrize(
    "typed",
    [
        "canyon",
        "Canyon of Death",
        "canyon of death",
        "El Cañón de la Muerte",
        "el canon de la muerte",
        " EL CAÑÓN  de la muerte ",
    ],
)
def test_a_game_is_found_by_its_id_or_its_shown_name_in_either_language(typed: str) -> None:
    assert game_named(typed, "en") == "canyon"


def test_every_playable_game_is_found_by_each_of_its_names() -> None:
    for game in playable_games():
        for lang in ("en", "es"):
            assert game_named(game_name(game, lang).upper(), lang) == game


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_unknown_game_is_refused_with_the_list_of_games(lang: str) -> None:
    with pytest.raises(Rejected) as info:
        game_named("chess", lang)
    text = rejected_text(lang, info.value)
    assert "chess" in text
    for game in playable_games():
        assert game_name(game, lang) in text
    assert ("the games are" if lang == "en" else "los juegos son") in text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_option_refusal_names_the_option_the_value_what_it_takes_and_an_example_of_its_own(
    lang: str,
) -> None:
    """For every game and every option it has: a value no option accepts is refused with the option,
    the value typed, what it accepts and an example of that same option (never another game's)."""
    example_word = "for example" if lang == "en" else "por ejemplo"
    checked = 0
    for game in playable_games():
        rules = rules_for(game)
        names = option_names(rules)
        for name in names:
            try:
                rules.parse_options({name: BOGUS})
                continue  # a free-text option takes anything
            except ValueError:
                pass
            text = _refusal(game, {name: BOGUS}, lang)
            assert f"{name}={BOGUS}" in text, text
            assert ("it takes" if lang == "en" else "admite") in text, text
            example = option_example(rules, name)
            if example is not None:
                assert f"({example_word} {example})" in text, text
                rules.parse_options(dict([_pair(example)]))  # the example itself is accepted
            checked += 1
        if names:
            text = _refusal(game, {"no_such_option": 1}, lang)
            assert "no_such_option" in text and all(n in text for n in names)
            example = option_example(rules)
            assert example is not None and example.split("=")[0] in names
            assert f"({example_word} {example})" in text
            rules.parse_options(dict([_pair(example)]))
    assert checked >= 8


def _pair(example: str) -> tuple[str, Any]:
    name, _, value = example.partition("=")
    return name, parse_typed(example)[name]


def test_a_rule_s_own_reason_is_worded_in_the_players_language() -> None:
    """DC-SET-2 (at most 12 canyon cards): the reason comes from the game's catalog in both languages."""
    raw = {"canyon_layout": [2, 2, 2, 2, 2, 2, 2]}
    en = _refusal("canyon", raw, "en")
    es = _refusal("canyon", raw, "es")
    assert "canyon_layout=[2,2,2,2,2,2,2] is not accepted: the canyon may hold at most 12 cards, not 14" in en
    assert "canyon_layout=[2,2,2,2,2,2,2] no se acepta: el cañón admite como mucho 12 cartas, no 14" in es
    assert "(por ejemplo canyon_layout=[1,1,2,1,2,1,2,1])" in es
    assert "Value error" not in en + es


def test_numbers_and_choices_say_what_they_take() -> None:
    """Arkenstone's base radius (§8.1) and layout (§8.1): the bounds and the values, with an example."""
    text = _refusal("arkenstone", {"bilbo_radius_in": 3}, "es")
    assert "bilbo_radius_in=3 no se acepta; admite un número mayor que 0 y hasta 1,25" in text
    assert "(por ejemplo bilbo_radius_in=0.5)" in text
    text = _refusal("arkenstone", {"layout": "grid"}, "en")
    assert (
        "layout=grid is not accepted; it takes one of random, draft, free (for example layout=draft)" in text
    )


def test_options_that_are_not_pairs_get_an_example_from_the_game_being_opened() -> None:
    for game in playable_games():
        example = option_example(rules_for(game))
        with pytest.raises(Rejected) as info:
            parse_typed("just words", example)
        text = rejected_text("es", info.value)
        assert example is not None and text.endswith(f"p. ej. {example}.")
        assert "rounds=5" not in text or "rounds" in option_names(rules_for(game))
