"""Primero's reviewer (issue 23): each decision valued in chips by rollouts of the AI's play.

The unit is chips: a candidate's value is the seat's expected chip change from the decision to
the end of the current deal (the chips it wins, less what it puts in from then on, plus its
share of a pot carried to the next deal: a swig's or an unclaimed pot's chips come back to
whoever plays on, so they are not lost).

How a decision is valued, from the seat's information only (``Position``):

- *Worlds*: ``position.worlds`` deals every card the seat could not see again (the other hands,
  the stock, the table). A uniform deal ignores what the others did: a player who vied twice
  rarely holds rubbish. So more worlds are drawn than are played out, each is weighted by how
  likely the others' public actions this deal are with the hand it gives them (the hard
  player's own reading: a vie or bet makes a strong hand likelier, a see or match a little;
  a Northpass claim its hand at least that good), and the worlds played out are drawn by
  those weights (systematic resampling, so a likely world may count twice).
- *Candidates*: the move played, the hard level's own choice, and a few distinct others: every
  one-word move (fold, pass, see, match, refuse, vada), the smallest and largest of each bet
  verb (with the honest and the lowest claim where a bet names one), and the best few keeps
  for a draw or a trade by the percentile tables. Not every legal move (a Northpass turn has
  hundreds), but every kind of choice there was.
- *Rollouts*: each candidate is applied in each world and the rest of the deal is played by the
  hard level for every seat (fresh agents read the deal's public log from the observation; RMS,
  whose deals are long, by the medium level: ``BUDGETS``), with the same worlds and the same
  agents' seeds for every candidate (common random numbers: the differences between candidates
  are then far less noisy than the values).

Budgets are counted in rollouts, never in time, so a review is the same on CPython and Pyodide.
The marks' thresholds come from measurement (bench/review/RESULTS.md, "## Primero").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from math import sqrt
from typing import Any

from ..protocol import Game
from ..review import Position, Thresholds, Weighing
from ..rng import AgentRandom
from .ai.agent import PrimeroAgent
from .ai.common import View, bet_amounts, parse_view
from .ai.eval import Evaluator
from .ai.levels import HARD, MEDIUM, Level
from .engine.northpass import ENGINE as NORTHPASS
from .engine.rms import ENGINE as RMS
from .engine.waks import ENGINE as WAKS
from .state import PrimeroState

VERSION = "2"

DRAWN = 3
"""Worlds drawn per world played out, before the weighting by the others' actions picks."""
HINDSIGHT_RUNS = 4
"""Rollouts of the true state per candidate in the hindsight view (the players' own randomness)."""
NOISE_Z = 1.0
"""Standard errors taken off another move's advantage over the move played (``_values``)."""
KEEPS = 3
"""The best keeps (by the tables) offered as candidates at a draw or a trade."""


@dataclass(frozen=True)
class Budget:
    """How much one decision's review may play: worlds played out and the rollouts' players.

    ``verify``: when the move played looks worse than the best (a loss above the ``best``
    threshold) over ``worlds``, the move played, that best and the hard level's choice are played
    out again over this many fresh worlds, and those values stand (0: no second look). A few worlds
    are enough to pass the many moves that lose nothing, but their luck alone marks good moves."""

    worlds: int
    level: Level
    verify: int = 0


BUDGETS = {
    # The hard level with fewer Monte Carlo samples per estimate (60, not 150) plays the rollouts:
    # a whole review of one seat of a 20-deal game in about 12 s of CPython for Waks heads-up and
    # 16 s for Northpass with 4 players (bench/review/RESULTS.md).
    WAKS.name: Budget(12, replace(HARD, samples=60)),
    NORTHPASS.name: Budget(8, replace(HARD, samples=60)),
    # An RMS deal is long (wagering every circuit, up to CIRCUIT_CAP circuits) and a seat has
    # about 150 decisions in a 20-deal game: the medium level (percentile tables, no sampling)
    # plays its rollouts, over fewer worlds, to stay in the budget. With four or more players a
    # deal's chips swing so far that 6 worlds marked hard's own moves as often as easy's; a loss
    # seen over 6 is checked over 36 more (``verify``; bench/review/RESULTS.md, "RMS").
    RMS.name: Budget(6, MEDIUM, verify=36),
}
"""Per engine family (the variant's rules record names its engine)."""


