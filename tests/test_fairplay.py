"""The fair deal between devices (issue 22, pygame_core/fairplay.py): the commitment and the seed for
known secrets (the same vectors the page may check in JS: tests/js/fairplay_vectors.json), and
``verify``: an honest game of each game verifies; a changed seed, a wrong secret, a changed move, or one
observation the guest saw that the record does not give, each fails with its problem key; bad input
gives a key, never a traceback."""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import fairplay
from pygame_core.fairplay import COMMITMENT, MOVES, RECORD, SEED, FairPlayError, commitment, derive_seed, verify
from pygame_core.records import Record
from pygame_core.registry import load

VECTORS = json.loads((Path(__file__).parent / "js" / "fairplay_vectors.json").read_text(encoding="utf-8"))
CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[A2-9JQK])[CDHS](?![A-Za-z0-9])")
HOST, G1, G2 = "ab" * 32, "cd" * 32, "0f" * 32


def test_known_vectors() -> None:
    for v in VECTORS["vectors"]:
        assert commitment(v["host"]) == v["commitment"]
        assert derive_seed(v["host"], v["guests"]) == v["seed"]
    # and the formula of the contract, written out once more
    host, guests = VECTORS["vectors"][0]["host"], VECTORS["vectors"][0]["guests"]
    digest = hashlib.sha256(b"primi-seed/1\n" + bytes.fromhex(host) + b"".join(bytes.fromhex(g) for g in guests))
    assert derive_seed(host, guests) == int.from_bytes(digest.digest()[:8], "big") % 2**53
    assert commitment(host) == hashlib.sha256(b"primi-commit/1\n" + bytes.fromhex(host)).hexdigest()


def test_secrets_and_seat_order() -> None:
    a, b = fairplay.new_secret(), fairplay.new_secret()
    assert re.fullmatch(r"[0-9a-f]{64}", a) and a != b
    assert derive_seed(HOST, [G1, G2]) != derive_seed(HOST, [G2, G1])
    assert 0 <= derive_seed(HOST, [G1]) < 2**53


@pytest.mark.parametrize("bad", ["", "ab", "AB" * 32, "zz" * 32, "ab" * 33, None, 12, ["ab" * 32]])
def test_a_malformed_secret_is_a_clear_error(bad: Any) -> None:
    with pytest.raises(FairPlayError) as info:
        commitment(bad)
    assert info.value.key == "net.refused.secret"
    with pytest.raises(FairPlayError):
        derive_seed(HOST, [G1, bad])
    with pytest.raises(FairPlayError):
        derive_seed(HOST, [G1] * (fairplay.MAX_GUESTS + 1))


GAMES = [("primero", "waks", 2), ("primero", "northpass", 4), ("primiera", "kaleidos", 4), ("primiera", "3p", 3),
         ("primo", "base", 3)]


def honest(name: str, variant: str, players: int, seat: int, rng_seed: int = 0,
           guests: tuple[str, ...] = (G1, G2)) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A whole game dealt from the secrets' seed (random legal moves), and what ``seat`` was shown at each step."""
    game = load(name)
    options = game.info.variant(variant).resolve_options({"players": players})
    seed = derive_seed(HOST, list(guests))
    state = game.initial_state(options, seed, variant)
    rnd = random.Random(rng_seed)
    actions: list[str] = []
    seen = [{"actions": 0, "observation": json.loads(json.dumps(game.observation(state, seat)))}]
    while not game.is_terminal(state):
        action = rnd.choice(list(game.legal_actions(state)))
        state = game.apply(state, action)
        actions.append(action)
        seen.append({"actions": len(actions), "observation": json.loads(json.dumps(game.observation(state, seat)))})
    record = Record(name, variant, tuple(sorted(options.items())), seed, tuple(actions))
    return record.with_final(game, state).to_json(), seen


def check(record: Any, seen: Any, seat: int = 1, secret: Any = HOST, commit: Any = None,
          guests: Any = (G1, G2), **kw: Any) -> tuple[bool, str | None]:
    return verify(record, secret, commitment(HOST) if commit is None else commit, list(guests), seat, seen, **kw)


