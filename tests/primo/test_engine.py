"""Primo's rules in the engine: parsing, every action's rule and its refusal, Take and Top cards,
the colour rules, clears, turn ends, stalls, rounds, the observation, and the ``why`` and
``coach`` operations."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.errors import IllegalActionError, InvalidActionError, OptionsError
from pygame_core.primo.board import exchanges, parse, resolve_take, why_action
from pygame_core.primo.engine import arrange
from pygame_core.primo.game import GAME, PrimoState
from pygame_core.primo.rules import TURN_ACTION_CAP

Rows = dict[str, list[str]]


def lay(rows: Rows, hands: list[list[str]], variant: str = "base", to_act: int = 0, players: int = 3,
        **kw: Any) -> PrimoState:
    return arrange(variant, players, rows, hands + [[] for _ in range(players - len(hands))], to_act=to_act, **kw)


def play(state: PrimoState, *actions: str) -> PrimoState:
    for a in actions:
        state = GAME.apply(state, a)
    return state


def refused(state: PrimoState, action: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        GAME.apply(state, action)
    text = str(err.value)
    assert "seat" not in text and "Traceback" not in text
    return text


# --- parsing -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text, canonical", [
    ("add 12Y B", "add 12Y B"), ("ADD 12y b", "add 12Y B"), ("  open 13b   a ", "open 13B A"),
    ("move c:7 e", "move C:7 E"), ("top d", "top D"), ("head 9y c", "head 9Y C"), ("take f", "take F"),
    ("exchange 12Y 3B 3B", "exchange 3B 3B 12Y"), ("exchange TOP 1B take 1Y", "exchange 1Y 1B TAKE TOP"),
    ("exchange", "pass"), ("PASS", "pass"), ("end", "end"), ("exchange 3b, 4y", "exchange 3B 4Y"),
])
def test_parse_gives_the_canonical_text(text: str, canonical: str) -> None:
    assert parse(text) == canonical
    assert parse(canonical) == canonical


@pytest.mark.parametrize("text", [
    "", "   ", "add", "add TOP A", "add 14Y A", "add 0Y A", "add 5R A", "add 5Y G", "add 5Y", "open TAKE A",
    "move C7 E", "move C:0 E", "move C:14 E", "move C:07 E", "move C:x E", "top", "top A B", "take", "end now",
    "exchange 1Y 1Y 1Y 1Y 1Y 1Y 1Y", "exchange 5Q", "add ５Y A", "draw", "head 13", "add 12Y B" + " " * 300,
])
def test_parse_refuses_non_actions(text: str) -> None:
    with pytest.raises(InvalidActionError):
        parse(text)


def test_exchanges_are_the_distinct_multisets() -> None:
    ex = exchanges(("3B", "3B", "12Y", "TOP", "TOP", "TOP"))
    assert len(ex) == len(set(ex)) == 3 * 2 * 4
    assert "pass" in ex and "exchange 3B 3B 12Y" in ex and "exchange TOP TOP TOP" in ex
    assert len(exchanges(("1Y", "2Y", "3Y", "4Y", "5Y", "6Y"))) == 64


# --- placing ------------------------------------------------------------------------------------


def test_add_open_and_the_value_rule() -> None:
    s = lay({"A": ["9Y", "8Y"]}, [["7B", "6Y", "9B", "13Y", "1Y", "TOP"]])
    legal = GAME.legal_actions(s)
    assert "add 7B A" in legal and "add 6Y A" not in legal and "add 9B A" not in legal
    assert {f"open {c} B" for c in ("1Y", "6Y", "7B", "9B", "13Y")} <= set(legal)
    assert "open TOP B" not in " ".join(legal)
    assert "does not fit row A: its tail needs a 7" in refused(s, "add 6Y A")
    assert "not empty" in refused(s, "open 7B A")
    assert "is empty" in refused(s, "add 7B C")
    assert "not in the hand" in refused(s, "add 7Y A")


def test_moves_take_any_tail_run_onto_a_row_one_higher() -> None:
    s = lay({"A": ["13Y", "12Y"], "B": ["11B", "10B", "9B"], "C": ["10Y"], "D": ["5Y"]}, [["1Y"]])
    legal = GAME.legal_actions(s)
    assert "move B:11 A" in legal  # the whole row
    assert "move B:9 C" in legal  # a tail run from the middle of a row
    assert "move B:10 A" not in legal and "move D:5 E" not in legal  # value; never onto an empty base (D-PO6)
    s2 = play(s, "move B:9 C")
    assert s2.rows[1] == ("11B", "10B") and s2.rows[2] == ("10Y", "9B") and s2.to_act == 0
    assert "onto its own row" in refused(s, "move B:9 B")
    assert "no card 4" in refused(s, "move B:4 A")
    assert "is empty" in refused(s, "move D:5 E")
    assert "its tail needs an 11" in refused(s, "move C:10 A")


def test_top_cards() -> None:
    s = lay({"A": ["9Y", "8Y"], "B": ["5Y"]}, [["TOP", "TOP", "10B", "11Y", "6B", "2Y"]])
    assert "head 10B A" not in GAME.legal_actions(s)
    assert "no Top card this turn" in refused(s, "head 10B A")
    assert "is empty" in refused(s, "top C")  # D-PO7: never on an empty row
    s = play(s, "top A")
    assert s.tops == ("A",) and "head 10B A" in GAME.legal_actions(s) and "head 6B B" not in GAME.legal_actions(s)
    assert "top A" in GAME.legal_actions(s)  # D-PO7: a second Top card on the same row is allowed
    s = play(s, "head 10B A", "head 11Y A", "top B", "head 6B B")
    assert s.rows[0] == ("11Y", "10B", "9Y", "8Y") and s.rows[1] == ("6B", "5Y") and s.tops == ("A", "B")
    assert s.out == 2
    s = play(s, "end")
    assert s.tops == () and s.to_act == 1


def test_a_second_top_card_on_the_same_row_is_shed_and_lets_the_player_go_out() -> None:
    """D-PO7 as the book reads (issue 20): two Top cards and one row to use them on; the second one plays
    with no new effect, and shedding it empties the hand and the pile: the round is won."""
    s = lay({"A": ["9Y", "8Y"]}, [["TOP", "TOP"], ["12Y"], ["12B"]], empty_piles=[0])
    assert [a for a in GAME.legal_actions(s) if not a.startswith(("exchange", "pass"))] == ["top A"]  # B-F empty
    s = play(s, "top A")
    assert s.hands[0] == ("TOP",) and s.tops == ("A",)
    assert sorted(GAME.legal_actions(s)) == ["end", "top A"]
    s = play(s, "top A")
    assert [e[1] for e in s.log.entries()].count("primo.top") == 2
    assert s.rows[0] == ("9Y", "8Y")  # nothing new: the row is as it was
    assert GAME.is_terminal(s) and GAME.result(s)["winners"] == [0]


def test_take_skips_empty_rows_and_runs_out() -> None:
    rows = (("9Y",), (), ("7Y", "6Y"), (), (), ())
    after, takes = resolve_take(rows, "A", [(1, True), (2, True), (3, True)])
    assert takes == [(1, "9Y", "A", None), (2, "7Y", "C", None)]  # D-PO8: the third takes nothing
    assert after == ((), (), ("6Y",), (), (), ())
    after, takes = resolve_take(rows, "F", [(1, True), (2, True)])
    assert takes == [(1, "7Y", "C", None), (2, "9Y", "A", None)]  # F to A


def test_a_taker_without_a_pile_opens_a_base_or_gets_a_one_card_pile() -> None:
    full = tuple((f"{v}Y",) for v in (9, 8, 7, 6, 5, 4))
    rows = ((), ("8Y", "7Y"), ("6B",), ("5B",), ("4B",), ("3B",))
    after, takes = resolve_take(rows, "A", [(1, False)])
    assert takes == [(1, "8Y", "B", "A")] and after[0] == ("8Y",)  # P-PO1: the first empty base from A on
    _, takes = resolve_take(full, "F", [(1, False), (2, True)])
    assert takes == [(1, "4Y", "F", "F"), (2, "5Y", "E", None)]  # the row just emptied is the first empty base
    s = lay({"A": ["9Y", "8Y"], "B": ["7Y"], "C": ["6Y"], "D": ["5Y"], "E": ["4Y"], "F": ["3Y"]},
            [["TAKE", "1Y"], ["2Y"], ["2B"]], empty_piles=[1])
    s = play(s, "take A")
    assert s.piles[1] == ("9Y",)  # D-PO9: no empty base: a one-card draw pile
    assert s.piles[2][0] == "7Y"


def test_clears_and_the_freed_base() -> None:
    run = [f"{v}Y" for v in range(13, 1, -1)]
    s = lay({"A": run}, [["1Y", "12B", "5B"]])
    s = play(s, "add 1Y A")
    assert s.rows[0] == () and s.out == 13 and s.to_act == 0  # D-PO12, and the turn goes on
    s = play(s, "open 12B A")
    assert s.rows[0] == ("12B",)


def test_the_colour_rules() -> None:
    rows = {"A": ["9Y", "8B"], "B": ["13B", "12B"], "C": ["8Y"]}
    hand = [["7Y", "7B", "11B", "11Y", "10Y", "TOP"]]
    alt = lay(rows, hand, "alternate")
    la = GAME.legal_actions(alt)
    assert "add 7Y A" in la and "add 7B A" not in la
    assert "colours alternate" in refused(alt, "add 7B A")
    assert "move A:8 A" not in la and "move C:8 A" not in la  # 8Y onto 9Y? wrong tail anyway
    mono = lay(rows, hand, "mono")
    lm = GAME.legal_actions(mono)
    assert "add 11B B" in lm and "add 11Y B" not in lm and "one colour per row" in refused(mono, "add 11Y B")
    base = lay(rows, hand, "base")
    assert {"add 7Y A", "add 7B A", "add 11B B", "add 11Y B"} <= set(GAME.legal_actions(base))
    # the join of a moved run and a Top addition follow the rule too (D-PO15)
    alt2 = lay({"A": ["10Y"], "B": ["9Y", "8B"], "C": ["9B"]}, [["11Y", "11B", "TOP"]], "alternate")
    la2 = GAME.legal_actions(alt2)
    assert "move C:9 A" in la2 and "move B:9 A" not in la2
    alt2 = play(alt2, "top A")
    assert "head 11B A" in GAME.legal_actions(alt2) and "head 11Y A" not in GAME.legal_actions(alt2)
    # opening is free
    assert "open 10Y D" in GAME.legal_actions(mono)


def test_a_complete_row_clears_only_under_the_colour_rule() -> None:
    alternating = [f"{v}{'Y' if v % 2 else 'B'}" for v in range(13, 1, -1)]
    s = play(lay({"A": alternating}, [["1Y", "1B"]], "alternate"), "add 1Y A")
    assert s.rows[0] == () and s.out == 13


# --- turns ----------------------------------------------------------------------------------------


def test_exchange_only_first_and_end_only_after_playing() -> None:
    s = lay({"A": ["9Y"]}, [["8Y", "1Y", "1B", "2Y", "3Y", "4Y"]])
    assert "end" not in GAME.legal_actions(s)
    assert "nothing was played" in refused(s, "end")
    s = play(s, "add 8Y A")
    assert "end" in GAME.legal_actions(s) and not any(a.startswith(("exchange", "pass")) for a in GAME.legal_actions(s))
    assert "only as the turn's first action" in refused(s, "exchange 1Y")
    assert "only as the turn's first action" in refused(s, "pass")
    pile = s.piles[0]
    s = play(s, "end")
    assert s.to_act == 1 and len(s.hands[0]) == 6 and s.piles[0] == pile[1:]


def test_exchange_goes_under_the_pile_and_with_no_pile_gives_the_cards_back() -> None:
    s = lay({"A": ["9Y"]}, [["1Y", "1B", "2Y", "3Y", "4Y", "13Y"]], empty_piles=[0])
    s2 = play(s, "exchange 1Y 13Y")
    assert s2.hands[0] == s.hands[0] and s2.piles[0] == () and s2.to_act == 1  # D-PO11
    entries = GAME.log_entries(s2, 2, 0, 5)
    assert entries == [{"seat": 0, "key": "primo.exchange", "args": {"n": 2}},  # the count only
                       {"seat": 0, "key": "primo.refill", "args": {"n": 2}}]


def test_the_turn_ends_when_the_hand_is_empty_specials_included() -> None:
    s = lay({"A": ["9Y"]}, [["8Y", "TOP"]])
    s = play(s, "add 8Y A")
    assert s.to_act == 0
    s = play(s, "top A")
    assert s.to_act == 1 and len(s.hands[0]) == 6  # D-PO10
    keys = [e["key"] for e in GAME.log_entries(s, -1, 0, 10)]
    assert keys == ["primo.add", "primo.top", "primo.end", "primo.refill"]


def test_a_turn_ends_by_itself_at_the_action_cap() -> None:
    s = lay({"A": ["10Y"], "B": ["10B"], "C": ["9Y"]}, [["1Y", "1B"]])
    for _ in range(TURN_ACTION_CAP):
        assert s.to_act == 0
        s = play(s, "move C:9 A" if s.rows[2] else "move A:9 B" if len(s.rows[0]) == 2 else "move B:9 A")
    assert s.to_act == 1  # D-PO13
    assert GAME.log_entries(s, -1, 0, 100)[-2]["args"] == {"reason": "cap"}


def test_three_full_cycles_without_a_card_played_end_the_round() -> None:
    s = GAME.initial_state({"players": 3}, 5)
    s = play(s, *["pass"] * 8)
    assert not GAME.is_terminal(s)  # one or two idle cycles are not a stall (D-PO13, stall_laps)
    s = play(s, "pass")
    assert GAME.is_terminal(s)  # D-PO13: scored by cards left
    left = [len(h) + len(p) for h, p in zip(s.hands, s.piles, strict=True)]
    assert GAME.result(s)["scores"] == [-x for x in left] == [-36, -36, -36]
    assert GAME.result(s)["winners"] == [0, 1, 2]
    assert [e["key"] for e in GAME.log_entries(s, -1, 0, 100)][-3:] == ["primo.stall", "primo.roundend", "primo.win"]


def test_a_card_played_resets_the_stall_count() -> None:
    s = lay({"A": ["9Y"]}, [["13Y"], ["13B"], ["8Y", "1Y"]])
    s = play(s, "pass", "pass", "add 8Y A", "end", "pass", "pass")
    assert not GAME.is_terminal(s) and s.idle == 2


def test_rounds_the_winner_starts_the_next_and_totals_decide() -> None:
    s = lay({"A": ["6Y", "5Y"]}, [["4Y"], ["13Y"], ["13B"]], variant="rounds", to_act=2, empty_piles=[0],
            rounds=2)
    s = play(s, "pass", "add 4Y A")
    assert s.round == 2 and s.to_act == 0 and s.starter == 0 and len(s.round_results) == 1
    assert s.round_results[0].ender == 0 and s.scores[0] == 3
    assert sum(len(r) for r in s.rows) == 6 and all(len(h) == 6 for h in s.hands)  # a new deal
    n = len(GAME.observation(s, 0)["log"])
    assert n >= 1  # the last round's end rides along
    s = play(s, *["pass"] * 9)  # a stalled round (3 idle cycles): the fewest cards left starts (P-PO2); here the last
    assert GAME.is_terminal(s) and GAME.result(s)["winners"] == [0]
    assert GAME.result(s)["rounds"] == 2


def test_five_players_deal_from_the_round_starter() -> None:
    s = GAME.initial_state({"players": 5}, 11, "rounds")
    assert [len(h) + len(p) for h, p in zip(s.hands, s.piles, strict=True)] == [22, 22, 22, 21, 21]


def test_options() -> None:
    s = GAME.initial_state({"players": 2, "tops": 0}, 1)
    every = [c for h in s.hands for c in h] + [c for p in s.piles for c in p]
    assert every.count("TAKE") == 10 and every.count("TOP") == 0  # D-PO1
    with pytest.raises(OptionsError):
        GAME.initial_state({"players": 7}, 1)
    with pytest.raises(OptionsError):
        GAME.initial_state({"rounds": 3}, 1, "base")
    with pytest.raises(OptionsError):
        GAME.initial_state({"tops": 11}, 1)
    assert GAME.initial_state({"rounds": 3}, 1, "rounds").rounds == 3
    assert GAME.initial_state(None, 1, "rounds").rounds == 4


def test_after_the_game_nothing_is_legal() -> None:
    s = play(GAME.initial_state({"players": 2}, 1), *["pass"] * 6)
    assert GAME.is_terminal(s) and GAME.legal_actions(s) == ()
    assert "the game is over" in refused(s, "pass")


# --- the observation -------------------------------------------------------------------------------


def test_the_observation_schema() -> None:
    s = GAME.initial_state({"players": 4}, 2)
    obs = GAME.observation(s, 1)
    assert list(obs) == ["game", "variant", "players", "seat", "rows", "hand", "hands", "piles", "current", "turn",
                         "out", "round", "rounds", "scores", "round_results", "terminal", "log", "log_size", "since"]
    assert obs["game"] == "primo" and obs["seat"] == 1 and obs["current"] == 0
    assert [r["name"] for r in obs["rows"]] == list("ABCDEF") and all(len(r["cards"]) == 1 for r in obs["rows"])
    assert obs["hand"] == list(s.hands[1]) and obs["hands"] == [6] * 4 and obs["piles"] == [21] * 4
    assert obs["turn"] == {"phase": "start", "tops": [], "played": 0}
    assert obs["rounds"] == 1 and obs["round"] == 1 and obs["terminal"] is False
    assert GAME.observation(s, -1)["hand"] == []


def test_the_observation_decodes_only_the_latest_log_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    # The observation is the worker's and the agents' hot path: its cost must not grow with the log
    # (it used to decode the whole round's log on every call, hundreds of entries late in a round).
    import json

    from pygame_core.primo.game import OBS_LOG, RECAP_MAX
    from pygame_core.rng import AgentRandom

    s = GAME.initial_state({"players": 4}, 3)
    agent, rng = GAME.info.agents["easy"](), AgentRandom(1)
    while len(s.log) < 5 * OBS_LOG and not GAME.is_terminal(s):
        s = GAME.apply(s, agent.choose(GAME.observation(s, s.to_act), GAME.legal_actions(s), rng))
    size = len(s.log)
    assert size >= 5 * OBS_LOG
    decoded = 0
    loads = json.loads

    def counting(text: str) -> Any:
        nonlocal decoded
        decoded += 1
        return loads(text)

    monkeypatch.setattr(json, "loads", counting)
    obs = GAME.observation(s, 1)
    start = min(size - OBS_LOG, obs["since"])  # the latest entries, or back to the recap's start
    assert decoded == size - start <= RECAP_MAX
    assert obs["log_size"] == size
    assert obs["log"] == GAME.log_entries(s, 1, start, size)  # as the worker reads them


def test_since_is_where_the_seats_recap_begins() -> None:
    # The "Since your turn" recap (issue 20): the entries after the seat's last turn, public.
    s = GAME.initial_state({"players": 3}, 5)
    obs = GAME.observation(s, 0)
    assert obs["since"] == 0 and GAME.observation(s, -1)["since"] == len(s.log)
    first = next(a for a in GAME.legal_actions(s) if a.split()[0] in ("add", "open"))
    s = play(s, first, "end")  # seat 0's turn: its own entries, then its refill
    mine = len(s.log)
    assert GAME.observation(s, 0)["since"] == mine  # nothing since, yet
    s = play(s, "pass")  # seat 1
    assert GAME.observation(s, 0)["since"] == mine and GAME.observation(s, 1)["since"] == len(s.log)
    s = play(s, "pass")  # seat 2: seat 0 is up again
    obs = GAME.observation(s, 0)
    assert obs["since"] == mine and [e["key"] for e in obs["log"][mine - len(s.log):]] == ["primo.pass", "primo.pass"]
    play_now = next(a for a in GAME.legal_actions(s) if a.split()[0] in ("add", "open", "move", "exchange"))
    s = play(s, play_now)
    if GAME.current_player(s) == 0:  # on its own turn, the recap still says what came before it
        assert GAME.observation(s, 0)["since"] == mine
    assert all(e["seat"] != 0 for e in GAME.log_entries(s, 0, mine, mine + 2))


def test_hidden_cards_and_resampling() -> None:
    s = GAME.initial_state({"players": 3}, 4)
    hidden = set(GAME.hidden_cards(s, 0))
    assert not hidden & set(s.hands[0]) and not hidden & {c for r in s.rows for c in r}
    r = GAME.resample_hidden(s, 0, 9)
    assert r.hands[0] == s.hands[0] and r.rows == s.rows and [len(p) for p in r.piles] == [len(p) for p in s.piles]
    assert r.hands != s.hands or r.piles != s.piles
    assert GAME.observation(r, 0) == GAME.observation(s, 0)


# --- operations ------------------------------------------------------------------------------------


def why(state: PrimoState, seat: int, action: Any) -> dict[str, Any]:
    out: dict[str, Any] = GAME.info.operation("why").run({"action": action}, GAME.observation(state, seat))
    return out


def test_why_says_why() -> None:
    s = lay({"A": ["9Y", "8B"], "B": ["5Y"]}, [["7Y", "7B", "11B", "TOP", "3Y", "1Y"]], "alternate")
    assert why(s, 0, "add 7Y A") == {"key": "primo.why.ok", "args": {}}
    assert why(s, 0, "add 3Y A")["key"] == "primo.why.value"
    assert why(s, 0, "add 3Y A")["args"] == {"card": "3Y", "row": "A", "need": 7, "end": "tail"}
    assert why(s, 0, "add 7B A")["key"] == "primo.why.colour"
    assert why(s, 0, "move A:8 C")["key"] == "primo.why.empty"
    assert why(s, 0, "move A:5 B")["key"] == "primo.why.notrun"
    assert why(s, 0, "head 11B A")["key"] == "primo.why.notop"
    assert why(s, 0, "add 6Y A")["key"] == "primo.why.nocard"
    assert why(s, 0, "take C")["key"] == "primo.why.nocard"
    assert why(s, 0, "end")["key"] == "primo.why.end"
    assert why(s, 1, "add 7Y A")["key"] == "primo.why.turn"
    assert why(s, 0, "fly away")["key"] == "primo.why.invalid"
    assert why(s, 0, None)["key"] == "primo.why.invalid"
    s2 = play(s, "add 7Y A")
    assert why(s2, 0, "exchange 1Y")["key"] == "primo.why.exchange"


def test_why_agrees_with_the_legal_actions() -> None:
    s = GAME.initial_state({"players": 3}, 8, "alternate")
    for _ in range(30):
        if GAME.is_terminal(s):
            break
        seat = s.to_act
        legal = set(GAME.legal_actions(s))
        hand = s.hands[seat]
        candidates = {f"{v} {c} {r}" for v in ("add", "open", "head") for c in hand if c[0].isdigit() for r in "ABCDEF"}
        candidates |= {f"move {r}:{k} {t}" for r in "ABCDEF" for t in "ABCDEF" for k in range(1, 14)}
        candidates |= {f"top {r}" for r in "ABCDEF"} | {f"take {r}" for r in "ABCDEF"} | {"end", "pass"}
        for a in candidates:
            ok = why_action(s.rows, hand, s.tops, s.colour, s.phase, a) is None
            assert ok == (a in legal), a
            assert why(s, seat, a)["key"] == ("primo.why.ok" if ok else why(s, seat, a)["key"])
        s = GAME.apply(s, sorted(legal)[len(legal) // 2])


def test_coach_suggests_a_legal_step() -> None:
    s = lay({"A": ["9Y", "8B"], "B": ["5Y"]}, [["7Y", "6Y", "4Y", "13Y", "13B", "12B"]])
    got = GAME.info.operation("coach").run({}, GAME.observation(s, 0))
    assert got["action"] in GAME.legal_actions(s)
    assert got["why"]["key"] == "primo.coach.play" and got["why"]["args"]["shed"] >= 3
    waiting = GAME.info.operation("coach").run({}, GAME.observation(s, 1))
    assert waiting == {"action": None, "why": {"key": "primo.coach.wait", "args": {}}}
    with pytest.raises(OptionsError):
        GAME.info.operation("coach").run({}, None)


def test_describe_action_matches_the_log() -> None:
    s = lay({"A": ["9Y"], "B": ["5Y"]}, [["TAKE", "8Y", "1Y"], ["2Y"], ["3Y"]])
    d = GAME.describe_action(s, "take A")
    s2 = play(s, "take A")
    entry = GAME.log_entries(s2, -1, 0, 10)[-1]
    assert d == {"key": entry["key"], "args": entry["args"], "seat": entry["seat"]}
    assert GAME.describe_action(s, "exchange 1Y 8Y") == {"key": "primo.exchange", "args": {"n": 2}, "seat": 0}


def test_every_decision_primo_cites_has_a_summary() -> None:
    from pygame_core.decisions import DECISIONS
    from pygame_core.primo.lessons import esm_lesson
    from pygame_core.primo.rules import RULES

    cited = {d for r in RULES.values() for d in r.decisions}
    assert {f"D-PO{i}" for i in range(1, 16)} <= cited | {"D-PO14", "D-PO15"}
    assert cited <= set(DECISIONS)
    notes = {st["note"]["args"]["decision"] for st in esm_lesson()["steps"] if "note" in st}
    assert notes <= set(DECISIONS) and "X-PO1" in notes
