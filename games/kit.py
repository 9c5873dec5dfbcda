"""The engine kit: the one way to write a rules engine (games/README.md has the one-page guide).

A game is declared the way boardgame.io made standard: setup, named moves, phases with their
turn order and the moves each allows, an end condition and a view. :class:`Game` turns that
declaration into the contract of :mod:`games.contract` once for every engine:

- a **move** is one function, ``play(table, move)``, that both refuses and applies: it calls
  ``table.refuse(section, message)`` for every rule the move breaks and changes the
  :class:`Table` as the players did. ``check`` runs it and keeps the refusals, ``apply`` runs it
  and keeps the table, so the two can never disagree. A move the rules refuse is still played
  as far as it can be (a record play logs what the table did); a play that cannot go on returns
  after refusing, or calls ``table.cannot(section, message)`` when nothing can be applied.
- a **phase** names the moves it allows and whose turn it is; the kit refuses a move out of
  phase or out of turn before its rule code runs (:meth:`Game.gate`).
- the **end condition** is :meth:`Game.outcome`: a game is over when it has one.
- the **view** is :meth:`Game.table` plus the turn order the kit knows, hidden for a seat as
  ``view_secrets`` and each move's ``secrets`` declare (:mod:`games.secrets`): the one place
  for secrets.

Each move is declared with the rulebook section it implements, so an engine's package reads
as the rulebook's table of contents and ``grep`` finds every rule by its number.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, wraps
from typing import ClassVar, NoReturn, TypeVar

from games.contract import JSON, Engine, EngineError, EventType, Move, Violation, places_from_scores
from games.secrets import Secret, hide

T = TypeVar("T")

__all__ = ["Game", "Phase", "Rule", "Table", "last_answer", "move", "places_from_scores", "counted", "listed"]


def last_answer(function: Callable[..., T]) -> Callable[..., T]:
    """``function(part, *args)`` answered once for the last ``part`` it was asked of (the same
    object) with equal ``args``. A state is never changed, so the gate and then the move's
    rule asking the same question of one table get one answer. One entry; safe across threads
    (the entry is replaced whole)."""
    last: tuple | None = None

    @wraps(function)
    def answer(part: JSON, *args: JSON) -> T:
        nonlocal last
        seen = last
        if seen is not None and seen[0] is part and seen[1] == args:
            return seen[2]
        found = function(part, *args)
        last = (part, args, found)
        return found

    return answer


class Table:
    """One move's working copy of a state: copy-on-write, and the rules the move breaks.

    ``at(*path)`` returns the container at ``path``, safe to change: each level of the path
    is copied once, the untouched rest of the state is shared with the original, which is
    never mutated. ``state`` is the new state; ``violations`` what ``refuse`` noted.
    """

    __slots__ = ("state", "violations", "failed", "_copies")

    def __init__(self, state: JSON) -> None:
        self.state = state.copy()
        self.violations: list[Violation] = []
        #: Set when the move, once refused, could not be applied at all.
        self.failed: EngineError | None = None
        #: What the move copied, as a tree: key -> (the container copied there, its copies by key).
        self._copies: dict[str | int, tuple[JSON, dict]] = {}

    def refuse(self, section: str, message: str) -> None:
        """Note a rule the move breaks: the rulebook section and one sentence a player
        understands. The move goes on as the table played it; return to stop it there."""
        self.violations.append(Violation(section, message))

    def cannot(self, section: str, message: str) -> NoReturn:
        """The move cannot be applied at all (a record play has nothing to apply it to):
        refuse it, unless a rule refused it already, and stop."""
        if not self.violations:
            self.refuse(section, message)
        raise EngineError(message)

    def at(self, *path: str | int) -> JSON:
        """The dict or list at ``path`` (keys and indexes from the top), copied for writing."""
        node, copies = self.state, self._copies
        for key in path:  # each level copied once, its parent's copy first
            copied = copies.get(key)
            # Copied again where the move has put another container since (``set``, ``at(...)[key] = ...``).
            if copied is None or node[key] is not copied[0]:
                copied = copies[key] = (node[key].copy(), {})
                node[key] = copied[0]
            node, copies = copied
        return node

    def set(self, key: str, value: JSON) -> None:
        """Replace a top-level part of the state (``value`` is shared: ``at`` copies it before it changes)."""
        self.state[key] = value

    def update(self, **values: JSON) -> None:
        """``set`` for several top-level parts at once."""
        self.state.update(values)

    def share(self, *parts: str) -> JSON:
        """The new state, its top-level ``parts`` shared from now on: the move's later changes
        copy them first, so they stay as they are, like every part of the state the move was
        given, and an answer about them kept by :func:`last_answer` holds."""
        for part in parts:
            self._copies.pop(part, None)  # still in the state, no longer the move's own copy
        return self.state


Play = Callable[[Table, Move], None]
#: ``choices(state, seat)``: the data of every move of this type ``seat`` (None for a move no
#: seat makes) might make now, at least every legal one; the kit keeps those ``check`` accepts.
Choices = Callable[[JSON, "int | None"], Iterable[JSON]]
#: ``says(state, move, names)``: the move in one sentence, ``state`` the table before it,
#: ``move`` as the reader may see it (a secret is None), ``names[seat]`` each seat's name.
Says = Callable[[JSON, Move, Sequence[str]], str]


@dataclass(frozen=True)
class Rule:
    """A move of the game: its event type, the one function that refuses and applies it, the
    choices it offers and how it is said.

    Declared with :func:`move`. ``section`` is the rulebook section the move implements;
    ``secrets`` the parts of its data only its mover may see (a drawn card).
    """

    name: str
    section: str
    description: str
    schema: dict[str, JSON]
    example: dict[str, JSON]
    play: Play
    choices: Choices
    says: Says
    seated: bool = True
    secrets: tuple[Secret, ...] = ()
    exact: bool = False

    @cached_property
    def event_type(self) -> EventType:
        return EventType(self.description, self.schema, self.example, self.seated)


def move(
    name: str,
    *,
    section: str,
    description: str,
    schema: dict[str, JSON],
    example: dict[str, JSON],
    choices: Choices,
    says: Says,
    seated: bool = True,
    secrets: tuple[Secret, ...] = (),
    exact: bool = False,
) -> Callable[[Play], Rule]:
    """Declare the decorated ``play(table, move)`` function as the move ``name``, with its
    ``choices`` and how it ``says`` itself. ``exact``: the choices are legal by construction
    whenever the move is possible at all, so ``check`` of a seat's first choice speaks for the
    rest (for a space too large to check one by one; the shared soundness test still checks
    a sample of them in every playthrough state)."""

    def declare(play: Play) -> Rule:
        return Rule(name, section, description, schema, example, play, choices, says, seated, secrets, exact)

    return declare


def counted(count: int, thing: str, things: str | None = None) -> str:
    """``count`` things in words: "1 wood", "3 blocks" (``things``: an irregular plural)."""
    return f"{count} {thing if count == 1 else things or thing + 's'}"


def listed(items: Iterable[str]) -> str:
    """Items as a person lists them: "wood", "wood and fur", "wood, fur and fish"."""
    items = list(items)
    return " and ".join(items) if len(items) < 3 else f"{', '.join(items[:-1])} and {items[-1]}"


class SeatNames:
    """The names seats go by when the play gives none: "seat 0", "seat 1", ..."""

    def __getitem__(self, seat: int) -> str:
        return f"seat {seat}"


@dataclass(frozen=True)
class Phase:
    """A part of the game: the moves it allows and whose turn it is.

    ``turn(state)`` lists the seats that may move now. ``now(state)``, where given, lists the
    names of the moves allowed now when that is fewer than all of ``moves`` (a step of a turn);
    ``section`` is the rulebook section of the phase, the rule a move out of it breaks.
    """

    name: str
    section: str
    moves: tuple[Rule, ...]
    turn: Callable[[JSON], Sequence[int]]
    now: Callable[[JSON], Sequence[str]] | None = None

    @cached_property
    def names(self) -> list[str]:
        """The names of the phase's moves."""
        return [rule.name for rule in self.moves]


