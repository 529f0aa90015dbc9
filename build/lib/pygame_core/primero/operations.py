"""Primero's extra worker operations (``GameInfo.operations``): the hand calculator, the coach, the lessons.

Each takes the page's request (plain data) and, for the coach, the observation of the
seat the page is showing; each returns plain data and raises a PrimiError subclass
with a Description for the page (and an English sentence for the CLI) when the request is wrong.

- ``hand`` ``{cards: ["7S", ...], rules: "waks", wild: false}`` ->
  ``{hand: {rules, label, kind, points, cards, counting, rank, [total], [wild_as], decisions},
  across: [{rules, label, kind, points, ...} or {rules, label, error: Description}, ...]}``:
  the hand under the chosen rule set (with the decisions that rule set took) and under every other.
- ``coach`` (needs the view) ``{discard: ["7S", ...]}`` -> ``{value, outlook, rank, choices}``: the hand's value
  (the observation's ``hand_value``) and, while the seat holds at most 4 cards and the game is
  not over, the odds after discarding those cards (coach.draw_outlook: ``discard, kinds,
  mean_points, p_improve, p_worse, exact, outcomes``), from the cards this seat has not seen; with 4 cards,
  ``rank`` (coach.hand_rank: how many of the hands an opponent could hold this one beats, for
  when no draw is left); with 5 (RMS, after drawing) ``choices`` (coach.discard_choices: the hand
  each discard leaves, best first).
- ``lessons`` ``{}`` -> the list of lessons; ``{lesson, step}`` -> one step (lessons.py);
  game.py binds it to the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import Card
from ..decisions import explain
from ..errors import InvalidCardError, OptionsError, PrimiError, quote
from ..protocol import JSON, FieldSpec, Game, Operation
from . import hands
from .coach import discard_choices, draw_outlook, hand_rank, unseen_cards
from .decisions import DECISIONS  # Primero's own: citing them loads no other game
from .lessons import list_walkthroughs, walkthrough_step
from .rules import RULES
from .state import PrimeroState

MAX_CARDS = 8


def _request(request: object) -> Mapping[str, Any]:
    if not isinstance(request, Mapping):
        raise OptionsError("the request must be an object")
    return request


def _card_list(value: object, what: str) -> list[Card]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise InvalidCardError(f"{what} must be a list of card texts such as \"7S\"")
    if len(value) > MAX_CARDS:
        raise InvalidCardError(f"{what} may hold at most {MAX_CARDS} cards, not {len(value)}")
    return [Card.parse(t) for t in value]


def _wild(value: object) -> bool:
    if not isinstance(value, bool):
        raise OptionsError(f"wild must be true or false, not {quote(value)}")
    return value


def hand(request: Mapping[str, Any], view: Mapping[str, Any] | None = None) -> JSON:
    """The calculator: one hand under the chosen rule set and under every other one."""
    req = _request(request)
    cards = _card_list(req.get("cards"), "cards")
    name = req.get("rules", "waks")
    if not isinstance(name, str) or name not in hands.RULESETS:
        raise OptionsError(f"there is no rule set {quote(name)}; choose one of {', '.join(hands.RULESETS)}")
    wild = _wild(req.get("wild", False))
    rules = hands.get_rules(name, wild=wild and name in hands.WILD_RULESETS)
    main: dict[str, Any] = hands.evaluate(cards, rules).to_json(rules)
    main["label"] = rules.label
    main["decisions"] = explain(rules.decisions, DECISIONS)
    across = []
    for other_name in hands.RULESETS:
        other = hands.get_rules(other_name, wild=wild and other_name in hands.WILD_RULESETS)
        row: dict[str, Any] = {"rules": other_name, "label": other.label}
        try:
            row.update(hands.evaluate(cards, other).to_json(other))
        except PrimiError as exc:
            row["error"] = exc.description  # a Description, never English: the page says primero.calc.notindeck
        across.append(row)
    return {"hand": main, "across": across}


def coach(request: Mapping[str, Any], view: Mapping[str, Any] | None) -> JSON:
    """The shown seat's hand value and its odds for a discard it is considering, from its observation only."""
    req = _request(request)
    obs = view.get("observation", view) if isinstance(view, Mapping) else None
    if not isinstance(obs, Mapping) or obs.get("game") != "primero":
        raise OptionsError("the coach needs a Primero game in progress", key="err.nogame")
    variant = obs.get("variant")
    if not isinstance(variant, str) or variant not in RULES:
        raise OptionsError(f"Primero has no variant {quote(variant)}")
    given = obs.get("options")
    options: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
    rules = RULES[variant].hand_rules(bool(options.get("wild", False)))  # wild only where the variant has it
    held = _card_list(obs.get("hand"), "the hand")
    discard = _card_list(req.get("discard"), "discard")
    out: dict[str, Any] = {"value": obs.get("hand_value"), "outlook": None, "choices": None, "rank": None}
    seed = obs.get("log_size")
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else 1
    if held and len(held) <= 4 and obs.get("phase") != "over":
        out["outlook"] = draw_outlook(held, discard, unseen_cards(rules, held), rules, seed=seed)
        if len(held) == 4:
            out["rank"] = hand_rank(held, unseen_cards(rules, held), rules, seed=seed)
    elif len(held) == 5 and obs.get("phase") != "over":
        out["choices"] = discard_choices(held, rules)
    elif discard:
        raise OptionsError("there is no hand to discard from now", key="primero.coach.err.nodiscard")
    return out


def lessons(game: Game[PrimeroState], request: Mapping[str, Any]) -> JSON:
    """"Learn by example": without ``lesson``, the list of lessons; with it, step ``step`` (default 0).

    The lesson's name is ``lesson`` (the worker's ``game_op`` request uses ``name`` for the
    operation itself); ``name`` is accepted too when the operation is called directly.
    """
    req = _request(request)
    lesson = req.get("lesson", req.get("name"))
    if lesson is None:
        return list_walkthroughs()
    return walkthrough_step(game, lesson, req.get("step", 0))


HAND = Operation("hand", hand, help="Score a hand under every rule set: {cards, rules, wild}.",
                 fields=(FieldSpec("cards", "texts"), FieldSpec("rules", "text"), FieldSpec("wild", "bool")))
COACH = Operation("coach", coach, needs_view=True, help="The shown seat's hand value and draw odds: {discard}.",
                  fields=(FieldSpec("discard", "texts"),))
LESSONS_HELP = "Learn by example: {} lists the lessons, {lesson, step} gives a step."
LESSONS_FIELDS = (FieldSpec("lesson", "text"), FieldSpec("step", "int"))
