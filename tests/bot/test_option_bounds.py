"""Bounded options (issue 24 item 4): nested and huge option values are refused politely, naming the
option, in the player's language, for every game; nothing raises RecursionError and no input is
read whole before it is counted. Custom ClickWars terrain and a Space Hulk campaign brief have a
most pieces their options check."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from bot import lobby
from bot.games import playable_games, rules_for
from bot.i18n import rejected_text
from cogs.lobby import check_new
from cogs.lobby import parse_options as parse_typed
from engine.clickwars.options import MAX_PIECE_CORNERS, MAX_TERRAIN_PIECES, Options
from engine.core import Rejected
from engine.spacehulk.options import MAX_BRIEF_VALUES, SpaceHulkOptions

GAMES = playable_games()
BOUND_KEYS = {"bot.option_too_deep", "bot.option_too_large", "bot.options_too_long"}


def nested(depth: int, inner: str = "[", outer: str = "]") -> str:
    return inner * depth + outer * depth


def _refused(call: Any) -> Rejected:
    with pytest.raises(Rejected) as info:
        call()
    return info.value


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_thousand_levels_of_nesting_are_refused_naming_the_option(game: str, lang: str) -> None:
    # Before: json.loads raised RecursionError ("maximum recursion depth exceeded") in every game.
    for typed in (
        f"terrain={nested(1000)}",
        '{"mission": ' + nested(1000) + "}",
        f"x={nested(1000, '{', '}')}",
    ):
        refusal = _refused(lambda typed=typed: check_new(game, None, typed, lang))
        assert refusal.message_id == "bot.option_too_deep"
        option = "mission" if "mission" in typed else typed.partition("=")[0]
        text = rejected_text(lang, refusal)
        assert option in text and "8" in text
        assert ("levels" in text) if lang == "en" else ("niveles" in text)


@pytest.mark.parametrize("game", GAMES)
def test_the_service_refuses_deep_and_huge_values_without_reading_them(game: str) -> None:
    deep: Any = []
    for _ in range(5000):  # deeper than Python's recursion limit: only an iterative walk copes
        deep = [deep]
    refusal = _refused(lambda: lobby.parse_options(rules_for(game), {"brief": deep}, "en"))
    assert (refusal.message_id, refusal.params["option"]) == ("bot.option_too_deep", "brief")
    huge = [{"id": f"T{i}", "kind": "wood", "shape": {"x": 1, "y": 1, "r": 1}} for i in range(100_000)]
    refusal = _refused(lambda: lobby.parse_options(rules_for(game), {"terrain": huge}, "es"))
    assert (refusal.message_id, refusal.params["option"]) == ("bot.option_too_large", "terrain")
    assert "terrain" in rejected_text("es", refusal) and "demasiados valores" in rejected_text("es", refusal)


def test_options_longer_than_discord_allows_are_refused_unread() -> None:
    refusal = _refused(lambda: parse_typed("rounds=" + "1" * (lobby.OPTIONS_TEXT_MAX + 1)))
    assert refusal.message_id == "bot.options_too_long"


def test_brackets_inside_quoted_text_do_not_count_as_nesting() -> None:
    assert parse_typed('{"name": "' + "[" * 50 + '"}') == {"name": "[" * 50}
    assert parse_typed('name="' + "[" * 50 + '"') == {"name": "[" * 50}


def test_the_real_options_stay_within_the_bounds() -> None:
    # The deepest real option: a ClickWars polygon piece (list > piece > shape > corners > corner).
    piece = {"id": "B1", "kind": "building", "shape": {"points": [[10, 10], [20, 10], [20, 20]]}}
    typed = "terrain=" + json.dumps([piece])
    game, _, parsed = check_new("clickwars", None, typed, "en")
    assert parsed["terrain"][0]["id"] == "B1"


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=3), children, max_size=4)
    ),
    max_leaves=60,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(GAMES),
    option=st.sampled_from(["terrain", "brief", "canyon_layout", "x"]),
    value=JSONISH,
    depth=st.integers(0, 3000),
    wrap=st.sampled_from("[{"),
)
def test_any_nested_value_is_refused_or_read_never_an_uncaught_error(
    game: str, option: str, value: Any, depth: int, wrap: str
) -> None:
    head, tail = ("[", "]") if wrap == "[" else ('{"k": ', "}")
    text = head * depth + json.dumps(value) + tail * depth
    for typed in (f"{option}={text}", '{"' + option + '": ' + text + "}"):
        try:
            check_new(game, None, typed, "en")
        except Rejected as refusal:
            if depth > lobby.OPTION_DEPTH_MAX:
                assert refusal.message_id in BOUND_KEYS
        else:
            assert depth <= lobby.OPTION_DEPTH_MAX  # deeper is never accepted


@settings(max_examples=30, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    count=st.integers(lobby.OPTION_NODES_MAX + 1, 200_000),
    kind=st.sampled_from(["list", "dict", "text"]),
)
def test_any_huge_value_is_refused_before_the_game_reads_it(game: str, count: int, kind: str) -> None:
    value: Any
    if kind == "list":
        value = [0] * count
    elif kind == "dict":
        value = {str(i): 0 for i in range(min(count, 5000))}
    else:
        value = "x" * (lobby.OPTION_TEXT_VALUE_MAX + count)
    refusal = _refused(lambda: lobby.parse_options(rules_for(game), {"layout": value}, "en"))
    assert refusal.message_id == "bot.option_too_large" and refusal.params["option"] == "layout"


def test_clickwars_terrain_has_a_most_pieces_and_corners() -> None:
    piece = {"id": "W", "kind": "wood", "shape": {"x": 50, "y": 50, "r": 5}}
    with pytest.raises(ValidationError) as info:
        Options.model_validate({"terrain": [{**piece, "id": f"W{i}"} for i in range(MAX_TERRAIN_PIECES + 1)]})
    assert info.value.errors()[0]["type"] == "terrain_too_many"
    corners = [[50 + i % 7, 50 + i] for i in range(MAX_PIECE_CORNERS + 1)]
    with pytest.raises(ValidationError) as info:
        Options.model_validate({"terrain": [{"id": "B", "kind": "building", "shape": {"points": corners}}]})
    assert info.value.errors()[0]["type"] == "terrain_corners"
    assert Options.model_validate({"terrain": [{**piece, "id": f"W{i}"} for i in range(3)]}).terrain


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_terrain_refusal_is_worded_in_the_players_language(lang: str) -> None:
    piece = {"id": "W", "kind": "wood", "shape": {"x": 50, "y": 50, "r": 5}}
    raw = {"terrain": [{**piece, "id": f"W{i}"} for i in range(MAX_TERRAIN_PIECES + 5)]}
    text = rejected_text(lang, _refused(lambda: lobby.parse_options(rules_for("clickwars"), raw, lang)))
    assert "40" in text and "45" in text
    assert ("terrain pieces" in text) if lang == "en" else ("piezas de escenografía" in text)
    assert len(text) < 600  # the typed value is quoted back cut short


def test_a_space_hulk_brief_has_a_most_values() -> None:
    with pytest.raises(ValidationError) as info:
        SpaceHulkOptions.model_validate({"brief": {"marines": [{"name": "x"}] * MAX_BRIEF_VALUES}})
    assert info.value.errors()[0]["type"] == "brief_too_large"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_forged_space_hulk_brief_is_refused_not_a_crash_at_setup(lang: str) -> None:
    # Before: accepted as options, then setup raised pydantic's ValidationError ("Something broke").
    refusal = _refused(lambda: check_new("spacehulk", None, 'brief={"scenario":"raid"}', lang))
    text = rejected_text(lang, refusal)
    assert "brief" in text and ("mission brief" in text if lang == "en" else "informe de misión" in text)
