"""Errors are keys (issue 19): every error the core raises on bad input carries a Description the page
can say, ``{key, args}``, with its key in the page's English table and plain, short arguments.

Many bad inputs are driven through the core (refused moves in each game from seeded positions,
malformed records, bad options, bad cards in Primero's calculator, bad rounds for Primiera's scorer,
bad lessons and coach requests); every PrimiError they raise must carry a key the page translates,
with every placeholder of its sentence among its arguments. A raise with a literal ``key="..."``
in the core is checked against the table too, reached or not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from pygame_core.agents import make_agent
from pygame_core.errors import IllegalActionError, PrimiError, plain
from pygame_core.primero.coach import draw_outlook
from pygame_core.primero.hands import get_rules
from pygame_core.primero.lessons import WALKTHROUGHS
from pygame_core.primiera import game as primiera_game
from pygame_core.primiera.rules import DECK as PRIMIERA_DECK
from pygame_core.primo.rules import ROWS, VALUE
from pygame_core.protocol import Game
from pygame_core.records import Record, replay
from pygame_core.registry import load
from pygame_core.rng import AgentRandom
from tests import string_tables

CORE = Path(__file__).resolve().parent.parent / "pygame_core"
ENGLISH = string_tables.strings("en")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
ARG_LIMIT = 80  # a cut input (errors.plain) or a short list of cards, never a whole hostile input


def check(exc: PrimiError) -> str:
    """Assert the error's Description is one the page can say; its key."""
    assert exc.key in ENGLISH, (exc.key, str(exc))
    assert exc.description == {"key": exc.key, "args": exc.params}
    json.dumps(exc.description, allow_nan=False)  # plain JSON data
    missing = set(PLACEHOLDER.findall(ENGLISH[exc.key])) - set(exc.params)
    assert not missing, (exc.key, missing, str(exc))
    for name, value in exc.params.items():
        assert isinstance(value, (str, int, float)), (exc.key, name, value)
        if isinstance(value, str):
            assert len(value) <= ARG_LIMIT, (exc.key, name, value)
            assert not re.fullmatch(r"'.*'|\".*\"", value), (exc.key, name, value)  # not quote()d
    return exc.key


def raised(call: Callable[[], object]) -> str | None:
    """The key of the PrimiError ``call`` raises (checked), or None if it raises none."""
    try:
        call()
    except PrimiError as exc:
        return check(exc)
    return None


def positions(name: str, variant: str, seed: int, every: int) -> Iterator[Any]:
    """Every ``every``-th state of a game played by random agents from ``seed``, and its last state."""
    game = load(name)
    state = game.initial_state({}, seed, variant)
    agent, rng, step = make_agent(name, "random"), AgentRandom(seed), 0
    while not game.is_terminal(state):
        if step % every == 0:
            yield state
        seat = game.current_player(state)
        state = game.apply(state, agent.choose(game.observation(state, seat), game.legal_actions(state), rng))
        step += 1
    yield state


def _primiera_candidates(state: Any, seen: set[str]) -> list[str]:
    cards = list(PRIMIERA_DECK)
    out = [f"{verb} {c}" for c in cards for verb in ("play", "pick")]
    table = list(state.table)
    for card in state.hands[state.to_act] if not state.over else ():
        out += [f"play {card} x {t}" for t in table]
        out += [f"play {card} x {a} {b}" for a, b in combinations(table, 2)]
    return out


def _primo_candidates(state: Any, seen: set[str]) -> list[str]:
    hand = sorted(set(state.hands[state.to_act])) if not state.over else []
    cards = [c for c in VALUE if VALUE[c]][:20] + hand
    out = [f"{verb} {c} {r}" for c in cards for r in ROWS for verb in ("add", "open", "head")]
    out += [f"{verb} {r}" for r in ROWS for verb in ("top", "take")]
    out += [f"move {a}:{v} {b}" for a in ROWS for b in ROWS for v in (1, 7, 13)]
    out += ["pass", "end", *(f"exchange {c}" for c in cards)]
    return out


