"""Primo's easy and medium agents: legal choices, the medium's whole-turn plan, and strength."""

from __future__ import annotations

from pygame_core.agents import make_agent
from pygame_core.primo import lessons
from pygame_core.primo.ai.easy_medium import EasyAgent, MediumAgent, plan_turn
from pygame_core.primo.ai.eval import View
from pygame_core.primo.engine import arrange
from pygame_core.primo.game import GAME, PrimoState
from pygame_core.protocol import Agent
from pygame_core.rng import AgentRandom


def drive(state: PrimoState, agent: Agent, seat: int, rng: AgentRandom) -> PrimoState:
    """Let ``agent`` play ``seat``'s whole turn."""
    while state.to_act == seat and not GAME.is_terminal(state):
        legal = GAME.legal_actions(state)
        a = agent.choose(GAME.observation(state, seat), legal, rng)
        assert a in legal
        state = GAME.apply(state, a)
    return state


def test_medium_plays_elisabeths_turn_out() -> None:
    s = lessons.start_state()
    score, plan = plan_turn(View.of(GAME.observation(s, 0)))
    assert len(plan) >= 6
    after = drive(s, MediumAgent(), 0, AgentRandom(1))
    # all six cards shed, with row A cleared along the way, as in the rulebook
    assert after.to_act == 1 and after.out == 13
    assert sum(len(r) for r in after.rows) == sum(len(r) for r in s.rows) + 6 - 13


def test_medium_uses_top_and_take_when_they_shed() -> None:
    s = arrange("base", 3, {"A": ["9Y", "8Y"], "B": ["5B"]}, [["TOP", "10Y", "11B", "13Y", "13B", "12Y"], [], []])
    after = drive(s, MediumAgent(), 0, AgentRandom(2))
    assert after.to_act == 1 and after.out == 1  # all six shed, the Top card among them
    s = arrange("base", 3, {"A": ["9Y", "8Y"], "B": ["5B"], "C": ["13Y"], "D": ["13B"], "E": ["12B"], "F": ["2Y"]},
                [["TAKE", "1Y", "1B", "1Y", "1B", "4Y"], [], []])
    plan = plan_turn(View.of(GAME.observation(s, 0)))[1]
    assert "take A" in plan or "take F" in plan


def test_the_agents_shed_a_second_top_card_on_the_same_row_to_go_out() -> None:
    """D-PO7 (issue 20): with two Top cards and one row, medium and hard play both and win the round."""
    for level in ("medium", "hard"):
        s = arrange("base", 3, {"A": ["9Y", "8Y"]}, [["TOP", "TOP"], ["12Y"], ["12B"]], empty_piles=[0])
        after = drive(s, make_agent("primo", level), 0, AgentRandom(4))
        assert GAME.is_terminal(after) and GAME.result(after)["winners"] == [0], level


def test_with_nothing_to_play_they_exchange() -> None:
    s = arrange("base", 3, {"A": ["2Y", "1Y"], "B": ["2B", "1B"], "C": ["3Y", "2Y", "1Y"], "D": ["3B", "2B", "1B"],
                            "E": ["4Y", "3Y", "2Y", "1Y"], "F": ["4B", "3B", "2B", "1B"]},
                [["13Y", "13B", "12Y", "12B", "11Y", "10Y"], [], []])
    a = MediumAgent().choose(GAME.observation(s, 0), GAME.legal_actions(s), AgentRandom(3))
    assert a.startswith(("exchange", "pass")), a
    for seed in range(10):
        a = EasyAgent().choose(GAME.observation(s, 0), GAME.legal_actions(s), AgentRandom(seed))
        assert a.startswith(("exchange", "pass")), a
    assert a == "exchange 10Y 11Y 12Y 12B 13Y 13B"  # easy gives back every number card


def test_agents_are_registered() -> None:
    assert make_agent("primo", "easy").name == "easy"
    assert make_agent("primo", "medium").name == "medium"


def play_game(seed: int, kinds: list[type]) -> dict[str, object]:
    s = GAME.initial_state({"players": len(kinds)}, seed)
    agents = [k() for k in kinds]
    rng = AgentRandom(seed)
    while not GAME.is_terminal(s):
        seat = s.to_act
        legal = GAME.legal_actions(s)
        a = agents[seat].choose(GAME.observation(s, seat), legal, rng)
        assert a in legal
        s = GAME.apply(s, a)
    return GAME.result(s)


def test_medium_beats_easy() -> None:
    wins = 0.0
    games = 8
    for seed in range(games):
        medium = seed % 4  # rotate the medium's seat
        kinds: list[type] = [EasyAgent] * 4
        kinds[medium] = MediumAgent
        winners = play_game(100 + seed, kinds)["winners"]
        assert isinstance(winners, list)
        if medium in winners:
            wins += 1 / len(winners)
    assert wins >= 5, wins  # chance would be 2 of 8
