"""Checks of agency content that a schema cannot express: the counts the
rulebook states, rules within and across files, and problems located by card
id. Every check returns ``(file, field, message)`` triples."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from .effects import COLOURS

if TYPE_CHECKING:
    from .content import (
        Alternative,
        Board,
        BoardFile,
        LabsFile,
        LabSide,
        Mission,
        MissionsFile,
        ObjectivesFile,
        Requirement,
        SpecialistsFile,
        TechnologyFile,
    )

Problem = tuple[str, str, str]

# The counts the rulebook states (Components) and that its arithmetic needs.
SPECIALIST_COUNT = 36
SPECIALIST_MARK_COUNTS = {3: 9, 4: 9}  # AG-EX-2: the deck empties after rounds 4 and 8
MISSION_COUNT = 96
TECHNOLOGY_COUNT = 74
LAB_COUNT = 8
OBJECTIVE_COUNT = 16


def _counts_problem(path: str, loc: str, what: str, got: int, want: int) -> Problem:
    return (path, loc, f"there must be {want} {what} (rulebook: Components), found {got}")


def cross_check(files: Mapping[str, BaseModel], paths: Mapping[str, str]) -> list[Problem]:
    """Checks within and across files that a schema cannot express (``paths``:
    the file each kind was read from)."""
    out: list[Problem] = []
    for kind, model in files.items():
        meta = getattr(model, "meta", None)
        if meta is not None and meta.kind != kind:
            out.append(
                (paths[kind], "meta.kind", f"is {meta.kind!r} but the file is used as {kind!r}")
            )
    board: BoardFile = files["board"]  # type: ignore[assignment]
    out += _specialists(files["specialists"], paths["specialists"])  # type: ignore[arg-type]
    out += _missions(files["missions"], board.board, paths["missions"])  # type: ignore[arg-type]
    out += _technology(files["technology"], paths["technology"])  # type: ignore[arg-type]
    out += _labs(files["labs"], paths["labs"])  # type: ignore[arg-type]
    out += _objectives(files["objectives"], paths["objectives"])  # type: ignore[arg-type]
    out += _board_tracks(board.board, paths["board"])
    out += _board_requirements(board.board, paths["board"])
    out += _board_station(board.board, paths["board"])
    return out


def _specialists(sp: SpecialistsFile, path: str) -> list[Problem]:
    out: list[Problem] = []
    if len(sp.specialists) != SPECIALIST_COUNT:
        out.append(_counts_problem(path, "specialists", "specialists", len(sp.specialists), 36))
    for mark, want in SPECIALIST_MARK_COUNTS.items():
        got = sum(1 for s in sp.specialists if s.players == mark)
        if got != want:
            out.append(
                (
                    path,
                    "specialists",
                    f"exactly {want} specialists must carry the '{mark}' mark so that the deck "
                    f"runs out after rounds 4 and 8 (AG-EX-2); found {got}",
                )
            )
    return out


def _missions(mi: MissionsFile, board: Board, path: str) -> list[Problem]:
    out: list[Problem] = []
    if len(mi.missions) != MISSION_COUNT:
        out.append(_counts_problem(path, "missions", "missions", len(mi.missions), 96))
    by_name: dict[str, Mission] = {}
    for m in mi.missions:
        other = by_name.get(m.name)
        if other is not None:
            a = m.model_dump(exclude={"id", "players"})
            b = other.model_dump(exclude={"id", "players"})
            if a != b:
                out.append(
                    (
                        path,
                        m.id,
                        f"copies of {m.name!r} must be identical apart from id and mark "
                        f"(differs from {other.id})",
                    )
                )
        else:
            by_name[m.name] = m
    for level in range(1, 5):
        for players in (2, 3, 4):
            names = {m.name for m in mi.missions if m.level == level and m.players <= players}
            if len(names) < board.missions_per_level:
                out.append(
                    (
                        path,
                        "missions",
                        f"level {level} has only {len(names)} different missions at "
                        f"{players} players; a player must be able to own "
                        f"{board.missions_per_level} (AG-MIS-7)",
                    )
                )
    return out


def _technology(te: TechnologyFile, path: str) -> list[Problem]:
    out: list[Problem] = []
    total = sum(t.count for t in te.technology)
    if total != TECHNOLOGY_COUNT:
        out.append(_counts_problem(path, "technology", "technology cards", total, 74))
    cols = [t.colour for t in te.technology]
    if sorted(cols) != sorted(COLOURS):
        out.append((path, "technology", f"needs each of {', '.join(COLOURS)} once, got {cols}"))
    return out


def _labs(la: LabsFile, path: str) -> list[Problem]:
    out: list[Problem] = []
    if len(la.labs) != LAB_COUNT:
        out.append(_counts_problem(path, "labs", "lab cards", len(la.labs), 8))
    colours: dict[str, list[int]] = {}
    for i, lab in enumerate(la.labs):
        colours.setdefault(lab.colour, []).append(i)
        levels = sorted(s.level for s in lab.sides)
        if levels not in ([1, 2], [3, 4]):
            out.append(
                (path, f"labs[{i}].sides", f"a lab card has levels 1/2 or 3/4, got {levels}")
            )
    for colour, idx in colours.items():
        levels = sorted(s.level for i in idx for s in la.labs[i].sides)
        if levels != [1, 2, 3, 4]:
            out.append((path, "labs", f"colour {colour!r} needs one 1/2 card and one 3/4 card"))
    by_level: dict[int, LabSide] = {}
    for i, lab in enumerate(la.labs):
        for j, side in enumerate(lab.sides):
            if side.level in by_level and by_level[side.level] != side:
                out.append(
                    (
                        path,
                        f"labs[{i}].sides[{j}]",
                        f"level {side.level} differs between colours; every colour plays alike",
                    )
                )
            by_level.setdefault(side.level, side)
    if len(by_level) == 4:
        for lvl in (2, 3, 4):
            lo, hi = by_level[lvl - 1], by_level[lvl]
            if hi.vp_phase1 <= lo.vp_phase1 or hi.vp_phase2 <= lo.vp_phase2:
                out.append(
                    (
                        path,
                        "labs",
                        f"level {lvl} must score more per launch than {lvl - 1} (AG-LAB-1)",
                    )
                )
        for lvl, ls in by_level.items():
            if ls.vp_phase1 <= ls.vp_phase2:
                out.append(
                    (path, "labs", f"level {lvl} must score more in phase 1 than 2 (AG-LAB-2)")
                )
    return out


def _objectives(ob: ObjectivesFile, path: str) -> list[Problem]:
    out: list[Problem] = []
    if len(ob.objectives) != OBJECTIVE_COUNT:
        out.append(_counts_problem(path, "objectives", "objectives", len(ob.objectives), 16))
    return out


def _board_tracks(board: Board, bp: str) -> list[Problem]:
    """The upgrade tracks have one space per upgrade, plus the start."""
    out: list[Problem] = []
    if len(board.capacity_track) - 1 != board.upgrades_per_kind:
        out.append(
            (
                bp,
                "board.upgrades_per_kind",
                f"the capacity track has {len(board.capacity_track)} spaces, so there must be "
                f"{len(board.capacity_track) - 1} capacity upgrades",
            )
        )
    if len(board.cost_track) - 1 != board.upgrades_per_kind:
        out.append(
            (
                bp,
                "board.upgrades_per_kind",
                f"the cost track has {len(board.cost_track)} spaces, so there must be "
                f"{len(board.cost_track) - 1} propulsion upgrades",
            )
        )
    return out


def _board_requirements(board: Board, bp: str) -> list[Problem]:
    """A requirement for every level of every phase, none twice, none nesting."""
    out: list[Problem] = []
    have = {(r.phase, r.level) for r in board.requirements}
    needed: tuple[tuple[int, tuple[int, ...]], ...] = ((1, (1, 2)), (2, (1, 2, 3, 4)))
    for phase, lvls in needed:
        for level in lvls:
            if (phase, level) not in have:
                out.append(
                    (bp, "board.requirements", f"no requirement for level {level} in phase {phase}")
                )
    for i, r in enumerate(board.requirements):
        if r.phase == 1 and r.level > 2:
            out.append(
                (
                    bp,
                    f"board.requirements[{i}].level",
                    "levels 3 and 4 exist only in phase 2 (AG-R-1)",
                )
            )
    keys = [(r.phase, r.level) for r in board.requirements]
    if len(keys) != len(set(keys)):
        out.append((bp, "board.requirements", "a (phase, level) is given twice"))
    out.extend((bp, "board.requirements", msg) for msg in nesting_problems(board.requirements))
    return out


def _board_station(board: Board, bp: str) -> list[Problem]:
    """The station track's "6" and "8" spaces and the neutral rockets on them."""
    out: list[Problem] = []
    sixes = [i + 1 for i, s in enumerate(board.station) if s.vp == 6]
    eights = [i + 1 for i, s in enumerate(board.station) if s.vp == 8]
    if len(sixes) != 2 or len(eights) != 1:
        out.append(
            (
                bp,
                "board.station",
                'the station track has two "6" spaces and one "8" space (AG-COMP-2)',
            )
        )
    want2 = sorted([*sixes, *eights])
    neutral: dict[str, list[int]] = {str(k): v for k, v in board.neutral.items()}
    for key in ("2", "3"):
        spaces = neutral.get(key)
        if spaces is None:
            out.append((bp, f"board.neutral.{key}", "missing"))
            continue
        for sp_ in spaces:
            if not 1 <= sp_ <= len(board.station):
                out.append((bp, f"board.neutral.{key}", f"space {sp_} is not on the track"))
        if key == "2" and sorted(spaces) != want2:
            out.append(
                (
                    bp,
                    "board.neutral.2",
                    'at 2 players the neutral rockets take both "6" and the "8" (AG-SETUP-9)',
                )
            )
        if key == "3" and (
            len(spaces) != 2
            or len([s for s in spaces if s in sixes]) != 1
            or len([s for s in spaces if s in eights]) != 1
        ):
            out.append(
                (
                    bp,
                    "board.neutral.3",
                    'at 3 players the neutral rockets take one "6" and the "8" (AG-SETUP-8)',
                )
            )
    return out