def _primero_candidates(state: Any, seen: set[str]) -> list[str]:
    """Every action seen legal in the game so far: most are not legal now."""
    return sorted(seen)


CANDIDATES = {"primero": _primero_candidates, "primiera": _primiera_candidates, "primo": _primo_candidates}


MOVE_KEYS = {
    "primiera": {"err.over", "primiera.illegal.picked", "primiera.illegal.pickfirst", "primiera.illegal.nocard", "primiera.illegal.must",
                 "primiera.illegal.nothing", "primiera.illegal.capture"},
    "primo": {"err.over", "primo.why.nocard", "primo.why.value", "primo.why.exchange", "primo.why.end", "primo.why.notempty"},
    "primero": {"err.over", "err.move"},
}


@pytest.mark.parametrize("name", ["primero", "primiera", "primo"])
def test_refused_moves_say_why_in_keys(name: str) -> None:
    game = load(name)
    seen_actions: set[str] = set()
    keys: set[str] = set()
    variants = [v.name for v in game.info.variants if name != "primero" or v.name in ("waks", "rms", "northpass")]
    for variant in variants:
        for state in positions(name, variant, seed=3, every=5 if name == "primo" else 7):
            legal = set(game.legal_actions(state)) if not game.is_terminal(state) else set()
            seen_actions |= legal
            for action in CANDIDATES[name](state, seen_actions):
                if action not in legal:
                    key = raised(lambda a=action, s=state: game.apply(s, a))  # type: ignore[misc]
                    assert key is not None, (action, "applied though not legal")
                    keys.add(key)
    assert keys >= MOVE_KEYS[name], sorted(MOVE_KEYS[name] - keys)


def test_primiera_says_each_capture_rule_in_keys() -> None:
    """The rulebook's capture rules, each its own reason: a card of the same rank comes before any
    sum, a capture must add up, and capturing is compulsory (engine.captures)."""
    state = primiera_game.GAME.initial_state({}, 1, "2p")
    hands = list(state.hands)
    hands[state.to_act] = ("5S", "KS", "AS")
    state = replace(state, hands=tuple(hands), table=("2H", "3D", "5C"))
    cases = {
        "play 5S x 2H 3D": ("primiera.illegal.rank", {"card": "5S", "choices": "5C"},
                            "a card of the same rank comes before any sum: 5S must take 5C"),
        "play 5S": ("primiera.illegal.must", {"card": "5S", "choices": "5C"}, "capturing is compulsory: 5S must take 5C"),
        "play AS x 2H": ("primiera.illegal.nothing", {"card": "AS"}, "AS captures nothing on this table"),
    }
    for action, (key, args, english) in cases.items():
        why = primiera_game.why_illegal(state, primiera_game.parse(action))
        assert why == {"key": key, "args": args}
        assert primiera_game.illegal_text(why) == english
    state = replace(state, table=("2H", "3D", "KC"))
    why = primiera_game.why_illegal(state, "play 5S x 2H KC")
    assert why == {"key": "primiera.illegal.capture", "args": {"card": "5S", "taken": "2H KC", "choices": "2H 3D"}}
    assert primiera_game.illegal_text(why) == "2H KC is not a capture for 5S here: choose 2H 3D"


def test_primiera_why_illegal_keeps_the_english_of_the_command_line() -> None:
    state = primiera_game.GAME.initial_state({}, 5, "2p")
    for action in _primiera_candidates(state, set()):
        try:
            primiera_game.GAME.apply(state, action)
        except IllegalActionError as exc:
            why = primiera_game.why_illegal(state, primiera_game.parse(action))
            assert str(exc).endswith("is not legal now: " + primiera_game.illegal_text(why))
            assert exc.description == why
            assert " / " not in str(exc)
        except PrimiError:
            pass


