"""Choosing an action from a long list: a menu walked one word at a time.

The legal actions' texts form a prefix tree: ``play terraform ufo rocket``
is reached by choosing ``play``, then ``terraform``, then the Lift Off Point,
then its replacement. A word made of comma-joined ids (agency's ``keep
O05,O16``, ``launch lab M1-03,M2-11``) is a *set* of cards: its cards are
chosen one by one in any order, then "that's all" where a smaller set is also
legal. The tree knows nothing of any game: it reads only the action texts and
the games' own sentences (``Game.describe_action``), so every game gets it.

Each line shows a sentence: the description of an action, or for a group the
words its descriptions share (``Play Terraform!: replace the UFO with the …``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len

from liftoff.cli.words import comma, count, say
from liftoff.engine import Action

#: a menu with at most this many actions under it lists them all at once
FLAT = 9
#: the step that finishes a set of cards where a smaller set is legal too
FINISH = ""
SEAT_ID = re.compile(r"\bp(\d+)\b")

Slot = str | frozenset[str]


@dataclass(frozen=True)
class Choice:
    """One action and how to spell it: its text as slots (words or card sets)."""

    action: Action
    text: str
    description: str
    slots: tuple[Slot, ...]


@dataclass(frozen=True)
class Line:
    """One numbered line of a menu: the step it takes and what it leads to."""

    step: str
    label: str
    choices: tuple[Choice, ...]

    @property
    def action(self) -> Action | None:
        """The action this line plays, when it leads to exactly one."""
        return self.choices[0].action if len(self.choices) == 1 else None


def _slots(words: list[str], set_at: set[tuple[str, ...]]) -> tuple[Slot, ...]:
    out: list[Slot] = []
    for i, word in enumerate(words):
        prefix = tuple(words[:i])
        out.append(frozenset(word.split(",")) if prefix in set_at else word)
    return tuple(out)


def build_choices(actions: Sequence[Action], descriptions: Sequence[str]) -> tuple[Choice, ...]:
    """The actions with their texts cut into slots: a slot is a set of cards
    where any action with the same words before it has a comma-joined word."""
    split = [str(a).split() for a in actions]
    set_at = {tuple(w[:i]) for w in split for i, word in enumerate(w) if "," in word}
    return tuple(
        Choice(a, str(a), d, _slots(w, set_at))
        for a, w, d in zip(actions, split, descriptions, strict=True)
    )


def _walk(choice: Choice, path: Sequence[str]) -> tuple[int, frozenset[str]] | None:
    """Where ``path`` leaves ``choice``: the slot reached and the cards picked in
    it so far; ``None`` when the path does not lead to it."""
    pos, picked = 0, frozenset[str]()
    for step in path:
        if pos >= len(choice.slots):
            return None
        slot = choice.slots[pos]
        if isinstance(slot, frozenset):
            if step == FINISH:
                if picked != slot:
                    return None
                pos, picked = pos + 1, frozenset()
            elif step in slot and step not in picked:
                picked = picked | {step}
            else:
                return None
        elif step == slot:
            pos += 1
        else:
            return None
    return pos, picked


def _next_steps(choice: Choice, pos: int, picked: frozenset[str]) -> list[str]:
    if pos >= len(choice.slots):
        return []
    slot = choice.slots[pos]
    if isinstance(slot, frozenset):
        rest = sorted(slot - picked)
        return [*rest, FINISH] if picked == slot else rest
    return [slot]


def common_words(texts: Sequence[str]) -> str:
    """The words every text starts with, up to the last whole word shared."""
    if not texts:
        return ""
    first, last = min(texts), max(texts)
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    if n == len(first) == len(last):
        return first
    if _unspaced(first):  # no spaces between words (Japanese): shared characters,
        while n and first[n - 1].isascii() and first[n - 1].isalnum():  # not half a name
            n -= 1
        return first[:n]
    if n < len(first) and first[n] == " ":
        return first[: n + 1]
    cut = first.rfind(" ", 0, n)
    return first[: cut + 1] if cut >= 0 else ""


def _unspaced(text: str) -> bool:
    """Whether ``text`` is written without spaces between words (it has
    characters two cells wide, as Japanese has)."""
    return cell_len(text) != len(text)


def common_tail(texts: Sequence[str]) -> str:
    """The whole words every text ends with (none when a text would be left empty).

    >>> common_tail(["F into the UFO", "W=F into the UFO"])
    'into the UFO'
    """
    if texts and _unspaced(texts[0]) and all(texts):
        n = 0
        while all(len(t) > n + 1 and t[-1 - n] == texts[0][-1 - n] for t in texts):
            n += 1
        return texts[0][len(texts[0]) - n :].strip() if n > 1 else ""
    words = [t.split() for t in texts]
    if not words or not all(words):
        return ""
    n = 0
    while all(len(w) > n + 1 and w[-1 - n] == words[0][-1 - n] for w in words):
        n += 1
    return " ".join(words[0][len(words[0]) - n :]) if n else ""


@dataclass
class Menu:
    """The menu of one player's decision; ``path`` is where they are in it."""

    choices: tuple[Choice, ...]
    glossary: Mapping[str, str] = field(default_factory=dict)
    names: Sequence[str] = ()
    path: tuple[str, ...] = ()

    def here(self) -> tuple[Choice, ...]:
        """The actions still reachable from :attr:`path`, in their given order."""
        return tuple(c for c in self.choices if _walk(c, self.path) is not None)

    def say(self, text: str) -> str:
        """``text`` with seat ids (``p1``) replaced by the players' names."""
        if not self.names:
            return text

        def name(m: re.Match[str]) -> str:
            i = int(m.group(1))
            return self.names[i] if i < len(self.names) else m.group(0)

        return SEAT_ID.sub(name, text)

    def heading(self) -> str:
        """What the actions here have in common, as a sentence start ending in ``…``."""
        shared = common_words([c.description for c in self.here()]).rstrip()
        head = self.say(shared) + " …" if shared else ""
        picked = self.picked()
        if picked:
            names = [f"{x} {self.glossary.get(x, '').split(':', 1)[0]}".rstrip() for x in picked]
            head = say("cli.menu.chosen", head=head, cards=comma().join(names)).lstrip()
        left = self.cards_left()
        if left:  # how many cards the set still takes, when every choice agrees
            head = f"{head} {count('cli.menu.pick', left)}".strip()
        return head

    def cards_left(self) -> int | None:
        """How many more cards the set being chosen takes, when every action
        here takes the same number (``None`` otherwise, or when not picking)."""
        if not self._picking():
            return None
        sizes = set()
        for c in self.here():
            walked = _walk(c, self.path)
            if walked is not None and walked[0] < len(c.slots):
                sizes.add(len(c.slots[walked[0]]) - len(walked[1]))
        return sizes.pop() if len(sizes) == 1 else None

    def lines(self) -> list[Line]:
        """The numbered lines here: every action when few are left (and no card
        set is to be picked), else one line per next step."""
        here = self.here()
        groups: dict[str, list[Choice]] = {}
        sets = False
        for c in here:
            walked = _walk(c, self.path)
            assert walked is not None
            pos, picked = walked
            sets = sets or any(isinstance(slot, frozenset) for slot in c.slots[pos:])
            for step in _next_steps(c, pos, picked):
                groups.setdefault(step, []).append(c)
        if len(here) <= FLAT and not sets:
            return [Line("", self.leaf_label(c), (c,)) for c in here]
        return [self.line(step, tuple(group)) for step, group in groups.items()]

    def leaf_label(self, c: Choice) -> str:
        shared = common_words([x.description for x in self.here()])
        rest = c.description[len(shared) :] if len(self.here()) > 1 else ""
        return self.say(rest or c.description)

    def line(self, step: str, group: tuple[Choice, ...]) -> Line:
        if step == FINISH:
            exact = next(c for c in group if _walk(c, (*self.path, step)) is not None)
            return Line(step, say("cli.menu.finish", move=self.say(exact.description)), (exact,))
        if self._picking():
            gloss = self.glossary.get(step, "").split(":", 1)[0]
            own = f"{step} {gloss}".rstrip()
            if len(group) == 1:
                return Line(
                    step, say("cli.menu.so", card=own, move=self.say(group[0].description)), group
                )
            return Line(step, say("cli.menu.card-group", count=len(group), card=own), group)
        if len(group) == 1:
            return Line(step, self.leaf_label(group[0]), group)
        shared = common_words([x.description for x in self.here()])
        mine = common_words([x.description for x in group])
        own = mine[len(shared) :].strip() if mine.startswith(shared) else ""
        if _unspaced(mine + "".join(x.description for x in group)):
            pass  # a step word is typed, not read: Japanese lines keep the words
        elif not own or own.split()[-1] == step:
            gloss = self.glossary.get(step, "").split(":", 1)[0]
            own = f"{step} {gloss}".strip() if gloss else (own or step)
        tail = common_tail([x.description[len(mine) :] for x in group])
        own = (f"{own} … {tail}" if tail else f"{own} …").strip()
        return Line(step, say("cli.menu.group", count=len(group), words=self.say(own)), group)

    def _picking(self) -> bool:
        """Whether the next step here picks a card of a set."""
        for c in self.here():
            walked = _walk(c, self.path)
            if walked is not None and walked[0] < len(c.slots):
                return isinstance(c.slots[walked[0]], frozenset)
        return False

    def picked(self) -> list[str]:
        """The cards picked so far in the set being chosen."""
        for c in self.here():
            walked = _walk(c, self.path)
            if walked is not None and walked[1]:
                return sorted(walked[1])
        return []

    def enter(self, line: Line) -> Action | None:
        """Take ``line``: its action when it leads to one, else walk into it
        (skipping steps that leave no choice) and return ``None``."""
        if line.action is not None:
            return line.action
        self.path = (*self.path, line.step)
        while True:
            steps = self.lines()
            if len(steps) != 1:
                return None
            if steps[0].action is not None:
                return steps[0].action
            self.path = (*self.path, steps[0].step)

    def back(self) -> bool:
        """Go up one step, past steps that left no choice (a card set is left
        card by card); ``False`` when already at the top."""
        here = self.path
        self.path = ()
        self.skip()
        top = self.path
        if len(here) <= len(top):
            return False
        self.path = here[:-1]
        while len(self.path) > len(top) and len(self.lines()) == 1:
            self.path = self.path[:-1]
        return True

    def step_into(self, word: str) -> Action | bool | None:
        """Walk by a typed word of the next step (case-insensitive): the action
        it leads to, ``None`` (walked into a group) or ``False`` (no such step)."""
        for line in self.lines():
            if line.step and line.step.lower() == word.lower():
                return self.enter(line)
        return False

    def goto(self, text: str) -> bool:
        """Walk from the top along the typed words of ``text`` (case-insensitive;
        a comma-joined word picks each of its cards); ``False`` when no action
        starts so, and the menu stays where it was."""
        path: list[str] = []
        for part in (p for word in text.split() for p in word.split(",") if p):
            steps = {
                s.lower(): s
                for c in self.choices
                if (walked := _walk(c, path)) is not None
                for s in _next_steps(c, *walked)
                if s
            }
            if part.lower() not in steps:
                return False
            path.append(steps[part.lower()])
        self.path = tuple(path)
        self.skip()
        return True

    def chosen(self) -> Action | None:
        """The action the path spells out in full (a card set needing only
        "that's all"), if it leads to exactly one."""
        here = self.here()
        if len(here) != 1:
            return None
        walked = _walk(here[0], self.path)
        assert walked is not None
        return here[0].action if _next_steps(here[0], *walked) in ([], [FINISH]) else None

    def skip(self) -> None:
        """Walk on through steps that leave no choice (one group line only)."""
        while True:
            lines = self.lines()
            if len(lines) != 1 or lines[0].action is not None:
                return
            self.path = (*self.path, lines[0].step)

    def summary(self) -> str:
        """A one-line count of all the choices, grouped by their first word."""
        first: dict[str, int] = {}
        for c in self.choices:
            word = c.text.split()[0]
            first[word] = first.get(word, 0) + 1
        parts = [
            w if n == 1 else say("cli.menu.kinds.many", word=w, count=n) for w, n in first.items()
        ]
        return say(
            "cli.menu.summary",
            choices=count("cli.menu.choices", len(self.choices)),
            kinds=comma().join(parts),
        )
