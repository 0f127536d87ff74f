"""Tests of kuhtheory.display: pure HTML/SVG strings for cards, hands and the table."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from browser import SCREENSHOTS, needs_chromium
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

#: Where the browser checks leave their screenshots (not committed).


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
    from kuhtheory.engine import TradeView

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


# ----- the family badge never covers the points ------------------------------------------------
SVG_NS = "{http://www.w3.org/2000/svg}"


def _points_and_badge(svg: str) -> tuple[tuple[float, float, float, float], tuple[float, ...]]:
    """The points text's box (estimated from its font size: bold digits are at most 0.62 em
    wide) and the badge circle's box, as (left, top, right, bottom)."""
    root = ET.fromstring(svg)
    points = next(t for t in root.iter(f"{SVG_NS}text") if t.get("class") == "kt-points")
    size = float(points.get("font-size", "0"))
    x, y = float(points.get("x", "0")), float(points.get("y", "0"))
    assert points.get("text-anchor") in (None, "start")
    text_box = (x, y - size, x + 0.62 * size * len(points.text or ""), y + 0.25 * size)
    circle = next(root.iter(f"{SVG_NS}circle"))
    cx, cy, r = (float(circle.get(k, "0")) for k in ("cx", "cy", "r"))
    return text_box, (cx - r, cy - r, cx + r, cy + r)


@pytest.mark.parametrize("width", [40, 52, 56, 64, 96])
@pytest.mark.parametrize("animal", ANIMALS)
def test_family_badge_stays_clear_of_the_points(animal: Animal, width: int) -> None:
    """Dog 160 must not read "16", nor Horse 1000 "100", under an x2/x3 badge."""
    for count in (2, 3, 4):
        svg = animal_card_svg(animal, width, count=count)
        text, badge = _points_and_badge(svg)
        assert text[2] < badge[0] or text[3] < badge[1], (animal, width, count, text, badge)
        assert 0 <= badge[0] and badge[2] <= width, "the badge stays on the card"
        assert f">{animal.points}<" in svg and f">x{count}<" in svg


@pytest.mark.browser
@needs_chromium
def test_badges_do_not_cover_the_points_when_rendered(tmp_path) -> None:
    """The real glyph boxes in Chromium (getBBox), and the screenshot of the cards."""
    from devtools import Browser

    rows = "".join(
        f"<div>{herd_html({a: 3 for a in ANIMALS}, width=w)}</div>" for w in (52, 64, 96)
    )
    page_file = tmp_path / "cards.html"
    page_file.write_text(f"<!doctype html><meta charset=utf-8><body>{rows}</body>", "utf-8")
    overlap = """[...document.querySelectorAll('svg.kt-animal')].map(svg => {
        const p = svg.querySelector('.kt-points').getBBox();
        const b = svg.querySelector('.kt-badge circle').getBBox();
        const clear = p.x + p.width <= b.x || p.y + p.height <= b.y;
        return clear ? null : svg.getAttribute('data-animal') + ' ' + svg.getAttribute('width');
    }).filter(x => x)"""
    with Browser(offline=True) as browser:
        page = browser.open(page_file.as_uri(), width=760, height=480, settle=0.3)
        assert page.evaluate("document.querySelectorAll('svg.kt-animal').length") == 30
        assert page.evaluate(overlap) == []
        page.screenshot(SCREENSHOTS / "cards-with-badges.png", full_page=False)
