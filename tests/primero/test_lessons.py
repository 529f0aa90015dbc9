"""The "Learn by example" lessons: they replay through the engine, every step is explained,
and the outcomes are the rulebooks' (rulebook-examples.json G024, G033-G041)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pygame_core.errors import OptionsError
from pygame_core.primero.game import GAME, chip_total
from pygame_core.primero.lessons import WALKTHROUGHS, list_walkthroughs, states, walkthrough_step
from tests import string_tables

NAMES = ["waks-anna", "northpass-deal-1", "northpass-forced-stake"]


EN = string_tables.strings("en")


def steps(name: str) -> list[dict[str, Any]]:
    return [walkthrough_step(GAME, name, k) for k in range(WALKTHROUGHS[name].steps)]


def text(d: dict[str, Any]) -> str:
    """A step's commentary in English: its message's text in the game's string table."""
    assert d["commentary"]["args"] == {}
    return EN[d["commentary"]["key"]]


def test_three_lessons_listed() -> None:
    listed = list_walkthroughs()
    assert [w["name"] for w in listed] == NAMES
    for w in listed:
        assert all(EN[w[part]["key"]] for part in ("title", "pitch", "source")) and len(w["names"]) == 4
        assert w["steps"] == len(WALKTHROUGHS[w["name"]].script) + 2


@pytest.mark.parametrize("name", NAMES)
def test_every_step_replays_through_the_engine(name: str) -> None:
    w = WALKTHROUGHS[name]
    replay = states(GAME, name)
    total = chip_total(replay[0])
    for k, (action, _) in enumerate(w.script):
        assert action in GAME.legal_actions(replay[k]), (k, action)
        assert GAME.parse_action(action) == action  # the script is canonical
        assert GAME.apply(replay[k], action) == replay[k + 1]
        assert chip_total(replay[k + 1]) == total
    assert GAME.is_terminal(replay[-1])


@pytest.mark.parametrize("name", NAMES)
def test_every_step_has_commentary_and_fields(name: str) -> None:
    seen = set()
    for k, d in enumerate(steps(name)):
        assert d["name"] == name and d["step"] == k and d["steps"] == WALKTHROUGHS[name].steps
        assert len(text(d)) > 40
        assert text(d) not in seen  # no copy-pasted step
        seen.add(text(d))
        obs = d["observation"]
        assert len(obs["seats"]) == len(d["names"]) == 4
        for seat in obs["seats"]:
            assert seat["cards"], "every hand is face up in a lesson"
        cited = re.findall(r"D-[A-Z]{2}\d+", text(d))  # the decisions the step lists are those its words cite
        assert [x["id"] for x in d["decisions"]] == sorted(set(cited), key=lambda i: (i[:4], int(i[4:])))
        if 1 <= k <= len(WALKTHROUGHS[name].script):
            assert d["action"] == WALKTHROUGHS[name].script[k - 1][0]
            assert d["actor"] in range(4)
        else:
            assert d["action"] is None and d["actor"] is None


@pytest.mark.parametrize("name", NAMES)
def test_json_round_trips(name: str) -> None:
    for d in steps(name):
        assert json.loads(json.dumps(d)) == d
    assert json.loads(json.dumps(list_walkthroughs())) == list_walkthroughs()


def _seat(d: dict[str, Any], seat: int) -> dict[str, Any]:
    s: dict[str, Any] = d["observation"]["seats"][seat]
    return s


