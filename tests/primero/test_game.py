"""Primero's side of the protocol: the log (storage, window, slices), descriptions, operations,
the agents' ``prepare`` and their choices with the windowed log, number parsing and the result."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path
from typing import Any

import pytest

from pygame_core.agents import make_agent
from pygame_core.errors import IllegalActionError, InvalidActionError, InvalidCardError, OptionsError
from pygame_core.primero.ai import PrimeroAgent
from pygame_core.primero.ai.eval import clear_tables, evaluator
from pygame_core.primero.ai.northpass import _BEST_KEEP
from pygame_core.primero.describe import KEYS
from pygame_core.primero.game import GAME, PrimeroState, state_from_deal
from pygame_core.primero.gamelog import EMPTY_LOG, PublicLog
from pygame_core.protocol import LOG_WINDOW, Game
from pygame_core.rng import AgentRandom
from tests import string_tables
from tests.primero.agent_games import PATH as AGENT_GAMES
from tests.primero.agent_games import VARIANTS, digest

ROOT = Path(__file__).resolve().parents[2]


def _random_game(variant: str, seed: int, players: int, deals: int = 3, **opts: Any) -> list[PrimeroState]:
    s = GAME.initial_state({"players": players, "deals": deals, **opts}, seed, variant)
    rng = AgentRandom(seed)
    out = [s]
    while not GAME.is_terminal(s):
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        out.append(s)
    return out


# --- the agents choose as they did when every observation held the whole log ----------------------


AGENT_GAME_LIST = json.loads(AGENT_GAMES.read_text())


# Module-scoped: pytest runs each variant's two lockstep tests one after the other, so the second
# plays on the hand tables the first built (it never clears them; the first still starts empty).
@pytest.mark.parametrize("variant", VARIANTS, scope="module")
def test_agents_choose_as_before_the_log_window(variant: str) -> None:
    """The fixture was recorded with observations carrying the whole log (tests/primero/agent_games.py).

    The AI's tables are exact whatever the process computed before (ai.eval.Evaluator.keep_value
    caches only sums keyed by suit pattern); the caches still start empty here, as they did when
    the fixture was recorded (one process, the variants in order, each with its own tables).
    """
    clear_tables()
    _BEST_KEEP.clear()
    compared = cut = total = 0
    for game in (g for g in AGENT_GAME_LIST if g["variant"] == variant):
        kinds = game["kinds"]
        agents = [make_agent("primero", k) for k in kinds]
        rngs = [AgentRandom(game["seed"] * 13 + p) for p in range(len(kinds))]
        s = GAME.initial_state(game["options"], game["seed"], variant)
        actions = game["actions"].split(" | ")
        digests = game["digests"].split()
        total += len(actions)
        for i, (recorded, d) in enumerate(zip(actions, digests, strict=True)):
            p = GAME.current_player(s)
            obs = GAME.observation(s, p)
            legal = GAME.legal_actions(s)
            if digest(obs, legal) != d:
                break  # a rules change makes the game differ from here on: the choices may differ too
            chosen = agents[p].choose(obs, legal, rngs[p])
            assert chosen == recorded, (variant, game["seed"], i, kinds[p], recorded, chosen)
            compared += 1
            cut += obs["log_size"] > len(obs["log"])
            s = GAME.apply(s, chosen)
    if compared == 0:
        pytest.skip(f"{variant}'s rules changed after the fixture was recorded (its first decisions differ); "
                    "test_agents_choose_the_same_with_the_whole_log_or_the_window guards it")
    assert compared >= total // 2, f"only {compared} of {total} decisions compared: regenerate the fixture"
    assert cut > 0  # the window did leave older entries out


def _full_log(s: PrimeroState, seat: int) -> dict[str, Any]:
    obs = GAME.observation(s, seat)
    obs["log"] = GAME.log_entries(s, seat, 0, obs["log_size"])
    return obs


@pytest.mark.parametrize("variant", VARIANTS, scope="module")
def test_agents_choose_the_same_with_the_whole_log_or_the_window(variant: str) -> None:
    """Lockstep on the current engine: agents fed the whole log and agents fed the window agree."""
    n = 5 if variant == "rms" else 4
    kinds = ["hard", "medium", "easy", "hard", "hard"][:n]
    for seed in (1, 2):
        whole = [make_agent("primero", k) for k in kinds]
        window = [make_agent("primero", k) for k in kinds]
        s = GAME.initial_state({"players": n, "deals": 10, "chips": 40}, seed, variant)
        while not GAME.is_terminal(s):
            p = GAME.current_player(s)
            legal = GAME.legal_actions(s)
            a = whole[p].choose(_full_log(s, p), legal, AgentRandom(s.deal * 100 + len(s.log)))
            b = window[p].choose(GAME.observation(s, p), legal, AgentRandom(s.deal * 100 + len(s.log)))
            assert a == b, (variant, seed, s.deal, kinds[p], a, b)
            s = GAME.apply(s, a)


# --- the log: storage, window, slices --------------------------------------------------------------


def test_game_satisfies_the_protocol() -> None:
    assert isinstance(GAME, Game)
    assert [op.name for op in GAME.info.operations] == ["hand", "coach", "lessons"]
    assert GAME.info.operation("coach").needs_view and not GAME.info.operation("hand").needs_view
    assert GAME.info.to_json()["operations"] == ["hand", "coach", "lessons"]


def test_public_log_appends_without_copying_and_compares_by_entries() -> None:
    a = EMPTY_LOG.append((0, "vie 1", 1))
    b = a.append((1, "see", 1))
    assert len(EMPTY_LOG) == 0 and len(a) == 1 and len(b) == 2
    assert b.entries() == [(0, "vie 1", 1), (1, "see", 1)] and a.entries() == [(0, "vie 1", 1)]  # a unchanged
    assert b._prev is a  # shared, not copied
    same = PublicLog.of([(0, "vie 1", 1), (1, "see", 1)])
    assert same == b and hash(same) == hash(b) and same is not b
    assert same != a and b != b.append((0, "fold", 1)) and PublicLog.of([(0, "vie 2", 1), (1, "see", 1)]) != b
    assert b[0] == (0, "vie 1", 1) and b[-1] == (1, "see", 1) and b[1:] == [(1, "see", 1)]
    with pytest.raises(IndexError):
        b[2]
    with pytest.raises(AttributeError):
        b._size = 3  # type: ignore[misc]


def test_a_long_log_hashes_compares_pickles_and_prints_without_recursion() -> None:
    entries = [(i % 6, "pass", i // 70) for i in range(100_000)]
    log = PublicLog.of(entries)
    other = PublicLog.of(entries)
    assert log == other and hash(log) == hash(other)
    assert pickle.loads(pickle.dumps(log)) == log
    assert repr(log) == "PublicLog(size=100000, newest=(3, 'pass', 1428))"
    assert log.entries(99_998) == entries[99_998:] and log.entries(5, 8) == entries[5:8]


def test_state_shares_the_log_with_the_state_before() -> None:
    s = GAME.initial_state({"players": 3}, 4, "waks")
    t = GAME.apply(s, GAME.legal_actions(s)[0])
    assert len(t.log) == len(s.log) + 1 and t.log._prev is s.log
    assert hash(t) == hash(GAME.apply(s, GAME.legal_actions(s)[0]))


@pytest.mark.parametrize("variant", VARIANTS)
def test_observation_carries_the_current_and_last_deal_and_a_window_of_older_entries(variant: str) -> None:
    states = _random_game(variant, 3, 4 if variant == "rms" else 3, deals=16, chips=100)
    for s in states[:: max(1, len(states) // 40)] + [states[-1]]:
        for seat in (-1, 0):
            obs = GAME.observation(s, seat)
            log = obs["log"]
            assert obs["log_size"] == len(s.log)
            whole = GAME.log_entries(s, seat, 0, obs["log_size"])
            assert log == whole[len(whole) - len(log):]  # the newest entries
            current = [e for e in whole if e["deal"] == s.deal]
            older = [e for e in log if e["deal"] != s.deal]
            previous = [e for e in whole if e["deal"] == s.deal - 1]
            assert log[len(log) - len(current):] == current
            assert len(older) == max(len(previous), min(LOG_WINDOW, len(whole) - len(current)))  # the last deal whole
            for e in log:
                assert set(e) == {"seat", "key", "args", "action", "deal"}
    s = states[-1]
    assert len(s.log) > LOG_WINDOW + 20
    assert GAME.log_entries(s, 0, 5, 9) == GAME.log_entries(s, 1, 0, len(s.log))[5:9]
    assert GAME.log_entries(s, 0, -3, len(s.log)) == GAME.log_entries(s, 0, 0, len(s.log))[-3:]
    assert GAME.log_entries(s, 0, 10, 2) == [] and len(GAME.log_entries(s, 0, 0, 10**9)) == len(s.log)
    with pytest.raises(OptionsError):
        GAME.log_entries(s, 0, "0", 5)  # type: ignore[arg-type]
    with pytest.raises(OptionsError):
        GAME.log_entries(s, 9, 0, 5)


# --- descriptions: one source, every key in the page's table ---------------------------------------


def _english_table() -> dict[str, str]:
    return string_tables.strings("en")


def _check_message(msg: dict[str, Any], table: dict[str, str], where: object) -> None:
    assert msg["key"] in table, (msg, where)
    assert msg["key"] != "primero.act.other", (msg, where)  # every text an engine writes has its own key
    args = msg["args"]
    for name in re.findall(r"\{(\w+)\}", table[msg["key"]]):
        assert name == "name" or name in args, (msg, name, where)
    if "{name}" in table[msg["key"]]:
        assert isinstance(msg.get("seat"), int) and msg["seat"] >= 0, (msg, where)
    for value in args.values():
        if isinstance(value, dict):
            _check_message(value, table, where)
        else:
            assert isinstance(value, (int, str)), (msg, where)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_description_key_is_in_the_english_table(variant: str) -> None:
    table = _english_table()
    assert set(table) >= KEYS, sorted(KEYS - set(table))
    own = string_tables.file_strings(string_tables.WEB / "games" / "primero" / "strings.en.js")
    assert set(own) >= KEYS, sorted(KEYS - set(own))  # Primero brings its own sentences
    keys: set[str] = set()
    for seed in range(6):
        players = 4 + seed % 3 if variant == "rms" else 2 + seed % 5
        opts = {"chips": 3 + seed % 3 * 10} if seed % 2 else {}
        if variant == "rms" and seed % 3 == 1:
            opts["table"] = "stock"
        states = _random_game(variant, seed, players, deals=4, **opts)
        for s in states[:-1]:
            for a in GAME.legal_actions(s)[:: 7] + GAME.legal_actions(s)[-1:]:
                d = GAME.describe_action(s, a)
                assert d["seat"] == s.to_act
                _check_message(d, table, (variant, seed, a))
                keys.add(d["key"])
        for e in GAME.log_entries(states[-1], 0, 0, len(states[-1].log)):
            _check_message(e, table, (variant, seed, e["action"]))
            keys.add(e["key"])
    assert keys <= KEYS


def _check_forms(msg: dict[str, Any], table: dict[str, str], where: object) -> None:
    """A message's "you" form (KEY.you, when a seat acts) and its short form on the seat (KEY.short)
    exist and use only the args the message carries."""
    for form, needed in ((msg["key"], False), (msg["key"] + ".you", "seat" in msg), (msg["key"] + ".short", True)):
        for plural in (form + "#one", form + "#two", form + "#few", form + "#many", form + "#zero"):
            if plural in table:  # a plural form (i18n.js's t(): by Intl.PluralRules) counts the arg n
                assert "n" in msg["args"], (plural, where)
                assert set(re.findall(r"\{(\w+)\}", table[plural])) <= {*msg["args"], "name"}, (plural, where)
        if not needed:
            continue
        assert form in table, (form, where)
        for name in re.findall(r"\{(\w+)\}", table[form]):
            assert name in msg["args"], (form, name, where)
        if form.endswith(".you"):
            assert "{name}" not in table[form], (form, where)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_action_of_every_rule_set_has_a_sentence(variant: str) -> None:
    """Every legal action at every step of random games (all 7 rule sets, 2 to 6 players, short of
    chips or not, both RMS tables) describes itself with a key of the English table, in its plain,
    "you" and short forms, whose placeholders are all among its args; so does every log entry and
    every seat's last action in the observation."""
    table = _english_table()
    for seed in range(3):
        players = 4 + seed % 3 if variant == "rms" else 2 + (seed * 2) % 5
        opts: dict[str, Any] = {"chips": 4} if seed == 1 else {}
        if variant == "rms" and seed == 2:
            opts["table"] = "stock"
        states = _random_game(variant, seed + 40, players, deals=3, **opts)
        for s in states[:-1]:
            for a in GAME.legal_actions(s):
                d = GAME.describe_action(s, a)
                _check_message(d, table, (variant, seed, a))
                _check_forms(d, table, (variant, seed, a))
            for seat in GAME.observation(s, -1)["seats"]:
                if seat["last_said"] is not None:
                    _check_message({**seat["last_said"], "seat": seat["seat"]}, table, (variant, seed, seat))
                    _check_forms(seat["last_said"], table, (variant, seed, seat))
        for e in GAME.log_entries(states[-1], 0, 0, len(states[-1].log)):
            _check_message(e, table, (variant, seed, e["action"]))
            _check_forms(e, table, (variant, seed, e["action"]))


