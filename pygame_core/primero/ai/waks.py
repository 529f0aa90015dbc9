"""The Primero AI in the Waks family (Waks, Italian, Roman, Losing): vie, see, revie, pass, fold and the draw.

Hard deals the unseen cards to the opponents and the draw (Monte Carlo), weighing each
opponent's hands by its vies and sees and by how many cards it discarded; medium reads a vie by
the vier's vie rate and opens after the draw by fold equity (the percentile tables). Italian
keeps the claim rule (D-PR9: a hand below the last claim cannot win). The log counters here
(vie rates, folds to a vie, vies when checked to) are kept by the agent across observations.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...rng import AgentRandom
from .common import (
    Opp,
    View,
    above,
    bet_amounts,
    choose_keep,
    count_verbs,
    estimate,
    local_rng,
    own_pct,
    pick_size,
    pot_odds_ok,
)
from .eval import Evaluator
from .levels import Level

# --- hard: Monte Carlo ------------------------------------------------------------


def _opp_counts_waks(o: Opp) -> tuple[int, int, int, int]:
    """``o``'s vies (and revies) and sees before its discard, and after it."""
    cut = next((i for i, a in enumerate(o.acts) if a.startswith("discard")), len(o.acts))
    return (count_verbs(o.acts[:cut], ("vie", "revie")), count_verbs(o.acts[:cut], ("see",)),
            count_verbs(o.acts[cut + 1:], ("vie", "revie")), count_verbs(o.acts[cut + 1:], ("see",)))


def _opp_weight_waks(ev: Evaluator, o: Opp, initial_value: float, final_pct: float, trust: float = 1.0,
                     counts: tuple[int, int, int, int] | None = None) -> float:
    """How likely ``o``'s vies and sees are with this hand; ``trust`` (0..1) scales how much
    they mean (low for an opponent whose shown hands did not back its vies). ``counts``:
    ``_opp_counts_waks(o)``, read once for every sample of an estimate."""
    a1, s1, a2, s2 = _opp_counts_waks(o) if counts is None else counts
    w = (0.3 + initial_value) ** (trust * (0.8 * a1 + 0.25 * s1))
    w *= (0.2 + final_pct) ** (trust * (1.3 * a2 + 0.5 * s2))
    return float(w)


def _waks_policy_keep(ev: Evaluator, initial: Sequence[int], discards: int | None) -> tuple[int, ...]:
    if discards is None:
        return ev.best_keep(initial, range(len(initial) + 1))[1]
    return ev.best_keep(initial, (len(initial) - discards,))[1]


def _hard_q_waks(v: View, rr: random.Random, samples: int,
                 out: list[tuple[float, float, float]] | None = None) -> float:
    """Chance of winning the showdown; ``out`` (if given) collects each sample's (weight, the
    strongest opponent's final percentile, our win)."""
    ev = v.ev
    opps = v.active_opps
    drawn = v.phase == "bet2"
    my_keep: tuple[int, ...] = tuple(v.hand)
    if not drawn:
        my_keep = ev.best_keep(v.hand, range(len(v.hand) + 1))[1]
    disc: dict[int, int | None] = {}
    counts = {o.seat: _opp_counts_waks(o) for o in opps}
    for o in opps:
        d = next((int(a.split()[1]) for a in o.acts if a.startswith("discard")), None)
        disc[o.seat] = d if drawn else None
    need_me = 4 - len(my_keep)
    per_opp = 8
    pool = v.unseen
    num = 0.0
    den = 0.0
    # An opponent's keep depends only on its first two cards and what it discarded, and its value
    # only on the cards kept: each worked out once per estimate, not at every sample.
    keeps: dict[tuple[int, int, int | None], tuple[int, ...]] = {}
    values: dict[tuple[int, ...], float] = {}

    def policy_keep(initial: list[int], d: int | None) -> tuple[int, ...]:
        key = (initial[0], initial[1], d)
        got = keeps.get(key)
        if got is None:
            got = keeps[key] = _waks_policy_keep(ev, initial, d)
        return got

    for _ in range(samples):
        cards = rr.sample(pool, need_me + per_opp * len(opps))
        mine = list(my_keep) + cards[:need_me]
        my_s = None if v.claim_gates and v.claim >= 0 and not ev.meets(mine, v.claim) else ev.strength(mine)
        w = 1.0
        win = 1.0
        top = 0.0
        i = need_me
        for o in opps:
            block = cards[i:i + per_opp]
            i += per_opp
            d = disc[o.seat]
            initial = block[0:2]
            kept = policy_keep(initial, d)
            if d is not None and policy_keep(initial, None) != kept:
                initial = block[2:4]  # one retry to match the number discarded
                kept = policy_keep(initial, d)
            fill = [x for x in block[4:] if x not in kept][: 4 - len(kept)]
            final = list(kept) + fill
            final_pct = ev.pct(final)
            top = max(top, final_pct)
            value = values.get(kept)
            if value is None:
                value = values[kept] = ev.keep_value(kept) if kept else 0.5
            w *= _opp_weight_waks(ev, o, value, final_pct, v.trust.get(o.seat, 1.0), counts[o.seat])
            if my_s is None:
                win = 0.0
            else:
                os_ = ev.strength(final)
                if v.claim_gates and v.claim >= 0 and not ev.meets(final, v.claim):
                    continue
                if os_ > my_s:
                    win = 0.0
                elif os_ == my_s:
                    win *= 0.5
        num += w * win
        den += w
        if out is not None:
            out.append((w, top, win))
    return num / den if den else 0.0