_ONE_WORD = ("fold", "pass", "see", "match", "refuse", "vada")
_AGGRESSIVE = ("vie", "revie", "raise", "bet")
_PASSIVE = ("pass", "see", "match", "refuse")
_KEEP = ("discard", "trade")


@dataclass(frozen=True)
class _Deal:
    """What the rollouts need of the decision's state: the deal, the seat and its chips in the pot."""

    deal: int
    seat: int
    contrib: int


class PrimeroReviewer:
    """The reviewer of ``GameInfo.reviewer`` (the protocol: pygame_core/review.py)."""

    unit = "chips"
    # Set from measurement (bench/review/RESULTS.md, "## Primero": the reviewed seat at each level
    # against hard): `best` is hard's 90th percentile of loss in Waks heads-up, `inaccuracy` above
    # easy's and medium's, `mistake` about their 99th (hard's is 1.4), `blunder` hard's 99th in
    # Northpass (more than a whole Waks rest bet given away).
    thresholds = Thresholds(best=0.35, inaccuracy=0.8, mistake=2.0, blunder=4.0)
    version = VERSION

    def weigh(self, position: Position) -> Weighing | None:
        """The candidates' expected chips from the seat's view (worlds weighted by the others' actions)."""
        obs = position.observation
        v = parse_view(obs)
        rng = position.rng
        hard = _hard(obs).choose(obs, position.legal, rng.fork())
        cands = candidates(v, position.legal, position.played, hard)
        budget = BUDGETS[v.rules.engine.name]
        first = budget.worlds * DRAWN
        worlds = _pick_worlds(v, position.worlds(first), budget.worlds, rng)
        seed = rng.randbelow(1 << 30)
        values = _values(position.game, worlds, cands, position.seat, seed, budget.level)
        if budget.verify and max(values.values()) - values[position.played] > self.thresholds.best:
            best = max(values, key=lambda a: (values[a], a == position.played))
            again = list(dict.fromkeys((position.played, best, hard)))
            fresh = _pick_worlds(v, position.worlds(first + budget.verify * DRAWN)[first:], budget.verify, rng)
            values = _values(position.game, fresh, again, position.seat, rng.randbelow(1 << 30), budget.level)
        win = _win_share(v, [w for w, _ in worlds], [k for _, k in worlds])
        return _explain(v, values, position.played, win)

    def hindsight(self, game: Game[PrimeroState], state: PrimeroState, seat: int, played: str, rng: AgentRandom) -> Weighing | None:
        """The same valuation on the true state (every hand known), played out a few times."""
        obs = game.observation(state, seat)
        v = parse_view(obs)
        legal = game.legal_actions(state)
        hard = _hard(obs).choose(obs, legal, rng.fork())
        cands = candidates(v, legal, played, hard)
        level = BUDGETS[v.rules.engine.name].level
        values = _values(game, [(state, 1)], cands, seat, rng.randbelow(1 << 30), level, runs=HINDSIGHT_RUNS)
        win = _win_share(v, [state], [1])
        return _explain(v, values, played, win)


def _hard(obs: Mapping[str, Any]) -> PrimeroAgent:
    """A fresh hard player for this observation, its tables built (cached: only the first call builds)."""
    agent = PrimeroAgent("hard")
    agent.prepare(str(obs["variant"]), dict(obs.get("options") or {}))
    return agent


# --- candidates -------------------------------------------------------------------