def test_seat_boxes_show_the_rms_texts_in_words() -> None:
    """The texts the issue saw raw or wrong on a seat or in the log: each has its own message."""
    from pygame_core.primero.game import _said

    assert _said("forced to stay") == {"key": "primero.act.stay.forced", "args": {}}
    assert _said("raise withdrawn") == {"key": "primero.act.raise.withdrawn", "args": {}}
    assert _said("discard") == {"key": "primero.act.discard.one", "args": {}}  # RMS: one card after a draw, not "keeps all"
    assert _said("trade 1 forced stake 3") == {"key": "primero.act.trade.forced", "args": {"n": 1, "paid": 3}}
    assert _said(None) is None


def test_a_showdown_says_why_the_best_hand_won_and_which_cards_count() -> None:
    """The deal end explains itself: ``last_deal.why`` (a message whose keys are in the table) and
    ``counting`` per shown hand; the log gets each shown hand and each win."""
    from pygame_core.primero.game import WHY_KEYS

    table = _english_table()
    assert set(table) >= WHY_KEYS
    base = GAME.initial_state({"players": 2, "deals": 3}, 1, "northpass")
    s = state_from_deal(base, 0, [["10S", "9S", "8S", "7S"], ["7H", "6D", "AC", "5H"]], [])
    while s.deal == 1:  # nobody bets: the full circuit goes to the showdown, no trade changes a flush
        s = GAME.apply(s, next(a for a in GAME.legal_actions(s) if a.startswith("trade")))
        if s.deal == 1 and s.to_act == 0:
            s = GAME.apply(s, "bet 1 fluxus 34") if "bet 1 fluxus 34" in GAME.legal_actions(s) else s
    ld = GAME.observation(s, -1)["last_deal"]
    assert ld["how"] == "showdown"
    kinds = {sh["seat"]: sh["kind"] for sh in ld["shown"]}
    assert kinds[0] == "fluxus" and kinds[1] != "fluxus"
    assert ld["why"] == {"key": "primero.dealend.why.kind", "args": {"win": {"key": "primero.kind.fluxus", "args": {}},
                                                             "lose": {"key": f"primero.kind.{kinds[1]}", "args": {}}}}
    for sh, counting in zip(ld["shown"], ld["counting"], strict=True):
        assert counting and set(counting) <= set(sh["cards"])
    lines = [e for e in GAME.log_entries(s, -1, 0, len(s.log)) if e["deal"] == 1]
    assert [e["key"] for e in lines[-3:-1]] == ["primero.act.shows", "primero.act.shows"] and lines[-1]["key"] == "primero.act.wins"
    assert lines[-1]["seat"] == 0
    # every reason a random game gives has a sentence using only its args
    for variant in ("waks", "northpass", "losing", "rms"):
        for st in _random_game(variant, 3, 4, deals=4):
            why = (GAME.observation(st, -1)["last_deal"] or {}).get("why")
            if why:
                assert why["key"] in WHY_KEYS
                _check_message(why, table, variant)