def _record(name: str = "primiera", variant: str = "2p", seed: int = 11, moves: int = 12) -> tuple[dict[str, Any], Any]:
    game = load(name)
    options = game.info.variant(variant).resolve_options({})
    state = game.initial_state(options, seed, variant)
    agent, rng = make_agent(name, "random"), AgentRandom(seed)
    actions: list[str] = []
    while not game.is_terminal(state) and len(actions) < moves:
        seat = game.current_player(state)
        action = agent.choose(game.observation(state, seat), game.legal_actions(state), rng)
        state = game.apply(state, action)
        actions.append(action)
    rec = Record(name, variant, tuple(sorted(options.items())), seed, tuple(actions)).with_final(game, state)
    return rec.to_json(), state


def _bad_records() -> Iterator[tuple[object, str]]:
    good, _ = _record()
    yield b"\xff\xfe{}", "err.record.json"
    yield "{", "err.record.json"
    yield '{"a": 1, "a": 2}', "err.record.json"
    yield "[" * 100_000, "err.record.deep"  # refused before parsing (issue 20)
    yield "[]", "err.record.json"

    def edit(**changes: Any) -> dict[str, Any]:
        out = dict(good, **changes)
        return {k: v for k, v in out.items() if v is not None}

    yield edit(seed=None), "err.record.shape"
    yield edit(extra=1), "err.record.shape"
    yield edit(game=5), "err.record.shape"
    yield edit(seed="x"), "err.record.shape"
    yield edit(options=[]), "err.record.shape"
    yield edit(options={"players": [2]}), "err.record.shape"
    yield edit(actions="play 7D"), "err.record.shape"
    yield edit(final={}), "err.record.shape"
    yield edit(final={"actions": -1, "digest": "0" * 64}), "err.record.shape"
    yield edit(final={"actions": 1, "digest": "xyz"}), "err.record.shape"
    yield edit(seats=["human"]), "err.record.shape"
    yield edit(format=2), "err.record.format"
    yield edit(format=True), "err.record.format"
    yield edit(variant=""), "err.record.variant"
    yield edit(options={"target": 11}), "err.record.players"
    yield edit(game="chess"), "err.record.start"
    yield edit(variant="nope"), "err.record.start"
    yield edit(options=dict(good["options"], players=9)), "err.record.start"
    yield edit(final=None, actions=[*good["actions"][:2], "play ZZ"]), "err.record.action"
    yield edit(final=None, actions=[*good["actions"][:2], good["actions"][2] + " x 7D"]), "err.record.action"
    yield edit(final=None, actions=[*good["actions"][:3], "x" * 100_000]), "err.record.action"
    yield edit(final={"actions": 999, "digest": "0" * 64}), "err.record.mismatch"
    yield edit(final={"actions": len(good["actions"]), "digest": "0" * 64}), "err.record.mismatch"


def test_a_bad_record_says_what_is_wrong_in_keys() -> None:
    for data, key in _bad_records():
        if isinstance(data, dict):
            data = json.dumps(data)
        assert raised(lambda d=data: replay(d)) == key, (key, str(data)[:120])  # type: ignore[misc]
    got = None
    try:
        good = {k: v for k, v in _record()[0].items() if k != "final"}
        replay(json.dumps(dict(good, actions=[good["actions"][0], "bad"])))
    except PrimiError as exc:
        got = exc.params
    assert got == {"n": 2}  # the action's number (1-based), not the action's text


def _bad_options(game: Game[Any]) -> Iterator[tuple[str | None, dict[str, Any]]]:
    for v in game.info.variants:
        yield v.name, {"players": "four"}
        yield v.name, {"players": v.max_players + 1}
        yield v.name, {"colour": "red"}
        yield v.name, {"x" * 500: 1}
        for o in v.options:
            if o.kind == "int":
                yield v.name, {o.name: "many"}
                if o.minimum is not None:
                    yield v.name, {o.name: o.minimum - 1}
                if o.maximum is not None:
                    yield v.name, {o.name: o.maximum + 1}
                    yield v.name, {o.name: 10**100}
            elif o.kind == "bool":
                yield v.name, {o.name: "yes"}
            else:
                yield v.name, {o.name: "nowhere"}
    yield "nope", {}
    yield "y" * 1000, {}


