"""The compact order language for play by chat: `M1 F F L fire`, `M1 move D7 overwatch`.

Reading the text (`read`) is pure syntax: words become `Word` steps, and a word that makes no sense
is refused before anything is applied. Each step then gives the engine's actions one at a time
(`next_action`), read from what the seat may know (positions, facings, doors: all public) and priced
and checked by `decide`, so a step the rules refuse stops the order with the rules' own reason.

The words (English, with Spanish aliases; any case):
- a model: `M1` (Marine 1), `G7` (Genestealer 7), `B3` (blip 3): the steps after it are its own;
  with no model named, the active model acts;
- moving: `F` forward, `B` back, `FL` `FR` `BL` `BR` the diagonals, `SL` `SR` a Genestealer's
  side-steps (Spanish `A`, `AT`, `AI`, `AD`, `ATI`, `ATD`, `LI`, `LD`); a move written `F+fire` is a move and fire (SHB-8.3); `move D7` (or the bare square
  `D7`) walks there by the cheapest way the rules allow, turning where needed;
- turning: `L`, `R`, `U` (about face; Spanish `I`, `D`, `V`), `face N` (N, E, S, W; Spanish O = W);
- acting: `fire [D7]`, `overwatch`, `door [D7]`, `assault [psychic points]`, `unjam`, `flame D7`,
  `reload [weapon|reserve] [cannon|flamer]` (Cloud Runner's cache, DW-CR-6: where the reload goes and
  which one is asked for; Spanish `arma`, `reserva`, `cañon`, `lanzallamas`), `cut`, `grenade D7`, `auto`, `exit`, `teleport`, `jump`, `stand N`, `climb [N]`,
  `convert`, `enter N` (a Genestealer leaving its lurking space), `pass`, `end`;
- answering a prompt: `block 2` (the die to reroll), `psychic 1`, `detonate`, `pick G9`, `place A`
  (an entry area) or `place D7`, `face N` (a placed Genestealer's facing), `shift D7`;
- Defend Perimeter's deployment (DW-SC3): `M1 deploy D7 N` (Spanish `desplegar`; any floor square,
  any facing), `perimeter 1 3 5 7` (the 4 areas secured before play; `perimetro`), `corridors` (every
  Marine back in the corridors and the deployment over; `pasillos`), `end` (the deployment over as
  placed);
- `cp` after a step pays it with command points (in the Genestealer turn every interrupt is paid so).

Reading (squares): columns are letters and rows are numbers from 1 at the top, as on the hulk image
(`board.square_name`); a word of a model letter and a number (`M1`, `G7`, `B3`) is always a model, so
the square M1 is written `move M1`.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable
from typing import Any, Literal

from engine.core import Action, OrderStep, Rejected

from . import actions as a
from .board import FACINGS, VECTORS, Facing, Square, square_name
from .board.board import parse_square
from .board.los import front_three
from .messages import Problem, refuse
from .queries import Queries
from .state import AgBlock, AgDeploy, AgDetonate, AgFacing, AgFreeShot, AgInterrupt, AgPsychic, SpaceHulkState
from .weapons import RELOAD_WORDS, WeaponName

MAX_STEPS = 40
MAX_CHARS = 400

Verb = Literal[
    "go",
    "turn",
    "face",
    "move",
    "fire",
    "overwatch",
    "door",
    "assault",
    "unjam",
    "flame",
    "reload",
    "cut",
    "grenade",
    "auto",
    "exit",
    "teleport",
    "jump",
    "stand",
    "climb",
    "convert",
    "enter",
    "pass",
    "end",
    "block",
    "psychic",
    "detonate",
    "pick",
    "place",
    "shift",
    "deploy",
    "perimeter",
    "corridors",
]

# (forward, right) offsets of the moving words, as seen by the model (board.relative).
GO: dict[str, tuple[int, int]] = {
    "f": (1, 0),
    "b": (-1, 0),
    "fl": (1, -1),
    "fr": (1, 1),
    "bl": (-1, -1),
    "br": (-1, 1),
    "sl": (0, -1),
    "sr": (0, 1),
    "a": (1, 0),
    "at": (-1, 0),
    "ai": (1, -1),
    "ad": (1, 1),
    "ati": (-1, -1),
    "atd": (-1, 1),
    "li": (0, -1),
    "ld": (0, 1),
}
TURN: dict[str, int] = {"l": -1, "r": 1, "u": 2, "i": -1, "d": 1, "v": 2}  # quarter turns clockwise
FACING_WORDS: dict[str, Facing] = {"n": "N", "e": "E", "s": "S", "w": "W", "o": "W"}

VERBS: dict[str, Verb] = {
    "face": "face",
    "mira": "face",
    "move": "move",
    "to": "move",
    "mover": "move",
    "ir": "move",
    "fire": "fire",
    "shoot": "fire",
    "dispara": "fire",
    "disparar": "fire",
    "fuego": "fire",
    "overwatch": "overwatch",
    "ow": "overwatch",
    "guardia": "overwatch",
    "door": "door",
    "open": "door",
    "close": "door",
    "puerta": "door",
    "abrir": "door",
    "cerrar": "door",
    "assault": "assault",
    "attack": "assault",
    "cc": "assault",
    "asalto": "assault",
    "atacar": "assault",
    "unjam": "unjam",
    "clear": "unjam",
    "desencasquillar": "unjam",
    "flame": "flame",
    "llamas": "flame",
    "reload": "reload",
    "recargar": "reload",
    "cut": "cut",
    "cortar": "cut",
    "grenade": "grenade",
    "granada": "grenade",
    "auto": "auto",
    "exit": "exit",
    "salir": "exit",
    "teleport": "teleport",
    "teletransporte": "teleport",
    "jump": "jump",
    "saltar": "jump",
    "stand": "stand",
    "levantarse": "stand",
    "climb": "climb",
    "trepar": "climb",
    "convert": "convert",
    "convertir": "convert",
    "enter": "enter",
    "entrar": "enter",
    "pass": "pass",
    "pasar": "pass",
    "end": "end",
    "fin": "end",
    "block": "block",
    "bloquear": "block",
    "psychic": "psychic",
    "psiquico": "psychic",
    "psíquico": "psychic",
    "detonate": "detonate",
    "detonar": "detonate",
    "pick": "pick",
    "elegir": "pick",
    "place": "place",
    "colocar": "place",
    "shift": "shift",
    "desplazar": "shift",
    "deploy": "deploy",
    "desplegar": "deploy",
    "perimeter": "perimeter",
    "perimetro": "perimeter",
    "perímetro": "perimeter",
    "corridors": "corridors",
    "pasillos": "corridors",
}
CP_WORDS = frozenset({"cp", "pm"})
# DW-CR-6: where a cache reload goes, and which reload is asked for (`reload reserve cannon`).
RELOAD_INTO: dict[str, Literal["weapon", "reserve"]] = {
    "weapon": "weapon",
    "arma": "weapon",
    "reserve": "reserve",
    "reserva": "reserve",
}
RELOAD_KIND = RELOAD_WORDS
SQUARE_ARG: dict[Verb, bool] = {  # verb -> whether the square is required
    "move": True,
    "fire": False,
    "door": False,
    "flame": True,
    "grenade": True,
    "shift": True,
}
FACING_ARG: dict[Verb, bool] = {"face": True, "stand": True, "climb": False, "enter": True}
NUMBER_ARG: dict[Verb, bool] = {"block": True, "psychic": True, "assault": False}
MODEL_WORD = re.compile(r"^[mgb]\d{1,3}$")
SQUARE_WORD = re.compile(r"^[a-z]{1,2}\d{1,3}(@\d)?$")
NUMBER_WORD = re.compile(r"^\d{1,2}$")


class Word(OrderStep):
    """One step of a Space Hulk order: a verb, the model it is for (None: the active one) and its
    argument."""

    verb: Verb
    model: str | None = None
    go: tuple[int, int] | None = None
    quarters: int = 0
    square: Square | None = None
    facing: Facing | None = None
    number: int | None = None
    target: str | None = None
    area: str | None = None
    areas: tuple[str, ...] = ()
    fire: bool = False
    cp: bool = False
    into: Literal["weapon", "reserve"] | None = None  # reload: DW-CR-6
    reload: WeaponName | None = None  # reload: the one asked for


# The verbs that are one action of the named model with no choice to make: verb -> (the action, its
# fields copied from the step when the step gives them: action field -> Word field). The action's own
# defaults fill the rest; `use` (how it is paid) is added where the action has one.
MODEL_ACTIONS: dict[Verb, tuple[type[Action], dict[str, str]]] = {
    "face": (a.Turn, {"facing": "facing"}),
    "overwatch": (a.Overwatch, {}),
    "assault": (a.Assault, {"psychic": "number"}),
    "unjam": (a.ClearJam, {}),
    "flame": (a.Flame, {"at": "square"}),
    "reload": (a.Reload, {"into": "into", "weapon": "reload"}),
    "cut": (a.Cut, {}),
    "grenade": (a.Grenade, {"at": "square"}),
    "auto": (a.AutoFire, {}),
    "exit": (a.Exit, {}),
    "teleport": (a.Teleport, {}),
    "jump": (a.Jump, {}),
    "stand": (a.Stand, {"facing": "facing"}),
    "climb": (a.Climb, {"facing": "facing"}),
    "convert": (a.Convert, {}),
    "detonate": (a.SelfDestruct, {}),
    "deploy": (a.Deploy, {"square": "square", "facing": "facing"}),  # DW-SC3
}


# --- reading -----------------------------------------------------------------------------------


def read(text: str) -> list[Word]:
    """The steps of an order (syntax only: nothing about the board is checked here)."""
    if len(text) > MAX_CHARS:
        raise refuse("order.too_long", count=MAX_CHARS)
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    steps: list[Word] = []
    model: str | None = None
    i = 0
    while i < len(tokens):
        raw = tokens[i]
        word = raw.lower()
        i += 1
        if MODEL_WORD.match(word):
            model = word
            continue
        if word in CP_WORDS:
            if not steps:
                raise refuse("order.cp_first", word=raw)
            steps[-1] = steps[-1].model_copy(update={"cp": True, "words": f"{steps[-1].words} {raw}"})
            continue
        base, plus, rest = word.partition("+")
        if base in GO and (not plus or rest in ("fire", "fuego")):
            steps.append(Word(words=raw, verb="go", model=model, go=GO[base], fire=bool(plus)))
            continue
        if word in TURN:
            steps.append(Word(words=raw, verb="turn", model=model, quarters=TURN[word]))
            continue
        if SQUARE_WORD.match(word):
            steps.append(Word(words=raw, verb="move", model=model, square=_square(raw)))
            continue
        verb = VERBS.get(word)
        if verb is None:
            raise refuse("order.word", word=raw)
        fields: dict[str, Any] = {}
        arg = tokens[i].lower() if i < len(tokens) else ""
        used = raw
        if verb in SQUARE_ARG:
            if SQUARE_WORD.match(arg) and not (verb != "move" and MODEL_WORD.match(arg)):
                fields["square"] = _square(tokens[i])
                used, i = f"{raw} {tokens[i]}", i + 1
            elif SQUARE_ARG[verb]:
                raise refuse("order.square_needed", word=raw)
        elif verb in FACING_ARG:
            if arg in FACING_WORDS:
                fields["facing"] = FACING_WORDS[arg]
                used, i = f"{raw} {tokens[i]}", i + 1
            elif FACING_ARG[verb]:
                raise refuse("order.facing_needed", word=raw)
        elif verb in NUMBER_ARG:
            if NUMBER_WORD.match(arg):
                fields["number"] = int(arg)
                used, i = f"{raw} {tokens[i]}", i + 1
            elif NUMBER_ARG[verb]:
                raise refuse("order.number_needed", word=raw)
        elif verb == "pick":
            if not re.match(r"^[gb]\d{1,3}$", arg):
                raise refuse("order.model_needed", word=raw)
            fields["target"] = arg
            used, i = f"{raw} {tokens[i]}", i + 1
        elif verb == "place":
            if SQUARE_WORD.match(arg) and not MODEL_WORD.match(arg):
                fields["square"] = _square(tokens[i])
            elif re.match(r"^[a-z0-9]{1,8}$", arg):
                fields["area"] = tokens[i]
            else:
                raise refuse("order.place_needed", word=raw)
            used, i = f"{raw} {tokens[i]}", i + 1
        elif verb == "deploy":  # DW-SC3: `M1 deploy D7 N`
            facing_arg = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
            if not (SQUARE_WORD.match(arg) and not MODEL_WORD.match(arg) and facing_arg in FACING_WORDS):
                raise refuse("order.deploy_needed", word=raw)
            fields["square"], fields["facing"] = _square(tokens[i]), FACING_WORDS[facing_arg]
            used, i = f"{raw} {tokens[i]} {tokens[i + 1]}", i + 2
        elif verb == "reload":  # DW-CR-6: `reload [weapon|reserve] [cannon|flamer]`, in either order
            while i < len(tokens) and tokens[i].lower() in {**RELOAD_INTO, **RELOAD_KIND}:
                word_i = tokens[i].lower()
                key, table = ("into", RELOAD_INTO) if word_i in RELOAD_INTO else ("reload", RELOAD_KIND)
                if key in fields:
                    break
                fields[key] = table[word_i]  # type: ignore[index]
                used, i = f"{used} {tokens[i]}", i + 1
        elif verb == "perimeter":  # DW-SC3: `perimeter 1 3 5 7`
            areas: list[str] = []
            while i < len(tokens) and re.fullmatch(r"[a-z0-9]", tokens[i].lower()) and len(areas) < 8:
                areas.append(tokens[i])
                i += 1
            if not areas:
                raise refuse("order.areas_needed", word=raw)
            fields["areas"] = tuple(areas)
            used = " ".join([raw, *areas])
        steps.append(Word(words=used, verb=verb, model=model, **fields))
    if len(steps) > MAX_STEPS:
        raise refuse("order.too_many", count=MAX_STEPS)
    return steps


def _square(text: str) -> Square:
    try:
        return parse_square(text)
    except ValueError:
        raise refuse("order.bad_square", word=text) from None


# --- resolving -----------------------------------------------------------------------------------


def next_action(state: SpaceHulkState, seat: str, word: Word, done: int) -> Action | None:
    """The next action of `word` after `done` of its actions were applied (None: the step is over).

    Reads the public board only (positions, facings, doors, the pending prompt's public details);
    the costs and every check are `decide`'s."""
    if done and word.verb != "move":
        return None
    top = state.top()
    q = Queries(state)
    use: a.Use = (
        "cp" if word.cp or (isinstance(top, AgInterrupt) and state.side_of(seat) == "marine") else "ap"
    )
    match word.verb:
        case "pass":
            return a.Pass()
        case "end" if isinstance(top, AgDeploy):
            return a.EndDeployment()  # DW-SC3: the deployment is over as placed
        case "corridors":
            return a.EndDeployment(corridors=True)  # DW-SC3: the shortcut
        case "perimeter":
            return a.PickPerimeter(areas=word.areas)
        case "end":
            return a.EndTurn()
        case "block":
            model = word.model or ""
            if isinstance(top, AgBlock):
                attacker = state.pieces.get(top.attacker)
                model = top.attacker if attacker is not None and attacker.kind == "marine" else top.defender
            return a.Block(model=model, die=max(0, (word.number or 1) - 1))
        case "psychic":
            model = top.defender if isinstance(top, AgPsychic) else (word.model or "")
            return a.Psychic(model=model, points=max(1, word.number or 1))
        case "detonate" if isinstance(top, AgDetonate):
            return a.SelfDestruct(model=top.defender, use="free")
        case "pick":
            marine = getattr(top, "marine", None) or word.model or ""
            return a.PickTarget(model=marine, target=word.target or "")
        case "place":
            if word.area is not None:
                areas = {area.lower(): area for area in state.board.entries}
                return a.PlaceBlip(area=areas.get(word.area.lower(), word.area))
            assert word.square is not None
            return a.PlaceStealer(square=word.square)
        case "shift":
            assert word.square is not None
            return a.Shift(square=word.square)
        case "face" if isinstance(top, AgFacing) and word.model in (None, top.models[0]):
            assert word.facing is not None
            return a.SetFacing(model=top.models[0], facing=word.facing)
    piece = _piece(state, word)
    m = piece.id
    free = isinstance(top, AgFreeShot) and top.marine == m
    if word.verb in MODEL_ACTIONS:
        action, carried = MODEL_ACTIONS[word.verb]
        fields: dict[str, Any] = {"model": m}
        fields |= {
            field: value for field, name in carried.items() if (value := getattr(word, name)) is not None
        }
        if "use" in action.model_fields:
            fields["use"] = use
        return action(**fields)
    match word.verb:
        case "go":
            at, facing = _placed(piece)
            return a.Move(model=m, to=_ahead(at, facing, word.go or (1, 0)), fire=word.fire, use=use)
        case "turn":
            _, facing = _placed(piece)
            return a.Turn(model=m, facing=FACINGS[(FACINGS.index(facing) + word.quarters) % 4], use=use)
        case "move":
            assert word.square is not None
            return _walk(q, piece, word.square, use)
        case "fire":
            at = word.square or _only(
                q.fire_targets(piece),
                lambda names: refuse("order.which_target", squares=names),
                lambda: refuse("order.no_target"),
            )
            return a.Fire(model=m, at=at, use="free" if free else use)
        case "door":
            return a.Door(model=m, square=word.square or _door_ahead(q, piece), use=use)
        case "enter":
            if piece.area is None or piece.area not in state.board.entries:
                raise refuse("order.not_lurking", model=m.upper())
            return a.Move(model=m, to=state.board.entries[piece.area].square, facing=word.facing, use=use)
    raise refuse("order.word", word=word.words)  # a verb that needs a prompt that is not pending


def _piece(state: SpaceHulkState, word: Word) -> Any:
    model = word.model or state.active
    if model is None:
        raise refuse("order.which_model")
    piece = state.pieces.get(model)
    if piece is None:
        raise refuse("no_model", model=model.upper())
    return piece


def _placed(piece: Any) -> tuple[Square, Facing]:
    if piece.pos is None:
        raise refuse("order.off_board", model=piece.id.upper())
    if piece.facing is None:
        raise refuse("turn.blip")
    return piece.pos, piece.facing


def _ahead(at: Square, facing: Facing, offset: tuple[int, int]) -> Square:
    """The square `offset` = (forward, right) from `at` as seen facing `facing`."""
    fx, fy = VECTORS[facing]
    rx, ry = -fy, fx
    forward, right = offset
    return (at[0] + forward * fx + right * rx, at[1] + forward * fy + right * ry, at[2])


def _only(options: list[Square], many: Callable[[str], Rejected], none: Callable[[], Rejected]) -> Square:
    """The one square on offer, or a refusal (naming the choices when there are several)."""
    if len(options) == 1:
        return options[0]
    if not options:
        raise none()
    raise many(", ".join(square_name(sq) for sq in sorted(options, key=lambda s: (s[2], s[1], s[0]))))


def _door_ahead(q: Queries, piece: Any) -> Square:
    at, facing = _placed(piece)
    doors = [
        sq
        for sq in front_three(facing, at)
        if sq in q.board.door_index and q.state.door_status(sq) != "destroyed"
    ]
    return _only(
        doors, lambda names: refuse("order.which_door", squares=names), lambda: refuse("order.no_door")
    )


def _walk(q: Queries, piece: Any, goal: Square, use: a.Use) -> Action | None:
    """The first action of the cheapest way (in AP) to `goal`, moves and turns as the rules price
    them (queries.move_cost, turn_cost); None once there.

    Reading: the way goes through open squares only (it opens no door), is planned again after
    every action (an overwatch kill or a placed Genestealer changes it), and is refused when there
    is none."""
    start, facing = _placed(piece)
    if start == goal:
        return None
    if goal not in q.board.cells:
        raise refuse("move.wall", square=goal)
    seen: dict[tuple[Square, Facing], int] = {}
    first: dict[tuple[Square, Facing], Action] = {}
    frontier: list[tuple[int, int, Square, Facing]] = [(0, 0, start, facing)]
    order = 0
    seen[(start, facing)] = 0
    while frontier:
        cost, _n, at, face = heapq.heappop(frontier)
        if at == goal:
            return first[(at, face)]
        if cost > seen.get((at, face), cost):
            continue
        here = piece.model_copy(update={"pos": at, "facing": face})
        options: list[tuple[int, Square, Facing, Action]] = []
        for _d, to in q.board.neighbours(at):
            found = q.move_cost(here, to)
            if isinstance(found, int):
                options.append((found, to, face, a.Move(model=piece.id, to=to, use=use)))
        for other in FACINGS:
            if other == face:
                continue
            turned = q.turn_cost(here, other)
            if not isinstance(turned, Problem):
                options.append((turned[0], at, other, a.Turn(model=piece.id, facing=other, use=use)))
        for step, to, new_face, action in options:
            key = (to, new_face)
            total = cost + step
            if total < seen.get(key, 1 << 30):
                seen[key] = total
                first[key] = action if (at, face) == (start, facing) else first[(at, face)]
                order += 1
                heapq.heappush(frontier, (total, order, to, new_face))
    raise refuse("order.no_path", square=goal)
