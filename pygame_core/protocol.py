"""The Game protocol that every Primi game implements, and its metadata records.

A game is a stateless object; all game state lives in immutable state values
(frozen dataclasses holding tuples) and the RNG state lives inside them, so a
game is fully replayable from (game, variant, options, seed, actions).

Turn model (shaped for all three games, see the rulebooks):
- exactly one seat acts at a time: ``current_player(state)`` is a seat number,
  or ``TERMINAL`` when the game is over. Chance (shuffles, draws) happens inside
  ``apply`` from the RNG held in the state, so there is no chance player.
- a multi-step turn (Primo's plays) is a sequence of actions by the same seat
  ending with an explicit ``end`` action; an out-of-turn obligation (Primo's
  Take card) simply makes ``current_player`` another seat for a while.
- a simultaneous secret choice (the Primiera Herald game's table cards,
  Primero's discards) is collected seat by seat; the choices stay out of every
  other seat's observation until all are in and revealed together.
- actions are canonical text (``vie 2``, ``discard 7D KC``); ``legal_actions``
  is always sorted, and ``apply`` accepts only those texts.

Descriptions (one source for logs, screen readers and the hot-seat recap): the
core never writes player-facing sentences. ``describe_action`` and every public
log entry give a message *key* and its *args*; the page's translation table
turns them into words. An arg may itself be ``{"key": ..., "args": ...}`` (a
nested message, e.g. a claim), which the page translates first; ``seat`` is
rendered as the seat's name by the page.

Logs: an observation carries only the recent public log (``log``: at least the
current deal's or round's entries) and ``log_size`` (the number of entries in
the whole public log); ``log_entries`` gives any slice on request.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TextIO, TypeVar, runtime_checkable

from .errors import OptionsError, plain, quote

if TYPE_CHECKING:
    import argparse

    from .rng import AgentRandom

TERMINAL = -1

JSON = Any  # plain data: dict/list/str/int/float/bool/None

Description = dict[str, Any]
"""``{"key": "primero.act.vie", "seat": 1, "args": {"n": 2}}``: a message key for the page's translation table.

``seat`` (optional) is the acting seat, which the page renders as that seat's name
(``{name}`` in the message). Arg values are numbers, texts, or nested
``{"key": ..., "args": ...}`` messages that the page translates first.
"""

LOG_WINDOW = 40
"""At most this many log entries *older than the current deal or round* ride along in an observation."""


def message(key: str, seat: int | None = None, **args: Any) -> Description:
    """A Description: ``message("primero.act.vie", 2, n=3)``."""
    d: Description = {"key": key, "args": args}
    if seat is not None:
        d["seat"] = seat
    return d


class Agent(Protocol):
    """An AI player. It sees only its seat's observation, never the state."""

    name: str

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[str], rng: AgentRandom) -> str:
        """One of ``legal_actions``."""
        ...


AgentFactory = Callable[[], Agent]


FIELD_KINDS = ("text", "int", "bool", "texts", "object")
"""The kinds of a request field: a text, a whole number, true or false, a list of texts, a JSON object."""


