"""The Game protocol, the conformance check and simulate, exercised through the toy game (tests/toygame.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from pygame_core import registry, simulate
from pygame_core.conformance import ConformanceError, check_observations, random_playthrough
from pygame_core.errors import IllegalActionError, InvalidActionError, OptionsError
from pygame_core.protocol import TERMINAL, Game, OptionSpec, VariantInfo, check_seat, sorted_actions
from tests import toygame
from tests.toygame import ToyGame, ToyState


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[ToyGame]:
    """The toy game, registered as ``toy`` for the duration of a test."""
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toygame")
    yield toygame.GAME


# --- the toy game itself ------------------------------------------------------


def test_toy_implements_protocol(toy: ToyGame) -> None:
    assert isinstance(toy, Game)
    assert registry.load("toy") is toy
    assert "toy" in registry.game_names()


def test_toy_deal_is_deterministic_and_complete(toy: ToyGame) -> None:
    a = toy.initial_state({"players": 3}, 7)
    assert a == toy.initial_state({"players": 3}, 7)
    assert a != toy.initial_state({"players": 3}, 8)
    cards = [c for h in a.hands for c in h] + list(a.stock)
    assert sorted(cards) == sorted(toygame.DECK)
    assert [len(h) for h in a.hands] == [2, 2, 2]


def test_toy_turns_and_result(toy: ToyGame) -> None:
    s = toy.initial_state({"players": 2, "rounds": 1}, 3)
    assert toy.current_player(s) == 0
    assert toy.legal_actions(s) == ("pass", *sorted(f"swap {c}" for c in s.hands[0]))
    top = s.stock[0]
    give = s.hands[0][0]
    s = toy.apply(s, f"swap {give.lower()}")
    assert top in s.hands[0] and give not in s.hands[0] and s.discards == (give,)
    assert toy.current_player(s) == 1
    s = toy.apply(s, "  pass ")
    assert toy.is_terminal(s) and toy.current_player(s) == TERMINAL and toy.legal_actions(s) == ()
    res = toy.result(s)
    sums = [toygame.hand_sum(h) for h in s.hands]
    assert res["scores"] == sums
    assert res["winners"] == [i for i, v in enumerate(sums) if v == max(sums)]


def test_toy_refuses_bad_actions(toy: ToyGame) -> None:
    s = toy.initial_state(None, 1)
    for junk in ("", "fold", "swap", "swap ZZ", "swap 7H", "pass pass", "\x00"):
        with pytest.raises(InvalidActionError):
            toy.apply(s, junk)
    not_mine = next(c for c in toygame.DECK if c not in s.hands[0])
    with pytest.raises(IllegalActionError):
        toy.apply(s, f"swap {not_mine}")


# --- conformance ----------------------------------------------------------------


@pytest.mark.parametrize("variant", ["standard", "lowball"])
@pytest.mark.parametrize("players", [2, 3])
def test_random_playthrough_passes(toy: ToyGame, variant: str, players: int) -> None:
    for seed in range(25):
        rec = random_playthrough(toy, variant, seed, {"players": players, "rounds": 3})
        assert rec.game == "toy" and rec.variant == variant and len(rec.actions) == 3 * players


class LeakyToy(ToyGame):
    """Shows everyone the top of the stock."""

    def observation(self, state: ToyState, seat: int) -> dict[str, Any]:
        obs = super().observation(state, seat)
        obs["note"] = f"next card is {state.stock[0]}" if state.stock else ""
        return obs


class PeekingToy(ToyGame):
    """Leaks no card text, but its observation depends on the hidden stock."""

    def observation(self, state: ToyState, seat: int) -> dict[str, Any]:
        obs = super().observation(state, seat)
        obs["stock_value"] = toygame.hand_sum(state.stock[:1])
        return obs


class LaxToy(ToyGame):
    """Treats anything it does not understand as a pass."""

    def parse_action(self, text: str) -> str:
        try:
            return super().parse_action(text)
        except InvalidActionError:
            return "pass"


class WrongErrorToy(ToyGame):
    """Refuses junk with the wrong error type."""

    def apply(self, state: ToyState, action: str) -> ToyState:
        if action not in self.legal_actions(state):
            raise IllegalActionError(f"no {action!r}")
        return super().apply(state, action)


def test_check_observations_catches_a_leak(toy: ToyGame) -> None:
    state = toy.initial_state({"players": 2}, 5)
    check_observations(toy, state, 2, "honest", 1)  # the honest game passes
    with pytest.raises(ConformanceError, match="sees hidden cards"):
        check_observations(LeakyToy(), state, 2, "leaky", 1)


def test_check_observations_catches_dependence_on_hidden_cards(toy: ToyGame) -> None:
    state = toy.initial_state({"players": 2}, 5)
    with pytest.raises(ConformanceError, match="changes when only hidden cards change"):
        # some resample seed moves a different card to the top of the stock
        for seed in range(20):
            check_observations(PeekingToy(), state, 2, "peeking", seed)


def test_check_observations_catches_a_hand_leaked_to_a_spectator(toy: ToyGame) -> None:
    class SpectatorLeak(ToyGame):
        def observation(self, state: ToyState, seat: int) -> dict[str, Any]:
            obs = super().observation(state, seat)
            if seat == -1:
                obs["hand"] = list(state.hands[0])
            return obs

    with pytest.raises(ConformanceError, match="seat -1"):
        check_observations(SpectatorLeak(), toy.initial_state(None, 2), 2, "spectator", 1)


def test_random_playthrough_catches_a_game_that_accepts_junk(toy: ToyGame) -> None:
    with pytest.raises(ConformanceError, match="was accepted"):
        random_playthrough(LaxToy(), None, 1)


def test_random_playthrough_catches_the_wrong_error_type(toy: ToyGame) -> None:
    with pytest.raises(ConformanceError, match="not InvalidActionError"):
        random_playthrough(WrongErrorToy(), None, 1)


def test_random_playthrough_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toygame")
    with pytest.raises(ConformanceError, match="sees hidden cards"):
        random_playthrough(LeakyToy(), None, 1)


def test_random_playthrough_catches_replay_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    class Forgetful(ToyGame):
        """Deals differently the second time it is asked (nondeterministic)."""

        calls = 0

        def initial_state(self, options: Any, seed: int, variant: str | None = None) -> ToyState:
            Forgetful.calls += 1
            return super().initial_state(options, seed + Forgetful.calls, variant)

    forgetful = Forgetful()
    monkeypatch.setattr(toygame, "GAME", forgetful)
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toygame")
    with pytest.raises(ConformanceError, match="replay differs"):
        random_playthrough(forgetful, None, 4)


# --- options and metadata -------------------------------------------------------------


def test_resolve_options_fills_defaults(toy: ToyGame) -> None:
    v = toy.info.variant(None)
    assert v.name == "standard"
    assert v.resolve_options(None) == {"players": 2, "rounds": 1}
    assert v.resolve_options({"players": 3, "rounds": 2}) == {"players": 3, "rounds": 2}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "2-3 players"),
        ({"players": 4}, "2-3 players"),
        ({"players": "2"}, "whole number"),
        ({"players": True}, "whole number"),
        ({"players": 2.0}, "whole number"),
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"rounds": 0}, "at least 1"),
        ({"rounds": 4}, "at most 3"),
        ({"rounds": "2"}, "whole number"),
        ({"rounds": True}, "whole number"),
    ],
)
def test_resolve_options_rejects(toy: ToyGame, options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        toy.info.variant("standard").resolve_options(options)


def test_unknown_variant_and_game(toy: ToyGame) -> None:
    with pytest.raises(OptionsError, match="no variant 'nope'; choose one of standard, lowball"):
        toy.info.variant("nope")
    with pytest.raises(OptionsError, match="no game 'nope'"):
        registry.load("nope")


def test_option_spec_kinds() -> None:
    b = OptionSpec("wild", "Wild", "bool", False)
    assert b.check(True) is True
    with pytest.raises(OptionsError):
        b.check(1)
    c = OptionSpec("deck", "Deck", "choice", "pile", choices=("pile", "eight"))
    assert c.check("eight") == "eight"
    with pytest.raises(OptionsError, match="one of pile, eight"):
        c.check("nine")
    with pytest.raises(OptionsError, match="unknown option kind"):
        OptionSpec("x", "X", "float", 0.5).check(0.5)
    assert c.to_json() == {"name": "deck", "label": "Deck", "kind": "choice", "default": "pile",
                           "choices": ["pile", "eight"]}


def test_variant_and_game_to_json(toy: ToyGame) -> None:
    j = toy.info.to_json()
    assert j["name"] == "toy" and j["default_variant"] == "standard"
    assert [v["name"] for v in j["variants"]] == ["standard", "lowball"]
    assert j["variants"][0]["players"] == {"min": 2, "max": 3, "default": 2}
    assert j["variants"][0]["options"][0] == {
        "name": "rounds", "label": "Rounds", "kind": "int", "default": 1, "min": 1, "max": 3, "help": "turns per player",
    }
    assert VariantInfo("v", "V", 1, 1, 1).to_json()["options"] == []


def test_check_seat() -> None:
    check_seat(-1, 2)
    check_seat(1, 2)
    for bad in (2, -2, True, "0"):
        with pytest.raises(OptionsError):
            check_seat(bad, 2)  # type: ignore[arg-type]


def test_sorted_actions_is_numeric_and_deduplicated() -> None:
    assert sorted_actions(["vie 10", "vie 2", "fold", "vie 2", "see"]) == ("fold", "see", "vie 2", "vie 10")


def test_observation_rejects_bad_seat(toy: ToyGame) -> None:
    with pytest.raises(OptionsError):
        toy.observation(toy.initial_state(None, 1), 5)


def test_resample_keeps_view_and_changes_hidden(toy: ToyGame) -> None:
    s = toy.initial_state({"players": 3}, 11)
    changed = False
    for seed in range(10):
        r = toy.resample_hidden(s, 1, seed)
        assert r.hands[1] == s.hands[1]
        assert toy.observation(r, 1) == toy.observation(s, 1)
        changed |= r != s
    assert changed


# --- simulate -------------------------------------------------------------------------


SIM_KEYS = {
    "game", "variant", "players", "agents", "options", "seed", "games", "deals", "per_seat", "per_agent",
    "mean_game_length", "elapsed_seconds", "games_per_second",
}


def test_simulate_documented_keys(toy: ToyGame) -> None:
    out = simulate.simulate("toy", games=6, seed=3, agents=["random", "greedy"])
    assert set(out) == SIM_KEYS
    assert out["players"] == 2 and out["games"] == 6 and out["deals"] == 6
    assert out["mean_game_length"] == 2.0  # one round: one action per player
    assert len(out["per_seat"]) == 2
    assert set(out["per_agent"]) == {"random", "greedy"}
    assert sum(s["wins"] for s in out["per_seat"]) == pytest.approx(6)
    assert sum(a["wins"] for a in out["per_agent"].values()) == pytest.approx(6)
    assert out["per_agent"]["random"]["seats_played"] == 6 and out["per_agent"]["greedy"]["seats_played"] == 6
    assert sum(s["chips"] for s in out["per_seat"]) == pytest.approx(0)


def test_simulate_rotates_seats(toy: ToyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []
    real = simulate.play_game

    def spy(game_name: str, variant: Any, options: Any, kinds: Any, seed: int, max_steps: int = 100_000) -> Any:
        seen.append(list(kinds))
        return real(game_name, variant, options, kinds, seed, max_steps)

    monkeypatch.setattr(simulate, "play_game", spy)
    simulate.simulate("toy", players=3, agents=["random", "greedy", "greedy"], games=4)
    assert seen == [
        ["random", "greedy", "greedy"],
        ["greedy", "greedy", "random"],
        ["greedy", "random", "greedy"],
        ["random", "greedy", "greedy"],
    ]


def test_simulate_is_deterministic(toy: ToyGame) -> None:
    a = simulate.simulate("toy", games=8, seed=5, options={"rounds": 2})
    b = simulate.simulate("toy", games=8, seed=5, options={"rounds": 2})
    for k in ("per_seat", "per_agent", "mean_game_length"):
        assert a[k] == b[k]
    assert a["agents"] == ["random", "random"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"agents": ["random", "nobody"]}, "no agent 'nobody'"),
        ({"agents": ["random", "random", "random"], "players": 2}, "3 agents given for 2 players"),
        ({"players": 9}, "2-3 players"),
        ({"games": 0}, "at least 1"),
        ({"variant": "nope"}, "no variant"),
        ({"options": {"rounds": 9}}, "at most 3"),
    ],
)
def test_simulate_rejects(toy: ToyGame, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        simulate.simulate("toy", **kwargs)


def test_toy_state_is_immutable(toy: ToyGame) -> None:
    s = toy.initial_state(None, 1)
    t = toy.apply(s, "pass")
    assert s.turn == 0 and t.turn == 1
    assert replace(s) == s