def test_descriptions_of_special_log_texts() -> None:
    from pygame_core.primero.describe import describe_text

    claim = {"key": "primero.claim", "args": {"kind": {"key": "primero.kind.primero", "args": {}}, "points": 60}}
    assert describe_text("vie 2 primero 60") == ("primero.act.vie.claim", {"n": 2, "claim": claim})
    assert describe_text("see all-in", log=True) == ("primero.act.see.allin", {})
    assert describe_text("trade 1 forced stake 5", log=True) == ("primero.act.trade.forced", {"n": 1, "paid": 5})
    assert describe_text("first-dealer", log=True) == ("primero.act.first-dealer", {})
    assert describe_text("bet withdrawn", log=True) == ("primero.act.bet.withdrawn", {})
    assert describe_text("raise withdrawn", log=True) == ("primero.act.raise.withdrawn", {})
    assert describe_text("forced to stay", log=True) == ("primero.act.stay.forced", {})
    assert describe_text("discard", log=True) == ("primero.act.discard.one", {})  # RMS: one card after a draw
    assert describe_text("discard 0", log=True) == ("primero.act.keep", {})
    assert describe_text("discard 7D KC") == ("primero.act.discard", {"n": 2})  # the cards stay private
    assert describe_text("discard") == ("primero.act.keep", {})  # Waks: keep all
    assert describe_text("discard 7D", rms=True) == ("primero.act.discard.one", {})
    assert describe_text("draw 3") == ("primero.act.draw.slot", {"n": 3})


