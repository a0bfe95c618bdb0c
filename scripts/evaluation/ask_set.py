"""Scoring `ask` on the ask set (tests/data/ask_set): questions with short gold answers over
notebooks written in four styles (the memory set's people) and three long chats, split into dev and
test by notebook. Every figure comes with the same-run baseline the card must beat: whether the
top search hit (and the top five) hold the gold answer."""

from __future__ import annotations

import re
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path

from remen.core.answers import Answer, AnswerItem
from remen.service import Remen

from .chat import OMAR_JONAS, PRIYA_MEI, Session, session_notes
from .memory_set import SET_DIR, load_person
from .rows import json_lines
from .tally import Tally

ASK_SET_DIR = Path(__file__).resolve().parents[2] / "tests" / "data" / "ask_set"
SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class GoldQuestion:
    """A question with its short answers (any one counts), or none when its premise is false."""

    notebook: str
    question: str
    answers: tuple[str, ...] | None
    kind: str
    day: date | None = None
    changed: bool = False

    @property
    def false_premise(self) -> bool:
        """Whether the notes cannot answer it (the event belongs to someone else)."""
        return self.answers is None


@dataclass
class KindScores:
    """Counts for one question kind (or all)."""

    first: Tally = field(default_factory=Tally)
    card: Tally = field(default_factory=Tally)
    short: Tally = field(default_factory=Tally)
    top1: Tally = field(default_factory=Tally)
    top5: Tally = field(default_factory=Tally)

    def report(self) -> dict[str, float | int]:
        """Plain figures."""
        return {
            "questions": self.first.total,
            "card_first": self.first.ratio,
            "card_any": self.card.ratio,
            "short_answer": self.short.ratio,
            "search_top1": self.top1.ratio,
            "search_top5": self.top5.ratio,
        }


@dataclass
class AskSetScores:
    """Counts behind one split's figures."""

    kinds: dict[str, KindScores] = field(default_factory=lambda: defaultdict(KindScores))
    premises: Tally = field(default_factory=Tally)
    misses: list[str] = field(default_factory=list)

    def report(self) -> dict[str, object]:
        """Plain figures: all answerable questions, then each kind, then false premises."""
        total = KindScores()
        for scores in self.kinds.values():
            for name in ("first", "card", "short", "top1", "top5"):
                mine, theirs = getattr(total, name), getattr(scores, name)
                mine.right += theirs.right
                mine.total += theirs.total
        return {
            "all": total.report(),
            "kinds": {kind: s.report() for kind, s in sorted(self.kinds.items())},
            "false_premises": self.premises.total,
            "false_premises_answered": 1 - self.premises.ratio if self.premises.total else 0.0,
        }


def load_questions(path: Path) -> list[GoldQuestion]:
    """One notebook's questions (JSON Lines: q, a, type, optional date, changed)."""
    out = []
    for row in json_lines(path):
        day = date.fromisoformat(row["date"]) if row.get("date") else None
        answers = tuple(row["a"]) if row["a"] is not None else None
        out.append(GoldQuestion(path.stem, row["q"], answers, row["type"], day, bool(row.get("changed"))))
    return out


def load_split(split: str, folder: Path = ASK_SET_DIR) -> dict[str, list[GoldQuestion]]:
    """Every notebook's questions in one split, by notebook name."""
    return {p.stem: load_questions(p) for p in sorted((folder / split).glob("*.jsonl"))}


def folded(text: str) -> str:
    """Lower case with runs of white space as one space, so a match ignores line breaks."""
    return SPACE.sub(" ", text).lower()


def day_spellings(day: date) -> list[str]:
    """The ways a day is written: '30 Jul', 'July 30', '2026-07-30', ..."""
    long, short = day.strftime("%B"), day.strftime("%b")
    n = day.day
    return [
        f"{n} {long}",
        f"{n} {short}",
        f"{long} {n}",
        f"{short} {n}",
        day.isoformat(),
    ]


def holds(text: str, gold: GoldQuestion, created: datetime | None = None) -> bool:
    """Whether ``text`` (a card item, or a note written at ``created``) holds a gold answer: one
    of its strings, or its day spelled any usual way (or the note's own day, for a note telling
    what happened 'today')."""
    assert gold.answers is not None
    seen = folded(text)
    if any(folded(a) in seen for a in gold.answers):
        return True
    if gold.day is None:
        return False
    if created is not None and created.date() == gold.day:
        return True
    return any(re.search(rf"\b{re.escape(s.lower())}\b", seen) for s in day_spellings(gold.day))


