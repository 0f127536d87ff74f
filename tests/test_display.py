"""Tests of kuhtheory.display: pure HTML/SVG strings for cards, hands and the table."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kuhtheory.cards import ANIMALS, DENOMINATIONS, Animal
from kuhtheory.display import (
    animal_card_svg,
    auction_html,
    events_html,
    hand_html,
    herd_html,
    money_card_svg,
    table_html,
    trade_html,
)
from kuhtheory.engine import Auction, Bid, Pass, new_game


@pytest.mark.parametrize("animal", ANIMALS)
def test_animal_card_is_well_formed_svg_with_name_and_points(animal: Animal) -> None:
    svg = animal_card_svg(animal)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    texts = "".join(root.itertext())
    assert animal.german in texts and str(animal.points) in texts
    assert root.get("data-animal") == animal.name.lower()


def test_animal_card_accepts_names_and_marks_highlight_and_count() -> None:
    plain = animal_card_svg("kuh")
    marked = animal_card_svg(Animal.COW, highlight=True, count=2)
    assert 'data-animal="cow"' in plain
    assert "#dc2626" in marked and "#dc2626" not in plain
    assert "x2" in marked and "x2" not in plain


@pytest.mark.parametrize("value", DENOMINATIONS)
def test_money_card_face_shows_value_and_back_hides_it(value: int) -> None:
    face = ET.fromstring(money_card_svg(value))
    back = ET.fromstring(money_card_svg(value, hidden=True))
    assert face.get("data-value") == str(value)
    assert str(value) in "".join(face.itertext())
    assert back.get("data-value") is None
    assert "".join(back.itertext()) == "?"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(DENOMINATIONS), max_size=12))
def test_hand_draws_one_card_per_money_card_and_hidden_hands_leak_nothing(cards: list[int]) -> None:
    face = hand_html(cards)
    back = hand_html(cards, hidden=True)
    assert face.count("<svg") == len(cards)
    assert back.count("kt-back") == len(cards)
    assert "data-value" not in back


def test_herd_draws_one_card_per_species_cheapest_first() -> None:
    page = herd_html({Animal.HORSE: 1, Animal.ROOSTER: 3, Animal.CAT: 0})
    assert re.findall(r'data-animal="(\w+)"', page) == ["rooster", "horse"]
    assert "x3" in page


def test_events_are_escaped_and_limited_to_the_last_lines() -> None:
    page = events_html([f"line {i}" for i in range(20)] + ["<script>"], limit=3)
    assert page.count("<li>") == 3
    assert "line 19" in page and "line 17" not in page
    assert "<script>" not in page and "&lt;script&gt;" in page


def test_table_hides_other_players_money_but_shows_the_viewers() -> None:
    s = new_game(players=3, seed=1, first_player=0)
    page = table_html(s, viewer=1)
    seats = page.split('class="kt-seat"')[1:]
    assert len(seats) == 3
    assert "data-value" not in seats[0] and "data-value" not in seats[2]
    assert seats[1].count("data-value") == len(s.money(1))
    god = table_html(s)
    assert god.count("data-value") == sum(len(s.money(p)) for p in range(3))


def test_k_auc_1_table_shows_the_running_auction_and_high_bid() -> None:
    s = new_game(players=3, seed=1, first_player=0).apply(Auction(0))
    bidder = s.current_player
    assert bidder is not None
    s = s.apply(Bid(bidder, 30))
    page = table_html(s, viewer=0, names=["You", "Ann", "Bob"])
    auction = s.auction
    assert auction is not None
    assert "kt-auction" in page and "high bid <b>30</b>" in page
    animal = auction.animals[0].name.lower()
    assert f'data-animal="{animal}"' in auction_html(auction)
    nxt = s.current_player
    assert nxt is not None
    after = s.apply(Pass(nxt))
    assert "kt-auction" in table_html(after) or after.auction is None


def test_trade_view_shows_pile_sizes_not_cards_to_outsiders() -> None:
    from kuhtheory.engine.state import TradeView

    view = TradeView(
        offerer=0,
        opponent=1,
        animal=Animal.SHEEP,
        stake=2,
        round=0,
        offer_count=3,
        counter_count=None,
        offer=None,
        counter=None,
    )
    page = trade_html(view)
    assert page.count("kt-back") == 3
    assert page.count('data-animal="sheep"') == 2
    seen = TradeView(
        offerer=0,
        opponent=1,
        animal=Animal.SHEEP,
        stake=1,
        round=0,
        offer_count=2,
        counter_count=1,
        offer=(10, 50),
        counter=None,
    )
    page = trade_html(seen)
    assert 'data-value="50"' in page and "counter-offer" in page and page.count("kt-back") == 1