def test_rms_discard_after_a_draw_is_one_card_not_keep_all() -> None:
    s = GAME.initial_state({"players": 4}, 2, "rms")
    rng = AgentRandom(5)
    while not (s.phase == "play" and GAME.legal_actions(s)[0].startswith("discard")):
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    a = GAME.legal_actions(s)[0]
    assert GAME.describe_action(s, a) == {"key": "primero.act.discard.one", "seat": s.to_act, "args": {}}
    t = GAME.apply(s, a)
    assert GAME.log_entries(t, -1, len(s.log), len(s.log) + 1)[0]["key"] == "primero.act.discard.one"


def test_forced_stake_trade_is_described_with_the_stake() -> None:
    base = GAME.initial_state({"players": 2}, 1, "northpass")
    s = state_from_deal(base, 0, [["10S", "9S", "8S", "7S"], ["2H", "3D", "4C", "5H"]], [])
    s = GAME.apply(s, "trade 2H")  # seat 1
    s = GAME.apply(s, "bet 3 fluxus 34")  # seat 0 bets; seat 1 must pay the stake if it passes
    d = GAME.describe_action(s, "trade 3D")
    assert d == {"key": "primero.act.trade.forced", "seat": 1, "args": {"n": 1, "paid": 3}}
    # the page says what passing costs before the trade is sent; only the seat to act owes it
    assert GAME.observation(s, 1)["forced_stake"] == 3 and GAME.observation(s, 0)["forced_stake"] == 0
    _check_message(d, _english_table(), "forced stake")
    t = GAME.apply(s, "trade 3D")
    entry = GAME.log_entries(t, 0, len(s.log), len(s.log) + 1)[0]
    assert entry["key"] == "primero.act.trade.forced" and entry["action"] == "trade 1 forced stake 3"


