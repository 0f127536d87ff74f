"""HTML and SVG drawing of cards, hands and the table, as plain strings.

Nothing here imports ipywidgets or a plotting library: every function returns a string that
a notebook shows with ``IPython.display.HTML``, a widget puts into an ``ipywidgets.HTML`` value, or
the book embeds as is. Every piece of text that comes from outside (names, narration) is escaped.

Animal cards are public and drawn with their species, German name and family points; money cards
are drawn face up for their owner and face down (a plain back) for everyone else: the table sees
only how many cards a player holds (RULES.md, "money in hand is secret").

>>> "Kuh" in animal_card_svg(Animal.COW)
True
>>> money_card_svg(50).count("50") >= 1
True
>>> "?" in money_card_svg(50, hidden=True) and ">50<" not in money_card_svg(50, hidden=True)
True
>>> hand_html((0, 10, 10)).count("<svg")
3
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from kuhtheory.cards import ANIMALS, Animal

__all__ = [
    "ANIMAL_COLOURS",
    "MONEY_COLOURS",
    "animal_card_svg",
    "money_card_svg",
    "hand_html",
    "herd_html",
    "auction_html",
    "trade_html",
    "table_html",
    "events_html",
    "seat_name",
    "MarkdownTable",
    "markdown_table",
    "loss_colour",
    "verdicts_html",
]

#: A background colour per species (light, so the black text stays readable).
ANIMAL_COLOURS: Mapping[Animal, str] = {
    Animal.ROOSTER: "#fde68a",
    Animal.GOOSE: "#e0f2fe",
    Animal.CAT: "#fbcfe8",
    Animal.DOG: "#fed7aa",
    Animal.SHEEP: "#f1f5f9",
    Animal.GOAT: "#d9f99d",
    Animal.DONKEY: "#d6d3d1",
    Animal.PIG: "#fecdd3",
    Animal.COW: "#c7d2fe",
    Animal.HORSE: "#fcd34d",
}

#: A colour per money denomination.
MONEY_COLOURS: Mapping[int, str] = {
    0: "#e5e7eb",
    10: "#bbf7d0",
    50: "#bae6fd",
    100: "#fef08a",
    200: "#fecaca",
    500: "#ddd6fe",
}

_EMOJI: Mapping[Animal, str] = {
    Animal.ROOSTER: "\U0001f413",
    Animal.GOOSE: "\U0001f986",  # a duck: the goose emoji (Unicode 15) is missing from most fonts
    Animal.CAT: "\U0001f408",
    Animal.DOG: "\U0001f415",
    Animal.SHEEP: "\U0001f411",
    Animal.GOAT: "\U0001f410",
    Animal.DONKEY: "\U0001f434",  # a horse's head: the donkey emoji (Unicode 15) is rare in fonts
    Animal.PIG: "\U0001f416",
    Animal.COW: "\U0001f404",
    Animal.HORSE: "\U0001f40e",
}

_ESC = html.escape
#: The cards' lettering: the reader's interface font, else any sans-serif.
_FONT = "system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif"


def seat_name(player: int | None, names: Sequence[str] | None = None) -> str:
    """``"P2"`` or the given name of a seat; ``"-"`` for None.

    >>> seat_name(2), seat_name(0, ["You", "Bot"]), seat_name(None)
    ('P2', 'You', '-')
    """
    if player is None:
        return "-"
    if names is not None and 0 <= player < len(names):
        return str(names[player])
    return f"P{player}"


def animal_card_svg(
    animal: Animal, width: int = 64, *, count: int = 1, highlight: bool = False
) -> str:
    """One animal card as an inline SVG: family points, emoji, German name, English name.

    The points stand in the top-left corner, as on a printed card; ``count`` > 1 draws a round
    badge ``x3`` in the top-right corner, clear of the points (a Horse's 1000 stays readable);
    ``highlight`` draws a thick red border (used for the animals of the running auction or trade).

    >>> svg = animal_card_svg(Animal.HORSE, count=3)
    >>> svg.startswith("<svg") and "Pferd" in svg and ">1000<" in svg and ">x3<" in svg
    True
    """
    if not isinstance(animal, Animal):
        animal = Animal.parse(animal)
    h = round(width * 1.4)
    colour = ANIMAL_COLOURS[animal]
    stroke = "#dc2626" if highlight else "#374151"
    sw = 3 if highlight else 1.5
    points_size = round(width * 0.17)
    badge = ""
    if count > 1:
        r = max(7.0, width * 0.16)
        cx, cy = width - r - 3, r + 3
        badge = (
            f'<g class="kt-badge"><circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="#111827"/>'
            f'<text x="{cx:g}" y="{cy + r * 0.38:.1f}" font-size="{r * 1.05:.0f}" '
            f'text-anchor="middle" font-weight="bold" fill="white">x{count}</text></g>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
        f'viewBox="0 0 {width} {h}" font-family="{_FONT}" class="kt-card kt-animal" '
        f'data-animal="{animal.name.lower()}" role="img" aria-label="{animal.label}'
        f'{f", {count} cards" if count > 1 else ""}">'
        f'<rect x="1" y="1" width="{width - 2}" height="{h - 2}" rx="7" fill="{colour}" '
        f'stroke="{stroke}" stroke-width="{sw}"/>'
        f'<text class="kt-points" x="{width * 0.09:.1f}" y="{h * 0.06 + points_size:.0f}" '
        f'font-size="{points_size}" font-weight="bold" fill="#111827">{animal.points}</text>'
        f'<text x="{width / 2:g}" y="{h * 0.57:.0f}" font-size="{width * 0.42:.0f}" '
        f'text-anchor="middle">{_EMOJI[animal]}</text>'
        f'<text x="{width / 2:g}" y="{h * 0.78:.0f}" font-size="{width * 0.17:.0f}" '
        f'text-anchor="middle" fill="#111827">{animal.german}</text>'
        f'<text x="{width / 2:g}" y="{h * 0.92:.0f}" font-size="{width * 0.13:.0f}" '
        f'text-anchor="middle" fill="#4b5563">{animal.label}</text>'
        f"{badge}</svg>"
    )


def money_card_svg(value: int | None, width: int = 40, *, hidden: bool = False) -> str:
    """One money card as an inline SVG; ``hidden`` (or ``value`` None) draws its back.

    >>> "500" in money_card_svg(500)
    True
    """
    h = round(width * 1.4)
    if hidden or value is None:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
            f'viewBox="0 0 {width} {h}" font-family="{_FONT}" '
            f'class="kt-card kt-money kt-back" role="img" aria-label="hidden money card">'
            f'<rect x="1" y="1" width="{width - 2}" height="{h - 2}" rx="5" fill="#7c2d12" '
            f'stroke="#374151"/>'
            f'<text x="{width / 2:g}" y="{h / 2 + 5:g}" font-size="{width * 0.4:.0f}" '
            f'text-anchor="middle" fill="#fde68a">?</text></svg>'
        )
    colour = MONEY_COLOURS.get(value, "#ffffff")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
        f'viewBox="0 0 {width} {h}" font-family="{_FONT}" class="kt-card kt-money" '
        f'data-value="{int(value)}" role="img" aria-label="money {int(value)}">'
        f'<rect x="1" y="1" width="{width - 2}" height="{h - 2}" rx="5" fill="{colour}" '
        f'stroke="#374151"/>'
        f'<text x="{width / 2:g}" y="{h / 2 + 5:g}" font-size="{width * 0.36:.0f}" '
        f'text-anchor="middle" font-weight="bold" fill="#111827">{int(value)}</text></svg>'
    )


def hand_html(cards: Iterable[int], *, hidden: bool = False, count: int | None = None) -> str:
    """A row of money cards; ``hidden`` draws ``count`` (or ``len(cards)``) backs instead.

    >>> hand_html((), hidden=False)
    '<span class="kt-hand"><i>no money</i></span>'
    >>> hand_html((), hidden=True, count=2).count("kt-back")
    2
    """
    hand = tuple(cards)
    n = len(hand) if count is None else count
    if hidden:
        inner = "".join(money_card_svg(None) for _ in range(n))
    else:
        inner = "".join(money_card_svg(v) for v in hand)
    if not inner:
        inner = "<i>no money</i>"
    return f'<span class="kt-hand">{inner}</span>'


def herd_html(
    animals: Mapping[Animal, int], *, highlight: Iterable[Animal] = (), width: int = 52
) -> str:
    """A player's animals, one card per species with a count badge, cheapest first.

    >>> herd_html({Animal.COW: 2, Animal.CAT: 1}).count("<svg")
    2
    >>> herd_html({})
    '<span class="kt-herd"><i>no animals</i></span>'
    """
    marked = set(highlight)
    inner = "".join(
        animal_card_svg(a, width, count=animals[a], highlight=a in marked)
        for a in ANIMALS
        if animals.get(a, 0) > 0
    )
    if not inner:
        inner = "<i>no animals</i>"
    return f'<span class="kt-herd">{inner}</span>'


def auction_html(auction: Any, names: Sequence[str] | None = None) -> str:
    """The running auction (an engine ``AuctionView``) as a short HTML block."""
    if auction is None:
        return ""
    cards = "".join(animal_card_svg(a, 56, highlight=True) for a in auction.animals)
    if auction.high_bidder is None:
        bid = "no bid yet"
    else:
        bid = f"high bid <b>{auction.high_bid}</b> by {_ESC(seat_name(auction.high_bidder, names))}"
    parts = [f"auctioneer {_ESC(seat_name(auction.auctioneer, names))}", bid]
    if auction.to_act is not None:
        parts.append(f"{_ESC(seat_name(auction.to_act, names))} to bid")
    if auction.payer is not None:
        parts.append(
            f"{_ESC(seat_name(auction.payer, names))} pays {auction.amount} to "
            f"{_ESC(seat_name(auction.payee, names))}"
        )
    shown = [
        f"{_ESC(seat_name(p, names))} showed {cap}"
        for p, cap in enumerate(auction.caps)
        if cap is not None
    ]
    parts.extend(shown)
    return f'<div class="kt-auction"><b>Auction</b> {cards}<br>{" &middot; ".join(parts)}</div>'


def trade_html(trade: Any, names: Sequence[str] | None = None) -> str:
    """The running trade (an engine ``TradeView``): who challenges whom, the stake, pile sizes."""
    if trade is None:
        return ""
    a = _ESC(seat_name(trade.offerer, names))
    b = _ESC(seat_name(trade.opponent, names))
    stake = "".join(animal_card_svg(trade.animal, 56, highlight=True) for _ in range(trade.stake))
    offer = (
        hand_html(trade.offer)
        if trade.offer is not None
        else hand_html((), hidden=True, count=trade.offer_count)
    )
    text = f"<b>Trade</b> {a} challenges {b} for {stake}<br>{a}'s offer: {offer}"
    if trade.counter_count is not None:
        counter = (
            hand_html(trade.counter)
            if trade.counter is not None
            else hand_html((), hidden=True, count=trade.counter_count)
        )
        text += f"<br>{b}'s counter-offer: {counter}"
    return f'<div class="kt-trade">{text}</div>'


def table_html(
    state: Any,
    viewer: int | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """The whole table seen by ``viewer`` (None: the god's-eye view, every hand face up).

    ``state`` is an engine state (anything with ``players``, ``money(p)``, ``card_count(p)``,
    ``animals(p)``, ``families(p)``, ``scores()``, ``deck_size``, ``current_player``, ``auction``,
    ``trade``, ``observation(p)``). Money of other players is drawn face down; animals are
    always public.

    >>> from kuhtheory.engine import new_game
    >>> page = table_html(new_game(players=3, seed=1, first_player=0), viewer=1)
    >>> page.count('class="kt-seat"'), page.count("kt-back")
    (3, 14)
    """
    rows = []
    auction = state.auction
    trade = state.trade
    marked: set[Animal] = set()
    if auction is not None:
        marked.update(auction.animals)
    if trade is not None:
        marked.add(trade.animal)
    scores = state.scores()
    for p in range(state.players):
        visible = viewer is None or viewer == p
        money = state.money(p)
        hand = (
            hand_html(money) if visible else hand_html((), hidden=True, count=state.card_count(p))
        )
        total = f" ({sum(money)})" if visible else ""
        turn = " &#9664;" if state.current_player == p else ""
        who = _ESC(seat_name(p, names))
        if viewer == p:
            who = f"<u>{who}</u>"
        rows.append(
            f'<tr class="kt-seat" data-seat="{p}">'
            f"<td><b>{who}</b>{turn}<br><small>score {scores[p]}</small></td>"
            f"<td>{herd_html(state.animals(p), highlight=marked)}</td>"
            f"<td>{hand}<br><small>{state.card_count(p)} cards{total}</small></td></tr>"
        )
    header = f"<div><small>animal deck: {state.deck_size} cards left</small></div>"
    # A viewer sees the running auction and trade through his own observation (a pile he did not
    # see stays face down); the god's view uses the state's own.
    if viewer is not None:
        seen = state.observation(viewer)
        auction, trade = seen.auction, seen.trade
    middle = auction_html(auction, names) + trade_html(trade, names)
    return (
        '<div class="kt-table">'
        + header
        + '<table style="border-collapse:collapse">'
        + "".join(rows)
        + "</table>"
        + middle
        + "</div>"
    )


def events_html(texts: Iterable[str], *, limit: int = 12) -> str:
    """The last ``limit`` narration lines as an HTML list, newest last (text is escaped).

    >>> events_html(["P1 bids 10", "<b>"])
    '<ol class="kt-events"><li>P1 bids 10</li><li>&lt;b&gt;</li></ol>'
    """
    lines = list(texts)[-limit:] if limit > 0 else list(texts)
    return '<ol class="kt-events">' + "".join(f"<li>{_ESC(t)}</li>" for t in lines) + "</ol>"


class MarkdownTable(str):
    """A Markdown table that a notebook shows as a table (``text/markdown``), the book too."""

    def _repr_markdown_(self) -> str:
        return str(self)


def markdown_table(headers: Sequence[object], rows: Iterable[Sequence[object]]) -> MarkdownTable:
    """The rows under the headers as a Markdown table; a ``|`` inside a cell is escaped.

    >>> print(markdown_table(["edition", "turns"], [("classic", 61.2), ("a|b", 1)]))
    | edition | turns |
    |---|---|
    | classic | 61.2 |
    | a\\|b | 1 |
    """
    headers = list(headers)
    if not headers:
        raise ValueError("markdown_table: give at least one header")

    def line(cells: Sequence[object]) -> str:
        return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"

    body = []
    for k, row in enumerate(rows):
        if len(row) != len(headers):
            raise ValueError(
                f"markdown_table: row {k} has {len(row)} cells for {len(headers)} headers"
            )
        body.append(line(row))
    return MarkdownTable("\n".join([line(headers), "|" + "---|" * len(headers), *body]))


# ----- the coach's verdicts (kuhtheory.coach) ----------------------------------------------------
#: The colour of a verdict by its loss in money: none, small, large, very large; grey when it was
#: not measured.
LOSS_COLOURS: tuple[tuple[float, str], ...] = (
    (0.5, "#dcfce7"),
    (20.0, "#fef9c3"),
    (100.0, "#ffedd5"),
    (float("inf"), "#fee2e2"),
)


def loss_colour(loss: float | None) -> str:
    """The background colour of a verdict's loss (see :data:`LOSS_COLOURS`).

    >>> loss_colour(0.0), loss_colour(15), loss_colour(250), loss_colour(None)
    ('#dcfce7', '#fef9c3', '#fee2e2', '#f3f4f6')
    """
    if loss is None:
        return "#f3f4f6"
    return next(colour for limit, colour in LOSS_COLOURS if loss < limit)


def verdicts_html(verdicts: Iterable[Any], empty: str = "") -> str:
    """The coach's verdicts (:class:`kuhtheory.coach.Verdict`), one coloured box each: the action
    taken beside the recommendation, the loss and how sure it is, the model in small print.

    >>> from kuhtheory.coach import Certainty, Kind, Verdict
    >>> v = Verdict(5, 1, 0, Kind.PAYMENT, "pay 90", "pay 50", 40.0, "no change", "none",
    ...             Certainty.EXACT, "P0 pays 50", (), None, 0.0)
    >>> "#fee2e2" not in verdicts_html([v]) and "loss 40" in verdicts_html([v])
    True
    """
    boxes = []
    for v in verdicts:
        if v.loss is None:
            loss = "not measured"
        else:
            loss = (
                f"loss {v.loss:.0f}" if abs(v.loss - round(v.loss)) < 5e-7 else f"loss {v.loss:.2f}"
            )
        notes = "".join(f"<br>note: {_ESC(n)}" for n in v.notes)
        boxes.append(
            f'<div class="kt-verdict" style="background:{loss_colour(v.loss)};'
            f"border-left:4px solid #6b7280;padding:4px 8px;margin:3px 0;font-family:{_FONT};"
            f'font-size:13px"><b>P{v.seat} {_ESC(v.kind.value)}</b> &middot; did: '
            f"{_ESC(v.action)} &middot; recommended: {_ESC(v.recommendation)} &middot; "
            f"<b>{loss}</b> ({_ESC(v.certainty.value)})"
            f'<div style="font-size:11px;color:#4b5563">{_ESC(v.situation)}<br>'
            f"model: {_ESC(v.model)}{notes}</div></div>"
        )
    return "".join(boxes) or empty
