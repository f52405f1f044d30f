"""What a check finds: Violation records, one DeckReport per deck and a CheckReport for a run.

Rules build Violations; renderers read reports. Nothing here decides legality beyond "a deck with an
error is not legal", and nothing here prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from datetime import date
from operator import attrgetter
from types import MappingProxyType
from typing import Any, TypeVar

from deckcheck.wording import counted, identity_words

ERROR = "error"
WARNING = "warning"
SEVERITIES = (ERROR, WARNING)

_EMPTY: Mapping[str, Any] = MappingProxyType({})


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _freeze(value: Any) -> Any:
    """Make details JSON-ready and immutable enough: lists become tuples, dicts read-only. (Every violation
    goes through here, so plain values are passed over without a call.)"""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict or isinstance(value, Mapping):
        return MappingProxyType({str(k): v if type(v) in _SCALARS else _freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return tuple([v if type(v) in _SCALARS else _freeze(v) for v in items])
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


_T = TypeVar("_T")


def pickled_by_fields(cls: type[_T]) -> type[_T]:
    """Pickle a frozen slots dataclass as its field values, restored as they were (without __init__, as
    pickle does). The `--jobs` workers send every report back pickled, and the state functions dataclasses
    gives such classes call `fields()` once per object: a second of the parent's time in a 17,900-deck
    batch. The values are set back through the slots' own descriptors, which a frozen class's __setattr__
    does not stand in front of (half the time of object.__setattr__ by name)."""
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    values = attrgetter(*names)
    _SLOT_SETTERS[cls] = tuple(getattr(cls, name).__set__ for name in names)
    cls.__reduce__ = lambda self: (_restore, (cls, values(self)))  # type: ignore[assignment,method-assign]
    return cls


_SLOT_SETTERS: dict[type, tuple[Any, ...]] = {}


def _restore(cls: type[_T], values: tuple[Any, ...]) -> _T:
    obj = object.__new__(cls)
    for set_slot, value in zip(_SLOT_SETTERS[cls], values):
        set_slot(obj, value)
    return obj


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Violation:
    """One problem of one deck: a stable code, a severity, a message a person can act on, the cards and
    decklist lines involved (1-based), the Comprehensive Rules reference and machine-readable details."""

    code: str
    severity: str
    message: str
    cards: tuple[str, ...] = ()
    lines: tuple[int, ...] = ()
    rule: str = ""
    details: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    #: The decklist line the violation is at, None when it is about the deck as a whole: the first line given, its
    #: first card's (a companion's, before the lines of the cards that break its condition); `lines` holds them
    #: all, sorted.
    line: int | None = field(init=False, default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"unknown severity {self.severity!r}")
        object.__setattr__(self, "cards", tuple(self.cards))
        given = [n for n in self.lines if n]
        object.__setattr__(self, "lines", tuple(sorted(set(given))))
        object.__setattr__(self, "line", given[0] if given else None)
        if not isinstance(self.details, MappingProxyType):
            object.__setattr__(self, "details", _freeze(self.details))

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def to_dict(self) -> dict[str, Any]:
        """The report-JSON form (see deckcheck/render/report.schema.json)."""
        d: dict[str, Any] = {"code": self.code, "severity": self.severity, "message": self.message,
                             "cards": list(self.cards), "lines": list(self.lines), "rule": self.rule}
        if self.details:
            d["details"] = _thaw(self.details)
        return d


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class DeckReport:
    """Everything the checker found about one deck. `card_count` counts commanders and main deck; `color_identity`
    is None when it is unknown: the deck has no commander (903.4f), or one the card data doesn't have."""

    path: str
    commanders: tuple[str, ...]
    color_identity: str | None
    card_count: int
    violations: tuple[Violation, ...]
    companion: str | None = None
    notes: tuple[str, ...] = ()
    name: str | None = None
    bracket: Mapping[str, Any] | None = None  # the bracket estimate, when asked for (issue 4 section 5)

    @property
    def legal(self) -> bool:
        """A deck is legal when none of its violations is an error (warnings don't count)."""
        return not any(v.is_error for v in self.violations)

    def __repr__(self) -> str:
        """The verdict in one line, as a notebook shows a cell's last value: the generated repr ran to some 20,000
        characters of violations and never said whether the deck is legal."""
        errors = len(self.errors)
        verdict = "legal" if not errors else "NOT legal"
        commanders = (f"commander{'s' if len(self.commanders) > 1 else ''} {' and '.join(self.commanders)}"
                      if self.commanders else "no commander")
        shown = self.path if not self.name or self.name == self.path else f"{self.name} ({self.path})"
        return (f"<DeckReport {shown}: {verdict} ({counted(errors, 'error')}, "
                f"{counted(len(self.violations) - errors, 'warning')}), {counted(self.card_count, 'card')}, "
                f"{commanders}, identity {identity_words(self.color_identity)}>")

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.is_error)

    @property
    def commanders_cell(self) -> str:
        """The deck's commanders as one cell of a table, " + "-joined in order of name, so that a pair is one value
        whichever of them its list named first (one group of a groupby, "Kraum, Ludevic's Opus + Tymna the Weaver"):
        the batch summary's, the HTML report's table's and the frame's `commanders`."""
        return " + ".join(sorted(self.commanders))

    @property
    def notes_cell(self) -> str:
        """The deck's notes on how its list was read as one cell of a table, a line each: the batch CSV's and the
        frame's `notes`."""
        return "\n".join(self.notes)

    @property
    def warnings(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if not v.is_error)

    def codes(self) -> list[str]:
        """The codes of this deck's violations, in report order (repeats kept)."""
        return [v.code for v in self.violations]

    def to_dict(self) -> dict[str, Any]:
        """The report-JSON form of one deck."""
        d: dict[str, Any] = {"path": self.path}
        if self.name is not None:
            d["name"] = self.name
        d |= {"legal": self.legal, "commanders": list(self.commanders), "color_identity": self.color_identity,
              "card_count": self.card_count, "violations": [v.to_dict() for v in self.violations]}
        if self.companion is not None:
            d["companion"] = self.companion
        if self.notes:
            d["notes"] = list(self.notes)
        if self.bracket is not None:
            d["bracket"] = dict(self.bracket)
        return d


def card_data_of(meta: Mapping[str, Any]) -> dict[str, str]:
    """What a report says of the card data (a store's meta): its source and date as text, "" for what the
    store does not say (a date of None is no date "None")."""
    return {key: "" if meta.get(key) is None else str(meta[key]) for key in ("source", "updated_at")}


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The result of one `deckcheck check` run: the decks, the card data used, the version, and the date
    checked against when one was asked for (`--as-of`; None: today)."""

    decks: tuple[DeckReport, ...]
    card_data: Mapping[str, Any]
    deckcheck_version: str = ""
    notes: tuple[str, ...] = ()  # said once for the whole report: policy caveats, data/policy disagreements
    on: date | None = None

    def __post_init__(self) -> None:
        if not self.deckcheck_version:
            from deckcheck import __version__

            object.__setattr__(self, "deckcheck_version", __version__)

    @property
    def legal(self) -> bool:
        """True when every deck is legal."""
        return all(d.legal for d in self.decks)

    def to_dict(self) -> dict[str, Any]:
        """The report JSON (issue 3 section 3), validated by deckcheck/render/report.schema.json."""
        return {"deckcheck_version": self.deckcheck_version,
                "card_data": card_data_of(self.card_data),
                **({"as_of": self.on.isoformat()} if self.on is not None else {}),
                "decks": [d.to_dict() for d in self.decks],
                **({"notes": list(self.notes)} if self.notes else {})}