# --- numbers, results ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["vie ²", "vie ٣", "bet 1 primero ²", "raise １", "draw ³"])
def test_only_ascii_digits_are_numbers(text: str) -> None:
    with pytest.raises(InvalidActionError, match="is not a whole number"):
        GAME.parse_action(text)


def test_parse_errors_quote_at_most_about_80_characters() -> None:
    for text in ["vie " + "9" * 50_000, "discard " + "X" * 50_000, "x" * 50_000, "bet 1 " + "k" * 50_000 + " 3"]:
        with pytest.raises(InvalidActionError) as exc:
            GAME.parse_action(text)
        assert len(str(exc.value)) < 400


def test_result_has_winners_scores_chips_and_deals() -> None:
    s = _random_game("waks", 2, 3, deals=2)[-1]
    r = GAME.result(s)
    assert r["scores"] == list(s.chips) and r["chips"] == [c - 50 for c in s.chips] and r["deals"] == s.deal
    assert r["winners"] == [p for p in range(3) if r["scores"][p] == max(r["scores"])]


# --- operations -----------------------------------------------------------------------------------


def _op(name: str, request: dict[str, Any], view: dict[str, Any] | None = None) -> Any:
    return GAME.info.operation(name).run(request, view)


def test_hand_operation_scores_under_every_rule_set() -> None:
    r = _op("hand", {"cards": ["7S", "6H", "AD", "KC"], "rules": "waks"})
    assert r["hand"]["kind"] == "primero" and r["hand"]["label"] and isinstance(r["hand"]["decisions"], list)
    assert {row["rules"] for row in r["across"]} >= {"waks", "rms", "northpass"}
    assert any("error" in row for row in r["across"])  # the K is not in the Northpass deck
    wild = _op("hand", {"cards": ["JH", "7S", "6S", "AS"], "rules": "rms", "wild": True})
    assert wild["hand"]["wild_as"] not in (None, "JH")
    json.dumps(r)


