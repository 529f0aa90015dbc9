"""Starting a deal (shuffle, ante, deal, first player) and choosing the first dealer."""

from __future__ import annotations

from dataclasses import replace

from ..cards import Card
from ..rng import Rng
from .state import PrimeroState, add_log, deal_round, new_round, pay


def start_deal(s: PrimeroState) -> PrimeroState:
    """Shuffle the whole deck and deal the next deal; the state's RNG does every shuffle."""
    n = s.players
    deck, rng = s.rng.shuffle(s.hand_rules.deck)
    out = tuple(c == 0 for c in s.chips)
    s = replace(
        s, rng=rng, deal=s.deal + 1, hands=((),) * n, stock=deck, discards=(), table=(), contrib=(0,) * n,
        folded=(False,) * n, out=out, knocked=(False,) * n, last_actions=(None,) * n, claims=(None,) * n,
        claim_kind="", claim_points=0, latest=0, bettors=(), since_bet=0, turns=0, circuit=0, drawn=False,
        wager=False, resume=-1, slot=-1,
    )
    s = new_round(s)
    return _open(s)


def _open(s: PrimeroState) -> PrimeroState:
    engine = s.rules.engine
    if s.rules.ante:
        ante = s.opt("ante")
        for p in range(s.players):
            if not s.out[p] and ante:
                s = pay(s, p, ante)
        s = new_round(s)  # the ante is not a bet of the first round
    if engine == "waks":
        from .waks import eldest, start_betting

        s = deal_round(s, eldest(s), 2)
        return start_betting(s, "bet1")
    if engine == "northpass":
        from .northpass import start_play

        s = deal_round(s, (s.dealer + 1) % s.players, 4)
        return start_play(s)
    from .rms import start_wager

    s = deal_round(s, s.dealer, 2)  # D-RM1: the dealer is dealt to first
    return start_wager(replace(s, phase="bet1"))


def first_dealer(s: PrimeroState) -> PrimeroState:
    """Waks: everyone draws a card and the lowest by point value deals; tied players draw again (D-WB5)."""
    if s.rules.engine != "waks":
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
    if s.rules.engine == "waks":
        from .waks import start_betting

        return start_betting(replace(s, contrib=(0,) * n), "bet1")
    if s.rules.engine == "northpass":
        from .northpass import start_play

        return start_play(s)
    from .rms import start_wager

    return start_wager(replace(s, phase="bet1"))