@pytest.mark.parametrize(("name", "variant", "players"), GAMES)
def test_an_honest_game_verifies_and_a_dishonest_one_does_not(name: str, variant: str, players: int) -> None:
    record, seen = honest(name, variant, players, 1)
    assert check(record, seen) == (True, None)
    assert check(json.dumps(record), seen, game=name) == (True, None)  # as JSON text too
    # the host dealt from another seed (its record says so, or it hides it behind the right seed)
    assert check({**record, "seed": record["seed"] + 1}, seen) == (False, SEED)
    other, _ = honest(name, variant, players, 1, guests=(G1, "ee" * 32))
    assert check(other, seen) == (False, SEED)
    # a wrong secret: not the one committed to
    assert check(record, seen, secret="ba" * 32) == (False, COMMITMENT)
    assert check(record, seen, commit="00" * 32) == (False, COMMITMENT)
    # a guest's secret the host swapped
    assert check(record, seen, guests=(G1, "ee" * 32)) == (False, SEED)
    # a changed move: the replay refuses it, or its final check does, or what the guest saw differs
    actions = list(record["actions"])
    for i in range(len(actions) - 1, -1, -1):
        game = load(name)
        options = dict(record["options"])
        state = game.initial_state(options, record["seed"], variant)
        for a in actions[:i]:
            state = game.apply(state, a)
        others = [a for a in game.legal_actions(state) if a != actions[i]]
        if others:
            changed = {**record, "actions": actions[:i] + [others[0]] + actions[i + 1:]}
            assert check(changed, seen)[0] is False
            without_final = {k: v for k, v in changed.items() if k != "final"}
            assert check(without_final, seen)[0] is False
            break
    # an observation the guest saw that the replay does not give
    bad = json.loads(json.dumps(seen))
    bad[len(bad) // 2]["observation"]["extra"] = 1
    assert check(record, bad) == (False, MOVES)
    # a record of another game, an unfinished game
    assert check(record, seen, game="primo" if name != "primo" else "primero") == (False, RECORD)
    unfinished = {**record, "actions": actions[:-1]}
    del unfinished["final"]
    assert check(unfinished, [s for s in seen if s["actions"] < len(actions)]) == (False, RECORD)


@pytest.mark.parametrize("bad", [
    None, "not json", "{", "[]", json.dumps({"format": 1}), {"format": 2}, 12, "[" * 10_000,
])
def test_a_malformed_record_is_a_problem_not_a_traceback(bad: Any) -> None:
    _, seen = honest("primo", "base", 3, 1)
    assert check(bad, seen) == (False, RECORD)


def test_malformed_seen_or_seat_is_a_problem_not_a_traceback() -> None:
    record, seen = honest("primo", "base", 3, 1)
    for bad_seen in [None, "x", {"actions": 0}, [1], [{"actions": -1, "observation": {}}],
                     [{"actions": 10**9, "observation": {}}], [{"actions": True, "observation": {}}],
                     [{"actions": 0, "observation": {}, "more": 1}], seen * (fairplay.MAX_SEEN // len(seen) + 1)]:
        assert check(record, bad_seen) == (False, MOVES), str(bad_seen)[:80]
    for bad_seat in [-1, 3, None, True, "1"]:
        assert check(record, seen, seat=bad_seat) == (False, RECORD)
    for bad_guests in [None, "ab" * 32, [None], 7]:
        assert check(record, seen, guests=bad_guests if isinstance(bad_guests, list) else ())[0] is False
        assert verify(record, HOST, commitment(HOST), bad_guests, 1, seen) == (False, SEED)
    assert verify(record, None, None, [G1, G2], 1, seen) == (False, COMMITMENT)
    assert check(record, []) == (True, None)  # a guest that saw nothing checks the deal only


def _flip_card(observation: dict[str, Any], rnd: random.Random) -> dict[str, Any] | None:
    """The observation with one card text changed into another card, or None if it shows no card."""
    text = json.dumps(observation)
    found = list(CARD.finditer(text))
    if not found:
        return None
    m = rnd.choice(found)
    other = next(c for c in ("7D", "KS", "AC", "2H") if c != m.group())
    return dict(json.loads(text[: m.start()] + other + text[m.end():]))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 2**32), st.data())
def test_any_honest_game_verifies_and_any_flipped_card_fails(game: tuple[str, str, int], rng_seed: int,
                                                             data: st.DataObject) -> None:
    name, variant, players = game
    seat = data.draw(st.integers(0, players - 1))
    guests = tuple(data.draw(st.lists(st.sampled_from([G1, G2, "77" * 32]), min_size=1, max_size=players - 1)))
    record, seen = honest(name, variant, players, seat, rng_seed, guests)
    assert check(record, seen, seat=seat, guests=guests) == (True, None)
    rnd = random.Random(rng_seed)
    order = list(range(len(seen)))
    rnd.shuffle(order)
    for i in order:
        flipped = _flip_card(seen[i]["observation"], rnd)
        if flipped is not None and flipped != seen[i]["observation"]:
            bad = list(seen)
            bad[i] = {"actions": seen[i]["actions"], "observation": flipped}
            assert check(record, bad, seat=seat, guests=guests) == (False, MOVES)
            return