def test_waks_anna_matches_the_book() -> None:
    """G024: pots 6 then 12, Anna's forced see, Anna's primero 65 wins 12 (Ben's hand substituted)."""
    all_steps = steps("waks-anna")
    names = all_steps[0]["names"]
    assert names == ["Anna", "Ben", "Carla", "Dan"] and all_steps[0]["dealer"] == 3
    by_action = [(names[d["actor"]], d["action"]) for d in all_steps if d["action"]]
    assert by_action[:7] == [
        ("Anna", "pass"), ("Ben", "vie 2"), ("Carla", "pass"), ("Dan", "pass"),
        ("Anna", "see"), ("Carla", "fold"), ("Dan", "see"),
    ]
    forced = [d for d in all_steps if d["forced"]]
    assert [(names[d["actor"]], d["action"]) for d in forced] == [("Anna", "see")]
    assert "D-WB3" in text(forced[0])
    assert "(D-WB3)" in text(forced[0])
    # the pot after round 1 and at the showdown
    first_draw = next(d for d in all_steps if d["observation"]["phase"] == "draw")
    assert first_draw["observation"]["pot_shown"] == 6
    last = all_steps[-1]["observation"]
    assert last["pot_shown"] == 12
    assert last["last_deal"]["won"] == [{"seat": 0, "amount": 12}]
    assert last["last_deal"]["contributions"] == [5, 5, 0, 2]
    assert _seat(all_steps[-1], 0)["cards"] == ["7S", "6H", "AD", "KC"]
    assert _seat(all_steps[-1], 0)["hand_value"]["kind"] == "primero"
    assert _seat(all_steps[-1], 0)["hand_value"]["points"] == 65
    # the substitution for the book's duplicated 6 of hearts is used and said
    assert _seat(all_steps[-1], 1)["cards"] == ["7H", "5H", "4H", "2C"]
    assert _seat(all_steps[-1], 1)["hand_value"]["points"] == 50
    for words in (text(all_steps[0]), text(all_steps[-1])):
        assert "6 of hearts" in words or "6♥" in words
        assert "54" in words and "50" in words
    # the book's "Ben passes" after Anna's see is explained, not played
    assert "Ben" in text(all_steps[6]) and "D-WB2" in text(all_steps[6])


def test_northpass_deal_1_matches_the_book() -> None:
    """G033-G036: Ted wins the antes plus 10; Alice meets only Ted's 6."""
    all_steps = steps("northpass-deal-1")
    names = all_steps[0]["names"]
    assert names == ["Hansel", "Gretel", "Ted", "Alice"]
    assert [names[d["actor"]] for d in all_steps if d["action"]] == ["Hansel", "Gretel", "Ted", "Alice", "Hansel", "Gretel"]
    ted = next(d for d in all_steps if d["action"] == "bet 6 primero 34")
    assert ted["paid"] == 8 and "D-NP4" in text(ted)
    last = all_steps[-1]["observation"]
    assert last["last_deal"]["won"] == [{"seat": 2, "amount": 4 + 10}]
    assert last["pot_shown"] == 14
    assert not any(d["forced"] for d in all_steps)
    values = {names[s["seat"]]: (s["hand_value"]["kind"], s["hand_value"]["points"]) for s in last["seats"]}
    assert values == {"Hansel": ("numerus", 9), "Gretel": ("numerus", 13), "Ted": ("primero", 34), "Alice": ("numerus", 13)}


def test_northpass_forced_stake_matches_the_book() -> None:
    """G037-G041: Hansel is forced to stake 5, still trades, and wins with a fluxus of 17."""
    all_steps = steps("northpass-forced-stake")
    names = all_steps[0]["names"]
    forced = [d for d in all_steps if d["forced"]]
    assert len(forced) == 1
    step = forced[0]
    assert names[step["actor"]] == "Hansel" and step["action"] == "trade 5H" and step["paid"] == 5
    assert "(D-NP7)" in text(step)
    assert "D-NP7" in text(all_steps[-1])
    last = all_steps[-1]["observation"]
    assert last["last_deal"]["contributions"] == [6, 6, 1, 1]
    assert last["last_deal"]["won"] == [{"seat": 0, "amount": 14}]
    assert _seat(all_steps[-1], 0)["hand_value"]["kind"] == "fluxus"
    assert _seat(all_steps[-1], 0)["hand_value"]["points"] == 17
    assert _seat(all_steps[-1], 3)["hand_value"]["kind"] == "primero"


def test_seat_cards_come_from_each_seats_own_view() -> None:
    d = walkthrough_step(GAME, "waks-anna", 10)
    for seat in d["observation"]["seats"]:
        own = GAME.observation(states(GAME, "waks-anna")[10], seat["seat"])
        assert seat["cards"] == own["hand"]
    assert d["observation"]["seat"] == -1  # the spectator's view underneath


@pytest.mark.parametrize(
    ("name", "step"),
    [
        ("nope", 0), ("", 0), (None, 0), (["waks-anna"], 0), ("<script>alert(1)</script>" * 20, 0),
        ("waks-anna", -1), ("waks-anna", 16), ("waks-anna", "3"), ("waks-anna", True), ("waks-anna", 2.0),
        ("northpass-forced-stake", 7), ("waks-anna", 10**12),
    ],
)
def test_bad_requests_are_refused_clearly(name: Any, step: Any) -> None:
    with pytest.raises(OptionsError) as err:
        walkthrough_step(GAME, name, step)
    assert len(str(err.value)) < 120
