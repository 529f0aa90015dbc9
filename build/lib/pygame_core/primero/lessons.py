"""Learn by example: the rulebooks' worked deals as guided, step-by-step lessons.

Each lesson is data: the players, the rule set and options, the dealer, the exact
hands and stock order, and a script of actions, each with the rules decisions its commentary
cites (e.g. D-WB3). Its words are keys of the game's string table
(web/games/primero/strings.<lang>.js, see ``Walkthrough.key``), so the core writes no English
and the page shows them in the player's language. Every step is replayed through the game's
``apply`` from the exact deal, so a lesson can never drift from the engine: if the engine
disagreed with the script, the lesson would fail to load (and tests/test_walkthroughs.py would fail).

Step 0 is the deal before anyone acts; step k (1..len(script)) shows the table just
after the k-th scripted action; the last step sums the deal up. Every hand is shown
face up (it is a lesson), built from each seat's own observation.

The functions take the game (``primero.game.GAME``) as their first argument, so this
module does not import game.py, which declares the ``lessons`` operation built on it.

The book's cards are used unchanged except in one place, said in the commentary:
the Waks book gives the 6 of hearts to both Anna and Ben (rulebook-examples.json,
inconsistency X2), so Ben's hand is 7H 5H 4H 2C (a numerus of 50, not 54).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..decisions import explain
from ..errors import OptionsError, plain, quote
from ..protocol import JSON, Game, message
from .decisions import DECISIONS  # Primero's own: citing them loads no other game
from .engine.deal import state_from_deal
from .state import PrimeroState

__all__ = ["WALKTHROUGHS", "Walkthrough", "list_walkthroughs", "walkthrough_step", "states"]

@dataclass(frozen=True)
class Walkthrough:
    """One lesson: an exact deal and a script of actions, each with the decisions its commentary cites.

    Its words are string-table keys (``key``): ``primero.learn.<name>.title``, ``.pitch``, ``.source``
    (where the example comes from: the rulebook and its rulebook-examples vectors), ``.intro``,
    ``.step.<k>`` (the commentary after the k-th action, 1-based) and ``.outro``.
    """

    name: str
    variant: str
    options: tuple[tuple[str, Any], ...]
    seed: int  # only picks the first dealer's log line and the (unused) shuffle; the deal is exact
    names: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]  # top first, in the order the engine deals from it
    script: tuple[tuple[str, tuple[str, ...]], ...]  # (canonical action, the decisions its commentary cites)
    intro_cites: tuple[str, ...] = ()  # the decisions the introduction cites
    outro_cites: tuple[str, ...] = ()  # ... and the summary

    def key(self, part: str) -> str:
        """The string-table key of one of the lesson's texts (``title``, ``intro``, ``step.3``, ...)."""
        return f"primero.learn.{self.name}.{part}"

    @property
    def steps(self) -> int:
        """Number of steps: the deal, one per action, and the summary."""
        return len(self.script) + 2


WAKS_ANNA = Walkthrough(
    name="waks-anna",
    variant="waks",
    options=(("chips", 50), ("deals", 1), ("players", 4), ("rest", 3), ("stake", 1)),
    seed=3,
    names=("Anna", "Ben", "Carla", "Dan"),
    dealer=3,
    hands=(("7S", "JD"), ("QS", "JC"), ("KD", "QC"), ("5C", "QH")),
    # the draw, in seat order (Anna 1, Ben 2, Dan 1), then two more each from the eldest
    stock=("6H", "7H", "5H", "3C", "AD", "4H", "JS", "KC", "2C", "KH"),
    script=(
        ("pass", ("D-WB2",)),
        ("vie 2", ()),
        ("pass", ("D-WB2",)),
        ("pass", ("D-WB2",)),
        ("see", ("D-WB3", "D-WB4")),
        ("fold", ("D-WB2",)),
        ("see", ()),
        ("discard JD", ("D-WB1",)),
        ("discard JC QS", ()),
        ("discard QH", ()),
        ("pass", ()),
        ("vie 3", ()),
        ("fold", ()),
        ("see", ("D-PR1",)),
    ),
    outro_cites=("D-WB2", "D-WB3"),
)

NP_OPTIONS = (("ante", 1), ("chips", 50), ("deals", 1), ("limit", 6), ("players", 4))
NP_NAMES = ("Hansel", "Gretel", "Ted", "Alice")

NORTHPASS_DEAL_1 = Walkthrough(
    name="northpass-deal-1",
    variant="northpass",
    options=NP_OPTIONS,
    seed=4,
    names=NP_NAMES,
    dealer=3,
    hands=(("AC", "8C", "4D", "8H"), ("3H", "10H", "2S", "4S"), ("7D", "8S", "9H", "10C"), ("2H", "4H", "7H", "9C")),
    stock=("AD", "5D", "2D", "6S", "6H", "7C", "6D"),
    script=(
        ("trade 4D 8H", ("D-NP3",)),
        ("bet 2 numerus 13", ("D-NP3",)),
        ("bet 6 primero 34", ("D-NP4",)),
        ("trade 9C", ("D-NP4",)),
        ("trade AD 5D", ()),
        ("trade 2S 4S", ("D-NP5", "D-NP6")),
    ),
    intro_cites=("D-NP2", "D-PR3"),
    outro_cites=("D-NP3", "D-NP4"),
)

