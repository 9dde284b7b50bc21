"""Fast-model helpers: building a pydantic model from values that are already valid, without
pydantic's validation and per-call overhead (`built`), and copying a frozen slotted dataclass with
some fields changed (`replace`). For the hot paths only (an event, a legal action or a
state copy built at every step of every game), where every value is known to have its field's type;
anywhere else, build models the ordinary way.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

# pydantic's slots of a model, set through their descriptors (object.__setattr__ would look each up)
_SET_DICT = BaseModel.__dict__["__dict__"].__set__
_SET_FIELDS_SET = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
_SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__


def built(cls: type[M], values: dict[str, Any], fields_set: set[str]) -> M:
    """A model of `cls` holding `values` (its `__dict__`: every field, in declaration order) with
    `fields_set` counted as set, without validation: what `cls(**values)` or pydantic's copy gives
    when the values already have their types. No private or extra attributes (models that have
    them must not be built this way)."""
    new = object.__new__(cls)
    _SET_DICT(new, values)
    _SET_FIELDS_SET(new, fields_set)
    _SET_EXTRA(new, None)
    _SET_PRIVATE(new, None)
    return new


D = TypeVar("D")
_NEW = object.__new__
_SLOTS: dict[type, tuple[tuple[str, Any, Any], ...]] = {}


def replace(obj: D, **changes: Any) -> D:
    """A copy of `obj`, a frozen slotted dataclass, with `changes`: `dataclasses.replace` without
    running `__init__` (every value is kept or given as it is: no checks, no conversion), about a
    third of its cost. Each slot is read and written through its descriptor."""
    cls = type(obj)
    slots = _SLOTS.get(cls)
    if slots is None:
        slots = _SLOTS[cls] = tuple(
            (f.name, cls.__dict__[f.name].__get__, cls.__dict__[f.name].__set__)
            for f in dataclasses.fields(cls)  # type: ignore[arg-type]
        )
    new = _NEW(cls)
    for name, get, put in slots:
        put(new, changes[name] if name in changes else get(obj))
    return new
