"""A deal's start and end: shuffle, antes and the first cards; showdown, pots and the next deal.

Engine-neutral: where a family differs (which cards are dealt first, who opens the
betting) the state's rules record names the engine object that does it.
"""

from __future__ import annotations

from ...cards import Card
from ...rng import Rng
from ..hands import HandValue, strength
from ..state import (
    DealOutcome,
    PrimeroState,
    add_log,
    in_deal,
    new_round,
    next_seat,
    pay,
    pots,
    replace,
    seat_distance,
    set_at,
    value_of,
)


def start_deal(s: PrimeroState) -> PrimeroState:
    """Shuffle the whole deck and deal the next deal; the state's RNG does every shuffle."""
    n = s.players
    deck, rng = s.rng.shuffle(s.hand_rules.deck)
    out = tuple(c == 0 for c in s.chips)
    s = replace(
        s, rng=rng, deal=s.deal + 1, hands=((),) * n, stock=deck, discards=(), table=(), contrib=(0,) * n,
        folded=(False,) * n, out=out, knocked=(False,) * n, last_actions=(None,) * n, claims=(None,) * n,
        claim_kind="", claim_points=0, latest_bet=0, bettors=(), turns_since_bet=0, turns_this_deal=0, circuit=0,
        wagering=False, open_slot=-1,
    )
    s = new_round(s)
    if s.rules.ante:
        ante = s.options.ante
        for p in range(s.players):
            if not s.out[p] and ante:
                s = pay(s, p, ante)
        s = new_round(s)  # the ante is not a bet of the first round
    return s.rules.engine.open_deal(s)


def first_dealer(s: PrimeroState) -> PrimeroState:
    """Waks: everyone draws a card and the lowest by point value deals; tied players draw again (D-WB5)."""
    if not s.rules.dealer_by_low_card:
        d, rng = s.rng.randbelow(s.players)  # D-NP2 / D-RM6: not given; a random first dealer
        return replace(s, dealer=d, rng=rng)
    values = s.hand_rules.values
    tied = list(range(s.players))
    rng = s.rng
    while True:
        deck, rng = rng.shuffle(s.hand_rules.deck)
        drawn = {p: deck[i] for i, p in enumerate(tied)}
        low = min(values[c.rank] for c in drawn.values())
        tied = [p for p in tied if values[drawn[p].rank] == low]
        if len(tied) == 1:
            # the drawn cards go back into the pack, so the log names only the dealer
            return add_log(replace(s, dealer=tied[0], rng=rng), tied[0], "first-dealer")  # D-WB5


def state_from_deal(
    base: PrimeroState, dealer: int, hands: list[list[str]], stock: list[str], rng: Rng | None = None
) -> PrimeroState:
    """Test helper: ``base`` with its deal replaced by the given hands and stock order (top first).

    Cards of the deck that appear nowhere are put under the given stock in deck order,
    so a test names only the cards it needs. Antes are paid as in a normal deal.
    """
    n = base.players
    held = [tuple(Card.parse(c) for c in h) for h in hands]
    top = [Card.parse(c) for c in stock]
    used = {c for h in held for c in h} | set(top)
    rest = [c for c in base.hand_rules.deck if c not in used]
    chips = tuple(c + k for c, k in zip(base.chips, base.contrib, strict=True))  # undo the replaced deal's antes
    s = replace(base, chips=chips, contrib=(0,) * n, dealer=dealer, deal=base.deal - 1, rng=rng or base.rng)
    s = start_deal(s)  # resets the deal and pays antes; then we overwrite the cards
    s = replace(
        s, hands=tuple(held) + ((),) * (n - len(held)), stock=tuple(top + rest), discards=(), log=base.log,
        last_actions=(None,) * n,
    )
    return s.rules.engine.start(s)


def _meets_claim(s: PrimeroState, v: HandValue) -> bool:
    if not s.rules.win_needs_claim or not s.claim_kind:
        return True
    hr = s.hand_rules
    return (hr.kind_rank(v.kind), v.points) >= (hr.kind_rank(s.claim_kind), s.claim_points)  # D-PR9