def decide(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    """The Waks family's choice among ``legal`` (the draw, or a betting turn) at level ``lv``."""
    if v.phase == "draw":
        return choose_keep(v, legal, lv, rng, "discard")
    ev = v.ev
    k = max(1, len(v.active_opps))
    vies = [a for a in legal if a.startswith("vie")]
    if vies and lv.samples and v.phase == "bet2" and len(vies[0].split()) == 2 and v.active_opps:
        n = _waks_open_ev(v, bet_amounts(legal, "vie"), local_rng(rng), lv.samples)
        return f"vie {n}" if n else "pass"
    q = _estimate(v, lv, rng)
    edge = q * (k + 1)
    short = v.chips <= 3 * v.stake
    if vies and lv.ranges and v.phase == "bet2" and len(vies[0].split()) == 2:
        n = _waks_open_table(v, bet_amounts(legal, "vie"))
        return f"vie {n}" if n else "pass"
    if lv.ranges and v.to_call > 0 and not v.claim_gates:
        q = _range_q(v)
        edge = q * (k + 1)
    elif lv.samples and v.to_call > 0 and not v.claim_gates:
        # the vier's range by its vie rates (a rock's vie, a probe's steal); a tight vier's vie is read by its rate
        tight = all(v.vie_rate.get(o.seat, 0.28) < 0.2 for o in v.active_opps if count_verbs(o.acts, ("vie", "revie")))
        q = min(q, _range_q(v)) if tight else 0.5 * (q + _range_q(v))
        edge = q * (k + 1)
    if vies:
        amounts = bet_amounts(legal, "vie")
        bluff = lv.bluff > 0 and v.phase == "bet2" and rng.random() < lv.bluff
        if edge > lv.open_edge + (0.15 if short else 0.0) or bluff:
            frac = (edge - lv.open_edge) / max(0.01, k + 1 - lv.open_edge) if not bluff else 0.0
            n = pick_size(amounts, frac * 1.5)
            return _italian_vie(v, vies, n, q, bluff, rng) if len(vies[0].split()) == 4 else f"vie {n}"
        return "pass"
    if v.to_call <= 0:
        return "pass" if "pass" in legal else legal[0]
    revies = bet_amounts(legal, "revie")
    if revies and edge > lv.raise_edge:
        return f"revie {pick_size(revies, (edge - lv.raise_edge) / max(0.01, k + 1 - lv.raise_edge))}"
    strong = len(v.hand) == 4 and ev.pct(v.hand) >= 0.95 and (v.claim < 0 or ev.meets(v.hand, v.claim))
    if "see" in legal and (pot_odds_ok(v, q, lv, v.to_call) or strong):
        return "see"
    if "pass" in legal and len(v.active_opps) > 1:
        return "pass"  # D-WB2: wait and see what the others do
    return "fold" if "fold" in legal else "see"


_FOLD_PRIOR = (1.0, 3.0)  # pseudo-counts: folds, responses to a vie after the draw


def _waks_open_ev(v: View, amounts: Sequence[int], rr: random.Random, samples: int) -> int:
    """Hard, after the draw with no vie yet: the vie (0: pass) with the most expected chips.

    A pass by the last to speak ends the deal in a swig (the pot is carried: worth about its
    share of it later); a vie wins the pot at once when every opponent folds (each at the rate
    it has folded to vies after the draw), else it is met by the opponents' strongest hands (the
    top of the weighted range by the fold rate) at a showdown. So a vie is a value bet, a steal
    or both, and a pass does not say our hand is weak."""
    got: list[tuple[float, float, float]] = []
    q = _hard_q_waks(v, rr, samples, got)
    opps = v.active_opps
    f = 1.0
    for o in opps:
        f *= v.folds.get(o.seat, _FOLD_PRIOR[0] / _FOLD_PRIOR[1])
    total = sum(w for w, _, _ in got)
    need = (1.0 - f) * total
    acc = num = 0.0
    for w, _, win in sorted(got, key=lambda t: -t[1]):
        if acc >= need:
            break
        take = min(w, need - acc)
        acc += take
        num += take * win
    qc = num / acc if acc > 1e-12 else q
    pot = v.pot
    best_n, best = 0, _check_value(v, q ** (1.0 / max(1, len(opps))), amounts)
    for n in amounts:
        called = min([n] + [o.chips for o in opps])
        val = f * pot + (1.0 - f) * (qc * (pot + n + called) - n)
        if val > best + 1e-9:
            best_n, best = n, val
    return best_n


def _this_round(v: View) -> list[tuple[int, str]]:
    """This betting round's public actions (after the draw: from the last discard on)."""
    cut = [i for i, (_, a) in enumerate(v.deal_log) if a.startswith("discard")]
    return v.deal_log[cut[-1] + 1:] if cut else list(v.deal_log)


def _check_value(v: View, p: float, amounts: Sequence[int]) -> float:
    """The worth of a pass after the draw: a swig (our share of the carried pot) when the others
    pass too; heads-up, speaking first, the opponent may vie into it (at its checked-to rate,
    with the top of its hands by that rate): then we see, or fold when that loses."""
    pot = v.pot
    share = pot / (len(v.active_opps) + 1)
    rnd = _this_round(v)
    if len(v.active_opps) != 1 or rnd:
        return share
    o = v.active_opps[0]
    g = min(0.95, max(0.05, v.checked_vies.get(o.seat, _CHECKED_PRIOR[0] / _CHECKED_PRIOR[1])))
    m = min(max(amounts), v.chips) if amounts else 0
    qg = 0.8 * above(p, 1.0 - g) + 0.2 * p
    respond = max(0.0, qg * (pot + 2 * m) - m)
    return g * respond + (1.0 - g) * share


def _range_q(v: View) -> float:
    """Medium, facing a vie: our chance against each opponent's range, where an opponent that
    vied this deal holds the top of its hands by its vie rate (a rock's vies mean a strong hand,
    an every-turn vier's mean nothing)."""
    p = own_pct(v)
    q = 1.0
    rnd = _this_round(v)
    for o in v.active_opps:
        if any(a.split()[0] in ("vie", "revie") for a in o.acts):
            r = v.vie_rate.get(o.seat, 0.28)
            first = next((i for i, (s_, a) in enumerate(rnd) if s_ == o.seat and a.startswith("vie")), -1)
            if first > 0 and any(a == "pass" for _, a in rnd[:first]):  # it vied after a pass: its checked-to rate
                r = max(r, v.checked_vies.get(o.seat, _CHECKED_PRIOR[0] / _CHECKED_PRIOR[1]))
            r = min(1.0, max(0.05, r))
            q *= 0.8 * above(p, 1.0 - r) + 0.2 * p
        else:
            q *= p
    return q


def _waks_open_table(v: View, amounts: Sequence[int]) -> int:
    """Medium, after the draw with no vie yet: ``_waks_open_ev`` with the percentile tables
    (an opponent meets a vie with the top of its hands by its fold rate)."""
    p = own_pct(v)
    f = 1.0
    qc = 1.0
    for o in v.active_opps:
        fo = v.folds.get(o.seat, _FOLD_PRIOR[0] / _FOLD_PRIOR[1])
        f *= fo
        qc *= above(p, fo)
    pot = v.pot
    best_n, best = 0, _check_value(v, p, amounts)
    for n in amounts:
        called = min([n] + [o.chips for o in v.active_opps])
        val = f * pot + (1.0 - f) * (qc * (pot + n + called) - n)
        if val > best + 1e-9:
            best_n, best = n, val
    return best_n


def _italian_vie(v: View, vies: Sequence[str], n: int, q: float, bluff: bool, rng: AgentRandom) -> str:
    """Italian: vie n naming a claim; honest = the lowest claim allowed (keeps us eligible)."""
    ev = v.ev
    mine = [a for a in vies if int(a.split()[1]) == n]
    keyed = sorted((ev.claim_key(a.split()[2], int(a.split()[3])), a) for a in mine)
    if bluff and len(keyed) > 4:
        # claim something solid that we do not hold: opponents without it cannot win
        return keyed[int(len(keyed) * 0.6)][1]
    if len(v.hand) == 4:
        held = [a for c, a in keyed if c <= ev.raw(v.hand) // 100]
        if held:
            return held[0]
    return keyed[0][1]


# --- the agent ---------------------------------------------------------------------


_TRUST_VERBS = ("vie", "revie", "see", "pass", "fold")


def count_aggression(aggr: dict[int, list[float]], entries: Sequence[Mapping[str, Any]]) -> None:
    """Add public log entries to each seat's [vies and revies, betting turns] counts (Waks)."""
    for e in entries:
        verb = str(e["action"]).split()[0]
        if e["seat"] >= 0 and verb in _TRUST_VERBS:
            rec = aggr.setdefault(int(e["seat"]), [10 * 0.28, 10.0])
            rec[0] += verb in ("vie", "revie")
            rec[1] += 1


def vie_trust(aggr: Mapping[int, Sequence[float]], vies: Mapping[int, Sequence[float]]) -> dict[int, float]:
    """How much each opponent's vies mean (0.15..1): low when it vies or revies at most of its
    turns (a loose or random player: honest players vie ~25-30% of their betting turns), or when
    the hands it showed after vying were not strong. ``aggr``: see ``count_aggression``."""
    out: dict[int, float] = {}
    for p, (a, n) in aggr.items():
        t = (0.62 - a / n) / 0.25
        if p in vies:
            t = min(t, (vies[p][0] / vies[p][1] - 0.3) / 0.25)
        out[p] = min(1.6, max(0.15, t))
    return out


_CHECKED_PRIOR = (0.9, 3.0)  # pseudo-counts: vies when checked to, times checked to


def count_folds(rec: dict[int, list[float]], cur: list[Any], entries: Sequence[Mapping[str, Any]],
                 checked: dict[int, list[float]] | None = None) -> None:
    """Add public log entries to each seat's [folds, responses] to a vie after the Waks draw,
    and to ``checked``: each seat's [vies, turns] when every player before it in the round
    passed. ``cur``: [deal, drawn, a vie is standing, a pass was made] of the deal being read."""
    for e in entries:
        deal = int(e["deal"])
        if deal != cur[0]:
            cur[:] = [deal, False, False, False]
        verb = str(e["action"]).split()[0]
        if verb == "discard":
            cur[1], cur[2], cur[3] = True, False, False
            continue
        if e["seat"] < 0:
            continue
        if checked is not None and not cur[2] and cur[3] and verb in ("vie", "pass"):
            c = checked.setdefault(int(e["seat"]), list(_CHECKED_PRIOR))
            c[0] += verb == "vie"
            c[1] += 1
        if not cur[2] and verb == "pass":
            cur[3] = True
        if not cur[1]:
            if verb in ("vie", "revie"):
                cur[2] = True
            continue
        if cur[2] and verb in ("fold", "see", "revie"):
            r = rec.setdefault(int(e["seat"]), list(_FOLD_PRIOR))
            r[0] += verb == "fold"
            r[1] += 1
        if verb in ("vie", "revie"):
            cur[2] = True


def _estimate(v: View, lv: Level, rng: AgentRandom) -> float:
    """The chance of winning the showdown, by the level's method (hard: ``_hard_q_waks``)."""
    return estimate(v, lv, rng, _hard_q_waks)