def candidates(v: View, legal: Sequence[str], played: str, hard: str) -> list[str]:
    """The moves worth weighing: the one played, the hard level's, and one of each kind of choice."""
    picks: list[str] = [played, hard]
    by_verb: dict[str, list[str]] = {}
    for a in legal:
        by_verb.setdefault(a.split()[0], []).append(a)
    for verb, acts in by_verb.items():
        if verb in _ONE_WORD:
            picks += acts
        elif verb in _KEEP:
            picks += _best_keeps(v, acts)
        elif verb == "draw":
            continue  # below
        elif any(len(a.split()) == 4 for a in acts):
            picks += _claims(v.ev, v.hand, acts)
        else:
            amounts = bet_amounts(acts, verb)
            if amounts:
                picks += [f"{verb} {amounts[0]}", f"{verb} {amounts[-1]}"]
    if "draw" in by_verb and not played.startswith("draw") and not hard.startswith("draw"):
        # RMS: the face-down table cards are alike to the seat; one draw stands for them all
        picks.append(by_verb["draw"][0])
    if played.startswith("draw") and hard.startswith("draw") and hard != played:
        picks.remove(hard)  # another face-down slot: the same choice, only the cards' luck differs
    out: list[str] = []
    for a in picks:
        if a in legal and a not in out:
            out.append(a)
    if played not in out:
        out.insert(0, played)
    return out


def _best_keeps(v: View, acts: Sequence[str]) -> list[str]:
    """The ``KEEPS`` draws or trades whose kept cards promise the best final hand (the tables)."""
    ev = v.ev
    scored = []
    for a in acts:
        out = [ev.index[c] for c in a.split()[1:]]
        kept = [x for x in v.hand if x not in out]
        if len(kept) == len(v.hand) and len(kept) == 4:
            value = ev.pct(kept)
        elif len(kept) == 4 and len(v.hand) == 5:
            value = ev.pct(kept)  # RMS: the discard that leaves four cards
        else:
            value = ev.keep_value(kept, out)
        scored.append((-value, a))
    scored.sort()
    return [a for _, a in scored[:KEEPS]]


def _claims(ev: Evaluator, hand: Sequence[int], acts: Sequence[str]) -> list[str]:
    """Bets naming a claim (Northpass, Suzuki, Italian vies): for the smallest and the largest
    amount, the honest claim (the highest the hand holds, else the lowest) and the lowest one."""
    out: list[str] = []
    amounts = sorted({int(a.split()[1]) for a in acts})
    held = ev.raw(hand) // 100 if len(hand) == 4 else -1
    for n in (amounts[0], amounts[-1]):
        keyed = sorted((ev.claim_key(a.split()[2], int(a.split()[3])), a) for a in acts if int(a.split()[1]) == n)
        honest = [a for k, a in keyed if k <= held]
        out += [honest[-1] if honest else keyed[0][1], keyed[0][1]]
    return out


# --- worlds -----------------------------------------------------------------------


def _pct(ev: Evaluator, cards: Sequence[int]) -> float:
    """A hand's worth as a percentile among all hands: 4 cards as they are, 5 at their best four,
    fewer at the expected percentile of the four they will make."""
    if len(cards) == 4:
        return float(ev.pct(cards))
    if len(cards) > 4:
        return max(float(ev.pct(c)) for c in combinations(cards, 4))
    return float(ev.keep_value(list(cards))) if cards else 0.5


def _hand(v: View, state: PrimeroState, seat: int) -> list[int]:
    return [v.ev.index[str(c)] for c in state.hands[seat]]


def _plausibility(v: View, state: PrimeroState) -> float:
    """How likely the others' public actions this deal are with the hands this world gives them."""
    ev = v.ev
    w = 1.0
    for o in v.active_opps:
        hand = _hand(v, state, o.seat)
        p = _pct(ev, hand)
        bets = sum(1 for a in o.acts if a.split()[0] in _AGGRESSIVE)
        calls = sum(1 for a in o.acts if a.split()[0] in ("see", "match"))
        w *= (0.2 + p) ** (1.0 * bets + 0.4 * calls)
        if o.claim >= 0 and len(hand) == 4 and not ev.meets(hand, o.claim):
            w *= 0.5  # a claim is believed, but not blindly (Northpass bluffs carry no penalty, D-NP4)
    return w


