"""Validity chains: which statements a later one invalidates. Pure; ordered by when things held.

Contradictions never overwrite: the older statement keeps its text and gets ``invalid_at`` (when
the newer one starts to hold) and ``invalidated_by``. Computing the whole chain of a subject from
scratch, ordered by event or note time rather than arrival, makes out-of-order imports, edits and
retractions come out right with one rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class ChainItem:
    """What the chain needs of one visible statement of a subject."""

    sid: int
    predicate: str
    object_key: str | None
    negated: bool
    valid_at: float
    replaces_key: str | None = None
    replaces_sid: int | None = None
    # The kind of tool the object is when one is held at a time (a password manager): a later one
    # of the kind ends it.
    kind: str | None = None


def contradicts(later: ChainItem, earlier: ChainItem, functional: frozenset[str]) -> bool:
    """Whether ``later`` ends ``earlier``."""
    if later.replaces_sid == earlier.sid or earlier.replaces_sid == later.sid:
        return True
    if later.predicate != earlier.predicate:
        return False
    if later.object_key == earlier.object_key:
        # A value told again as what replaced another ("switched from Sketch to Figma" after a note
        # already used Figma) holds from then on in the one statement that says so.
        restated = later.replaces_key is not None and earlier.replaces_key is None
        return later.negated != earlier.negated or (restated and not later.negated)
    if later.replaces_key is not None and later.replaces_key == earlier.object_key and not earlier.negated:
        return True
    one_kind = later.kind is not None and later.kind == earlier.kind
    return (later.predicate in functional or one_kind) and not later.negated and not earlier.negated


def validity(
    items: Iterable[ChainItem], functional: frozenset[str], held_before: frozenset[str] = frozenset()
) -> dict[int, tuple[float | None, int | None]]:
    """For every statement: (invalid_at, invalidated_by), or (None, None) while it is current.

    ``items`` share one subject and predicate. A single-valued predicate compares each statement
    with every earlier one (such chains are short); otherwise only the earlier statements that can
    be contradicted are looked at: same object, the replaced object, or a linked statement. A tie of
    a ``held_before`` predicate told only as held until a moment (a statement a second before its own
    end: "told Solveig I'm leaving") held before then, so it ends no other value told earlier ("Anders
    will be my boss"); a workplace or a car told so may be the earlier value under another name
    ("Last day at Brébeuf" after "Six years at Collège Brébeuf") and ends it.)"""
    ordered = sorted(items, key=lambda item: (item.valid_at, item.sid))
    ends = {(item.object_key, item.valid_at) for item in ordered if item.negated}
    held_until = {
        item.sid
        for item in ordered
        if item.predicate in held_before and not item.negated and (item.object_key, item.valid_at + 1) in ends
    }
    result: dict[int, tuple[float | None, int | None]] = {item.sid: (None, None) for item in ordered}
    seen: list[ChainItem] = []
    by_object: dict[str | None, list[ChainItem]] = {}
    by_sid: dict[int, ChainItem] = {}
    pointing_at: dict[int, list[ChainItem]] = {}
    by_kind: dict[str, list[ChainItem]] = {}
    for later in ordered:
        if later.predicate in functional:
            candidates = list(seen)
        else:
            candidates = list(by_object.get(later.object_key, ()))
            if later.replaces_key is not None:
                candidates += by_object.get(later.replaces_key, ())
            if later.replaces_sid in by_sid:
                candidates.append(by_sid[later.replaces_sid])
            candidates += pointing_at.get(later.sid, ())
            candidates += by_kind.get(later.kind, ()) if later.kind is not None else ()
        for earlier in candidates:
            if later.sid in held_until and earlier.object_key != later.object_key:
                continue
            if result[earlier.sid][0] is None and contradicts(later, earlier, functional):
                result[earlier.sid] = (later.valid_at, later.sid)
        seen.append(later)
        by_object.setdefault(later.object_key, []).append(later)
        by_sid[later.sid] = later
        if later.replaces_sid is not None:
            pointing_at.setdefault(later.replaces_sid, []).append(later)
        if later.kind is not None:
            by_kind.setdefault(later.kind, []).append(later)
    return result
