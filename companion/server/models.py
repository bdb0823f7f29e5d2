"""Request and response bodies of the REST API (they make the OpenAPI schema).

Every refusal has the same shape as a success (``Result``): ``ok``, the state
id the server is at, a machine-readable ``code``, the reason in English and
Spanish, the rulebook section when a rule refused it, and for malformed input
the ``fields`` that were wrong.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Result(BaseModel):
    """What became of a command, or why a request was refused."""

    ok: bool
    state_id: int
    code: str = Field(description="applied, undo_requested, stale_state, bad_token, ...")
    en: str = ""
    es: str = ""
    rule: str = Field(default="", description="rulebook section when a rule refused the command")
    rule_en: str = Field(default="", description="the rulebook section in English")
    rule_es: str = Field(default="", description="the rulebook section in Spanish")
    fields: list[str] = Field(default_factory=list, description="request fields that were wrong")


class HintAnswer(BaseModel):
    """One answer a hint suggests."""

    action: str
    en: str
    es: str
    behind: float = Field(description="points it gives up against the first answer listed")


class HintResult(BaseModel):
    """The companion's best answers for the deciding seat (``companion.hints``)."""

    ok: bool
    state_id: int
    answers: list[HintAnswer]


class AnswerBody(BaseModel):
    """An answer to the pending decision, against the state the screen showed."""

    action: str = Field(
        min_length=1,
        max_length=200,
        description="an action in the engine's notation, as listed in the view's options",
        examples=["first-objective A2"],
    )
    state_id: int = Field(ge=0, description="the state id of the view the answer was made on")


class StateBody(BaseModel):
    """A command that only makes sense at the state the screen showed."""

    state_id: int = Field(ge=0)


class SeatChange(BaseModel):
    """Table configuration for one seat."""

    name: str | None = Field(
        default=None, min_length=1, max_length=40, description="a new name shown for the seat"
    )
    new_link: bool = Field(
        default=False, description="issue a fresh secret link; the old one stops working"
    )


class SeatLink(BaseModel):
    """A seat's join link and its QR code (PIN only: the link is the seat's secret).

    Once a phone has joined the seat, ``joined`` is true and the link and code
    are left out: only a fresh link (which revokes the old one) shows a code again.
    """

    index: int
    name: str
    colour: str
    joined: bool = False
    url: str | None = None
    qr: str | None = Field(
        default=None, description="SVG QR code of url, as a data: URI for an <img>"
    )


class Health(BaseModel):
    ok: bool
    state_id: int
    clients: int


class Record(BaseModel):
    """The game's record as this phone may see it (other players' secrets hidden)."""

    seat: int | None
    entries: list[dict[str, Any]]


class AlertBody(BaseModel):
    """One alert the table screen dismisses ("I fixed it"), by the id it showed."""

    alert_id: int = Field(ge=1, le=2**31)


class TickBody(BaseModel):
    """One step of the Maharajah's card ticked on the table screen (his turn by decade
    and round, so a tap on a card that has just been replaced does nothing)."""

    decade: int = Field(ge=1, le=3)
    round: int = Field(ge=1, le=20)
    step: int = Field(ge=0, le=200)
    done: bool = True


class PastGame(BaseModel):
    """A game logged beside this one: names, dates and totals only."""

    file: str
    started: float
    last: float
    names: list[str]
    solo: bool
    totals: list[int]
    winners: list[bool]
    finished: bool
    ended: bool
    problem: str = ""
