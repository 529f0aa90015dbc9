"""Primiera's engine: action texts, refusals, secret picks, Heralds, leftovers, scoring, the end of the game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace

import pytest

from pygame_core import registry
from pygame_core.errors import IllegalActionError, InvalidActionError, OptionsError
from pygame_core.primiera.engine import arrange, decide, why_on
from pygame_core.primiera.game import DESCRIPTION_KEYS, GAME, PrimieraGame, PrimieraState
from pygame_core.primiera.rules import DECK, HERALDS
from pygame_core.primiera.scoring import score_round, sole_best
from pygame_core.primiera.state import RoundScore
from pygame_core.protocol import Game
from pygame_core.records import Record, replay
from pygame_core.rng import AgentRandom


@pytest.fixture
def primiera(monkeypatch: pytest.MonkeyPatch) -> Iterator[PrimieraGame]:
    """Primiera registered as ``primiera`` for one test (it is not in the registry until the web has it)."""
    monkeypatch.setitem(registry._MODULES, "primiera", "pygame_core.primiera.game")
    yield GAME


def _play(s: PrimieraState, *actions: str) -> PrimieraState:
    for a in actions:
        s = GAME.apply(s, a)
    return s


def _random_game(variant: str, seed: int) -> tuple[PrimieraState, list[str]]:
    s = GAME.initial_state(None, seed, variant)
    rng = AgentRandom(seed)
    actions = []
    while not GAME.is_terminal(s):
        a = rng.choice(GAME.legal_actions(s))
        actions.append(a)
        s = GAME.apply(s, a)
    return s, actions


def test_implements_the_protocol() -> None:
    assert isinstance(GAME, Game)
    assert [v.name for v in GAME.info.variants] == ["kaleidos", "classic", "2p", "3p"]
    assert GAME.info.default_variant == "kaleidos"


# --- action texts ----------------------------------------------------------------


@pytest.mark.parametrize(("text", "canonical"), [
    ("play 7D", "play 7D"),
    ("  PLAY 7d  ", "play 7D"),
    ("play 7D x 7S", "play 7D x 7S"),
    ("play 7D x 4H 3C", "play 7D x 3C 4H"),
    ("play 7D X 4H+3C", "play 7D x 3C 4H"),
    ("play 7D x 4h, 3c", "play 7D x 3C 4H"),
    ("play KD x AS 2C 3H 4S", "play KD x AS 2C 3H 4S"),
    ("play 1D", "play AD"),
    ("pick 5c", "pick 5C"),
])
def test_actions_parse_to_one_canonical_text(text: str, canonical: str) -> None:
    assert GAME.parse_action(text) == canonical
    assert GAME.parse_action(canonical) == canonical


@pytest.mark.parametrize("text", [
    "", "   ", "play", "pick", "play 8D", "play 10H", "play ZZ", "play 7D 3C", "play 7D x", "play 7D y 3C",
    "play 7D x 3C 3C", "play 7D x 7D", "pick 5C 6C", "discard 7D", "play 7Dx3C", "\x00", "play ⁷D",
])
def test_non_actions_are_invalid(text: str) -> None:
    with pytest.raises(InvalidActionError):
        GAME.parse_action(text)


def test_illegal_actions_say_why() -> None:
    s = arrange(GAME.initial_state(None, 1, "2p"), [["7D", "5C", "KS"], ["4C", "4S", "4D"]],
                ["7S", "3C", "4H", "2D"], to_act=0)
    with pytest.raises(IllegalActionError, match="capturing is compulsory"):
        GAME.apply(s, "play 7D")
    with pytest.raises(IllegalActionError, match="same rank comes before any sum"):
        GAME.apply(s, "play 7D x 3C 4H")
    with pytest.raises(IllegalActionError, match="not in the hand of the player to act"):
        GAME.apply(s, "play 4C")
    with pytest.raises(IllegalActionError, match="4H is not a capture for 5C here"):
        GAME.apply(s, "play 5C x 4H")
    with pytest.raises(IllegalActionError, match="table cards are already chosen"):
        GAME.apply(s, "pick 7D")
    assert set(GAME.legal_actions(s)) == {"play 5C x 2D 3C", "play 7D x 7S", "play KS x 3C 7S"}


def test_every_capture_choice_is_listed_and_sorted() -> None:
    s = arrange(GAME.initial_state(None, 2, "2p"), [["KD", "5C", "JS"], ["4C", "4S", "4D"]],
                ["AS", "2C", "3H", "4H", "6D", "7S"], to_act=0)
    legal = GAME.legal_actions(s)
    assert legal == tuple(sorted(legal, key=lambda a: a.split()))
    king = {a for a in legal if a.startswith("play KD")}
    assert king == {"play KD x 3H 7S", "play KD x 4H 6D", "play KD x AS 2C 7S", "play KD x AS 3H 6D",
                    "play KD x AS 2C 3H 4H"}


# --- Kaleidos: the secret picks and the Heralds -----------------------------------


def test_picks_stay_secret_until_all_four_are_in() -> None:
    s = GAME.initial_state(None, 3, "kaleidos")
    first = GAME.current_player(s)
    assert first == (s.dealer + 1) % 4
    card = s.hands[first][0]
    s = GAME.apply(s, f"pick {card}")
    mine = GAME.observation(s, first)
    assert mine["my_pick"] == card and card not in mine["hand"]
    for seat in range(-1, 4):
        if seat != first:
            obs = GAME.observation(s, seat)
            assert card not in json.dumps(obs)
            assert obs["picked"][first] is True and obs["picks"] is None
    assert GAME.describe_action(replace(s, to_act=first), f"pick {s.hands[first][0]}")["key"] == "primiera.pick"
    while s.phase == "pick":
        s = GAME.apply(s, GAME.legal_actions(s)[-1])
    obs = GAME.observation(s, -1)
    assert obs["picks"][first] == card and len(obs["table"]) == 4
    assert [e["key"] for e in obs["log"][-5:]] == ["primiera.picked"] * 4 + ["primiera.reveal"]
    assert GAME.current_player(s) == (s.dealer + 1) % 4


def test_heralds_on_the_table_do_not_count_and_no_herald_means_alone() -> None:
    # D-PA2, D-PA3: all four Heralds picked for the table; nobody plays one; the round is individual, doubled.
    s = GAME.initial_state(None, 4, "kaleidos")
    order = [(s.dealer + 1 + i) % 4 for i in range(4)]
    for seat in order:
        herald = next(c for c in s.hands[seat] if c in HERALDS)
        s = GAME.apply(s, f"pick {herald}")
    assert s.sides is None and s.herald is None and sorted(s.table) == sorted(HERALDS)
    start = s.round
    while s.round == start:
        s = GAME.apply(s, GAME.legal_actions(s)[0])
    line = s.sheet[-1]
    assert line.partnership == "none" and line.doubled and len(line.sides) == 4


def test_only_the_first_herald_played_sets_partners() -> None:
    s = GAME.initial_state(None, 5, "kaleidos")
    s = arrange(s, [["AD", "2C"], ["AH", "4D"], ["5C", "6D"], ["7D", "KC"]], ["QS", "QH", "QD", "QC"], to_act=0)
    s = _play(s, "play AD")
    assert s.sides == ((0, 1), (2, 3))
    s = _play(s, "play AH x AD")
    assert s.sides == ((0, 1), (2, 3)) and s.herald == (0, "AD")


# --- the end of a round -------------------------------------------------------------


def test_last_capturer_takes_what_is_left() -> None:
    s = arrange(GAME.initial_state(None, 6, "2p"), [["5C"], ["KS"]], ["2D", "3H", "QH"], to_act=0, rest_to_pile=1)
    s = _play(s, "play 5C x 2D 3H", "play KS")
    line = s.sheet[-1]
    assert line.sides[0][1].card_count == 5  # 5C 2D 3H + QH KS
    log = GAME.log_entries(s, 0, 0, GAME.observation(s, 0)["log_size"])
    assert {"seat": 0, "key": "primiera.last_take", "args": {"cards": ["QH", "KS"]}} in log


def test_nobody_captured_leaves_the_table_to_nobody() -> None:
    # D-PA9
    s = arrange(GAME.initial_state(None, 7, "2p"), [["5C"], ["KS"]], ["2D", "QH"], to_act=0, rest_to_pile=1)
    s = replace(s, piles=((), s.piles[1]))
    s = _play(s, "play 5C", "play KS")
    log = GAME.log_entries(s, 0, 0, GAME.observation(s, 0)["log_size"])
    assert {"seat": -1, "key": "primiera.leftover", "args": {"cards": ["2D", "5C", "QH", "KS"]}} in log


def test_deal_rotates_to_the_right_and_the_sheet_adds_up() -> None:
    for variant in ("kaleidos", "classic", "2p", "3p"):
        s, _ = _random_game(variant, 8)
        n = s.players
        dealers = [line.dealer for line in s.sheet]
        assert all(b == (a + 1) % n for a, b in zip(dealers, dealers[1:], strict=False))
        running = [0] * n
        for line in s.sheet:
            running = [r + p for r, p in zip(running, line.points, strict=True)]
            assert list(line.totals) == running
            for seats, points in line.sides:
                assert all(line.points[x] == points.total for x in seats)
        assert list(s.totals) == running == GAME.result(s)["scores"]


# --- scoring ---------------------------------------------------------------------------


def test_ties_give_nobody_the_point() -> None:
    # D-PA4, D-PA6
    assert sole_best([3, 5, 5]) is None and sole_best([3, 5, 4]) == 1 and sole_best([None, None]) is None
    half = [c for c in DECK if c[-1] in "SH"], [c for c in DECK if c[-1] in "DC"]
    pts = score_round(half, [0, 0])
    assert pts[0].cards == pts[1].cards == 0  # 20-20
    assert pts[1].coins == 1 and pts[1].settebello == 1


def test_a_side_missing_a_suit_cannot_win_primiera() -> None:
    # D-PA5
    a = [c for c in DECK if c[-1] != "C"] + ["2C"]
    b = [c for c in DECK if c[-1] == "C" and c != "2C"]
    pts = score_round([a, b], [0, 0])
    assert pts[0].primiera == 1 and pts[0].primiera_total == 75 and pts[1].primiera_total is None
    assert score_round([[c for c in DECK if c[-1] in "SH"], [c for c in DECK if c[-1] in "DC"]], [0, 0])[0].primiera == 0


def test_sweeps_are_not_doubled() -> None:
    # D-PA7
    piles = [[c for i, c in enumerate(DECK) if i % 4 == k] for k in range(4)]
    pts = score_round(piles, [3, 0, 0, 0], double=True)
    assert pts[0].sweeps == 3
    assert all(p.cards in (0, 2) and p.coins in (0, 2) and p.primiera in (0, 2) for p in pts)


# --- the end of the game -------------------------------------------------------------


def _with_totals(variant: str, totals: tuple[int, ...], extra: bool = False, round_: int = 3) -> PrimieraState:
    s = GAME.initial_state(None, 9, variant)
    return replace(s, totals=totals, extra=extra, round=round_)


def test_kaleidos_ending_plays_an_extra_round_when_several_reach_21() -> None:
    # D-PA12
    assert decide(_with_totals("kaleidos", (21, 3, 4, 20))) == ((0,), False)
    assert decide(_with_totals("kaleidos", (21, 3, 4, 22))) == ((), True)
    assert decide(_with_totals("kaleidos", (25, 3, 4, 22), extra=True)) == ((0,), True)
    assert decide(_with_totals("kaleidos", (25, 3, 4, 25), extra=True)) == ((), True)
    assert decide(_with_totals("kaleidos", (20, 3, 4, 19))) == ((), False)


def _after(variant: str, *lines: tuple[tuple[int, ...], bool]) -> PrimieraState:
    """A game whose sheet holds rounds with these (totals, extra) and goes on (D-PA12's states)."""
    s = GAME.initial_state(None, 9, variant)
    sheet = tuple(RoundScore(i + 1, 0, "individual", False, (), (0,) * s.players, totals, extra)
                  for i, (totals, extra) in enumerate(lines))
    return replace(s, sheet=sheet, totals=lines[-1][0], extra=any(e for _, e in lines) or variant == "kaleidos")


def test_why_the_game_goes_on_after_the_target_is_reached() -> None:
    # D-PA12, said to every seat: several reached 21 in one round (the extra round), then a tie.
    s = _after("kaleidos", ((23, 25, 24, 8), False))
    why = {"key": "primiera.on.extra", "args": {"seats": [0, 1, 2], "totals": [23, 25, 24], "target": 21}}
    assert why_on(s) == why
    assert all(GAME.observation(s, seat)["why_on"] == why for seat in range(-1, 4))
    s = _after("kaleidos", ((23, 25, 24, 8), False), ((30, 30, 26, 9), True))
    assert why_on(s) == {"key": "primiera.on.tie", "args": {"sides": [[0], [1]], "total": 30, "target": 21}}
    assert [line["extra"] for line in GAME.observation(s, 0)["sheet"]] == [False, True]
    # The other modes: a tie between sides at or over 11 plays another round.
    assert why_on(_after("2p", ((12, 12), False))) == {"key": "primiera.on.tie", "args": {"sides": [[0], [1]], "total": 12, "target": 11}}
    assert why_on(_after("classic", ((12, 12, 12, 12), False)))["args"]["sides"] == [[0, 2], [1, 3]]
    # Nobody at the target, or no round over yet: nothing to say.
    assert why_on(_after("2p", ((9, 10), False))) is None
    assert why_on(GAME.initial_state(None, 1, "kaleidos")) is None


def test_an_extra_round_is_marked_on_the_sheet() -> None:
    # Through the engine: everyone starts at 20 of 21, so a round where two score starts an extra one.
    for seed in range(50):
        s = replace(GAME.initial_state(None, seed, "kaleidos"), totals=(20, 20, 20, 20))
        rng = AgentRandom(seed)
        while s.round == 1:
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        if s.extra:
            break
    assert s.extra and GAME.observation(s, 0)["why_on"]["key"] == "primiera.on.extra"
    while s.round == 2 and not GAME.is_terminal(s):
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert [line.extra for line in s.sheet] == [False, True]


def test_other_modes_highest_side_at_the_target_wins() -> None:
    assert decide(_with_totals("2p", (12, 11))) == ((0,), False)
    assert decide(_with_totals("2p", (12, 12))) == ((), False)
    assert decide(_with_totals("3p", (9, 10, 10))) == ((), False)
    assert decide(_with_totals("classic", (11, 9, 11, 9))) == ((0, 2), False)
    assert decide(_with_totals("classic", (12, 12, 12, 12))) == ((), False)


def test_round_limit_and_the_target_cross_check() -> None:
    # P-PA1
    s = replace(_with_totals("2p", (5, 7), round_=2), max_rounds=2)
    assert decide(s) == ((1,), False)
    with pytest.raises(OptionsError, match="round limit"):
        GAME.initial_state({"target": 0}, 1, "2p")
    s = GAME.initial_state({"target": 0, "max_rounds": 2}, 10, "3p")
    rng = AgentRandom(1)
    while not GAME.is_terminal(s):
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert s.round == 2 and GAME.result(s)["rounds"] == 2
    with pytest.raises(OptionsError):
        GAME.initial_state({"players": 3}, 1, "2p")


def test_the_game_ends_with_a_result_and_a_log_entry() -> None:
    s, _ = _random_game("classic", 11)
    res = GAME.result(s)
    assert res["winners"] and all(s.totals[w] == max(s.totals) for w in res["winners"])
    assert GAME.observation(s, 0)["log"][-1]["key"] == "primiera.game_end"
    assert GAME.legal_actions(s) == () and GAME.current_player(s) == -1
    with pytest.raises(IllegalActionError, match="game is over"):
        GAME.apply(s, "play 7D")


# --- descriptions, records, resampling -----------------------------------------------


def test_every_description_key_is_declared() -> None:
    used: set[str] = set()
    for variant in ("kaleidos", "2p"):
        s, _ = _random_game(variant, 12)
        size = GAME.observation(s, -1)["log_size"]
        for e in GAME.log_entries(s, -1, 0, size):
            used.add(e["key"])
            for side in e["args"].get("sides", []):
                if isinstance(side, dict):
                    used.add(side["key"])
    assert used <= set(DESCRIPTION_KEYS)
    assert {"primiera.deal", "primiera.capture", "primiera.round_end", "primiera.game_end"} <= used


def test_a_record_replays_to_the_same_state(primiera: PrimieraGame) -> None:
    for variant in ("kaleidos", "classic", "2p", "3p"):
        s, actions = _random_game(variant, 13)
        opts = GAME.info.variant(variant).resolve_options(None)
        rec = Record("primiera", variant, tuple(sorted(opts.items())), 13, tuple(actions))
        _, again = replay(json.loads(json.dumps(rec.to_json())))
        assert again == s


def test_resampling_keeps_the_view_and_one_herald_each() -> None:
    s = GAME.initial_state(None, 14, "kaleidos")
    s = GAME.apply(s, GAME.legal_actions(s)[0])
    seat = (s.dealer + 1) % 4
    for k in range(20):
        r = GAME.resample_hidden(s, seat, k)
        assert GAME.observation(r, seat) == GAME.observation(s, seat)
        everything = sorted(c for h in r.hands for c in h) + [p for p in r.picks if p]
        assert sorted(everything) == sorted(DECK)
        for other in range(4):
            held = list(r.hands[other]) + ([r.picks[other]] if r.picks[other] else [])
            assert sum(1 for c in held if c in HERALDS) == 1


def test_every_cited_decision_has_a_summary() -> None:
    from pygame_core.decisions import DECISIONS
    from pygame_core.primiera.rules import RULES

    cited = {d for r in RULES.values() for d in r.decisions}
    assert {f"D-PA{i}" for i in range(1, 15)} <= cited <= set(DECISIONS)
    assert GAME.observation(GAME.initial_state(None, 1, "2p"), 0)["decisions"] == list(RULES["2p"].decisions)


def test_kaleidos_extra_round_is_played_and_then_the_highest_wins() -> None:
    # D-PA12 through the engine: everyone starts the round at 20 of 21.
    for seed in range(50):
        s = replace(GAME.initial_state(None, seed, "kaleidos"), totals=(20, 20, 20, 20))
        rng = AgentRandom(seed)
        while s.round == 1:
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        if s.extra:
            break
    else:
        pytest.fail("no seed led to an extra round")
    assert not GAME.is_terminal(s) and sum(t >= 21 for t in s.totals) >= 2
    assert any(e["key"] == "primiera.extra_round" for e in GAME.observation(s, 0)["log"])
    while not GAME.is_terminal(s):
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    (winner,) = GAME.result(s)["winners"]
    assert s.totals.count(max(s.totals)) == 1 and s.totals[winner] == max(s.totals)
