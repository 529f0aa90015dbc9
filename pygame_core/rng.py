"""A seeded random number generator whose results are identical on CPython and Pyodide.

It is PCG32 (XSH-RR) on plain Python integers, so it depends on neither the
platform's ``random`` module nor its word size. ``Rng`` is an immutable value
that lives inside game states: every draw returns the value and the next Rng.
``AgentRandom`` is a small mutable wrapper for agents, which keep no game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULT = 6364136223846793005


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x, z ^ (z >> 31)


def _fold_seed(seed: int) -> int:
    """Hash a seed outside ``[0, 2**64)`` to 64 bits: its sign, length and every 64-bit word go through splitmix.

    Seeds in ``[0, 2**64)`` are used as they are, so their streams never change. A plain
    XOR/truncation fold would make -1 deal like 0 and 2**64 + k like k; chaining the words
    through splitmix64 instead makes distinct out-of-range seeds collide (with each other or
    with an in-range seed) only by 64-bit chance.
    """
    negative = seed < 0
    magnitude = ~seed if negative else seed  # -1 -> 0, -2 -> 1, ...: a non-negative int
    words = []
    while magnitude:
        words.append(magnitude & _MASK64)
        magnitude >>= 64
    # the start value encodes the sign and the number of words, so e.g. -1 (no words) differs from 2**64
    _, h = _splitmix64(0x5EED_0000_0000_0000 | (len(words) << 1) | negative)
    for w in words:
        _, h = _splitmix64(h ^ w)
    return h


def _pcg32(state: int, inc: int) -> tuple[int, int]:
    """One PCG32 (XSH RR) step: the 32-bit output of ``state`` and the state after it."""
    xorshifted = (((state >> 18) ^ state) >> 27) & _MASK32
    rot = state >> 59
    out = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32
    return out, (state * _MULT + inc) & _MASK64


@dataclass(frozen=True)
class Rng:
    """Immutable PCG32 state; each method returns ``(result, next_rng)``."""

    state: int
    inc: int

    @staticmethod
    def from_seed(seed: int) -> Rng:
        """An Rng derived from any integer seed (negative and huge seeds allowed)."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an integer, not {seed!r}")
        x = seed if 0 <= seed <= _MASK64 else _fold_seed(seed)
        x, a = _splitmix64(x)
        x, b = _splitmix64(x)
        rng = Rng(0, ((b << 1) | 1) & _MASK64)
        _, rng = rng.next_u32()
        rng = Rng((rng.state + a) & _MASK64, rng.inc)
        _, rng = rng.next_u32()
        return rng

    def next_u32(self) -> tuple[int, Rng]:
        """A uniform 32-bit integer."""
        out, state = _pcg32(self.state, self.inc)
        return out, Rng(state, self.inc)

    def randbelow(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, n)``, unbiased (rejection sampling), for 1 <= n <= 2**32."""
        if not 1 <= n <= 1 << 32:
            raise ValueError(f"randbelow bound out of range: {n}")
        threshold = ((1 << 32) - n) % n
        rng = self
        while True:
            r, rng = rng.next_u32()
            if r >= threshold:
                return r % n, rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A Fisher-Yates shuffled copy of ``items``.

        The draws are ``randbelow``'s, worked on the bare state: one Rng is made at the end, not one
        per draw (hidden cards are shuffled at every observation check and every AI world)."""
        out = list(items)
        state, inc = self.state, self.inc
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            threshold = ((1 << 32) - n) % n
            r, state = _pcg32(state, inc)
            while r < threshold:  # rejection, as in randbelow
                r, state = _pcg32(state, inc)
            j = r % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), (self if state == self.state else Rng(state, inc))

    def to_json(self) -> list[str]:
        """The state as JSON-able data (hex strings, exact in JavaScript too)."""
        return [format(self.state, "x"), format(self.inc, "x")]

    @staticmethod
    def from_json(data: Sequence[str]) -> Rng:
        """Inverse of ``to_json``."""
        return Rng(int(data[0], 16), int(data[1], 16))


class AgentRandom:
    """A mutable, seeded source of randomness for agents (never part of game state)."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng.from_seed(seed)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        r, self._rng = self._rng.randbelow(n)
        return r

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 bits."""
        a, self._rng = self._rng.next_u32()
        b, self._rng = self._rng.next_u32()
        return ((a >> 5) * 67108864 + (b >> 6)) / 9007199254740992.0

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy."""
        out, self._rng = self._rng.shuffle(items)
        return list(out)

    def fork(self) -> AgentRandom:
        """An independent generator seeded from this one."""
        a = self.randbelow(1 << 32)
        b = self.randbelow(1 << 32)
        return AgentRandom((a << 32) | b)
