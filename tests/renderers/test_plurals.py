"""Plural forms in both catalogs (issue 27 item 8): "(quedan 1)" must read "(queda 1)"; each
message below counts something that can be exactly one, and reads right for one and for several."""

from __future__ import annotations

import pytest

from renderers.i18n import t

CASES = [
    ("arkenstone.prompt.turn_up", "n", {}, "(queda 1)", "(quedan 2)", "(1 to go)", "(2 to go)"),
    ("spacehulk.auto.ammo", "left", {"bursts": 3}, "queda 1.", "quedan 2.", "1 is left.", "2 are left."),
    (
        "spacehulk.assault.psychic_short",
        "psychic",
        {"name": "Calistarius"},
        "le queda 1 punto psíquico",
        "le quedan 2 puntos psíquicos",
        "1 psychic point left",
        "2 psychic points left",
    ),
    (
        "spacehulk.win.escape",
        "count",
        {},
        "ha escapado 1 marine.",
        "han escapado 2 marines.",
        "1 Marine escaped",
        "2 Marines escaped",
    ),
    (
        "spacehulk.draw.escape",
        "count",
        {},
        "ha escapado 1 marine.",
        "han escapado 2 marines.",
        "1 Marine escaped",
        "2 Marines escaped",
    ),
    (
        "spacehulk.win.kill",
        "count",
        {},
        "1 genestealer eliminado.",
        "2 genestealers eliminados.",
        "1 Genestealer killed",
        "2 Genestealers killed",
    ),
    (
        "spacehulk.draw.kill",
        "count",
        {},
        "1 genestealer eliminado.",
        "2 genestealers eliminados.",
        "1 Genestealer killed",
        "2 Genestealers killed",
    ),
    (
        "canyon.img.distance",
        "distance",
        {},
        "1 pulgada detrás",
        "4 pulgadas detrás",
        "1 inch behind",
        "4 inches behind",
    ),
    ("canyon.img.hits", "n", {}, "→ 1 impacto", "→ 0 impactos", "→ 1 hit", "→ 0 hits"),
]


@pytest.mark.parametrize(("key", "var", "params", "es_one", "es_many", "en_one", "en_many"), CASES)
def test_counts_of_one_and_of_several_read_right(
    key: str, var: str, params: dict[str, object], es_one: str, es_many: str, en_one: str, en_many: str
) -> None:
    many = 0 if key == "canyon.img.hits" else 4 if key == "canyon.img.distance" else 2
    assert es_one in t("es", key, **params, **{var: 1})
    assert es_many in t("es", key, **params, **{var: many})
    assert en_one in t("en", key, **params, **{var: 1})
    assert en_many in t("en", key, **params, **{var: many})
    assert "quedan 1" not in t("es", key, **params, **{var: 1})
