"""Learn by example: the rulebooks' worked deals as guided, step-by-step lessons.

Each lesson is data: the players, the rule set and options, the dealer, the exact
hands and stock order, and a script of actions, each with commentary in our own
words (citing the rules decisions, e.g. "(D-WB3)", where one is at work). Every
step is replayed through the game's ``apply`` from the exact deal, so a lesson can never
drift from the engine: if the engine disagreed with the script, the lesson would
fail to load (and tests/test_walkthroughs.py would fail).

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

import re
from dataclasses import dataclass
from typing import Any

from ..decisions import explain
from ..errors import OptionsError, quote
from ..protocol import JSON, Game
from .engine.deal import state_from_deal
from .state import PrimeroState

__all__ = ["WALKTHROUGHS", "Walkthrough", "list_walkthroughs", "walkthrough_step", "states"]

DECISION_RE = re.compile(r"\bD-[A-Z]{2}\d+\b")


@dataclass(frozen=True)
class Walkthrough:
    """One lesson: an exact deal and a commented script of actions."""

    name: str
    title: str
    pitch: str  # one line for the lesson list
    source: str  # where the example comes from (the seed and the rulebook-examples vectors)
    variant: str
    options: tuple[tuple[str, Any], ...]
    seed: int  # only picks the first dealer's log line and the (unused) shuffle; the deal is exact
    names: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]  # top first, in the order the engine deals from it
    intro: str
    script: tuple[tuple[str, str], ...]  # (canonical action, commentary after it is played)
    outro: str

    @property
    def steps(self) -> int:
        """Number of steps: the deal, one per action, and the summary."""
        return len(self.script) + 2


WAKS_ANNA = Walkthrough(
    name="waks-anna",
    title="Waks: vie, see and the forced see",
    pitch="Four players, one deal of English Primero: a vie, a forced see, the draw, a second round and a showdown.",
    source="Primero (Waks) rules, the betting example with Anna, Ben, Carla and Dan (vector G024).",
    variant="waks",
    options=(("chips", 50), ("deals", 1), ("players", 4), ("rest", 3), ("stake", 1)),
    seed=3,
    names=("Anna", "Ben", "Carla", "Dan"),
    dealer=3,
    hands=(("7S", "JD"), ("QS", "JC"), ("KD", "QC"), ("5C", "QH")),
    # the draw, in seat order (Anna 1, Ben 2, Dan 1), then two more each from the eldest
    stock=("6H", "7H", "5H", "3C", "AD", "4H", "JS", "KC", "2C", "KH"),
    intro=(
        "Dan deals, so Anna, on his right, is the eldest and speaks first; play goes round to Ben, Carla and Dan. "
        "The stake (the smallest bet) is 1 chip and the rest (the largest bet or raise in one turn) is 3. "
        "Waks has no ante: the pot starts empty. Everyone has two cards for the first betting round. "
        "The book shows only Anna's and Ben's final hands; the other cards here are ours, picked to fit the story. "
        "One change to the book: it gives the 6 of hearts to both Anna and Ben, which one deck cannot do, "
        "so Ben gets 7♥ 5♥ 4♥ 2♣ instead of 7♥ 6♥ 5♥ 2♣ (his hand is worth 50, not 54; the outcome is the same)."
    ),
    script=(
        ("pass",
         "Anna holds 7♠ and J♦: one good card and one that is worth only 10. She passes. Nobody has bet yet, "
         "so this pass costs nothing and does not count as her one pass of the round (D-WB2)."),
        ("vie 2",
         "Ben makes the first bet of the round, a vie: anything from the stake (1) to the rest (3). He puts in 2. "
         "His Q♠ J♣ are weak, so this is half a bluff; two cards say little about the final hand."),
        ("pass",
         "Carla passes. Now that someone has vied, a pass is allowed only once per round: "
         "at her next turn Carla must see or fold (D-WB2)."),
        ("pass",
         "Dan passes too, using up his one pass (D-WB2)."),
        ("see",
         "Back to Anna. Ben vied and nobody has seen him, and Anna is the last player before Ben: "
         "this is the forced see (D-WB3). She may see or see and revie (raise by up to the rest, D-WB4), "
         "but she may not pass or fold. She sees: 2 chips, matching Ben."),
        ("fold",
         "The book has Ben pass here. In Primi that turn does not exist: Ben's 2 already match the highest bet, "
         "so he has nothing to do and the turn goes straight to Carla (D-WB2). Carla has used her pass and her "
         "K♦ Q♣ are the weakest cards in the deck: she folds. She had put nothing in."),
        ("see",
         "Dan sees with 2. Everyone still in has now put in the same amount, so the first round is over. "
         "The pot holds 6: 2 each from Anna, Ben and Dan."),
        ("discard JD",
         "The draw comes after the first round, in seat order from the eldest (D-WB1): each player still in may "
         "throw away any cards and draw as many. Anna keeps the 7♠ (21 points, the best card) and changes the J♦. "
         "She draws the 6♥."),
        ("discard JC QS",
         "Ben throws away both of his cards and draws two new ones: 7♥ and 5♥."),
        ("discard QH",
         "Dan keeps his 5♣ and changes the Q♥; he draws the 3♣. Everyone still in has drawn, so the dealer gives "
         "Anna, Ben and Dan two more cards each and the second round begins. Anna now holds 7♠ 6♥ A♦ K♣, one card "
         "of each suit: a primero worth 21 + 18 + 16 + 10 = 65. Ben has three hearts, 7♥ 5♥ 4♥, and the 2♣: "
         "a numerus counts only the cards of its suit, 21 + 15 + 14 = 50."),
        ("pass",
         "The second round is played the same way but with no forced see. Anna holds a strong hand and passes "
         "anyway, letting the others bet into it. Because nobody has vied yet, her pass is free."),
        ("vie 3",
         "Ben vies the rest, 3 chips, on his three hearts."),
        ("fold",
         "Dan has only a numerus of 28 (5♣ 3♣). That is not worth 3 more chips, so he folds. His 2 chips stay "
         "in the pot."),
        ("see",
         "Anna sees with 3. Anna and Ben have now put in the same, so the round is over and the hands are shown. "
         "The pot holds 12. A higher kind of hand always wins, whatever the points: a primero beats every "
         "numerus (D-PR1). Anna takes the pot."),
    ),
    outro=(
        "Anna wins 12 chips: 5 of her own, 5 from Ben and 2 from Dan. The pot was 6 after the first round and "
        "12 at the showdown, as in the book. Remember: the player just before the vier must see in the first "
        "round (D-WB3); you may pass only once after a vie (D-WB2); and the kind of hand counts before the points. "
        "(The book's Ben has 7♥ 6♥ 5♥ 2♣, a numerus of 54; that 6♥ is also in Anna's hand, so this lesson "
        "gave Ben 7♥ 5♥ 4♥ 2♣, worth 50.)"
    ),
)

NP_OPTIONS = (("ante", 1), ("chips", 50), ("deals", 1), ("limit", 6), ("players", 4))
NP_NAMES = ("Hansel", "Gretel", "Ted", "Alice")

NORTHPASS_DEAL_1 = Walkthrough(
    name="northpass-deal-1",
    title="Northpass: bet and announce, or pass and trade",
    pitch="The simpler Northpass way: pip values, announcing your hand when you bet, trading when you pass.",
    source="Primero, the Northpass Way, the first deal with Hansel, Gretel, Ted and Alice (vectors G033-G036).",
    variant="northpass",
    options=NP_OPTIONS,
    seed=4,
    names=NP_NAMES,
    dealer=3,
    hands=(("AC", "8C", "4D", "8H"), ("3H", "10H", "2S", "4S"), ("7D", "8S", "9H", "10C"), ("2H", "4H", "7H", "9C")),
    stock=("AD", "5D", "2D", "6S", "6H", "7C", "6D"),
    intro=(
        "Northpass plays with the 40 cards from ace to 10 (no court cards), and each card is worth its number "
        "(ace 1). Everyone antes 1, so the pot starts at 4, and gets four cards. On your turn you either bet "
        "or pass; there is no folding. The book doesn't say who deals; here Alice deals, so Hansel, the player "
        "after her, speaks first (D-NP2). Hansel has A♣ 8♣: a numerus of 9. Gretel has 3♥ 10♥ (13) and 2♠ 4♠ "
        "(6); with two pairs the better one counts, so hers is a numerus of 13 (D-PR3). Ted has one card of "
        "each suit, a primero of 34. Alice has three hearts, 2♥ 4♥ 7♥: a numerus of 13."
    ),
    script=(
        ("trade 4D 8H",
         "Hansel doesn't think his numerus of 9 can win, so he passes. In Northpass a pass means trading in "
         "exactly one or two cards (D-NP3). He trades 4♦ and 8♥, hoping for clubs, and draws A♦ 5♦: "
         "no better."),
        ("bet 2 numerus 13",
         "Gretel bets. A bettor names a hand and an amount: she announces a numerus of 13 for 2 chips. "
         "Nobody had bet yet, so there was nothing to meet first. A bettor doesn't trade (D-NP3)."),
        ("bet 6 primero 34",
         "Ted bets on his primero. First he meets the most recent bet (Gretel's 2), then he adds his own 6, "
         "the bet limit, and announces a primero of 34. An announcement must be better than the one before it "
         "(D-NP4). He puts in 8."),
        ("trade 9C",
         "Alice could only bet by announcing more than a primero of 34 (D-NP4), and she holds a numerus of 13. "
         "To bet she would meet only the most recent bet, Ted's 6, not everything bet so far. (The book puts "
         "that total at Gretel's 2 and Ted's 6, but Ted also paid 2 to meet Gretel: 10 in all.) She can't fold, "
         "so she passes and trades the 9♣, hoping for a fourth heart and a fluxus. She draws the 2♦."),
        ("trade AD 5D",
         "Hansel still can't beat anything announced, so he passes again and trades the two diamonds. He draws "
         "6♠ 6♥: still a numerus of 9."),
        ("trade 2S 4S",
         "Gretel passes and trades her two spades; she draws 7♣ 6♦. Every other player has now had a turn "
         "since Ted's bet, so the betting stops and the hands are shown (D-NP6). Players who passed stay in "
         "and could win (D-NP5), but Ted's primero of 34 beats every numerus."),
    ),
    outro=(
        "Ted wins 14: the 4 chips of antes plus the 10 that were bet (Gretel's 2 and Ted's 2 + 6). Gretel and "
        "Alice both hold a numerus of 13; had they been fighting for the pot, the whole hand would break the tie "
        "(Gretel 26, Alice 15). Remember: to bet, meet the latest bet, then add and announce a better hand "
        "(D-NP4); a pass always trades one or two cards (D-NP3)."
    ),
)

NORTHPASS_FORCED = Walkthrough(
    name="northpass-forced-stake",
    title="Northpass: the forced stake",
    pitch="Only one player bets, so the last player before her must pay to match it, and a lucky trade wins.",
    source="Primero, the Northpass Way, the second deal (the forced stake; vectors G037-G041).",
    variant="northpass",
    options=NP_OPTIONS,
    seed=4,
    names=NP_NAMES,
    dealer=3,
    hands=(("AC", "2C", "4C", "3D"), ("5S", "7S", "10S", "9D"), ("5D", "10D", "7H", "3S"), ("3H", "10H", "AD", "9C")),
    stock=("6C", "5H", "3C", "AS", "4S", "5C"),
    intro=(
        "A new deal for the same four players, with antes of 1 again (pot 4). As in the book, Hansel speaks "
        "first again, so Alice deals again; in a real game the deal passes on after every hand (D-NP2). "
        "Hansel has A♣ 2♣ 4♣: a numerus of 7. Gretel has 5♠ 7♠ 10♠: 22. Ted has 5♦ 10♦: 15. "
        "Alice has 3♥ 10♥: 13."
    ),
    script=(
        ("trade AC 3D",
         "Hansel's numerus of 7 is too small. He passes and trades two cards, the 3♦ and even the A♣ "
         "(worth only 1), keeping 2♣ 4♣ and hoping for bigger clubs (D-NP3). He draws 6♣ and 5♥: "
         "a numerus of 12."),
        ("bet 5 numerus 22",
         "Gretel bets 5 and announces a numerus of 22. As the first bettor, she meets nothing first (D-NP4)."),
        ("trade 3S 7H",
         "Ted can't honestly beat 22. He could trade the 5♦ and hope for a club (any club makes a primero), "
         "or trade 7♥ and 3♠ and hope for diamonds: 7♦ would tie Gretel's 22 (then the whole hand decides), "
         "8♦ or 9♦ would beat it, and two diamonds would make a fluxus. He can't know that the 9♦ is in "
         "Gretel's hand. He trades 7♥ 3♠ and draws 3♣ A♠: still 15."),
        ("trade 3H",
         "Alice passes and trades the 3♥, hoping for a spade to complete one card of each suit. The A♠ is "
         "gone, but the 4♠ comes: a primero of 4 + 10 + 1 + 9 = 24, which beats any numerus."),
        ("trade 5H",
         "Hansel can't beat Gretel either, so he passes. But Gretel is the only player who bet, and Hansel is "
         "the last player before her: he must pay the forced stake, her 5 chips (D-NP7). After paying he still "
         "trades, as every passer does: out goes the 5♥, in comes the 5♣. Four clubs, 2 + 4 + 5 + 6: a fluxus of "
         "17! Everyone has had a turn since Gretel's bet, so the hands are shown (D-NP6). A fluxus beats a "
         "primero and a numerus whatever their points (D-NP1)."),
    ),
    outro=(
        "Hansel wins 14: the 4 antes, Gretel's 5 and his own forced 5. Alice, who thought her primero of 24 "
        "would win, and Gretel, the only bettor, both lose to the fluxus. Remember: when exactly one player "
        "bets and everyone else passes, the last player before the bettor must match the bet, and still trades "
        "(D-NP7)."
    ),
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
        raise OptionsError(f"there is no lesson {quote(name, 40)}")
    return WALKTHROUGHS[name]


def list_walkthroughs() -> list[dict[str, JSON]]:
    """Every lesson: name, title, one-line pitch, rule set, players' names and step count."""
    return [
        {"name": w.name, "title": w.title, "pitch": w.pitch, "variant": w.variant, "names": list(w.names),
         "steps": w.steps, "source": w.source}
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
        raise OptionsError(f"lesson {w.name!r} has steps 0 to {w.steps - 1}")
    replay = states(game, w.name)
    obs = _table(game, replay[step])
    action: str | None = None
    actor: int | None = None
    paid = 0
    forced = False
    if 1 <= step <= len(w.script):
        action, commentary = w.script[step - 1]
        before = replay[step - 1]
        actor = game.current_player(before)
        prev = _table(game, before)
        paid = obs["seats"][actor]["in_pot"] - prev["seats"][actor]["in_pot"]
        # a forced see (Waks) is shown in the view before it; a forced stake is a trade that pays
        forced = prev["forced"] == actor or (action.startswith("trade") and paid > 0)
    elif step == 0:
        commentary = w.intro
    else:
        commentary = w.outro
    cited = sorted(set(DECISION_RE.findall(commentary)), key=lambda d: (d[:4], int(d[4:])))
    return {
        "name": w.name,
        "title": w.title,
        "step": step,
        "steps": w.steps,
        "variant": w.variant,
        "names": list(w.names),
        "dealer": w.dealer,
        "commentary": commentary,
        "decisions": explain(cited),
        "action": action,
        "actor": actor,
        "paid": paid,
        "forced": forced,
        "observation": obs,
    }