class Game(Engine):
    """A rules engine built on the kit. A game sets the metadata, ``phases`` (in rulebook
    order: its table of contents), ``anytime`` (moves outside the turn order, if any),
    ``end_section`` and ``view_secrets``, and implements ``setup``, ``phase_name``,
    ``outcome`` and ``table``; ``before``, ``after`` and ``gate`` are there to be refined."""

    #: The phases in rulebook order; a phase's moves are the game's event vocabulary.
    phases: ClassVar[tuple[Phase, ...]] = ()
    #: Moves any seat may make in any phase, outside the turn order (a gift, a trade).
    anytime: ClassVar[tuple[Rule, ...]] = ()
    #: The rulebook section on the end of the game: the rule a move after the end breaks.
    end_section: ClassVar[str]
    #: The moves whose choices stand for a space too large to list (cards drawn in order,
    #: points read off the table): their legal moves are sound, and complete by type and seat
    #: only. The engine's README says why for each.
    representative_choices: ClassVar[frozenset[str]] = frozenset()

    @cached_property
    def rules(self) -> dict[str, Rule]:
        """Every move of the game by name, in declaration order."""
        rules: dict[str, Rule] = {}
        for rule in (*(r for phase in self.phases for r in phase.moves), *self.anytime):
            if rules.setdefault(rule.name, rule) is not rule:
                raise TypeError(f"{self.slug}: two different moves are named {rule.name!r}")
        return rules

    @cached_property
    def event_types(self) -> dict[str, EventType]:
        return {name: rule.event_type for name, rule in self.rules.items()}

    @cached_property
    def move_secrets(self) -> dict[str, tuple[Secret, ...]]:
        return {name: rule.secrets for name, rule in self.rules.items() if rule.secrets}

    @cached_property
    def _phases(self) -> dict[str, Phase]:
        return {phase.name: phase for phase in self.phases}

    def phase_name(self, state: JSON) -> str:
        """The name of the phase ``state`` is in (default: ``state["phase"]``)."""
        return state["phase"]

    def phase(self, state: JSON) -> Phase:
        return self._phases[self.phase_name(state)]

    def over(self, state: JSON) -> bool:
        """The end condition: the game is over once it has an outcome (a game may read it off
        its state without working the outcome out)."""
        return self.outcome(state) is not None

    @staticmethod
    def _allowed(state: JSON, phase: Phase) -> Sequence[str]:
        """The names of the moves the turn order allows now in ``phase``."""
        return phase.names if phase.now is None else phase.now(state)

    def gate(self, state: JSON, move: Move) -> Violation | None:
        """The rule of the turn order ``move`` breaks, if any: played after the end, out of
        its phase or out of turn. A game refines this to say it in its own words, or to read its
        commonest answer straight off its state (generic); every other answer stays the kit's."""
        if self.over(state):
            return Violation(self.end_section, "The game is over: no move may follow its end.")
        if move.type in self._anytime:
            return None
        phase = self.phase(state)
        legal = self._allowed(state, phase)
        if move.type not in legal:
            return Violation(
                phase.section, f"A {move.type} is not possible now: the table expects {' or '.join(legal)}."
            )
        if self.rules[move.type].seated:
            seats = phase.turn(state)
            if move.seat not in seats:
                waiting = " or ".join(f"seat {seat}" for seat in seats)
                return Violation(phase.section, f"It is not seat {move.seat}'s turn: waiting for {waiting}.")
        elif move.seat is not None:
            return Violation(phase.section, f"A {move.type} is made by no seat: it names none.")
        return None

    @cached_property
    def _anytime(self) -> frozenset[str]:
        return frozenset(rule.name for rule in self.anytime)

    @cached_property
    def _hooks(self) -> tuple[Callable[[Table, Move], None] | None, Callable[[Table, Move], None] | None]:
        """``before`` and ``after`` where the game refines them; None where there is nothing to call."""
        game = type(self)
        return (
            self.before if game.before is not Game.before else None,
            self.after if game.after is not Game.after else None,
        )

    def before(self, table: Table, move: Move) -> None:
        """What every move does before its rule is played (a pending choice forgone); by
        default nothing."""

    def after(self, table: Table, move: Move) -> None:
        """What follows every move once its rule is played (the turn passing on, the end
        condition met); by default nothing."""

    def check(self, state: JSON, move: Move) -> list[Violation]:
        refused = self.gate(state, move)
        if refused is not None:
            return [refused]
        return self._play(state, move).violations

    def apply(self, state: JSON, move: Move) -> JSON:
        """The move played as the table played it. Nothing follows the end. A move out of
        phase or out of turn that its rule cannot play (the state is not one the rule was
        written for) cannot be applied at all; any other exception is an engine bug and is
        raised as it is."""
        last = self._last  # the move ``check`` just played, if it is this one: played once
        table = last[2] if last is not None and last[0] is state and (last[1] is move or last[1] == move) else None
        if table is None:
            if self.over(state):
                raise EngineError("The game is over: no move can follow its end.")
            try:
                table = self._play(state, move)
            except Exception as error:
                refused = self.gate(state, move)
                if refused is None:
                    raise
                raise EngineError(f"{refused.message} It cannot be applied to this table.") from error
        if table.failed is not None:
            raise table.failed
        return table.state

    #: The last move played, (state, move, table): ``apply`` after ``check`` plays it once.
    _last: tuple[JSON, Move, Table] | None = None

    def _play(self, state: JSON, move: Move) -> Table:
        table = Table(state)
        before, after = self._hooks
        try:
            if before is not None:
                before(table, move)
            self.rules[move.type].play(table, move)
            if after is not None:
                after(table, move)
        except EngineError as error:
            if not table.violations:
                raise  # "cannot be applied" without the rule that refused it: an engine bug
            table.failed = error
        self._last = (state, move, table)
        return table

    def legal_moves(self, state: JSON, seat: int | None = None) -> Iterator[Move]:
        """Every move the rules allow now, of ``seat`` (None: of every seat, and the moves no
        seat makes): each move's ``choices`` for each seat the turn order lets move, kept where
        ``check`` accepts them (an ``exact`` move's first choice for the rest), so every move
        yielded is legal."""
        if self.over(state):
            return
        phase = self.phase(state)
        allowed = self._allowed(state, phase)
        turn = phase.turn(state)
        for rule in (*(self.rules[name] for name in allowed), *(r for r in self.anytime if r.name not in allowed)):
            if not rule.seated:
                movers: Iterable[int | None] = [None] if seat is None else []
            else:
                movers = self.seats(state) if rule.name in self._anytime else turn
                movers = [mover for mover in movers if seat is None or mover == seat]
            for mover in movers:
                choices = iter(rule.choices(state, mover))
                for data in choices:
                    candidate = Move(rule.name, mover, data)
                    legal = not self.check(state, candidate)
                    if legal:
                        yield candidate
                    if rule.exact:
                        if legal:
                            yield from (Move(rule.name, mover, data) for data in choices)
                        break

    def seats(self, state: JSON) -> Sequence[int]:
        """Every seat at the table: who may make an ``anytime`` move. A game with such moves
        says; by default the seats whose turn it is."""
        return self.phase(state).turn(state)

    def narrate(self, state: JSON, move: Move, seat: int | None = None, names: Sequence[str] | None = None) -> str:
        """``move`` in one sentence as a person at the table would say it, ``state`` the table
        before it; read by ``seat`` (None: the arbiter), so the sentence keeps every secret
        ``seat`` may not see. ``names[seat]`` is each seat's name (default "seat 0", ...)."""
        rule = self.rules[move.type]
        seen = Move(move.type, move.seat, self.seen_data(move, seat))
        return rule.says(state, seen, SeatNames() if names is None else names)

    @abstractmethod
    def table(self, state: JSON, seat: int | None) -> dict[str, JSON]:
        """The table as ``seat`` sees it (None: the arbiter), before secrets are hidden: at
        least ``phase`` and ``scores``; the kit adds whose turn it is and whether it is over.
        ``seat`` shapes only what a seat is shown (a deck as a count); what it may not see is
        ``view_secrets``'."""

    def view(self, state: JSON, seat: int | None = None) -> dict[str, JSON]:
        over = self.over(state)
        phase = None if over else self.phase(state)
        seen = {
            **self.table(state, seat),
            "active_seats": [] if phase is None else list(phase.turn(state)),
            "legal_event_types": [] if phase is None else list(self._allowed(state, phase)),
            "finished": over,
        }
        return hide(seen, self.view_secrets, seat)
