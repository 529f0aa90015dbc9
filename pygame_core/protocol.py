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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .errors import OptionsError

TERMINAL = -1

JSON = Any  # plain data: dict/list/str/int/float/bool/None


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

    def check(self, value: Any) -> Any:
        """Return the value if allowed, else raise OptionsError."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionsError(f"option {self.name!r} must be true or false, not {value!r}")
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionsError(f"option {self.name!r} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise OptionsError(f"option {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise OptionsError(f"option {self.name!r} must be at most {self.maximum}, not {value}")
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise OptionsError(f"option {self.name!r} must be one of {', '.join(self.choices)}, not {value!r}")
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

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate; ``players`` is always present in the result."""
        given = dict(options or {})
        out: dict[str, Any] = {}
        players = given.pop("players", self.default_players)
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionsError(f"players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(
                f"{self.label} takes {self.min_players}-{self.max_players} players, not {players}"
            )
        out["players"] = players
        specs = {o.name: o for o in self.options}
        for name in given:
            if name not in specs:
                raise OptionsError(f"unknown option {name!r} for {self.label}")
        for spec in self.options:
            out[spec.name] = spec.check(given.get(spec.name, spec.default))
        return out

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

    def variant(self, name: str | None) -> VariantInfo:
        """The named variant (default when None); OptionsError if unknown."""
        wanted = name or self.default_variant
        for v in self.variants:
            if v.name == wanted:
                return v
        raise OptionsError(
            f"{self.label} has no variant {wanted!r}; choose one of {', '.join(v.name for v in self.variants)}"
        )

    def to_json(self) -> dict[str, JSON]:
        """Plain data for listings."""
        return {
            "name": self.name,
            "label": self.label,
            "default_variant": self.default_variant,
            "summary": self.summary,
            "variants": [v.to_json() for v in self.variants],
        }


@runtime_checkable
class Game(Protocol):
    """The protocol every game implements. All methods are pure functions of their arguments."""

    info: GameInfo

    def initial_state(self, options: Mapping[str, Any] | None, seed: int, variant: str | None = None) -> Any:
        """The state before the first action, dealt from ``seed``."""
        ...

    def current_player(self, state: Any) -> int:
        """The seat to act, or TERMINAL."""
        ...

    def legal_actions(self, state: Any) -> tuple[str, ...]:
        """Canonical texts of the legal actions, sorted; empty when terminal."""
        ...

    def apply(self, state: Any, action: str) -> Any:
        """The new state; InvalidActionError/IllegalActionError on a bad action."""
        ...

    def observation(self, state: Any, seat: int) -> dict[str, JSON]:
        """JSON-able data holding only what ``seat`` may see (seat -1: a spectator)."""
        ...

    def is_terminal(self, state: Any) -> bool:
        """True when the game is over."""
        ...

    def result(self, state: Any) -> dict[str, JSON]:
        """Outcome of a terminal state: ``winners`` (seats), ``scores`` and ``chips`` per seat."""
        ...

    def parse_action(self, text: str) -> str:
        """Canonical text of an action; InvalidActionError if it is not one."""
        ...

    def hidden_cards(self, state: Any, seat: int) -> tuple[str, ...]:
        """Cards (as text) that ``seat`` may not see in this state; for leak checks."""
        ...

    def resample_hidden(self, state: Any, seat: int, seed: int) -> Any:
        """A state identical from ``seat``'s view with the unseen cards reshuffled (determinization)."""
        ...

    def describe_action(self, state: Any, action: str) -> str:
        """A sentence for logs and screen readers, e.g. ``Ben vies 2``."""
        ...


def check_seat(seat: int, players: int) -> None:
    """Raise OptionsError unless ``seat`` is -1 (spectator) or a seat of the game."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not -1 <= seat < players:
        raise OptionsError(f"no seat {seat!r} in a {players}-player game")


def sorted_actions(actions: Sequence[str]) -> tuple[str, ...]:
    """Deterministic order for legal actions: by verb, then numerically where numbers appear."""

    def key(a: str) -> tuple[Any, ...]:
        parts = a.split()
        return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts)

    return tuple(sorted(set(actions), key=key))
