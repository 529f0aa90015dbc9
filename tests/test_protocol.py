"""The Game protocol, the conformance check and simulate, exercised through the toy game (tests/toygame.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from pygame_core import registry, simulate
from pygame_core.conformance import ConformanceError, check_description, check_observations, random_playthrough
from pygame_core.errors import IllegalActionError, InvalidActionError, InvalidCardError, OptionsError
from pygame_core.gamelog import PublicLog
from pygame_core.protocol import TERMINAL, FieldSpec, Figure, Game, OptionSpec, VariantInfo, check_seat, sorted_actions
from tests.toy import game as toygame
from tests.toy.game import ToyGame, ToyState


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[ToyGame]:
    """The toy game, registered as ``toy`` for the duration of a test."""
    with registry.registered("toy", toygame.__name__):
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
    rounds = 2 if (variant, players) == ("lowball", 3) else 3  # Lowball's cross-check
    for seed in range(25):
        rec = random_playthrough(toy, variant, seed, {"players": players, "rounds": rounds})
        assert rec.game == "toy" and rec.variant == variant and len(rec.actions) == rounds * players


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
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
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
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
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


def test_an_option_error_names_the_option_as_setup_shows_it(toy: ToyGame) -> None:
    """The setup screen shows this sentence under its form: the option's label, not its key."""
    spec = toy.info.variant("standard")
    for options, message in (({"rounds": 0}, "Rounds must be at least 1, not 0."),
                             ({"rounds": 9}, "Rounds must be at most 3, not 9."),
                             ({"rounds": "2"}, "Rounds must be a whole number, not '2'.")):
        with pytest.raises(OptionsError) as err:
            spec.resolve_options(options)
        assert str(err.value) == message


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
    "game", "variant", "players", "agents", "options", "seed", "games", "figures", "per_seat", "per_agent",
    "mean_game_length", "elapsed_seconds", "games_per_second",
}


def test_simulate_documented_keys(toy: ToyGame) -> None:
    out = simulate.simulate("toy", games=6, seed=3, agents=["random", "greedy"])
    assert set(out) == SIM_KEYS  # game-neutral: no "deals" for a game without deals
    assert out["players"] == 2 and out["games"] == 6
    assert out["figures"] == [{"name": "chips", "per": None, "key": "chips_per_game", "label": "chips won"}]
    assert out["mean_game_length"] == 2.0  # one round: one action per player
    assert len(out["per_seat"]) == 2
    assert set(out["per_agent"]) == {"random", "greedy"}
    assert sum(s["wins"] for s in out["per_seat"]) == pytest.approx(6)
    assert sum(a["wins"] for a in out["per_agent"].values()) == pytest.approx(6)
    assert out["per_agent"]["random"]["seats_played"] == 6 and out["per_agent"]["greedy"]["seats_played"] == 6
    assert sum(s["chips"] for s in out["per_seat"]) == pytest.approx(0)
    for a in out["per_agent"].values():
        assert set(a) == {"seats_played", "wins", "win_rate", "win_rate_ci95", "score", "mean_score",
                          "mean_score_ci95", "chips", "chips_per_game", "chips_per_game_ci95"}
        assert a["win_rate"] == pytest.approx(a["wins"] / 6) and a["mean_score"] == pytest.approx(a["score"] / 6)
        assert a["chips_per_game"] == pytest.approx(a["chips"] / 6)
        assert a["mean_score_ci95"] is not None and a["mean_score_ci95"] >= 0


class _DealsToy(ToyGame):
    """The toy with a Primero-like figure: chips counted per deal (each round is a 'deal')."""

    info = replace(toygame.INFO, figures=(Figure("chips", per="deals"),))

    def result(self, state: ToyState) -> dict[str, Any]:
        return {**super().result(state), "deals": state.rounds}


def test_simulate_aggregates_a_declared_figure_per_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toygame, "GAME", _DealsToy())
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
    out = simulate.simulate("toy", games=8, seed=2, agents=["random", "greedy"], options={"rounds": 3})
    assert out["deals"] == 24 and out["figures"][0]["key"] == "chips_per_deal"
    for a in out["per_agent"].values():
        assert a["chips_per_deal"] == pytest.approx(a["chips"] / (8 * 3))  # one seat each, 3 deals per game
        assert a["chips_per_deal_ci95"] is not None
    assert "chips_per_game" not in out["per_agent"]["random"]
    dup = simulate.simulate("toy", games=8, seed=2, agents=["random", "greedy"], options={"rounds": 3},
                            duplicate=True)
    assert dup["deals"] == 24 and dup["per_agent"]["random"]["chips_per_deal_ci95"] is not None


