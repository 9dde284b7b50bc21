"""The Duel test game's presenter: same protocol as renderers/base.py, with its own tiny catalog."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw
from pydantic import BaseModel

from engine.core import Action, Event
from renderers.base import Presenter
from renderers.fonts import font

from .duel import Boost, Boosted, Commit, Committed, Drew, DuelView, Ended, Revealed, Started

# Test-only catalog entries, merged into renderers.i18n by the fixture that registers the game.
CATALOG = {
    "en": {
        "duel.name": "Duel",
        "duel.seat.red": "Red",
        "duel.seat.blue": "Blue",
        "duel.rules": "Commit a card secretly; the higher card wins the round and boosts.",
        "duel.more_points": "{a} points to {b}",
        "duel.draw": "equal points",
        "duel.not_in_hand": "You do not hold card {card}.",
        "duel.not_now": "You cannot commit a card now.",
    },
    "es": {
        "duel.name": "Duelo",
        "duel.seat.red": "Rojo",
        "duel.seat.blue": "Azul",
        "duel.rules": "Compromete una carta en secreto; la más alta gana la ronda.",
        "duel.more_points": "{a} puntos contra {b}",
        "duel.draw": "empate a puntos",
        "duel.not_in_hand": "No tienes la carta {card}.",
        "duel.not_now": "Ahora no puedes comprometer una carta.",
    },
}


def card_code(card: int) -> str:
    """A distinctive token for a card, so tests can grep public messages for leaks."""
    return f"gem-{card:02d}"


def _png(lines: Sequence[str], size: tuple[int, int] = (320, 120)) -> bytes:
    image = Image.new("RGB", size, (250, 248, 240))
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((10, 10 + 22 * i), line, fill=(20, 20, 20), font=font(16))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


class DuelPresenter(Presenter):
    game = "duel"
    calls: list[tuple[str, object]]

    def __init__(self) -> None:
        self.calls = []

    def board_png(self, view: BaseModel, lang: str) -> bytes:
        assert isinstance(view, DuelView)
        self.calls.append(("board_png", view))
        return _png([f"R{view.round}/{view.rounds}", f"{view.scores}"])

    def private_png(self, view: BaseModel, lang: str) -> bytes | None:
        assert isinstance(view, DuelView)
        self.calls.append(("private_png", view))
        if view.seat is None:
            return None
        return _png([" ".join(card_code(c) for c in view.hand)])

    def status_text(self, view: BaseModel, lang: str) -> str:
        assert isinstance(view, DuelView)
        self.calls.append(("status_text", view))
        word = "Ronda" if lang == "es" else "Round"
        return f"{word} {view.round}/{view.rounds} · red {view.scores['red']} – blue {view.scores['blue']}"

    def private_text(self, view: BaseModel, lang: str) -> str | None:
        assert isinstance(view, DuelView)
        self.calls.append(("private_text", view))
        if view.seat is None:
            return None
        word = "Tu mano" if lang == "es" else "Your hand"
        return f"{word}: {' '.join(card_code(c) for c in view.hand)}"

    def board_text(self, view: BaseModel, lang: str) -> list[str]:
        """The position in words (the text board, and the images' alt text): the round and the scores,
        then the hands as counts, and the viewer's own cards (its view holds only those)."""
        assert isinstance(view, DuelView)
        es = lang == "es"
        head = f"{'Ronda' if es else 'Round'} {view.round}/{view.rounds}, {view.phase}"
        lines = [f"{seat}: {view.scores[seat]} · {view.hand_counts.get(seat, 0)}" for seat in ("red", "blue")]
        if view.seat is not None:
            lines.append(f"{'Tu mano' if es else 'Your hand'}: {' '.join(card_code(c) for c in view.hand)}")
        return [head, "\n".join(lines)]

    def action_label(self, action: Action, lang: str, view: BaseModel | None = None) -> str:
        match action:
            case Commit(card=card):
                return f"{'Jugar' if lang == 'es' else 'Commit'} {card_code(card)}"
            case Boost(mode=mode):
                return {"roll": "Roll a die", "take": "Take 2"}[mode]
        return action.kind

    def action_prompt(self, view: BaseModel, actions: Sequence[Action], lang: str) -> str:
        return "Elige:" if lang == "es" else "Choose:"

    def narrate(self, event: Event, lang: str) -> str | None:
        self.calls.append(("narrate", event))
        match event:
            case Started():
                return "The duel begins."
            case Committed(seat=seat, card=card):
                return f"{seat} commits {'a card' if card is None else card_code(card)}."
            case Revealed(cards=cards, winner=winner):
                shown = ", ".join(f"{s} {card_code(c)}" for s, c in sorted(cards.items()))
                return f"Revealed: {shown}; {'tie' if winner is None else winner + ' wins the round'}."
            case Boosted(seat=seat, mode=mode, amount=amount):
                return f"{seat} boosts ({mode}): +{amount}."
            case Drew(seat=seat, card=card):
                return f"{seat} draws {'a card' if card is None else card_code(card)}."
            case Ended():
                return "The duel is over."
        return None


PRESENTER = DuelPresenter()