NORTHPASS_FORCED = Walkthrough(
    name="northpass-forced-stake",
    variant="northpass",
    options=NP_OPTIONS,
    seed=4,
    names=NP_NAMES,
    dealer=3,
    hands=(("AC", "2C", "4C", "3D"), ("5S", "7S", "10S", "9D"), ("5D", "10D", "7H", "3S"), ("3H", "10H", "AD", "9C")),
    stock=("6C", "5H", "3C", "AS", "4S", "5C"),
    script=(
        ("trade AC 3D", ("D-NP3",)),
        ("bet 5 numerus 22", ("D-NP4",)),
        ("trade 3S 7H", ()),
        ("trade 3H", ()),
        ("trade 5H", ("D-NP1", "D-NP6", "D-NP7")),
    ),
    intro_cites=("D-NP2",),
    outro_cites=("D-NP7",),
)

WALKTHROUGHS: dict[str, Walkthrough] = {w.name: w for w in (WAKS_ANNA, NORTHPASS_DEAL_1, NORTHPASS_FORCED)}


def _start(game: Game[PrimeroState], w: Walkthrough) -> PrimeroState:
    base = game.initial_state(dict(w.options), w.seed, w.variant)
    return state_from_deal(base, w.dealer, [list(h) for h in w.hands], list(w.stock))


def states(game: Game[PrimeroState], name: str) -> tuple[PrimeroState, ...]:
    """The state at every step of a lesson (the summary step repeats the last), replayed through ``game.apply``."""
    key = (game.info.name, name)
    if key not in _STATES:
        _STATES[key] = _replay(game, name)
    return _STATES[key]


_STATES: dict[tuple[str, str], tuple[PrimeroState, ...]] = {}  # (game, lesson) -> states


def _replay(game: Game[PrimeroState], name: str) -> tuple[PrimeroState, ...]:
    w = _lesson(name)
    s = _start(game, w)
    out = [s]
    for action, _ in w.script:
        s = game.apply(s, action)
        out.append(s)
    out.append(s)
    return tuple(out)


def _lesson(name: object) -> Walkthrough:
    if not isinstance(name, str) or name not in WALKTHROUGHS:
        raise OptionsError(f"there is no lesson {quote(name, 40)}", key="err.lesson", name=plain(name))
    return WALKTHROUGHS[name]


def list_walkthroughs() -> list[dict[str, JSON]]:
    """Every lesson: name, title, one-line pitch and source (messages), rule set, players' names and step count."""
    return [
        {"name": w.name, "title": message(w.key("title")), "pitch": message(w.key("pitch")), "variant": w.variant,
         "names": list(w.names), "steps": w.steps, "source": message(w.key("source"))}
        for w in WALKTHROUGHS.values()
    ]


def _in_pot(obs: dict[str, Any]) -> list[int]:
    """What each seat has put in this deal (after the showdown: what it had put in)."""
    if obs["phase"] == "over" and obs["last_deal"]:
        return list(obs["last_deal"]["contributions"])
    return [seat["contributed"] for seat in obs["seats"]]


def _table(game: Game[PrimeroState], s: PrimeroState) -> dict[str, Any]:
    """The spectator's view with every seat's cards and hand value filled in from that seat's own view."""
    obs = game.observation(s, -1)
    for seat in obs["seats"]:
        own = game.observation(s, seat["seat"])
        seat["cards"] = own["hand"]
        seat["hand_value"] = own["hand_value"]
    # the first dealer's draw belongs to the game, not to this deal
    obs["log"] = [e for e in obs["log"] if e["action"] != "first-dealer"]
    in_pot = _in_pot(obs)
    for seat in obs["seats"]:
        seat["in_pot"] = in_pot[seat["seat"]]
    obs["pot_shown"] = sum(in_pot) + (0 if obs["phase"] == "over" else obs["carried"])
    return obs


def walkthrough_step(game: Game[PrimeroState], name: object, step: object) -> dict[str, JSON]:
    """One step of a lesson as plain data (see the module docstring for the numbering).

    Raises OptionsError for an unknown lesson or a step that is not a whole number in range.
    """
    w = _lesson(name)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < w.steps:
        raise OptionsError(f"lesson {w.name!r} has steps 0 to {w.steps - 1}", key="err.lesson.step", n=w.steps - 1)
    replay = states(game, w.name)
    obs = _table(game, replay[step])
    action: str | None = None
    actor: int | None = None
    paid = 0
    forced = False
    if 1 <= step <= len(w.script):
        action, cited = w.script[step - 1]
        commentary = w.key(f"step.{step}")
        before = replay[step - 1]
        actor = game.current_player(before)
        prev = _table(game, before)
        paid = obs["seats"][actor]["in_pot"] - prev["seats"][actor]["in_pot"]
        # a forced see (Waks) is shown in the view before it; a forced stake is a trade that pays
        forced = prev["forced"] == actor or (action.startswith("trade") and paid > 0)
    elif step == 0:
        commentary, cited = w.key("intro"), w.intro_cites
    else:
        commentary, cited = w.key("outro"), w.outro_cites
    return {
        "name": w.name,
        "title": message(w.key("title")),
        "step": step,
        "steps": w.steps,
        "variant": w.variant,
        "names": list(w.names),
        "dealer": w.dealer,
        "commentary": message(commentary),
        "decisions": explain(cited, DECISIONS),
        "action": action,
        "actor": actor,
        "paid": paid,
        "forced": forced,
        "observation": obs,
    }