def _pick_worlds(v: View, drawn: Sequence[PrimeroState], n: int, rng: AgentRandom) -> list[tuple[PrimeroState, int]]:
    """``n`` of the ``drawn`` worlds by their plausibility (systematic resampling), as (world, times)."""
    weights = [_plausibility(v, s) for s in drawn]
    total = sum(weights)
    if total <= 0:
        return [(s, 1) for s in drawn[:n]]
    step = total / n
    at = rng.random() * step
    counts = [0] * len(drawn)
    acc = 0.0
    i = 0
    for k in range(n):
        target = at + k * step
        while i < len(drawn) - 1 and acc + weights[i] <= target:
            acc += weights[i]
            i += 1
        counts[i] += 1
    return [(s, c) for s, c in zip(drawn, counts, strict=True) if c]


def _win_share(v: View, worlds: Sequence[PrimeroState], times: Sequence[int]) -> float:
    """The share of the worlds where the seat's hand now is better than every other hand still in."""
    ev = v.ev
    won = 0.0
    total = 0
    for s, t in zip(worlds, times, strict=True):
        mine = _pct(ev, _hand(v, s, v.seat))
        others = [_pct(ev, _hand(v, s, o.seat)) for o in v.active_opps]
        won += t * (1.0 if all(mine > x for x in others) else 0.5 if all(mine >= x for x in others) else 0.0)
        total += t
    return won / total if total else 0.0


# --- rollouts ---------------------------------------------------------------------


def _values(game: Game[PrimeroState], worlds: Sequence[tuple[PrimeroState, int]], cands: Sequence[str], seat: int, seed: int,
            level: Level, runs: int = 1) -> dict[str, float]:
    """Each candidate's chips over the worlds (each counted its times), played ``runs`` times each;
    the seeds depend on the world and the run, never on the candidate (common random numbers).

    The move played (``cands[0]``) gets its mean. Another candidate gets the played move's mean
    plus how much better it did, world by world, less ``NOISE_Z`` standard errors of that paired
    difference: a cautious estimate, so that a move is not marked for the rollouts' luck alone
    (the best of several noisy means is biased upward), while a clear loss still shows."""
    got: dict[str, list[float]] = {}
    weights: list[int] = []
    for j, (world, times) in enumerate(worlds):
        for r in range(runs):
            weights.append(times)
            for a in cands:
                got.setdefault(a, []).append(rollout(game, world, a, seat, seed + 7_919 * j + 104_729 * r, level))
    n = sum(weights)
    if not n:
        return {a: 0.0 for a in cands}
    played = cands[0]
    base = sum(w * x for w, x in zip(weights, got[played], strict=True)) / n
    out = {played: base}
    for a in cands[1:]:
        diffs = [x - y for x, y in zip(got[a], got[played], strict=True)]
        mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / n
        var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / max(1, n - 1)
        out[a] = base + mean - NOISE_Z * sqrt(var / n)
    return out


def rollout(game: Game[PrimeroState], state: PrimeroState, action: str, seat: int, seed: int, level: Level) -> float:
    """``seat``'s chips from ``action`` to the end of this deal, every seat then played at ``level``."""
    # the AI's lighter observation where the game offers one (PrimeroGame.agent_observation)
    observe = getattr(game, "agent_observation", game.observation)
    start = _Deal(state.deal, seat, state.contrib[seat])
    engine = state.rules.engine
    s = engine.apply(state, action)
    agents: dict[int, PrimeroAgent] = {}
    rngs: dict[int, AgentRandom] = {}

    while not s.over and s.deal == start.deal:
        p = s.to_act
        agent = agents.get(p)
        if agent is None:
            agent = agents[p] = PrimeroAgent(level.name)
            agent.level = level  # the rollouts' budget (BUDGETS), read by the families' play
            rngs[p] = AgentRandom(seed * 31 + p)
        legal = game.legal_actions(s)
        a = legal[0] if len(legal) == 1 else agent.choose(observe(s, p), legal, rngs[p])
        s = engine.apply(s, a)
    return _chips(s, start)


def _chips(s: PrimeroState, start: _Deal) -> float:
    """The seat's chips from the decision to the end of its deal (``s``: just after that deal)."""
    out = s.last_deal
    if out is None or out.deal != start.deal:
        return 0.0
    won = dict(out.won).get(start.seat, 0)
    paid = out.contributions[start.seat] - start.contrib
    share = 0.0
    if out.carried and not s.over:
        alive = sum(1 for c in s.chips if c > 0)
        share = out.carried / max(1, alive)
    return won - paid + share


