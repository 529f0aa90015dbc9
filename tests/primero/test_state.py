"""The state's fast ``replace`` (pygame_core/primero/state.py) agrees with ``dataclasses.replace``."""

from __future__ import annotations

import dataclasses
import random

import pytest

from pygame_core.primero.game import GAME
from pygame_core.primero.state import DealOutcome, PrimeroState, replace

FIELDS = [f.name for f in dataclasses.fields(PrimeroState)]


def _states() -> list[PrimeroState]:
    """States met in random games of every engine family."""
    got: list[PrimeroState] = []
    for variant, players in (("waks", 3), ("rms", 4), ("northpass", 3), ("italian", 2)):
        s = GAME.initial_state({"players": players, "deals": 2}, 5, variant)
        rnd = random.Random(5)
        while not GAME.is_terminal(s):
            if rnd.random() < 0.2:
                got.append(s)
            s = GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
        got.append(s)
    return got


def test_the_fast_replace_is_dataclasses_replace() -> None:
    rnd = random.Random(1)
    states = _states()
    assert len(states) > 20
    for s in states:
        # Only the fields live in the state's __dict__ (nothing cached there that a copy would carry).
        assert set(vars(s)) == set(FIELDS)
        other = rnd.choice(states)
        names = rnd.sample(FIELDS, rnd.randint(0, 6))
        changes = {n: getattr(other, n) for n in names}
        fast, slow = replace(s, **changes), dataclasses.replace(s, **changes)
        assert type(fast) is PrimeroState and fast == slow and hash(fast) == hash(slow)
        assert vars(fast) == vars(slow) and fast is not s
        assert s == dataclasses.replace(s)  # the old state is untouched
        with pytest.raises(dataclasses.FrozenInstanceError):
            fast.to_act = 3  # type: ignore[misc]


def test_the_fast_replace_refuses_an_unknown_field_and_leaves_other_records_to_dataclasses() -> None:
    s = _states()[0]
    with pytest.raises(TypeError, match="no field 'nonsense'"):
        replace(s, nonsense=1)
    out = DealOutcome(deal=1, dealer=0, how="lone", won=((0, 2),), shown=(), pots=(), carried=0, contributions=(1, 1))
    assert replace(out, carried=2) == dataclasses.replace(out, carried=2)