def showdown(s: PrimeroState) -> PrimeroState:
    """Show the hands still in, award every pot, then start the next deal (or end)."""
    hr = s.hand_rules
    contenders = [p for p in range(s.players) if in_deal(s, p)]
    values = {p: value_of(s, p) for p in contenders}
    chips = list(s.chips)
    won = [0] * s.players
    carried = 0
    pot_records: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    last_deal = s.deal >= s.options.deals  # the agreed deals end with this one (finish_deal)
    for amount, elig in pots(s):
        # P-POT1: a pot only one player can win is theirs, claim or not
        cand = list(elig) if len(elig) == 1 else [p for p in elig if _meets_claim(s, values[p])]
        if not cand:
            carried += amount  # D-PR9: nobody holds the claim, the pot stays
            pot_records.append((amount, elig, ()))
            continue
        best = max(strength(values[p], hr) for p in cand)
        top = [p for p in cand if strength(values[p], hr) == best]
        if hr.exact_tie == "seat" or len(top) == 1:
            w = min(top, key=lambda p: seat_distance(s, p))  # nearest the dealer's right
            chips[w] += amount
            won[w] += amount
            winners: tuple[int, ...] = (w,)
        else:
            share, odd = divmod(amount, len(top))  # D-PR7 / Northpass: split, odd chip carries
            winners = tuple(sorted(top, key=lambda p: seat_distance(s, p)))
            if last_deal:  # P-END: no next pot to carry to; the odd chips go to those who tied
                for i, w in enumerate(winners):
                    chips[w] += share + (i < odd)
                    won[w] += share + (i < odd)
            else:
                for w in top:
                    chips[w] += share
                    won[w] += share
                carried += odd
        pot_records.append((amount, elig, winners))
    shown = tuple(
        (p, tuple(str(c) for c in s.hands[p]), values[p].kind, values[p].points, values[p].total)
        for p in sorted(contenders, key=lambda p: seat_distance(s, p))
    )
    claim = f"{s.claim_kind} {s.claim_points}" if s.claim_kind else None
    how = "showdown" if carried < sum(a for a, _ in pots(s)) else "unclaimed"
    outcome = DealOutcome(
        s.deal, s.dealer, how, tuple((p, won[p]) for p in range(s.players) if won[p]), shown,
        tuple(pot_records), carried, s.contrib, claim,
    )
    return finish_deal(replace(s, chips=tuple(chips), contrib=(0,) * s.players, carry=carried), outcome)


def lone_winner(s: PrimeroState, w: int) -> PrimeroState:
    """Only seat ``w`` is left in: it takes every pot without showing."""
    total = sum(s.contrib) + s.carry
    outcome = DealOutcome(
        s.deal, s.dealer, "lone", ((w, total),), (), tuple((a, e, (w,)) for a, e in pots(s)), 0, s.contrib,
        f"{s.claim_kind} {s.claim_points}" if s.claim_kind else None,
    )
    s = replace(s, chips=set_at(s.chips, w, s.chips[w] + total), contrib=(0,) * s.players, carry=0)
    return finish_deal(s, outcome)


def swig(s: PrimeroState) -> PrimeroState:
    """Nobody vied in the second round: cards are thrown in and the pot stays for the next deal."""
    total = sum(s.contrib) + s.carry
    outcome = DealOutcome(s.deal, s.dealer, "swig", (), (), tuple((a, e, ()) for a, e in pots(s)), total, s.contrib)
    return finish_deal(replace(s, contrib=(0,) * s.players, carry=total), outcome)


def finish_deal(s: PrimeroState, outcome: DealOutcome) -> PrimeroState:
    """Record the outcome, then end the game or deal again."""
    s = replace(s, last_deal=outcome, to_act=-1)
    alive = [p for p in range(s.players) if s.chips[p] > 0]
    if len(alive) < 2 or s.deal >= s.options.deals:
        return _log_outcome(replace(pay_out_carry(s, alive), phase="over", over=True))
    s = _log_outcome(s)
    dealer = next_seat(s, s.dealer, lambda st, q: st.chips[q] > 0)
    return start_deal(replace(s, dealer=dealer))


def _log_outcome(s: PrimeroState) -> PrimeroState:
    """The deal's end in the public log: the hands shown (``shows KIND POINTS``) and who won what
    (``wins N``), once the chips are paid (P-END's share of a last carried pot included)."""
    outcome = s.last_deal
    if outcome is None:
        return s
    for seat, _cards, kind, points, _total in outcome.shown:
        s = add_log(s, seat, f"shows {kind} {points}")
    for seat, amount in outcome.won:
        if amount:
            s = add_log(s, seat, f"wins {amount}")
    return s


def pay_out_carry(s: PrimeroState, alive: list[int]) -> PrimeroState:
    """P-END: the game ends; no chip stays carried over.

    The only player left with chips takes the carried pot (nobody else could ever win it);
    otherwise it is shared equally among the players still in (not folded) at the end of the
    last deal, who were playing for it, the odd chips one each from the player nearest the
    dealer's right. The last deal's outcome then shows those chips as won, none carried.
    """
    if not s.carry:
        return s
    if len(alive) == 1:
        sharers = alive
    else:
        sharers = sorted((p for p in range(s.players) if in_deal(s, p)), key=lambda p: seat_distance(s, p))
    share, odd = divmod(s.carry, len(sharers))
    chips = list(s.chips)
    won = dict(s.last_deal.won) if s.last_deal else {}
    for i, p in enumerate(sharers):
        paid = share + (1 if i < odd else 0)
        chips[p] += paid
        if paid:
            won[p] = won.get(p, 0) + paid
    outcome = s.last_deal and replace(s.last_deal, won=tuple(sorted(won.items())), carried=0)
    return replace(s, chips=tuple(chips), carry=0, last_deal=outcome)