# --- the words ----------------------------------------------------------------------


def _verb(a: str) -> str:
    return a.split()[0]


def _explain(v: View, values: Mapping[str, float], played: str, win: float) -> Weighing:
    """The Weighing with its why and kind, in the player's words (keys primero.review.*)."""
    best = max(values, key=lambda a: (values[a], a == played))
    gain = values[best] - values[played]
    pct = round(100 * win)
    why, kind = _words(played, best, win, v)
    args: dict[str, Any] = {"pct": pct, "gain": round(gain, 1)}
    return Weighing(dict(values), {"key": why, "args": args} if gain > 0 else None, kind if gain > 0 else None)


def _words(played: str, best: str, win: float, v: View) -> tuple[str, str | None]:
    """(why key, kind key) for a played move against the best one."""
    p, b = _verb(played), _verb(best)
    if p == "fold":
        if win >= 0.5:
            return "primero.review.why.stay_best", "primero.review.kind.fold_best"
        return "primero.review.why.stay", "primero.review.kind.fold"
    if b == "fold":
        if p in _AGGRESSIVE:
            return "primero.review.why.fold", "primero.review.kind.bet_into"
        return "primero.review.why.fold", "primero.review.kind.call_beaten"
    if p in _KEEP and _breaks_made_hand(v, played):
        return "primero.review.why.keep_made", "primero.review.kind.broke_hand"
    if p in _KEEP:
        if b in _KEEP:
            return "primero.review.why.keep", "primero.review.kind.keep"
        if b in _AGGRESSIVE:
            return "primero.review.why.claim", "primero.review.kind.traded"
    if p == "vada" and b == "draw":
        return "primero.review.why.draw", "primero.review.kind.knock_early"
    if p == "draw" and b == "vada":
        return "primero.review.why.knock", "primero.review.kind.knock_late"
    if p in _PASSIVE and b in _AGGRESSIVE:
        return "primero.review.why.value", "primero.review.kind.checked_strong"
    if p in _AGGRESSIVE and b in _PASSIVE:
        if win < 0.5:
            return "primero.review.why.cheaper", "primero.review.kind.bet_into"
        return "primero.review.why.cheaper", "primero.review.kind.overbet"
    if p in _AGGRESSIVE and b in _AGGRESSIVE:
        if len(played.split()) == 4 and played.split()[1] == best.split()[1]:
            return "primero.review.why.claim", "primero.review.kind.claim"
        return "primero.review.why.size", "primero.review.kind.size"
    if p in _AGGRESSIVE and b in _KEEP:
        return "primero.review.why.trade", "primero.review.kind.bet_into"
    if p in _PASSIVE and b in _PASSIVE:
        if b == "see" or b == "match":
            return "primero.review.why.call", "primero.review.kind.gave_up"
        return "primero.review.why.chips", None
    return "primero.review.why.chips", None


def _breaks_made_hand(v: View, keep: str) -> bool:
    """Whether a draw or trade throws away a card of a made hand (better than a numerus) and the
    cards it keeps promise less than the hand held (the best four of five in RMS)."""
    ev = v.ev
    if len(v.hand) < 4 or ev.lowest:
        return False
    best = max(combinations(v.hand, 4), key=ev.raw)
    if ev.raw(best) // 100_000 <= ev.k_numerus:
        return False
    out = {ev.index[c] for c in keep.split()[1:]}
    kept = [x for x in v.hand if x not in out]
    if not out & set(best):
        return False
    return _pct(ev, kept) < ev.pct(best) if len(kept) >= 4 else ev.keep_value(kept, list(out)) < ev.pct(best)


def reviewer() -> PrimeroReviewer:
    """``GameInfo.reviewer``: a fresh reviewer (it keeps nothing between decisions)."""
    return PrimeroReviewer()


__all__ = ["PrimeroReviewer", "candidates", "reviewer", "rollout"]