def short_answer(item: AnswerItem) -> str:
    """The short answer an item shows (a graph answer's is its text)."""
    return item.answer if item.answer is not None else item.text


def item_text(item: object) -> str:
    """Everything a card item shows: its short answer, text and sentence."""
    parts = [getattr(item, "answer", "") or "", getattr(item, "text", ""), getattr(item, "sentence", "") or ""]
    return " · ".join(p for p in parts if p)


def score_notebook(
    ask: Callable[[str], Answer],
    note_text: Callable[[str], tuple[str, datetime]],
    questions: Iterable[GoldQuestion],
    scores: AskSetScores,
    keep_misses: bool,
) -> None:
    """Ask every question of one notebook and count: card first item, any item, the short answer
    alone, and the top-1 and top-5 search hits of the same answer."""
    for gold in questions:
        answer = ask(gold.question)
        if gold.false_premise:
            if not scores.premises.count(not answer.answers) and keep_misses:
                scores.misses.append(
                    f"{gold.notebook}: false premise answered {gold.question!r}: {answer.answers[0].text!r}"
                )
            continue
        kind = scores.kinds[gold.kind]
        items = [item_text(item) for item in answer.answers]
        first = kind.first.count(bool(items) and holds(items[0], gold))
        kind.card.count(any(holds(text, gold) for text in items))
        kind.short.count(bool(answer.answers) and holds(short_answer(answer.answers[0]), gold))
        notes = [note_text(hit.note_id) for hit in answer.notes[:5]]
        kind.top1.count(bool(notes) and holds(notes[0][0], gold, notes[0][1]))
        kind.top5.count(any(holds(text, gold, created) for text, created in notes))
        if not first and keep_misses:
            got = items[0][:90] if items else answer.not_found or "(no card)"
            scores.misses.append(f"{gold.notebook}: {gold.question!r} → {got!r} ≠ {gold.answers}")


def ask_time(last_note: datetime) -> datetime:
    """When the questions are asked: the morning after the notebook's last note."""
    return (last_note + timedelta(days=1)).replace(hour=9, minute=0)


def read_chat(path: Path) -> list[Session]:
    """A chat kept as a file: "=== 2026-03-02 19:10" opens a session at that time, each
    "Name: words" line after it is a turn, "#" lines are comments."""
    sessions: list[Session] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("=== "):
            sessions.append((line[4:].strip(), []))
        elif line.strip() and not line.startswith("#"):
            speaker, _, words = line.partition(": ")
            sessions[-1][1].append((speaker.strip(), words.strip()))
    return sessions


def notebook_notes(name: str, split: str) -> list[tuple[str, datetime]]:
    """The notes of one notebook: a memory-set person's, or a chat (a note per turn, "Name: words"):
    one of the two in chat.py, or one kept as a ``.chat`` file beside the questions."""
    chats = {"chat-omar-jonas": OMAR_JONAS, "chat-priya-mei": PRIYA_MEI}
    if name in chats:
        return [(text, when.astimezone()) for text, when in session_notes(chats[name])]
    written = ASK_SET_DIR / split / f"{name}.chat"
    if written.is_file():
        return [(text, when.astimezone()) for text, when in session_notes(read_chat(written))]
    return [(note.text, note.created) for note in load_person(SET_DIR / split / f"{name}.txt").notes]


def score_split(split: str, open_app: Callable[[Path], Remen], keep_misses: bool = False) -> AskSetScores:
    """Every notebook of one split through the real pipeline (added, read into the graph) in a
    fresh database, each question asked the morning after its last note, and counted."""
    scores = AskSetScores()
    for name, questions in load_split(split).items():
        notes = notebook_notes(name, split)
        with tempfile.TemporaryDirectory() as tmp, open_app(Path(tmp) / f"{name}.db") as app:
            for text, created in notes:
                app.add(text, created=created)
            app.extract_pending()
            now = ask_time(max(created for _, created in notes))

            def note_text(note_id: str, app: Remen = app) -> tuple[str, datetime]:
                note = app.get(note_id)
                return f"{note.title}\n{note.body}", note.created

            score_notebook(lambda q, app=app, now=now: app.ask(q, now=now), note_text, questions, scores, keep_misses)
    return scores