@dataclass(frozen=True)
class FieldSpec:
    """One field of an operation's request, declared as data (as OptionSpec declares an option).

    The worker checks every declared field of a request before it calls the operation: a required
    field must be there, and a field that is there (not null) must be of its ``kind``; fields the
    operation does not declare pass through unchecked. The operation itself still checks values
    (a card text, a lesson's name), since it is also called directly (the CLI, tests).
    """

    name: str
    kind: str  # one of FIELD_KINDS
    required: bool = False
    help: str = ""

    def __post_init__(self) -> None:
        if self.kind not in FIELD_KINDS:
            raise ValueError(f"unknown field kind {self.kind!r}; use one of {', '.join(FIELD_KINDS)}")

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` (not None) is of this field's kind (``True`` is not a whole number)."""
        if self.kind == "text":
            return isinstance(value, str)
        if self.kind == "int":
            return isinstance(value, int) and not isinstance(value, bool) and value.bit_length() <= 64
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "texts":
            return isinstance(value, list) and all(isinstance(v, str) for v in value)
        return isinstance(value, Mapping)  # "object"

    def to_json(self) -> dict[str, JSON]:
        """The spec as plain data."""
        d: dict[str, JSON] = {"name": self.name, "kind": self.kind, "required": self.required}
        if self.help:
            d["help"] = self.help
        return d


@dataclass(frozen=True)
class Operation:
    """An extra operation a game offers the page through the worker (Primero: hand score, coach, lessons).

    ``run(request, view)`` gets the page's request (plain data) and, when
    ``needs_view`` is true, the observation of the seat the page is showing in
    the request's game session (never any other seat's); it returns plain data
    and raises a PrimiError subclass on bad input. ``fields`` declares the request's
    fields (issue 19: the boundary as types), which the worker checks before calling ``run``.
    """

    name: str
    run: Callable[[Mapping[str, Any], Mapping[str, Any] | None], JSON]
    needs_view: bool = False
    help: str = ""
    fields: tuple[FieldSpec, ...] = ()


@dataclass(frozen=True)
class OptionSpec:
    """One rules option, declared as data: its kind, default and allowed values."""

    name: str
    label: str
    kind: str  # "int" | "bool" | "choice"
    default: Any
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    help: str = ""
    choice_labels: tuple[str, ...] = ()
    """The player's words for each choice, in the order of ``choices`` (setup shows them; the value
    sent stays the choice). Without them setup shows the choices themselves."""

    def check(self, value: Any) -> Any:
        """Return the value if allowed, else raise OptionsError naming the option by its label (as setup shows it)."""
        what = self.label or self.name
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionsError(f"{what} must be true or false, not {quote(value)}.", key="err.options.bool", label=what)
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionsError(f"{what} must be a whole number, not {quote(value)}.", key="setup.badnumber", label=what)
            if self.minimum is not None and value < self.minimum:
                raise OptionsError(f"{what} must be at least {self.minimum}, not {value}.", key="setup.toolow",
                                   label=what, min=self.minimum, n=plain(value))
            if self.maximum is not None and value > self.maximum:
                raise OptionsError(f"{what} must be at most {self.maximum}, not {value}.", key="setup.toohigh",
                                   label=what, max=self.maximum, n=plain(value))
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise OptionsError(f"{what} must be one of {', '.join(self.choices)}, not {quote(value)}.",
                                   key="err.options.choice", label=what)
            return value
        raise OptionsError(f"unknown option kind {self.kind!r}")

    def to_json(self) -> dict[str, JSON]:
        """The spec as plain data (for the CLI's ``list`` and the web setup screen)."""
        d: dict[str, JSON] = {"name": self.name, "label": self.label, "kind": self.kind, "default": self.default}
        if self.minimum is not None:
            d["min"] = self.minimum
        if self.maximum is not None:
            d["max"] = self.maximum
        if self.choices:
            d["choices"] = list(self.choices)
        if self.choice_labels:
            d["choice_labels"] = list(self.choice_labels)
        if self.help:
            d["help"] = self.help
        return d


@dataclass(frozen=True)
class VariantInfo:
    """A variant as the registry shows it: name, player counts and options."""

    name: str
    label: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[OptionSpec, ...] = ()
    summary: str = ""
    check: Callable[[Mapping[str, Any]], None] | None = None
    """Cross-checks between resolved options (e.g. stake <= rest); raises OptionsError with a clear message."""

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate; ``players`` is always present in the result."""
        given = dict(options or {})
        out: dict[str, Any] = {}
        players = given.pop("players", self.default_players)
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionsError(f"players must be a whole number, not {quote(players)}", **self._players_error())
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(
                f"{self.label} takes {self.min_players}-{self.max_players} players, not {players}", **self._players_error()
            )
        out["players"] = players
        specs = {o.name: o for o in self.options}
        for name in given:
            if name not in specs:
                raise OptionsError(f"unknown option {quote(name)} for {self.label}", key="err.options.unknown", name=plain(name))
        for spec in self.options:
            out[spec.name] = spec.check(given.get(spec.name, spec.default))
        if self.check is not None:
            self.check(out)
        return out

    def _players_error(self) -> dict[str, Any]:
        """The Description of a refused player count: this variant's label (a catalogue text) and its range."""
        return {"key": "err.options.players", "rules": self.label, "min": self.min_players, "max": self.max_players}

    def to_json(self) -> dict[str, JSON]:
        """Plain data for listings."""
        return {
            "name": self.name,
            "label": self.label,
            "players": {"min": self.min_players, "max": self.max_players, "default": self.default_players},
            "options": [o.to_json() for o in self.options],
            "summary": self.summary,
        }


@dataclass(frozen=True)
class Figure:
    """A per-seat number in a game's ``result`` that self-play should aggregate (Primero: chips per deal).

    ``result[name]`` is one number per seat (e.g. the net chip change); when ``per`` is
    given, ``result[per]`` is the number of units the game lasted (e.g. its deals), and
    simulate reports the figure per seat-unit (``chips_per_deal``); else per game
    (``chips_per_game``). Higher is better for the seat.
    """

    name: str
    per: str | None = None
    label: str = ""

    @property
    def unit(self) -> str:
        """The unit one figure is counted in: the singular of ``per`` (``deals`` -> ``deal``), else ``game``."""
        if self.per is None:
            return "game"
        return self.per[:-1] if self.per.endswith("s") else self.per

    @property
    def key(self) -> str:
        """The key simulate reports the mean under: ``chips_per_deal``."""
        return f"{self.name}_per_{self.unit}"


@dataclass(frozen=True)
class Command:
    """A command-line subcommand a game brings: ``python -m pygame_core <name> ...`` (Primero: ``primero-hand``).

    ``setup(parser)`` adds its arguments to the subcommand's parser; ``run(args, stdin, stdout)``
    (``stdin`` None when it is closed: ``jsonlines``' readers say so) does the work, writes JSON to ``stdout`` and returns the exit status. Bad input raises a
    PrimiError (the CLI prints it and exits 2, as for its own commands).
    """

    name: str
    help: str
    setup: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, TextIO | None, TextIO], int]  # stdin None: closed


@dataclass(frozen=True)
class Translation:
    """One language's words for what a game's core writes in English (the page falls back to English).

    ``decisions`` by decision number (as ``GameInfo.decisions``); ``text`` by key: the catalogue's
    keys (``catalogue_texts``: ``<game>.label``, ``<game>.variant.<v>.summary``,
    ``<game>.option.<o>.help``...) and the game's own keys (``GameInfo.texts``).
    """

    decisions: Mapping[str, str] = field(default_factory=dict)
    text: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata record (OpenSpiel-style facts, not prose)."""

    name: str
    label: str
    variants: tuple[VariantInfo, ...]
    default_variant: str
    has_chance: bool = True
    imperfect_information: bool = True
    summary: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    agents: Mapping[str, AgentFactory] = field(default_factory=dict)
    """The game's AI levels by name (``random`` is available for every game on top of these)."""
    operations: tuple[Operation, ...] = ()
    """Extra operations the worker offers for this game (see Operation)."""
    figures: tuple[Figure, ...] = ()
    """Per-seat numbers of ``result`` that simulate aggregates besides wins and scores (see Figure)."""
    decisions: Mapping[str, str] = field(default_factory=dict)
    """The player-facing text of every rules decision the game applies (``D-PR1``: ..., its readings ``P-…``),
    shown on its rules page and beside the rules they shape (see decisions.py)."""
    texts: Mapping[str, str] = field(default_factory=dict)
    """The English of the game's own keyed texts beyond the catalogue (Primero: its hand rules' lines)."""
    translations: Mapping[str, Translation] = field(default_factory=dict)
    """Per language (``it``, ``de``): the words of its decisions, catalogue and texts (see translations.py)."""
    site: Callable[[], Mapping[str, JSON]] | None = None
    """The game's static data for the page (rules pages, calculators), merged into ``catalogue.json``
    by sitedata.py; its keys are the game's own (``primero_rules``, ``primiera_values``...)."""
    commands: tuple[Command, ...] = ()
    """Subcommands it adds to the command line (see Command)."""
    quick_options: Mapping[str, Any] = field(default_factory=dict)
    """Options that make a short but whole game in every variant (Primero: 3 deals), for the conformance
    check that runs over every registered game (tests/test_conformance.py)."""
    reviewer: Callable[[], Any] | None = None
    """Makes the game's ``review.Reviewer`` (issue 23: a finished game's decisions weighed); None: no review."""

    def operation(self, name: str) -> Operation:
        """The named operation; OptionsError if the game has none by that name."""
        for op in self.operations:
            if op.name == name:
                return op
        raise OptionsError(f"{self.label} has no operation {quote(name)}")

    def catalogue_texts(self) -> dict[str, str]:
        """The English of every catalogue text by its key, in the order ``to_json`` writes them.

        Keys: ``<game>.label``, ``<game>.summary``, ``<game>.variant.<v>.label|summary``, and
        ``<game>.option.<o>.label|help``, ``<game>.option.<o>.choice.<c>`` (a choice's words; an
        option means the same in every variant that has it, so
        it has one key; OptionsError if two variants word it differently).
        """
        g = self.name
        out: dict[str, str] = {}

        def put(key: str, text: str) -> None:
            if out.setdefault(key, text) != text:
                raise OptionsError(f"{self.label}: {key} is worded two ways: {quote(out[key])}, {quote(text)}")

        put(f"{g}.label", self.label)
        put(f"{g}.summary", self.summary)
        for v in self.variants:
            put(f"{g}.variant.{v.name}.label", v.label)
            for o in v.options:
                put(f"{g}.option.{o.name}.label", o.label)
                if o.help:
                    put(f"{g}.option.{o.name}.help", o.help)
                for choice, words in zip(o.choices, o.choice_labels, strict=True) if o.choice_labels else ():
                    put(f"{g}.option.{o.name}.choice.{choice}", words)
            put(f"{g}.variant.{v.name}.summary", v.summary)
        return {k: t for k, t in out.items() if t}

    def variant(self, name: str | None) -> VariantInfo:
        """The named variant (default when None); OptionsError if unknown."""
        wanted = name or self.default_variant
        for v in self.variants:
            if v.name == wanted:
                return v
        raise OptionsError(
            f"{self.label} has no variant {quote(wanted)}; choose one of {', '.join(v.name for v in self.variants)}",
            key="err.options.variant", game=self.label, name=plain(wanted),
        )

    def to_json(self) -> dict[str, JSON]:
        """Plain data for listings."""
        return {
            "name": self.name,
            "label": self.label,
            "default_variant": self.default_variant,
            "summary": self.summary,
            "variants": [v.to_json() for v in self.variants],
            "agents": ["random", *self.agents],
            "operations": [op.name for op in self.operations],
        }


S = TypeVar("S")


@runtime_checkable
class Game(Protocol[S]):
    """The protocol every game implements, generic in its state type ``S``.

    All methods are pure functions of their arguments; states are immutable.
    """

    info: GameInfo

    def initial_state(self, options: Mapping[str, Any] | None, seed: int, variant: str | None = None) -> S:
        """The state before the first action, dealt from ``seed``."""
        ...

    def current_player(self, state: S) -> int:
        """The seat to act, or TERMINAL."""
        ...

    def legal_actions(self, state: S) -> tuple[str, ...]:
        """Canonical texts of the legal actions, sorted; empty when terminal."""
        ...

    def apply(self, state: S, action: str) -> S:
        """The new state; InvalidActionError/IllegalActionError on a bad action."""
        ...

    def observation(self, state: S, seat: int) -> dict[str, JSON]:
        """JSON-able data holding only what ``seat`` may see (seat -1: a spectator).

        Holds ``log`` (the recent public log entries, see LOG_WINDOW) and ``log_size``.
        """
        ...

    def log_entries(self, state: S, seat: int, start: int, stop: int) -> list[JSON]:
        """Entries ``start:stop`` of the public log as ``seat`` sees it (each with ``key``/``args``)."""
        ...

    def is_terminal(self, state: S) -> bool:
        """True when the game is over."""
        ...

    def result(self, state: S) -> dict[str, JSON]:
        """Outcome of a terminal state: ``winners`` (seats) and ``scores`` (one number per seat, higher is better).

        A game may add its own keys (Primero: ``chips``, the net chip change per seat, and ``deals``).
        """
        ...

    def parse_action(self, text: str) -> str:
        """Canonical text of an action; InvalidActionError if it is not one."""
        ...

    def hidden_cards(self, state: S, seat: int) -> tuple[str, ...]:
        """Cards (as text) that ``seat`` may not see in this state; for leak checks."""
        ...

    def resample_hidden(self, state: S, seat: int, seed: int) -> S:
        """A state identical from ``seat``'s view with the unseen cards reshuffled (determinization)."""
        ...

    def describe_action(self, state: S, action: str) -> Description:
        """The message for ``action`` by the seat to act in ``state`` (before it is applied), as the
        acting seat sees it; the public log entry it leaves may say less (e.g. a discard's count only)."""
        ...


def check_seat(seat: int, players: int) -> None:
    """Raise OptionsError unless ``seat`` is -1 (spectator) or a seat of the game."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not -1 <= seat < players:
        raise OptionsError(f"no seat {quote(seat)} in a {players}-player game")


@functools.lru_cache(maxsize=1 << 16)
def _action_key(a: str) -> tuple[Any, ...]:
    """The sort key of one action text (memoised: a pure function of the text, and the same texts
    come back every turn; Northpass offers hundreds of claims a turn)."""
    # ASCII digits only: '²'.isdigit() is True but int('²') raises. Each word is three fields, (0, number, "")
    # or (1, 0, word), laid end to end: ordered as the tuple of triples is, and compared faster (not nested).
    key: list[Any] = []
    for p in a.split():
        key += (0, int(p), "") if p.isascii() and p.isdigit() else (1, 0, p)
    return tuple(key)


def sorted_actions(actions: Sequence[str]) -> tuple[str, ...]:
    """Deterministic order for legal actions: by verb, then numerically where numbers appear."""
    return tuple(sorted(set(actions), key=_action_key))
