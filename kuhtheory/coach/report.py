"""A whole game coached: :func:`coach_game` and its :class:`CoachReport`, with a summary per player.

The report holds every verdict in the order of the game, and for each coached seat a
:class:`PlayerSummary`: the money lost by kind of decision, the three costliest decisions with the
position they were taken in, and a points-equivalent of the loss where the worth model converts
money to points (:meth:`~kuhtheory.coach.worth.FamilyWorth.points_per_money`, at the moment of
each decision).

>>> report = coach_game("classic-preemption", seats=[1], kinds=["preemption", "payment"])
>>> report.summaries[0].seat, report.verdicts[0].kind.value
(1, 'preemption')
>>> sorted(report.to_dict())
['coached', 'decisions', 'game', 'notes', 'seats', 'settings', 'setup', 'summary']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, cast

from kuhtheory.coach.hands import Hands
from kuhtheory.coach.session import DEFAULT_BUDGET, Coach, not_measured
from kuhtheory.coach.verdict import Kind, Verdict, format_money_loss
from kuhtheory.coach.worth import WorthModel
from kuhtheory.engine.actions import Action, action_from_json
from kuhtheory.engine.state import GameState
from kuhtheory.errors import InvalidRecordError
from kuhtheory.quoting import clip

__all__ = [
    "TOP",
    "CoachReport",
    "KindLoss",
    "PlayerSummary",
    "coach_game",
    "counted",
    "game_steps",
    "running_losses",
]

#: How many of a player's costliest decisions the summary shows.
TOP = 3


class KindLoss(NamedTuple):
    """A player's money lost in one kind of decision."""

    kind: Kind
    #: his decisions of this kind that were measured
    decisions: int
    #: the money lost, each loss counted once (bids: one decision per auction, :func:`counted`)
    loss: float
    #: the decisions whose loss is counted (bids: the auctions he bid in; else ``decisions``)
    counted: int

    def text(self) -> str:
        """``payment 3: 40``, or ``bid (model) 7 in 2 auctions: 30``."""
        if self.kind is Kind.BID:
            where = f"{self.decisions} in {self.counted} auction{'s' if self.counted != 1 else ''}"
            return f"bid (model) {where}: {format_money_loss(self.loss)}"
        return f"{self.kind.value} {self.decisions}: {format_money_loss(self.loss)}"