def test_simulate_a_game_with_no_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    class Plain(ToyGame):
        info = replace(toygame.INFO, figures=())

        def result(self, state: ToyState) -> dict[str, Any]:
            res = super().result(state)
            return {"winners": res["winners"], "scores": res["scores"]}

    monkeypatch.setattr(toygame, "GAME", Plain())
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
    out = simulate.simulate("toy", games=3)
    assert out["figures"] == [] and set(out["per_seat"][0]) == {"wins", "score"}
    assert set(out["per_agent"]["random"]) == {"seats_played", "wins", "win_rate", "win_rate_ci95", "score",
                                               "mean_score", "mean_score_ci95"}


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


# --- the newer protocol parts: descriptions, logs, results, operations ----------------------------


def test_sorted_actions_treats_only_ascii_digits_as_numbers() -> None:
    # '²'.isdigit() is True but int('²') raises: it must sort as text, not crash
    assert sorted_actions(["vie ²", "vie 10", "vie 2", "vie ١"]) == ("vie 2", "vie 10", "vie ²", "vie ١")


def test_toy_declares_agents_operations_and_figures(toy: ToyGame) -> None:
    j = toy.info.to_json()
    assert j["agents"] == ["random", "greedy"] and j["operations"] == ["value", "my_sum"]
    assert toy.info.operation("value").run({"cards": ["7c", "KC"]}, None) == {"sum": 17}
    state = toy.initial_state(None, 3)
    view = toy.observation(state, 1)
    assert toy.info.operation("my_sum").needs_view
    assert toy.info.operation("my_sum").run({}, view) == {"sum": toygame.hand_sum(state.hands[1])}
    with pytest.raises(InvalidCardError):
        toy.info.operation("value").run({"cards": ["7H"]}, None)
    with pytest.raises(OptionsError, match="no operation 'nope'"):
        toy.info.operation("nope")


def test_toy_describes_actions_as_messages(toy: ToyGame) -> None:
    s = toy.initial_state(None, 3)
    assert toy.describe_action(s, "pass") == {"key": "toy.pass", "seat": 0, "args": {}}
    card = s.hands[0][0]
    assert toy.describe_action(s, f"swap {card}") == {"key": "toy.swap", "seat": 0, "args": {"card": card}}


def test_toy_log_is_shared_and_sliced(toy: ToyGame) -> None:
    s = toy.initial_state({"players": 3, "rounds": 3}, 5)
    for _ in range(7):
        before = s
        s = toy.apply(s, "pass")
        assert s.log.previous is before.log  # appending shares the past: O(1)
    obs = toy.observation(s, 0)
    assert obs["log_size"] == 8  # the deal and 7 turns
    assert len(obs["log"]) < obs["log_size"]  # only the recent entries ride along
    whole = toy.log_entries(s, 0, 0, 8)
    assert whole[0]["key"] == "toy.deal" and whole[-len(obs["log"]):] == obs["log"]
    assert toy.log_entries(s, 1, 2, 4) == whole[2:4]
    assert toy.log_entries(s, 1, -5, 99) == whole and toy.log_entries(s, 1, 5, 2) == []


def test_lowball_cross_checks_its_options(toy: ToyGame) -> None:
    with pytest.raises(OptionsError, match="at most 2 rounds"):
        toy.initial_state({"players": 3, "rounds": 3}, 1, "lowball")
    toy.initial_state({"players": 3, "rounds": 3}, 1, "standard")


class BadDescriptionToy(ToyGame):
    def describe_action(self, state: ToyState, action: str) -> Any:
        return f"Seat {self.current_player(state)} does {action}"  # a sentence, not a Description


class NestedDescriptionToy(ToyGame):
    def describe_action(self, state: ToyState, action: str) -> Any:
        return {"key": "toy.claim", "seat": 0, "args": {"kind": {"key": "kind.x", "args": {"set": {1, 2}}}}}


class CheatingDescriptionToy(ToyGame):
    def describe_action(self, state: ToyState, action: str) -> Any:
        return {"key": "toy.pass", "args": {"next": state.stock[0] if state.stock else ""}}