CROSS_CHECKS = [
    ("primero", "waks", {"stake": 5, "rest": 2}, "primero.err.stake"),
    ("primero", "waks", {"stake": 60, "rest": 80, "chips": 50}, "primero.err.stake.chips"),
    ("primero", "suzuki", {"ante": 50, "chips": 50}, "primero.err.ante"),
    ("primero", "rms", {"min_bet": 5, "max_raise": 2}, "primero.err.min_bet"),
    ("primero", "rms", {"min_bet": 60, "max_raise": 80, "chips": 50}, "primero.err.min_bet.chips"),
    ("primiera", "classic", {"target": 0, "max_rounds": 0}, "primiera.err.endless"),
]


@pytest.mark.parametrize("name", ["primero", "primiera", "primo"])
def test_bad_options_from_a_link_are_keys(name: str) -> None:
    game = load(name)
    keys = {raised(lambda v=variant, o=options: game.initial_state(o, 1, v))  # type: ignore[misc]
            for variant, options in _bad_options(game)}
    assert None not in keys
    want = {"err.options.players", "err.options.unknown", "err.options.variant", "setup.badnumber",
            "setup.toolow", "setup.toohigh"}
    assert keys >= want, sorted(want - keys)
    for game_name, variant, options, key in CROSS_CHECKS:
        if game_name == name:
            assert raised(lambda v=variant, o=options: game.initial_state(o, 1, v)) == key  # type: ignore[misc]


def test_bool_and_choice_options_are_keys() -> None:
    game = load("primero")
    assert raised(lambda: game.initial_state({"wild": "yes"}, 1, "rms")) == "err.options.bool"
    assert raised(lambda: game.initial_state({"table": "floor"}, 1, "rms")) == "err.options.choice"


def _op(name: str, op: str, request: Any, view: Mapping[str, Any] | None = None) -> str | None:
    run = load(name).info.operation(op).run
    return raised(lambda: run(request, view))


CALCULATOR = [
    ({"cards": ["7D", "6H", "AD"]}, "primero.calc.err.count"),
    ({"cards": ["7D", "7D", "AD", "KC"]}, "primero.calc.err.twice"),
    ({"cards": ["8H", "6H", "AD", "KC"]}, "primero.calc.err.deck"),
    ({"cards": ["JH", "6H", "AD", "2C"], "rules": "northpass"}, "primero.calc.err.deck"),
    ({"cards": ["ZZ", "6H", "AD", "KC"]}, "err.card"),
    ({"cards": ["7Ｄ", "6H", "AD", "KC"]}, "err.card"),
    ({"cards": ["1234567", "6H", "AD", "KC"]}, "err.card"),
    ({"cards": ["7X", "6H", "AD", "KC"]}, "err.card"),
    ({"cards": ["x" * 10_000, "6H", "AD", "KC"]}, "err.card"),
]


def test_the_calculator_names_the_card_in_keys() -> None:
    for request, key in CALCULATOR:
        assert _op("primero", "hand", request) == key, request
    # Under another rule set, a card outside its deck is a Description too (the page says primero.calc.notindeck).
    answer = load("primero").info.operation("hand").run({"cards": ["KD", "6H", "AD", "2C"]}, None)
    errors = [row["error"] for row in answer["across"] if "error" in row]
    assert errors and all(e["key"] in ENGLISH and e["args"]["card"] == "KD" for e in errors)