def _meets(have: Alternative, alternative: Alternative) -> bool:
    return all(have.get(colour, 0) >= k for colour, k in alternative.items())


def nesting_problems(requirements: list[Requirement]) -> list[str]:
    """Requirements must not nest (AG-GAP-3; known fact: meeting level 4's does not
    meet level 2's): within a phase, no alternative of one level may meet an
    alternative of another level. A level without a requirement (``{}``) is open
    to everyone and is left out."""
    out: list[str] = []
    for a in requirements:
        for b in requirements:
            if a.phase != b.phase or a.level == b.level:
                continue
            for alt_a in a.alternatives:
                for alt_b in b.alternatives:
                    if alt_a and alt_b and _meets(alt_a, alt_b):
                        out.append(
                            f"phase {a.phase}: level {a.level}'s {_describe_alt(alt_a)} also "
                            f"meets level {b.level}'s {_describe_alt(alt_b)}; requirements do "
                            "not nest (AG-GAP-3)"
                        )
    return out


def _describe_alt(alternative: Alternative) -> str:
    return " + ".join(f"{k} {c}" for c, k in alternative.items())


CARD_LISTS = {
    "specialists": "specialists",
    "missions": "missions",
    "labs": "labs",
    "objectives": "objectives",
}
_POSITION = re.compile(r"^(specialists|missions|labs|objectives)\[(\d+)\](.*)$")


