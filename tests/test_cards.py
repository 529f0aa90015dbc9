"""Cards and decks: one text notation that round-trips, deck contents, and clear errors on junk."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.cards import (
    DECK_40,
    DECK_52,
    DECK_NORTHPASS,
    Card,
    PrimoCard,
    deck_40,
    deck_52,
    deck_northpass,
    format_cards,
    parse_cards,
    primo_number_cards,
    primo_special_cards,
)
from pygame_core.errors import InvalidCardError

ALL_DECKS = {"40": DECK_40, "52": DECK_52, "northpass": DECK_NORTHPASS}


@pytest.mark.parametrize("name", sorted(ALL_DECKS))
def test_every_card_round_trips(name: str) -> None:
    for card in ALL_DECKS[name]:
        text = str(card)
        assert Card.parse(text) == card
        assert Card.parse(text.lower()) == card
        assert Card.parse(f"  {text} ") == card
        assert repr(card) == f"Card.parse({text!r})"
        assert eval(repr(card)) == card  # repr is code that rebuilds the card


def test_deck_sizes_and_contents() -> None:
    assert len(DECK_40) == len(set(DECK_40)) == 40
    assert len(DECK_52) == len(set(DECK_52)) == 52
    assert len(DECK_NORTHPASS) == len(set(DECK_NORTHPASS)) == 40
    assert deck_40() is DECK_40 and deck_52() is DECK_52 and deck_northpass() is DECK_NORTHPASS
    assert Counter(c.suit for c in DECK_40) == {"S": 10, "H": 10, "D": 10, "C": 10}
    assert {c.rank for c in DECK_40} == {"A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"}
    assert {c.rank for c in DECK_NORTHPASS} == {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10"}
    assert set(DECK_40) | set(DECK_NORTHPASS) == set(DECK_52)
    assert Card.parse("7D") in DECK_40  # the settebello
    assert Card.parse("8H") not in DECK_40 and Card.parse("JH") not in DECK_NORTHPASS


def test_card_properties() -> None:
    c = Card.parse("7D")
    assert (c.rank, c.suit, c.pip, c.rank_index, c.suit_index) == ("7", "D", 7, 6, 2)
    assert c.name() == "7 of diamonds" and c.name(italian=True) == "7 of coins"
    assert Card.parse("JH").name(italian=True) == "Jack of cups"  # the RMS wild card (D-PR6)
    assert Card.parse("KC").pip == 13 and Card.parse("AS").pip == 1
    assert Card.parse("1S") == Card.parse("AS")  # an ace may be written 1


def test_parse_and_format_several() -> None:
    cards = parse_cards(["7s", "10H", "AD", "kc"])
    assert format_cards(cards) == "7S 10H AD KC"
    assert parse_cards(format_cards(cards).split()) == cards
    assert parse_cards([]) == ()


@pytest.mark.parametrize(
    "junk",
    ["", " ", "1X", "11H", "0D", "13Y", "1", "A", "7", "HH", "10", "7DD", "1 0H", "012H", "AS7", "JJ", "ZS", "10X",
     "♠7", "7♠", "\x00", "TOP", "12Y"],
)
def test_junk_is_not_a_card(junk: str) -> None:
    with pytest.raises(InvalidCardError, match="not a card"):
        Card.parse(junk)


@pytest.mark.parametrize("junk", [None, 7, b"7D", ("7", "D")])
def test_non_text_is_not_a_card(junk: object) -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(junk)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        PrimoCard.parse(junk)  # type: ignore[arg-type]


def test_card_constructor_validates() -> None:
    with pytest.raises(InvalidCardError):
        Card("1", "S")
    with pytest.raises(InvalidCardError):
        Card("7", "X")


def test_cards_sort_and_hash() -> None:
    assert len({Card.parse("7D"), Card.parse("7d"), Card("7", "D")}) == 1
    assert sorted(DECK_52) == sorted(reversed(DECK_52))


# --- Primo -------------------------------------------------------------------


def test_primo_decks() -> None:
    numbers = primo_number_cards()
    specials = primo_special_cards()
    assert len(numbers) == 104 and len(specials) == 10
    assert Counter(str(c) for c in numbers) == {f"{v}{c}": 4 for v in range(1, 14) for c in "YB"}
    assert Counter(str(c) for c in specials) == {"TOP": 5, "TAKE": 5}
    assert not any(c.is_special for c in numbers) and all(c.is_special for c in specials)
    assert len(primo_number_cards(2)) == 52 and len(primo_special_cards(3, 7)) == 10


def test_every_primo_card_round_trips() -> None:
    for card in set(primo_number_cards()) | set(primo_special_cards()):
        text = str(card)
        assert PrimoCard.parse(text) == card
        assert PrimoCard.parse(text.lower()) == card
        assert eval(repr(card)) == card
    assert str(PrimoCard.parse("12y")) == "12Y" and str(PrimoCard.parse(" take ")) == "TAKE"
    assert PrimoCard.parse("TOP") == PrimoCard(0, "TOP")


@pytest.mark.parametrize("junk", ["", "0Y", "14B", "012Y", "1", "Y", "12R", "TOPS", "7D", "AS", "-1Y", "1.5Y", "12 Y"])
def test_junk_is_not_a_primo_card(junk: str) -> None:
    with pytest.raises(InvalidCardError, match="not a Primo card"):
        PrimoCard.parse(junk)


def test_primo_constructor_validates() -> None:
    for value, colour in [(0, "Y"), (14, "Y"), (1, "R"), (0, "JOKER")]:
        with pytest.raises(InvalidCardError):
            PrimoCard(value, colour)


def test_superscript_digit_is_an_invalid_primo_card() -> None:
    with pytest.raises(InvalidCardError):
        PrimoCard.parse("²Y")


# Non-ASCII text that str.isdigit() or str.upper() would otherwise turn into something that looks valid:
# superscript/other-script digits, the long s (upper "S"), the dotless i (upper "I"), full-width letters.
@pytest.mark.parametrize("junk", ["²Y", "1²Y", "١٢Y", "１2Y", "12Ｙ", "7ſ", "1ſ", "10ſ", "ⅰS", "7Ｄ", "７D"])
def test_unicode_lookalikes_are_not_cards(junk: str) -> None:
    with pytest.raises(InvalidCardError, match="not a card"):
        Card.parse(junk)
    with pytest.raises(InvalidCardError, match="not a Primo card"):
        PrimoCard.parse(junk)


def test_unicode_whitespace_around_a_card_is_still_stripped() -> None:
    assert Card.parse("\u00a07D\u3000") == Card.parse("7D")
    assert PrimoCard.parse("\u00a012y\u2003") == PrimoCard(12, "Y")


# --- properties ---------------------------------------------------------------


card_like = st.one_of(
    st.text(max_size=5),
    st.text(alphabet="A1234567890JQKSHDCYB shdcajqk\tſı²¹０Ｓ", max_size=5),
    st.builds(lambda c, pad: pad + str(c) + pad, st.sampled_from(DECK_52), st.sampled_from(["", " ", "\n"])),
)


@settings(max_examples=500)
@given(card_like)
def test_any_text_parses_to_a_round_tripping_card_or_raises_invalid_card(text: str) -> None:
    try:
        card = Card.parse(text)
    except InvalidCardError:
        return
    assert Card.parse(str(card)) == card
    assert str(card) == str(card).upper() and len(str(card)) in (2, 3)
    # what parsed is the card's own text, up to case, surrounding whitespace and the ace written 1
    assert text.strip().upper() in {str(card), "1" + card.suit if card.rank == "A" else str(card)}


primo_like = st.one_of(
    st.text(max_size=5),  # full Unicode, digits that are not decimal ("²") included
    st.text(alphabet="0123456789²³¹١٢YBTOPAKE tYbı", max_size=5),
)


@settings(max_examples=500)
@given(primo_like)
def test_any_text_parses_to_a_round_tripping_primo_card_or_raises_invalid_card(text: str) -> None:
    try:
        card = PrimoCard.parse(text)
    except InvalidCardError:
        return
    assert PrimoCard.parse(str(card)) == card
    assert text.strip().upper() == str(card)
