"""Helpers every game's tests share: scripted dice and the names for reading events.

One `ScriptedDice` for the four game folders (issue 23 item 8), strict by default: a draw the test
did not script is an error, so a scenario states every outcome it relies on. With `seed`, a draw
nobody scripted comes from the seeded `Dice(seed)` instead (for tests that script one outcome in
a decision that draws others: a ClickWars bearing, the Arkenstone card after the scripted ones).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from engine.core import Dice, Event

T = TypeVar("T")


class ScriptedDice(Dice):
    """Dice whose outcomes the test dictates, in order.

    - `values`: one stream for every whole-number draw (`d6`, `roll`, `randint`, `index`, and
      `choice` as the index of the item), for tests that script a decision's draws as one list;
    - `rolls` (`d6`, `roll`), `ints` (`randint`), `indices` (`index`), `picks` (`choice`: the item
      itself), `floats` (`uniform`), `shuffles` (a permutation of the items), `samples` (the items
      picked): one queue per kind of draw, read before `values`.
    A draw with nothing scripted for it fails, unless `seed` is given (then it is drawn from
    `Dice(seed)`). `asked` records every draw; `done()` says whether the script was used up.
    """

    def __init__(
        self,
        values: Iterable[int] = (),
        *,
        rolls: Iterable[int] = (),
        ints: Iterable[int] = (),
        indices: Iterable[int] = (),
        picks: Iterable[Any] = (),
        floats: Iterable[float] = (),
        shuffles: Iterable[Sequence[Any]] = (),
        samples: Iterable[Sequence[Any]] = (),
        seed: int | None = None,
    ) -> None:
        super().__init__(seed or 0, 0)
        self.strict = seed is None
        self.values, self.rolls, self.ints = list(values), list(rolls), list(ints)
        self.indices, self.picks, self.floats = list(indices), list(picks), list(floats)
        self.shuffles, self.samples = [list(s) for s in shuffles], [list(s) for s in samples]
        self.asked: list[tuple[str, Any]] = []

    def done(self) -> bool:
        queues = (self.values, self.rolls, self.ints, self.indices, self.picks, self.floats)
        return not any(queues) and not self.shuffles and not self.samples

    def _scripted(self, queue: list[Any], what: str) -> Any:
        """The next value of `queue`, else of `values`; None when neither has one and a seed draws."""
        if queue:
            return queue.pop(0)
        if self.values:
            return self.values.pop(0)
        assert not self.strict, f"the test did not script {what}"
        return None

    def d6(self, n: int = 1) -> list[int]:
        self.asked.append(("d6", n))
        return [self._die(6) for _ in range(n)]

    def roll(self, sides: int, n: int = 1) -> list[int]:
        self.asked.append(("roll", (sides, n)))
        return [self._die(sides) for _ in range(n)]

    def _die(self, sides: int) -> int:
        value = self._scripted(self.rolls, f"a d{sides} roll")
        if value is None:
            return super().roll(sides)[0]
        assert 1 <= value <= sides, f"a scripted d{sides} cannot roll {value}"
        return int(value)

    def randint(self, lo: int, hi: int) -> int:
        self.asked.append(("randint", (lo, hi)))
        value = self._scripted(self.ints, f"a number in [{lo}, {hi}]")
        if value is None:
            return super().randint(lo, hi)
        assert lo <= value <= hi, f"scripted {value} is not in [{lo}, {hi}]"
        return int(value)

    def index(self, n: int) -> int:
        self.asked.append(("index", n))
        value = self._scripted(self.indices, f"an index below {n}")
        if value is None:
            return super().index(n)
        assert 0 <= value < n, f"scripted index {value} is not below {n}"
        return int(value)

    def choice(self, items: Sequence[T]) -> T:
        self.asked.append(("choice", len(items)))
        if self.picks:
            wanted = self.picks.pop(0)
            assert wanted in items, f"scripted pick {wanted} is not one of {list(items)}"
            return wanted  # type: ignore[no-any-return]
        value = self._scripted([], f"a choice among {len(items)}")
        if value is None:
            return super().choice(items)
        return items[value]

    def uniform(self, lo: float, hi: float) -> float:
        self.asked.append(("uniform", (lo, hi)))
        if self.floats:
            value = self.floats.pop(0)
            assert lo <= value <= hi, f"scripted {value} is not in [{lo}, {hi}]"
            return value
        assert not self.strict, f"the test did not script a number in [{lo}, {hi}]"
        return super().uniform(lo, hi)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        self.asked.append(("shuffle", len(items)))
        if self.shuffles:
            order = self.shuffles.pop(0)
            assert sorted(order) == sorted(items), f"scripted shuffle {order} is not a permutation of {items}"  # type: ignore[type-var]
            return list(order)
        assert not self.strict, "the test did not script a shuffle"
        return super().shuffled(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        self.asked.append(("sample", (k, tuple(items))))
        if self.samples:
            pick = self.samples.pop(0)
            assert len(pick) == min(k, len(items)) and set(pick) <= set(items), (pick, items, k)
            return list(pick)
        assert not self.strict, "the test did not script a random pick"
        return super().sample(items, k)


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of `events`, in order."""
    return [e.kind for e in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Any]:
    """The events of one kind, in order."""
    return [e for e in events if e.kind == kind]
