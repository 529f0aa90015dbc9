"""The Primero AI in the Northpass family (Northpass, Suzuki): bet and announce a claim, or pass and trade.

Nobody folds and the real hands decide the showdown (D-NP4); there are no side pots (P-NP2).
Hard weighs an opponent's claim as far as its showdowns have backed its claims (``NP_HONESTY``,
kept by the agent), bets by expected chips (heads-up: every trade and a few bets over sampled
opponent hands) and announces the highest claim to leave no bet over it.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import combinations

from ...rng import AgentRandom
from .common import Opp, View, choose_keep, count_verbs, estimate, local_rng, pick_size
from .eval import Evaluator, unpack
from .levels import Level


def _hard_q_northpass(v: View, rr: random.Random, samples: int) -> float:
    """Chance our current hand wins if we stand on it (bet): each opponent then has one turn,
    keeping a hand that beats ours (and re-betting) or else trading one or two cards.
    The real hands decide the showdown (D-NP4); an opponent's claim weights its hands, a
    bluff as likely as its showdowns have shown (``View.honesty``)."""
    ev = v.ev
    mine = list(v.hand)
    opps = v.active_opps
    my_s = ev.strength(mine)
    pool = v.unseen
    num = 0.0
    den = 0.0
    belief = {o.seat: _claim_belief(ev, o.claim, v.honesty.get(o.seat, NP_HONESTY)) for o in opps}
    for _ in range(samples):
        cards = rr.sample(pool, 6 * len(opps))
        w = 1.0
        win = 1.0
        for j, o in enumerate(opps):
            h = cards[6 * j:6 * j + 4]
            if o.claim >= 0:
                # a claimer holds its claim (as far as it is believed) or else one of its better hands
                b = belief[o.seat]
                w *= (1.0 - b) * (0.3 + ev.pct(h)) ** 1.5 / 0.75 + (b if ev.meets(h, o.claim) else 0.0)
            s = ev.strength(h)
            if s <= my_s:
                kept = ev.best_keep(h, (2, 3))[1]
                final = list(kept) + cards[6 * j + 4:6 * j + 4 + 4 - len(kept)]
                s = ev.strength(final)
            if s > my_s:
                win = 0.0
            elif s == my_s:
                win *= 0.5
        num += w * win
        den += w
    return num / den if den else 0.0


def decide(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    """The Northpass family's choice among ``legal`` (a bet with its claim, or a trade) at level ``lv``."""
    ev = v.ev
    if lv.samples and len(v.active_opps) == 1:
        o = v.active_opps[0]
        return _np_heads_up(v, legal, lv, rng, v.honesty.get(o.seat, NP_HONESTY))
    if lv.samples:
        bet = _np_multi_bet(v, legal, lv, rng)
        if bet:
            return bet
        return _np_trade(v, legal, lv, rng)
    k = max(1, len(v.active_opps))
    q = _estimate(v, lv, rng)
    edge = q * (k + 1)
    my_claim = ev.raw(v.hand) // 100
    bets: dict[int, list[tuple[int, str]]] = {}
    for a in legal:
        if a.startswith("bet "):
            parts = a.split()
            bets.setdefault(int(parts[1]), []).append((ev.claim_key(parts[2], int(parts[3])), a))
    amounts = sorted(bets)
    # easy and medium bet only what they hold; hard stands on its hand whatever the standing claim
    # (D-NP4: the real hands decide the showdown, a claim is only talk)
    honest = bool(amounts) and (lv.samples > 0 or any(c <= my_claim for c, _ in bets[amounts[0]]))
    bettors = [o for o in v.opps if any(a.startswith("bet ") for a in o.acts)]
    forced = v.to_call if (len(bettors) == 1 and _forced_here(v, bettors[0].seat)) else 0
    threshold = lv.open_edge - (0.25 if forced else 0.0) + (0.2 if v.chips < 4 * (v.to_call + 1) else 0.0)
    if lv.samples:
        threshold = 1.0 + (0.1 if k > 1 else 0.0) - (0.1 if forced else 0.0)
    if honest and edge > threshold:
        frac = (edge - threshold) / max(0.01, k + 1 - threshold)
        amount = pick_size(amounts, frac * (4.0 if lv.samples else 1.3))
        if v.to_call > 0 and lv.name == "medium":
            amount = amounts[0]  # a re-bet is not met (only a lone bet is, by the forced stake): keep it small
        if lv.samples:
            return max(bets[amount])[1]  # the highest claim: nobody can bet over it, every other player trades
        held = sorted(c_a for c_a in bets[amount] if c_a[0] <= my_claim)
        if lv.name == "easy":
            return held[0][1]
        return held[-1][1]  # announce what we hold: nobody can then bet honestly with a hand below ours
    # No bluff bets here: nobody folds, so a bet on a weak hand wins nothing and keeps the weak hand.
    return _np_trade(v, legal, lv, rng)