class NoScoresToy(ToyGame):
    def result(self, state: ToyState) -> dict[str, Any]:
        return {"winners": super().result(state)["winners"], "scores": [1]}


class NoLogSizeToy(ToyGame):
    def observation(self, state: ToyState, seat: int) -> dict[str, Any]:
        obs = super().observation(state, seat)
        del obs["log_size"]
        return obs


class WrongLogEntriesToy(ToyGame):
    def log_entries(self, state: ToyState, seat: int, start: int, stop: int) -> list[Any]:
        return list(reversed(super().log_entries(state, seat, start, stop)))


class LeakyLogToy(ToyGame):
    """The older log (never in an observation) names the top of the stock."""

    def log_entries(self, state: ToyState, seat: int, start: int, stop: int) -> list[Any]:
        entries = super().log_entries(state, seat, start, stop)
        if start == 0 and entries and state.stock and state.turn >= state.players:  # entry 0 left the window
            entries[0] = {**entries[0], "args": {"top": state.stock[0]}}
        return entries


@pytest.mark.parametrize(
    ("cls", "says"),
    [
        (BadDescriptionToy, "not a Description"),
        (NestedDescriptionToy, "arg of type set"),
        (CheatingDescriptionToy, "names cards hidden from seat"),
        (NoScoresToy, "one number per seat"),
        (NoLogSizeToy, "no log_size"),
        (WrongLogEntriesToy, "does not end with the observation's log"),
        (LeakyLogToy, "log_entries show hidden cards"),
    ],
)
def test_random_playthrough_checks_the_new_protocol_parts(
    monkeypatch: pytest.MonkeyPatch, cls: type[ToyGame], says: str
) -> None:
    monkeypatch.setitem(registry._MODULES, "toy", "tests.toy.game")
    with pytest.raises(ConformanceError, match=says):
        for seed in range(10):
            random_playthrough(cls(), None, seed, {"players": 3, "rounds": 2})


def test_check_description_accepts_nested_messages() -> None:
    check_description({"key": "primero.claim", "seat": 1, "args": {"kind": {"key": "primero.kind.primero", "args": {}},
                                                           "points": 60, "cards": ["7C"]}}, "d", "here", 2)
    for bad in ({"args": {}}, {"key": "", "args": {}}, {"key": "k"}, {"key": "k", "args": {"x": {"args": {}}}},
                {"key": "k", "args": {}, "seat": 5}, {"key": "k", "args": {}, "seat": True}):
        with pytest.raises(ConformanceError):
            check_description(bad, "d", "here", 2)


def test_shared_log_compares_by_value_without_recursion() -> None:
    a: PublicLog[tuple[int, str]] = PublicLog()
    b: PublicLog[tuple[int, str]] = PublicLog()
    for i in range(50_000):
        a = a.append((i % 3, "pass"))
        b = b.append((i % 3, "pass"))
    assert a is not b and a == b and hash(a) == hash(b)
    assert a.append((0, "swap 7C")) != b.append((0, "swap 6C"))
    assert a.entries(49_998) == [(0, "pass"), (1, "pass")] and len(a) == 50_000


def test_a_field_spec_accepts_only_values_of_its_kind() -> None:
    """An operation's declared request fields (issue 19), which the worker checks before the operation runs."""
    kinds: dict[str, tuple[list[Any], list[Any]]] = {  # kind: (accepted, refused)
        "text": (["", "7S"], [1, True, ["7S"], None]),
        "int": ([0, -3, 2**63], [True, 1.0, "1", 2**65, None]),
        "bool": ([True, False], [0, 1, "true", None]),
        "texts": ([[], ["7S", "x"]], ["7S", [1], ["7S", None], ("7S",), None]),
        "object": ([{}, {"a": [1]}], [[], "{}", None]),
    }
    for kind, (good, bad) in kinds.items():
        spec = FieldSpec("f", kind)
        assert [v for v in good if not spec.accepts(v)] == [] and [v for v in bad if spec.accepts(v)] == [], kind
    assert FieldSpec("cards", "texts", required=True, help="card texts").to_json() == {
        "name": "cards", "kind": "texts", "required": True, "help": "card texts"}
    with pytest.raises(ValueError):
        FieldSpec("f", "float")
