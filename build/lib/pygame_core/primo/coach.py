"""Primo's page operations that need the table: ``why`` (why an action is not legal now) and
``coach`` (a good next step and why: the best level's choice, and the rest of the turn planned
as medium plans it, ai.easy_medium.plan_turn). Both get only the observation of the seat on screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import OptionsError, PrimiError, quote
from ..protocol import JSON, sorted_actions
from ..rng import AgentRandom
from .ai import FACTORIES
from .ai.easy_medium import plan_turn
from .ai.eval import View, step
from .board import exchanges, parse, play_actions, why_action

OK: dict[str, Any] = {"key": "primo.why.ok", "args": {}}


def legal_from_view(obs: Mapping[str, Any]) -> tuple[str, ...]:
    """The legal actions of the seat to act, from its own observation (sorted); empty if it is not its turn."""
    if obs["terminal"] or obs["current"] != obs["seat"] or obs["seat"] < 0:
        return ()
    view = View.of(obs)
    out = play_actions(view.rows, view.hand, view.tops, view.colour)
    out.extend(exchanges(view.hand) if view.phase == "start" else ["end"])
    return sorted_actions(out)


def _need_view(view: Mapping[str, Any] | None) -> Mapping[str, Any]:
    if view is None or view.get("game") != "primo":
        raise OptionsError("this operation needs a Primo game on screen", key="err.nogame")
    return view


def why_op(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> JSON:
    """Operation ``why``: ``{action}`` -> ``{key: primo.why.*, args}`` (``primo.why.ok`` when legal now)."""
    obs = _need_view(view)
    text = request.get("action")
    try:
        action = parse(text)  # type: ignore[arg-type]
    except PrimiError:
        return {"key": "primo.why.invalid", "args": {"action": str(text)[:40] if isinstance(text, str) else ""}}
    if obs["terminal"]:
        return {"key": "primo.why.over", "args": {}}
    if obs["seat"] < 0 or obs["current"] != obs["seat"]:
        return {"key": "primo.why.turn", "args": {}}
    v = View.of(obs)
    return why_action(v.rows, v.hand, v.tops, v.colour, v.phase, action) or dict(OK)


def _best_agent() -> Any:
    factory = FACTORIES.get("hard") or FACTORIES["medium"]
    return factory()


def coach_op(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> JSON:
    """Operation ``coach``: ``{}`` -> ``{action, why}``: the best agent's next step for the shown seat, and
    what the turn it starts sheds (``primo.coach.play``), or why it exchanges, passes or ends."""
    obs = _need_view(view)
    legal = legal_from_view(obs)
    if not legal:
        return {"action": None, "why": {"key": "primo.coach.wait", "args": {}}}
    try:
        action = _best_agent().choose(obs, legal, AgentRandom(int(request.get("seed", 0) or 0)))
    except Exception:  # noqa: BLE001 - a failing strong agent must not break the coach: fall back
        action = FACTORIES["medium"]().choose(obs, legal, AgentRandom(0))
    if action not in legal:
        raise OptionsError(f"the coach chose {quote(action)}, which is not legal")  # pragma: no cover
    verb = action.split()[0]
    if verb == "exchange":
        return {"action": action, "why": {"key": "primo.coach.exchange", "args": {"n": len(action.split()) - 1}}}
    if verb in ("pass", "end"):
        return {"action": action, "why": {"key": "primo.coach." + verb, "args": {}}}
    v = View.of(obs)
    pos, cleared, given = step(v, (v.rows, v.hand, v.tops), action)
    rest = plan_turn(View(pos[0], pos[1], pos[2], v.colour, v.seat, v.players, v.piles, "play"))[1]
    shed = len(v.hand) - len(pos[1])
    for a in rest:
        before = len(pos[1])
        pos, c, g = step(v, pos, a)
        shed += before - len(pos[1])
        cleared += c
        given += g
    return {"action": action,
            "why": {"key": "primo.coach.play", "args": {"shed": shed, "clears": cleared, "given": given,
                                                      "steps": 1 + len(rest)}}}