@pytest.mark.parametrize("request_, error, words", [
    ({"cards": ["7S", "6H", "AD"]}, InvalidCardError, "4 cards"),
    ({"cards": "7S 6H AD KC"}, InvalidCardError, "list of card texts"),
    ({"cards": ["7S", "6H", "AD", "XX"]}, InvalidCardError, "not a card"),
    ({"cards": ["7S"] * 9}, InvalidCardError, "at most"),
    ({"cards": ["7S", "6H", "AD", "KC"], "rules": "nope" * 50}, OptionsError, "no rule set"),
    ({"cards": ["7S", "6H", "AD", "KC"], "wild": "yes"}, OptionsError, "true or false"),
])
def test_hand_operation_refuses_bad_requests(request_: dict[str, Any], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words) as exc:
        _op("hand", request_)
    assert len(str(exc.value)) < 300


def test_coach_operation_reads_only_the_observation() -> None:
    s = GAME.initial_state({"players": 2}, 1, "waks")
    while s.phase != "draw":
        s = GAME.apply(s, "pass")
    seat = s.to_act
    obs = GAME.observation(s, seat)
    hand = obs["hand"]
    r = _op("coach", {"discard": hand[:1]}, obs)
    assert r["value"] == obs["hand_value"] and r["outlook"]["discard"] == hand[:1]
    assert r["outlook"]["mean_points"] >= 0 and r["outlook"]["outcomes"] > 0
    assert _op("coach", {"discard": hand[:1]}, {"observation": obs}) == r  # a View works too
    keep = _op("coach", {}, obs)
    assert keep["outlook"]["discard"] == []
    with pytest.raises(IllegalActionError, match="from your hand"):
        _op("coach", {"discard": [c for c in ("7S", "6H", "AD", "KC", "QS") if c not in hand][:1]}, obs)
    spectator = _op("coach", {}, GAME.observation(s, -1))
    assert spectator == {"value": None, "outlook": None, "choices": None, "rank": None}
    with pytest.raises(OptionsError, match="game in progress"):
        _op("coach", {}, None)
    # RMS with the wild J: the rules come from the observation's options
    r = GAME.initial_state({"players": 4, "wild": True}, 3, "rms")
    assert _op("coach", {}, GAME.observation(r, 0))["outlook"] is not None


def test_coach_with_five_cards_weighs_each_discard_and_ranks_a_hand_with_no_draw_left() -> None:
    """RMS after a draw: the coach lists the hand each discard leaves, best first (it was empty with 5
    cards); with 4 cards it says how many possible hands this one beats (not "0.0% to improve")."""
    s = GAME.initial_state({"players": 4}, 2, "rms")
    rng = AgentRandom(5)
    while not (s.phase == "play" and GAME.legal_actions(s)[0].startswith("discard")):
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    obs = GAME.observation(s, s.to_act)
    assert len(obs["hand"]) == 5
    r = _op("coach", {}, obs)
    assert r["outlook"] is None and r["rank"] is None
    assert sorted(c["card"] for c in r["choices"]) == sorted(obs["hand"])
    best = r["choices"][0]
    for c in r["choices"]:
        after = GAME.apply(s, f"discard {c['card']}")
        value = GAME.observation(after, s.to_act)["hand_value"]
        assert (value["kind"], value["points"]) == (c["kind"], c["points"])
    assert best["kind"] in ("numerus", "primero", "supremus", "punto", "fluxus", "chorus")
    w = GAME.initial_state({"players": 2}, 1, "waks")
    while len(w.hands[w.to_act]) != 4:
        w = GAME.apply(w, rng.choice(GAME.legal_actions(w)))
    rank = _op("coach", {}, GAME.observation(w, w.to_act))["rank"]
    assert 0 <= rank["beats"] <= 1 and rank["outcomes"] > 0
    from pygame_core.cards import Card
    from pygame_core.primero.coach import hand_rank, unseen_cards
    from pygame_core.primero.rules import hand_rules

    rules = hand_rules("waks")
    top = [Card.parse(c) for c in ("7S", "7H", "7D", "7C")]  # chorus of sevens: nothing beats it
    assert hand_rank(top, unseen_cards(rules, top), rules)["beats"] > 0.99