@dataclass(frozen=True)
class PlayerSummary:
    """One coached seat's decisions in a game, summed up.

    The money lost adds up each measured decision's loss once, except bids: a bidder who keeps
    missing the same chance in one auction has a loss at each of his bids there, and these are
    not separate losses (each is measured from the position he was in, the earlier ones
    included). So an auction's bidding counts once per bidder, at his costliest decision in it
    (:func:`counted`); every bid still has its verdict.
    """

    seat: int
    name: str
    measured: int
    skipped: int
    #: the money lost (bids: each auction once)
    loss: float
    #: the money lost by kind of decision, for each kind he decided
    by_kind: tuple[KindLoss, ...]
    #: the loss in points, where every counted decision's worth model gives a rate
    points: float | None
    #: the costliest decisions, at most one per turn and kind (a bid repeated in one auction
    #: shows once)
    costliest: tuple[Verdict, ...]

    def lost(self, kind: Kind) -> float:
        """The money lost in decisions of ``kind`` (0 if he took none)."""
        return next((row.loss for row in self.by_kind if row.kind is kind), 0.0)

    def mean_loss(self, kinds: Collection[Kind] | None = None) -> float | None:
        """The mean loss per counted decision (of ``kinds``), None if there is none."""
        rows = [r for r in self.by_kind if kinds is None or r.kind in kinds]
        count = sum(r.counted for r in rows)
        return sum(r.loss for r in rows) / count if count else None

    def lines(self) -> list[str]:
        """The summary as text: totals, loss by kind, the costliest decisions."""
        points = "" if self.points is None else f" (about {self.points:.0f} points)"
        out = [
            f"P{self.seat} ({clip(self.name, 40)}): {self.measured} decisions measured"
            + (f", {self.skipped} skipped" if self.skipped else "")
            + f"; money lost {format_money_loss(self.loss)}{points}",
            "  by kind: " + ("; ".join(row.text() for row in self.by_kind) or "none"),
        ]
        if any(row.kind is Kind.BID and row.decisions > row.counted for row in self.by_kind):
            out.append("  (bids: each auction counted once, at his costliest bid or pass in it)")
        if self.costliest:
            out.append(f"  costliest {len(self.costliest)}:")
        for i, v in enumerate(self.costliest, 1):
            assert v.loss is not None
            out += [
                f"  {i}. step {v.step} (turn {v.turn}), {v.kind.value}: loss "
                f"{format_money_loss(v.loss)} ({v.certainty.value})",
                f"     {v.situation}",
                f"     did: {v.action}; recommended: {v.recommendation}",
            ]
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``seat``, ``name``, ``loss``, ``by_kind``, ``points``, ``costliest``."""
        return {
            "seat": self.seat,
            "name": self.name,
            "measured": self.measured,
            "skipped": self.skipped,
            "loss": round(self.loss, 9),
            "points": None if self.points is None else round(self.points, 6),
            "by_kind": {
                row.kind.value: {
                    "decisions": row.decisions,
                    "counted": row.counted,
                    "loss": round(row.loss, 9),
                }
                for row in self.by_kind
            },
            "counting": "each decision's loss once; bids once per auction, at the bidder's "
            "costliest decision in it",
            "costliest": [v.to_dict() for v in self.costliest],
        }


def counted(verdicts: Iterable[Verdict]) -> list[Verdict]:
    """The measured verdicts whose losses add up to a player's money lost: every one, except
    that of a bidder's decisions in one auction (one turn) only the costliest counts (the
    earliest of equal ones).

    >>> from kuhtheory.coach.verdict import Certainty
    >>> def bid(step, loss):
    ...     return Verdict(step, 3, 1, Kind.BID, "bid", "pass", loss, "m", "none",
    ...                    Certainty.EXACT, "", (), None, 0.0)
    >>> [v.step for v in counted([bid(10, 20.0), bid(12, 30.0), bid(14, 30.0)])]
    [12]
    >>> [x for _, x in running_losses([bid(10, 20.0), bid(12, 30.0), bid(14, 5.0)])]
    [20.0, 10.0, 0.0]
    """
    out: list[Verdict] = []
    auction: dict[tuple[int, int], int] = {}  # (seat, turn) -> index in out
    for v in verdicts:
        if v.loss is None:
            continue
        if v.kind is not Kind.BID:
            out.append(v)
            continue
        key = (v.seat, v.turn)
        if key not in auction:
            auction[key] = len(out)
            out.append(v)
        elif v.loss > (out[auction[key]].loss or 0.0):
            out[auction[key]] = v
    return out


def running_losses(verdicts: Iterable[Verdict]) -> Iterator[tuple[Verdict, float]]:
    """Each measured verdict (in the game's order) with what it adds to its player's money lost
    so far, counted as :func:`counted` does: a bid adds only what it loses beyond the bidder's
    costliest earlier decision in the same auction. The additions sum to the summary's loss."""
    worst: dict[tuple[int, int], float] = {}
    for v in verdicts:
        if v.loss is None:
            continue
        if v.kind is not Kind.BID:
            yield v, v.loss
            continue
        key = (v.seat, v.turn)
        before = worst.get(key, 0.0)
        worst[key] = max(before, v.loss)
        yield v, worst[key] - before


def summarise(seat: int, name: str, verdicts: Iterable[Verdict]) -> PlayerSummary:
    """The :class:`PlayerSummary` of ``seat``'s verdicts."""
    mine = [v for v in verdicts if v.seat == seat]
    measured = [v for v in mine if v.loss is not None]
    kept = counted(measured)
    by_kind = []
    for kind in Kind:
        of_kind = [v for v in measured if v.kind is kind]
        if of_kind:
            losses = [v.loss for v in kept if v.kind is kind and v.loss is not None]
            by_kind.append(KindLoss(kind, len(of_kind), float(sum(losses)), len(losses)))
    points = None
    if kept and all(v.points is not None for v in kept):
        points = float(sum(v.points for v in kept if v.points is not None))
    ranked = sorted(
        (v for v in kept if v.loss is not None and v.loss > 5e-7),
        key=lambda v: (-(v.loss or 0.0), v.step),
    )
    costliest: list[Verdict] = []
    for v in ranked:  # one per auction or trade: the same mistake repeated shows once
        if len(costliest) < TOP and all((c.turn, c.kind) != (v.turn, v.kind) for c in costliest):
            costliest.append(v)
    return PlayerSummary(
        seat=seat,
        name=name,
        measured=len(measured),
        skipped=len(mine) - len(measured),
        loss=float(sum(v.loss for v in kept if v.loss is not None)),
        by_kind=tuple(by_kind),
        points=points,
        costliest=tuple(costliest),
    )


@dataclass(frozen=True)
class CoachReport:
    """Every measured decision of a game and a summary per coached player."""

    game: str
    setup: Mapping[str, Any]
    seat_names: tuple[str, ...]
    coached: tuple[int, ...]
    settings: Mapping[str, Any]
    verdicts: tuple[Verdict, ...]
    summaries: tuple[PlayerSummary, ...]
    notes: tuple[str, ...]

    def summary(self, seat: int) -> PlayerSummary:
        """The summary of ``seat`` (one of the coached seats)."""
        for s in self.summaries:
            if s.seat == seat:
                return s
        raise InvalidRecordError(f"seat {seat!r} was not coached: coached seats {self.coached}")

    def at_step(self, step: int) -> list[Verdict]:
        """The verdicts on the game's action number ``step`` (0-based)."""
        return [v for v in self.verdicts if v.step == step]

    def header(self) -> list[str]:
        """What was coached and under which settings, as text."""
        setup = ", ".join(f"{k}={v}" for k, v in self.setup.items())
        # seat names are anyone's text: control characters escaped, long names cut
        seats = ", ".join(f"P{p} {clip(n, 40)}" for p, n in enumerate(self.seat_names))
        s = self.settings
        belief = f", a belief over {2 * s['spread'] + 1} likely hands" if s["spread"] else ""
        refinement = s["refinement"]
        if refinement != "none" and s["trade"] == "zero-sum":
            # kuhtheory.coach.trade_model: with one hand each, the bot's own solution
            refinement += " (with one hand each: the proper solution the equilibrium bot plays)"
        return [
            f"Coach's report: {self.game} ({setup}); seats: {seats}",
            f"hands: {s['hands']}{belief}; worths: {s['worth']}",
            f"trades: {s['trade']}, {refinement}; budget {s['budget']:g} s per decision"
            + ("" if s["max_cards"] is None else f"; hands cut to {s['max_cards']} cards"),
        ]

    def lines(self, min_loss: float = 0.0) -> list[str]:
        """The whole report: header, one line per decision (those losing at least ``min_loss``
        when it is positive, and every unmeasured one), the summaries and the notes."""
        out = self.header()
        for v in self.verdicts:
            if min_loss <= 0 or v.loss is None or v.loss >= min_loss:
                out.append(v.line())
                out += [
                    f"      note: {n}" for n in v.notes if n.startswith(("skipped", "not measured"))
                ]
        out.append("Summary")
        for summary in self.summaries:
            out += summary.lines()
        out += [f"Not measured: {n}" for n in self.notes]
        return out

    def to_dict(self) -> dict[str, Any]:
        """One JSON-ready object: ``decisions`` (each with ``seat``, ``kind``, ``action``,
        ``recommendation``, ``loss`` in money, ``model``...) and ``summary`` (one per seat)."""
        return {
            "game": self.game,
            "setup": dict(self.setup),
            "seats": list(self.seat_names),
            "coached": list(self.coached),
            "settings": dict(self.settings),
            "decisions": [v.to_dict() for v in self.verdicts],
            "summary": [s.to_dict() for s in self.summaries],
            "notes": list(self.notes),
        }


Source = Mapping[str, Any] | str | Path | GameState


def _record(source: Source) -> dict[str, Any]:
    from kuhtheory.record import load, load_bundled, record_from_state

    if isinstance(source, GameState):
        return record_from_state(source)
    if isinstance(source, Path) or (isinstance(source, str) and source.endswith(".json")):
        return load(source)
    if isinstance(source, str):  # the name of a record shipped with the package
        return load_bundled(source)
    return dict(source)


def game_steps(source: Source) -> Iterator[tuple[int, GameState, Action]]:
    """``(step, state before, action)`` for each action of a Kuhhandel game (a record, its file,
    a shipped record's name, or a game state), each action re-checked as it is replayed."""
    from kuhtheory.record import replay_states

    record = _record(source)
    if record.get("game") != "kuhhandel":
        raise InvalidRecordError(
            f"record.game {record.get('game')!r}: the coach measures Kuhhandel games only"
        )
    states = cast(Iterator[GameState], replay_states(record))  # a Kuhhandel record, checked
    before = next(states)
    for step, (data, after) in enumerate(zip(record["actions"], states, strict=True)):
        yield step, before, action_from_json(data)
        before = after


def coach_game(
    source: Source,
    seats: Iterable[int] | None = None,
    *,
    hands: Hands | str = Hands.BELIEF,
    worth: WorthModel | None = None,
    budget: float = DEFAULT_BUDGET,
    max_cards: int | None = None,
    kinds: Collection[Kind | str] | None = None,
    general_sum: bool = False,
    spread: int = 0,
    refinement: str = "quasi-perfect",
) -> CoachReport:
    """Measure every decision of a recorded game (or of a game state's history) against the solved
    subgames; the parameters are those of :class:`~kuhtheory.coach.session.Coach`."""
    record = _record(source)
    players = record["setup"]["players"] if isinstance(record.get("setup"), dict) else None
    chosen = None if seats is None else sorted(set(seats))
    if chosen is not None and players is not None:
        for seat in chosen:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise InvalidRecordError(
                    f"seat {seat!r} is not a seat of this {players}-player game"
                )
    coach = Coach(
        chosen,
        hands=hands,
        worth=worth,
        budget=budget,
        max_cards=max_cards,
        kinds=kinds,
        general_sum=general_sum,
        spread=spread,
        refinement=refinement,
    )
    verdicts: list[Verdict] = []
    notes: tuple[str, ...] = ()
    for step, state, action in game_steps(record):
        verdicts += coach.judge(step, state, action)
        notes = not_measured(state.edition)
    names = tuple(record["seats"])
    coached = tuple(range(len(names))) if chosen is None else tuple(chosen)
    settings = coach.settings
    return CoachReport(
        game=f"kuhhandel {record['setup'].get('edition', '')}".strip(),
        setup=dict(record["setup"]),
        seat_names=names,
        coached=coached,
        settings={
            "hands": settings.reader.hands.value,
            "worth": settings.worth.describe(),
            "budget": settings.budget,
            "max_cards": settings.max_cards,
            "kinds": sorted(k.value for k in coach.kinds),
            "trade": "general-sum" if settings.general_sum else "zero-sum",
            "spread": settings.spread,
            "refinement": settings.refinement,
        },
        verdicts=tuple(verdicts),
        summaries=tuple(summarise(p, names[p], verdicts) for p in coached),
        notes=notes,
    )