def test_coach_and_lesson_requests_are_keys() -> None:
    assert _op("primero", "coach", {}, None) == "err.nogame"
    assert _op("primiera", "coach", {}, None) == "err.nogame"
    assert _op("primo", "coach", {}, None) == "err.nogame"
    assert _op("primo", "why", {"action": "pass"}, None) == "err.nogame"
    primero = load("primero")
    end = list(positions("primero", "waks", 2, 1000))[-1]
    view = primero.observation(end, 0)
    assert _op("primero", "coach", {"discard": [view["hand"][0]]}, view) == "primero.coach.err.nodiscard"
    rules = get_rules("waks")
    hand = tuple(rules.deck[:5])
    assert raised(lambda: draw_outlook(hand[:4], (rules.deck[10],), rules.deck[20:], rules)) == "primero.coach.err.hand"
    assert raised(lambda: draw_outlook(hand, (), rules.deck[20:], rules)) == "primero.coach.err.discard"
    lesson = next(iter(WALKTHROUGHS))
    for name, request, key in [
        ("primero", {"lesson": "nope"}, "err.lesson"),
        ("primero", {"lesson": lesson, "step": 10_000}, "err.lesson.step"),
        ("primiera", {"lesson": "z" * 500}, "err.lesson"),
        ("primo", {"name": "nope"}, "err.lesson"),
        ("primo", {"name": "esm", "step": -1}, "err.lesson.step"),
    ]:
        assert _op(name, "lessons", request) == key, (name, request)


def _round(**sides: Any) -> dict[str, Any]:
    return {"variant": "2p", "sides": sides}


HALF = list(PRIMIERA_DECK[:20])
REST = list(PRIMIERA_DECK[20:])
SCORER = [
    (_round(A={"cards": HALF}, B={"cards": REST[:-3]}), "primiera.score.err.missing"),
    (_round(A={"cards": [*HALF, "ZZ"]}, B={"cards": REST}), "primiera.score.err.card"),
    (_round(A={"cards": [*HALF, "8D"]}, B={"cards": REST}), "primiera.score.err.card"),
    (_round(A={"cards": [*HALF, REST[0]]}, B={"cards": REST}), "primiera.score.err.twice"),
    (_round(A={"cards": HALF, "sweeps": "two"}, B={"cards": REST}), "primiera.score.err.sweeps"),
    (_round(A={"cards": HALF, "sweeps": -1}, B={"cards": REST}), "primiera.score.err.sweeps"),
    (_round(A={"cards": HALF, "sweeps": 10**100}, B={"cards": REST}), "primiera.score.err.toomany"),
    (_round(A={"cards": PRIMIERA_DECK}), "primiera.score.err.sides"),
    (dict(_round(A={"cards": HALF}, B={"cards": REST}), solo=True), "primiera.score.err.solo"),
    ({"variant": "2p", "sides": {"s" * 1000: {"cards": ["9S"]}, "B": {"cards": []}}}, "primiera.score.err.card"),
    ([], "err.input"),
]


def test_the_round_scorer_says_what_is_wrong_in_keys() -> None:
    for request, key in SCORER:
        assert _op("primiera", "score", request) == key, request


def test_every_key_the_core_writes_is_in_the_page_tables() -> None:
    """A literal ``key="..."`` in the core (reached by the tests above or not), and every reason
    Primiera's why_illegal gives, has its English sentence."""
    literal = re.compile(r"""\bkey=(?:f?)["']([\w.\-#{}]+)["']""")
    keys: set[str] = set()
    for path in CORE.rglob("*.py"):
        for key in literal.findall(path.read_text(encoding="utf-8")):
            if "{" in key:  # an f-string key: each of its values is driven above (CROSS_CHECKS)
                continue
            keys.add(key)
    keys |= set(primiera_game._ILLEGAL)
    assert len(keys) > 30
    assert sorted(keys - set(ENGLISH)) == []


def test_plain_cuts_an_input_for_the_page() -> None:
    assert plain("7D") == "7D" and plain(12) == "12"
    assert plain("x" * 100) == "x" * 40 + "…"
    assert plain(None) == plain([1]) == plain(True) == plain(10**100) == ""