def _np_trade(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    """Northpass, not betting: the trade (the best expected hand, or the best chance to beat a believed claim)."""
    ev = v.ev
    claimer = next((seat for seat, a in reversed(v.deal_log) if a.startswith("bet ")), -1)
    believed = claimer != v.seat and _claim_belief(ev, v.claim, v.honesty.get(claimer, NP_HONESTY)) >= 0.5
    if lv.samples and v.claim >= 0 and not ev.meets(v.hand, v.claim) and believed:
        chance, a = _trade_to_beat(v, legal)  # an honest claimer holds at least its claim: beat that
        if chance >= 0.05:  # else no trade can beat it: keep the best hand for the others
            return a
    if lv.poker_keep:
        return _poker_keep(v, legal) or choose_keep(v, legal, lv, rng, "trade")
    return choose_keep(v, legal, lv, rng, "trade")


_POKER = {"A": 14, "K": 13, "Q": 12, "J": 11}
"""A poker player's card ranks (a number card is its number)."""


def _poker_keep(v: View, legal: Sequence[str]) -> str:
    """Easy's trade (``Level.poker_keep``): the one that keeps the highest cards by poker's ranks, a
    pair counting 15 more, blind to Primero's points and suits (a beginner's mistake: a ten is worth
    10 points in Primero, a seven 21); "" when no trade is legal."""
    ev = v.ev
    best, top = "", -1
    for a in legal:
        if not a.startswith("trade"):
            continue
        out = set(a.split()[1:])
        ranks = [_POKER.get(ev.names[x][:-1]) or int(ev.names[x][:-1]) for x in v.hand if ev.names[x] not in out]
        score = sum(ranks) + 15 * sum(ranks.count(r) - 1 for r in set(ranks))
        if score > top or (score == top and a < best):
            best, top = a, score
    return best


def _np_multi_bet(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom) -> str:
    """Hard, Northpass with 3+ players: the bet (announcing the highest claim, so that nobody can
    bet over it and every other player must trade) with the most expected chips, or "" when a
    trade is worth more. Nobody folds, so a bet wins only at the showdown: standing on our hand
    it pays ``latest + n`` and, as the only bettor, makes the player before us pay the forced
    stake; a trade keeps our best cards and draws (paying the forced stake if it is ours). Both
    are scored over the same sampled opponent hands (weighted by their claims and trades)."""
    ev = v.ev
    bets: dict[int, list[tuple[int, str]]] = {}
    for a in legal:
        if a.startswith("bet "):
            parts = a.split()
            bets.setdefault(int(parts[1]), []).append((ev.claim_key(parts[2], int(parts[3])), a))
    if not bets:
        return ""
    opps = v.active_opps
    rr = local_rng(rng)
    my_s = ev.strength(v.hand)
    my_keep = list(_best_keep(ev, v.hand))
    need = 4 - len(my_keep)
    belief = {o.seat: _claim_belief(ev, o.claim, v.honesty.get(o.seat, NP_HONESTY)) for o in opps}
    traded = {o.seat for o in opps if any(a.startswith("trade") for a in o.acts) and not count_verbs(o.acts, ("bet",))}
    num_s = num_t = den = 0.0
    for _ in range(lv.samples):
        cards = rr.sample(v.unseen, 6 * len(opps) + need)
        mine2 = my_keep + cards[6 * len(opps):]
        t_s = ev.strength(mine2)
        w = 1.0
        win_s = win_t = 1.0
        for j, o in enumerate(opps):
            h = cards[6 * j:6 * j + 4]
            p = ev.pct(h)
            if o.claim >= 0:
                b = belief[o.seat]
                w *= (1.0 - b) * (0.3 + p) ** 1.5 / 0.75 + (b if ev.meets(h, o.claim) else 0.0)
            elif o.seat in traded:
                w *= 1.0 if p < 0.6 else 0.5  # it traded rather than bet: a weaker hand, likely
            kept = _best_keep(ev, h)
            o_tr = ev.strength(list(kept) + cards[6 * j + 4:6 * j + 4 + 4 - len(kept)])
            # after our highest claim every other player must trade; after our trade a bettor or a
            # good hand stands (it bets), a weaker one trades
            o_st = ev.strength(h) if o.claim >= 0 or p > 0.6 else o_tr
            win_s *= 1.0 if my_s > o_tr else 0.5 if my_s == o_tr else 0.0
            win_t *= 1.0 if t_s > o_st else 0.5 if t_s == o_st else 0.0
        num_s += w * win_s
        num_t += w * win_t
        den += w
    if den <= 0:
        return ""
    q_s, q_t = num_s / den, num_t / den
    pot = v.pot
    latest = v.to_call
    bettors = {seat for seat, a in v.deal_log if a.startswith("bet ")}
    forced_me = min(latest, v.chips) if len(bettors) == 1 and _forced_here(v, next(iter(bettors))) else 0
    best_a, best = "", q_t * (pot + forced_me) - forced_me
    before = _seat_before(v)
    for n in sorted(bets):
        pay = latest + n
        if pay > v.chips:
            continue
        forced = min(pay, before.chips) if not bettors and before is not None else 0
        val = q_s * (pot + pay + forced) - pay
        if val > best + 1e-9:
            best_a, best = max(bets[n])[1], val
    return best_a


def _seat_before(v: View) -> Opp | None:
    """The active opponent just before us (the one a lone bet of ours makes pay the forced stake)."""
    n = int(v.obs["players"])
    active = {o.seat: o for o in v.active_opps}
    for d in range(1, n):
        q = (v.seat - d) % n
        if q in active:
            return active[q]
    return None


# --- hard, heads-up Northpass: expected chips of each action --------------------------
#
# Heads-up there is no folding and every lone bet is met (D-NP7: the other player is the
# forced one), so a first bet is sized by the showdown equity against the opponent's trade,
# while a re-bet only adds chips the opponent does not have to meet (kept to the minimum).
# The real hands decide the showdown (D-NP4: bluffing carries no penalty) and there are no
# side pots (P-NP2): a claim is only talk, except that the next bet must claim more. So hard
# weighs the highest claim (nobody can bet over it: the opponent must trade, paying the forced
# stake, even with a strong hand) against a low one (a stronger opponent then bets over it and
# pays more), and reads an opponent's claim as its showdowns have shown it to be (exact, under
# or over its hand).

_NP_HU_SAMPLES = 120  # sampled opponent hands per heads-up decision (300 before: a p95 over 300 ms in the browser)
NP_HONESTY = (3.0, 1.0, 0.4)  # prior pseudo-counts: claims equal to / below / above the hand shown


def _bluff_rate(hon: Sequence[float]) -> float:
    """The share of an opponent's final claims that were above the hand it showed."""
    return float(hon[2] / (hon[0] + hon[1] + hon[2]))


_BLUFF_SPREAD = 0.3  # how much of its bluffs an over-claimer spreads on any one claim (a bluff names any hand)


def _claim_belief(ev: Evaluator, claim: int, hon: Sequence[float]) -> float:
    """The chance that a claimer's hand meets its ``claim``: its showdowns' honesty (``hon``)
    weighed against how rare the claim is. An honest bettor names what it holds, so a claim that
    few hands meet is rarely honest (the highest claim, announced at every bet, is a bluff even
    before any showdown has shown it); a bluff may name any claim."""
    if claim < 0:
        return 1.0
    b = _bluff_rate(hon)
    meet = max(0.0, 1.0 - ev.pct_claim(claim))  # the share of hands that meet it
    honest = (1.0 - b) * min(1.0, meet / 0.3)  # an honest claim: one of the better hands (bettors hold those)
    return honest / (honest + b * _BLUFF_SPREAD) if honest > 0 else 0.0


def _bluff_weight(hon: Sequence[float]) -> float:
    """The weight of a hand below an opponent's claim (about 0.2 for the prior, 1 for a player
    whose claims have said nothing about its hands)."""
    return min(1.0, 2.2 * _bluff_rate(hon))


def claim_of(ev: Evaluator, act: str) -> int:
    parts = act.split()
    return ev.claim_key(parts[2], int(parts[3]))


def _draw_claimed(ev: Evaluator, c: int, mode: int, rr: random.Random, mine: set[int]) -> list[int] | None:
    """A random hand (avoiding ``mine``) whose claim key is == c (mode 0), > c (1) or < c (2)."""
    keys, hands = ev.hands_by_claim()
    lo = bisect_left(keys, c)
    hi = bisect_right(keys, c)
    span = [(lo, hi), (hi, len(keys)), (0, lo)][mode]
    if span[1] <= span[0]:
        return None
    for _ in range(24):
        h = unpack(hands[rr.randrange(span[0], span[1])])
        if not (h[0] in mine or h[1] in mine or h[2] in mine or h[3] in mine):
            return list(h)
    return None


_BEST_KEEP: dict[tuple[str, int, tuple[int, ...]], tuple[int, ...]] = {}


def _best_keep(ev: Evaluator, h: Sequence[int], sizes: Sequence[int] = (2, 3)) -> tuple[int, ...]:
    """The cards of ``h`` to keep when trading (the best expected final percentile), cached."""
    key = (ev.variant + ("*" if ev.wild >= 0 else ""), (1 << h[0]) | (1 << h[1]) | (1 << h[2]) | (1 << h[3]), tuple(sizes))
    got = _BEST_KEEP.get(key)
    if got is None:
        got = ev.best_keep(sorted(h), sizes)[1]  # canonical order: ties break the same way
        if len(_BEST_KEEP) > 200_000:
            _BEST_KEEP.clear()
        _BEST_KEEP[key] = got
    return got


def _sample_opp_np(v: View, o: Opp, rr: random.Random, hon: tuple[float, float, float]) -> tuple[list[int], float]:
    """One hand the opponent may hold now, with a weight: its latest claim sets the hand
    (exact, better or a bluff, by its observed honesty); trades keep the best cards."""
    ev = v.ev
    mine = set(v.hand)
    total = sum(hon)
    h: list[int] | None = None
    w = 1.0
    claim = -1
    for seat, act in v.deal_log:
        parts = act.split()
        if seat != o.seat:
            if parts[0] == "bet":
                claim = claim_of(ev, act)
            continue
        if parts[0] == "bet":
            c = claim_of(ev, act)
            claim = c
            r = rr.random() * total
            mode = 0 if r < hon[0] else 1 if r < hon[0] + hon[1] else 2
            h = _draw_claimed(ev, c, mode, rr, mine)
            if h is None:
                h = _draw_claimed(ev, c, 0, rr, mine) or _draw_claimed(ev, c, 1, rr, mine)
            elif mode == 2:
                w *= (0.3 + ev.pct(h)) ** 1.5  # a claim over its hand: still, players bet their better hands
        elif parts[0] == "trade":
            k = int(parts[1])
            if h is None:
                h = rr.sample([x for x in v.unseen], 4)
                if claim >= 0:
                    w *= 0.3 if ev.raw(h) // 100 > claim else 1.0  # it could have bet over the claim
                else:
                    w *= 0.3 if ev.pct(h) > 0.6 else 1.0  # it could have bet
            kept = list(_best_keep(ev, h, (4 - k,)))
            taken = mine | set(h)
            fill: list[int] = []
            while len(fill) < k:
                x = v.unseen[rr.randrange(len(v.unseen))]
                if x not in taken:
                    taken.add(x)
                    fill.append(x)
            h = kept + fill
    if h is None:
        h = rr.sample(v.unseen, 4)
    return h, w


def _sd(ev: Evaluator, a: Sequence[int], b: Sequence[int]) -> float:
    """Our share of a heads-up showdown (a: ours, b: theirs): the real hands decide (D-NP4),
    whatever was claimed, and the winner takes the whole pot (P-NP2)."""
    sa, sb = ev.strength(a), ev.strength(b)
    return 1.0 if sa > sb else 0.5 if sa == sb else 0.0


def _opp_bet_size(p: float, limit: int) -> int:
    """What an opponent with hand percentile p is assumed to bet (medium's sizing, roughly)."""
    frac = min(1.0, max(0.0, (2 * p - 1.15) / 0.85 * 1.3))
    return max(1, min(limit, 1 + int(frac * limit)))


def _np_heads_up(v: View, legal: Sequence[str], lv: Level, rng: AgentRandom, hon: tuple[float, float, float]) -> str:
    ev = v.ev
    o = v.active_opps[0]
    rr = local_rng(rng)
    pot = v.pot
    latest = v.to_call
    bettors = {seat for seat, a in v.deal_log if a.startswith("bet ")}
    opp_acted = any(seat == o.seat for seat, _ in v.deal_log)
    forced_now = min(latest, v.chips) if bettors == {o.seat} else 0
    trade_ends = bool(bettors) or opp_acted
    limit = int((v.obs.get("options") or {}).get("limit", v.rest) or 6)
    my_key = ev.raw(v.hand) // 100
    top = ev.hands_by_claim()[0][-1]  # the highest claim (P-CL1: claims are real hands): nobody bets over it
    bluffs = _bluff_rate(hon)  # how often the opponent's claims were over its hand

    trades: list[tuple[str, list[int], int]] = []
    for a in legal:
        if a.startswith("trade"):
            out = {ev.index[c] for c in a.split()[1:]}
            trades.append((a, [x for x in v.hand if x not in out], len(out)))
    bets: dict[int, list[tuple[int, str]]] = {}
    for a in legal:
        if a.startswith("bet "):
            parts = a.split()
            bets.setdefault(int(parts[1]), []).append((ev.claim_key(parts[2], int(parts[3])), a))
    bet_opts: list[tuple[str, int, int]] = []  # action, amount, claim
    if bets:
        for n in sorted({min(bets), max(bets)}):
            claims = sorted(bets[n])
            honest = [ca for ca in claims if ca[0] <= my_key]
            # the lowest claim (invites a stronger hand to bet over it), the exact one, the highest (blocks)
            for c, a in sorted(set(claims[:1] + honest[-1:] + claims[-1:])):
                bet_opts.append((a, n, c))
    my_keep = list(_best_keep(ev, v.hand))
    alone_after_bet = not (bettors - {v.seat})  # our bet would be the only one: the opponent is forced

    names = [t[0] for t in trades] + [b[0] for b in bet_opts]
    total = [0.0] * len(names)
    for _ in range(_NP_HU_SAMPLES):
        oh, w = _sample_opp_np(v, o, rr, hon)
        if w <= 0:
            continue
        taken = set(oh)
        draws: list[int] = []
        while len(draws) < 6:
            x = v.unseen[rr.randrange(len(v.unseen))]
            if x not in taken:
                taken.add(x)
                draws.append(x)
        o_key = ev.raw(oh) // 100
        o_p = ev.pct(oh)
        o_kept = list(_best_keep(ev, oh))
        o2 = o_kept + draws[2:2 + 4 - len(o_kept)]
        o_claims = top if rr.random() < bluffs else o_key  # what it would claim when it bets
        i = 0
        for _a, kept, k in trades:
            h2 = kept + draws[:k]
            if trade_ends:
                val = _sd(ev, h2, oh) * (pot + forced_now) - forced_now
            elif o_p > 0.6:  # the opponent bets over our trade; we re-bet if ahead and we can, else trade again
                sd_ = min(_opp_bet_size(o_p, limit), v.chips, o.chips)
                if ev.strength(h2) > ev.strength(oh) and o_claims < top:
                    val = _sd(ev, h2, o2) * (pot + 2 * sd_ + 1) - sd_ - 1
                else:
                    k2 = list(_best_keep(ev, h2))
                    h3 = k2 + draws[4:4 + 4 - len(k2)]
                    val = _sd(ev, h3, oh) * (pot + 2 * sd_) - sd_
            else:
                val = _sd(ev, h2, o2) * pot
            total[i] += w * val
            i += 1
        for _a, n, c in bet_opts:
            pay = latest + n
            if c < top and o_p > 0.45 and (o_key > c or o_claims > c) and o.chips > pay:  # it bets over our claim
                r = 2
                if ev.strength(v.hand) > ev.strength(oh) and o_claims < top:  # bet again (the minimum), it trades
                    val = _sd(ev, v.hand, o2) * (pot + pay + n + r + r + 1) - pay - r - 1
                else:  # we cannot or would rather not bet: we trade (freely: two players have bet)
                    h3 = my_keep + draws[4:4 + 4 - len(my_keep)]
                    val = _sd(ev, h3, oh) * (pot + pay + n + r) - pay
            else:
                # it must trade (it cannot stand without betting), paying the forced stake, or what it has:
                # it can still win the whole pot (P-NP2: no side pots), so chips it cannot cover only risk ours
                forced = min(n, o.chips) if alone_after_bet else 0
                val = _sd(ev, v.hand, o2) * (pot + pay + forced) - pay
            total[i] += w * val
            i += 1
    if not names:
        return legal[0]
    best = max(range(len(names)), key=lambda j: (total[j], -j))
    return names[best]


def _trade_to_beat(v: View, legal: Sequence[str]) -> tuple[float, str]:
    """Hard, facing an announced claim we do not meet: (its chance, the trade most likely to beat it), exact."""
    ev = v.ev
    best = (-1.0, "")
    for a in legal:
        if not a.startswith("trade"):
            continue
        out = [ev.index[c] for c in a.split()[1:]]
        kept = [x for x in v.hand if x not in out]
        pool = [x for x in v.unseen if x not in out]
        got = 0.0
        n = 0
        for fill in combinations(pool, len(out)):
            c = ev.raw(kept + list(fill)) // 100
            got += 1.0 if c > v.claim else 0.5 if c == v.claim else 0.0
            n += 1
        if got / n > best[0]:
            best = (got / n, a)
    return best


def _forced_here(v: View, bettor: int) -> bool:
    """D-NP7: we are the active seat just before the only bettor."""
    n = int(v.obs["players"])
    active = {o.seat for o in v.active_opps} | {v.seat}
    for d in range(1, n):
        q = (bettor - d) % n
        if q in active:
            return q == v.seat
    return False


def _estimate(v: View, lv: Level, rng: AgentRandom) -> float:
    """The chance of winning the showdown, by the level's method (hard: ``_hard_q_northpass``)."""
    return estimate(v, lv, rng, _hard_q_northpass)