def test_coach_outlook_says_how_often_a_trade_is_better_and_how_often_worse() -> None:
    """Issue 20: a Primero of 55 trading a card showed "16.7% chance to improve" beside "Numerus 75%",
    two figures that read as a contradiction. The outlook now gives p_worse too (a lower Primero is
    worse though its kind stays): better, worse and equal add up to every draw."""
    from pygame_core.cards import Card
    from pygame_core.primero.coach import draw_outlook, unseen_cards
    from pygame_core.primero.rules import hand_rules

    rules = hand_rules("northpass")
    hand = [Card.parse(c) for c in ("7S", "6H", "AD", "9C")]
    out = draw_outlook(hand, hand[:1], unseen_cards(rules, hand), rules)
    assert out["p_improve"] is not None and out["p_worse"] is not None
    assert out["p_worse"] > 0.5 and 0 < out["p_improve"] < 0.5  # most draws spoil the one-of-each-suit
    assert 0 <= 1 - out["p_improve"] - out["p_worse"] <= 1
    two = draw_outlook(hand[:2], [], unseen_cards(rules, hand[:2]), rules)  # fewer than 4 cards: nothing to compare
    assert two["p_improve"] is None and two["p_worse"] is None


def test_lessons_operation() -> None:
    listed = _op("lessons", {})
    assert [w["name"] for w in listed][:1] == ["waks-anna"]
    step = _op("lessons", {"lesson": "waks-anna", "step": 2})
    assert step["step"] == 2 and step["name"] == "waks-anna"
    assert _op("lessons", {"lesson": "waks-anna"})["step"] == 0
    assert _op("lessons", {"name": "waks-anna", "step": 2}) == step  # called directly, ``name`` works too
    with pytest.raises(OptionsError, match="no lesson"):
        _op("lessons", {"lesson": "x" * 5000})
    with pytest.raises(OptionsError, match="has steps"):
        _op("lessons", {"lesson": "waks-anna", "step": "2"})


# --- the agents' prepare --------------------------------------------------------------------------


def test_prepare_builds_the_tables_before_the_first_move() -> None:
    clear_tables()
    PrimeroAgent("medium").prepare("northpass", {"players": 2})
    ev = evaluator("northpass", False)
    assert ev._pct is not None and ev._by_claim is None
    PrimeroAgent("hard").prepare("northpass", {"players": 2})
    assert ev._by_claim is not None
    PrimeroAgent("easy").prepare("rms", {"players": 4, "wild": True})
    assert evaluator("rms", True)._pct is not None
    with pytest.raises(OptionsError):
        PrimeroAgent("easy").prepare("chess", {})
    for kind in ("easy", "medium", "hard"):
        assert callable(getattr(make_agent("primero", kind), "prepare", None))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_last_deals_reading_is_kept_on_the_outcome_and_agrees_with_a_fresh_one(variant: str) -> None:
    """``last_deal_json`` works out the shown hands' counting cards and reason once per outcome (kept
    on it): at every step of random games it equals a fresh reading of the same outcome, and a
    caller that changes what it got changes nothing of the next answer."""
    from dataclasses import replace as dc_replace

    from pygame_core.primero.game import last_deal_json

    seen = 0
    for seed in range(3):
        for s in _random_game(variant, seed, 4 if variant == "rms" else 3, deals=3):
            if s.last_deal is None:
                continue
            got = last_deal_json(s)
            fresh = last_deal_json(dc_replace(s, last_deal=dc_replace(s.last_deal)))  # a copy: nothing kept yet
            assert got == fresh
            got["why"] = "changed"
            for hand in got["counting"]:
                hand.append("XX")
            assert last_deal_json(s) == fresh
            seen += 1
    assert seen > 10