def _card_at(data: Any, listing: str, index: int) -> str | None:
    cards = data.get(listing) if isinstance(data, dict) else None
    if isinstance(cards, list) and 0 <= index < len(cards):
        card = cards[index]
        if isinstance(card, dict) and isinstance(card.get("id"), str) and card["id"]:
            return str(card["id"])
    return None


def name_cards(data: Any, problems: list[Problem]) -> list[Problem]:
    """Problems located by card id (``M1-01.weight``) instead of list position
    (``missions[0].weight``) wherever the card has an id."""
    out: list[Problem] = []
    for path, loc, msg in problems:
        m = _POSITION.match(loc)
        card = _card_at(data, m.group(1), int(m.group(2))) if m else None
        if m and card is not None:
            loc = card + m.group(3)
        out.append((path, loc, msg))
    return out


def duplicate_ids(kind: str, data: Any, path: str) -> list[Problem]:
    """Two cards of one file with the same id (checked on the raw data, so it is
    reported together with any schema error)."""
    listing = CARD_LISTS.get(kind)
    cards = data.get(listing) if listing and isinstance(data, dict) else None
    if not isinstance(cards, list):
        return []
    first: dict[str, int] = {}
    out: list[Problem] = []
    for i, card in enumerate(cards):
        cid = card.get("id") if isinstance(card, dict) else None
        if not isinstance(cid, str):
            continue
        if cid in first:
            out.append(
                (
                    path,
                    cid,
                    f"duplicate id {cid!r}: cards {first[cid] + 1} and {i + 1} of the "
                    "file both use it",
                )
            )
        else:
            first[cid] = i
    return out
