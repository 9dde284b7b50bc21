"""What a part of the table service reads of its host: the parts (absent players, pause,
take-backs) are mixed into `TableService` (bot/tables.py) and use its store, clock, lock and
commit. Declared once, for the type checker only, so each part names only its own work."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core import Outcome, Rules

from . import moves
from .store import Store, TableRecord, Tx

if TYPE_CHECKING:
    from contextlib import AbstractAsyncContextManager


class ServicePart:
    """A part of the table service (mixed into TableService)."""

    if TYPE_CHECKING:
        store: Store
        step_cap: int
        clock: Callable[[], float]
        notify: Callable[[], None]

        def lock(self, table_id: int) -> AbstractAsyncContextManager[None]: ...
        async def get(self, table_id: int) -> TableRecord: ...
        async def load(self, table_id: int) -> Any: ...
        async def _write(
            self,
            table: TableRecord,
            rules: Rules[Any],
            prepared: moves.Prepared,
            *,
            deadline: int | None = None,
            also: Callable[[Tx], Awaitable[None]] | None = None,
            stood_in: Sequence[str] = (),
            absence_was: Mapping[str, Any] | None = None,
        ) -> TableRecord: ...
        async def _end(
            self,
            table: TableRecord,
            status: str,
            outcome: Outcome,
            *,
            also: Callable[[Tx], Awaitable[None]] | None = None,
        ) -> TableRecord: ...
