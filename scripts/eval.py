"""Retrieval quality: nDCG@10, Recall@5, Recall@10 and MRR for each leg alone, merged, and a
reciprocal-rank-fusion reference (RRF, k=60, of the two legs' own rankings) computed in the same
run. The categories: queries over the shared TIL corpus, and ``question``: natural-language
questions over a chat corpus written for the project (scripts/evaluation/chat.py); then, in a
table of its own by split and category, the questions over a longer, chattier chat
(scripts/evaluation/long_chat.py). With ``memory``,
the built-in extractor on the memory set's dev and test splits (tests/data/memory_set).

Usage: python scripts/eval.py [--json] [--verbose]
       python scripts/eval.py memory [--json] [--verbose]
       python scripts/eval.py ask [--json] [--verbose]   (the ask set: card against search top-1/top-5)

Recall@K is capped (hits in the top K / min(relevant, K)) so that queries with many relevant
notes (a quoted phrase found in 30 notes) can still reach 1.0.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import corpus_db, corpus_records
from eval_queries import EVAL_NOW, KEYWORD, PARAPHRASE, PHRASE, TAG, TEMPORAL, TYPO
from evaluation.chat import QUESTIONS, chat_notes, evidence, session_notes
from evaluation.long_chat import LONG_QUESTIONS, NADIA_THEO, question_split
from evaluation.memory_set import (
    CHAIN_PROBE,
    SPLITS,
    Person,
    SetScores,
    count_entities,
    figures,
    load_split,
    score_chains,
    score_extraction,
)

from remen.core.knowledge import Fact
from remen.core.text import fold
from remen.core.timeutil import parse_iso
from remen.service import Remen

K = 10
RRF_K = 60
LEGS = {
    "keyword": frozenset({"keyword"}),
    "semantic": frozenset({"semantic"}),
    "merged": frozenset({"keyword", "semantic"}),
}
MODES = [*LEGS, "rrf"]
Labelled = list[tuple[str, str, set[str]]]


def labelled_queries() -> list[tuple[str, str, set[str]]]:
    """(category, query, relevant ids) for every query with at least one relevant note."""
    records = corpus_records()
    texts = {str(r["id"]): fold(f"{r['title']}\n{r['body']}") for r in records}
    topic = {str(r["id"]): str(r["tags"][0]) for r in records}  # type: ignore[index]
    created = {str(r["id"]): parse_iso(str(r["created"])).timestamp() for r in records}
    out: list[tuple[str, str, set[str]]] = []
    out += [("paraphrase", q, set(rel)) for q, rel in PARAPHRASE]
    out += [("keyword", q, set(rel)) for q, rel in KEYWORD]
    out += [("typo", q, set(rel)) for q, rel in TYPO]
    for q, top, start, end in TEMPORAL:
        lo, hi = parse_iso(start).timestamp(), parse_iso(end).timestamp()
        out.append(("temporal", q, {i for i in texts if topic[i] == top and lo <= created[i] < hi}))
    for q, phrase in PHRASE:
        out.append(("phrase", q, {i for i, t in texts.items() if fold(phrase) in t}))
    for q, top, word in TAG:
        pattern = re.compile(r"\b" + re.escape(fold(word)))
        out.append(("tag", q, {i for i, t in texts.items() if topic[i] == top and pattern.search(t)}))
    return [item for item in out if item[2]]


def metrics(ranked: list[str], relevant: set[str]) -> dict[str, float]:
    """nDCG@K, capped Recall@5 and Recall@K, and reciprocal rank for one query."""
    top = ranked[:K]
    dcg = sum(1.0 / math.log2(i + 2) for i, r in enumerate(top) if r in relevant)
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(relevant), K)))
    first = next((i for i, r in enumerate(ranked) if r in relevant), None)
    return {
        "ndcg": dcg / ideal,
        "r5": sum(1 for r in ranked[:5] if r in relevant) / min(len(relevant), 5),
        "recall": sum(1 for r in top if r in relevant) / min(len(relevant), K),
        "mrr": 0.0 if first is None else 1.0 / (first + 1),
    }


def rrf(first: list[str], second: list[str]) -> list[str]:
    """Reciprocal rank fusion of two rankings (the usual k=60): the reference merge to beat."""
    scores: dict[str, float] = defaultdict(float)
    for ranking in (first, second):
        for rank, note_id in enumerate(ranking):
            scores[note_id] += 1.0 / (RRF_K + rank + 1)
    return sorted(scores, key=lambda n: -scores[n])


def rankings(app: Remen, queries: Labelled) -> dict[str, list[list[str]]]:
    """Each mode's ranked note ids for every query, in order."""
    now = EVAL_NOW.astimezone()
    ranked: dict[str, list[list[str]]] = {}
    for mode, legs in LEGS.items():
        app.engine.legs = legs
        ranked[mode] = [[h.note_id for h in app.search(q, now=now, limit=50).results] for _, q, _ in queries]
    app.engine.legs = LEGS["merged"]
    ranked["rrf"] = [rrf(k, s) for k, s in zip(ranked["keyword"], ranked["semantic"], strict=True)]
    return ranked


def evaluate(
    runs: list[tuple[Labelled, dict[str, list[list[str]]]]], verbose: bool
) -> dict[str, dict[str, dict[str, float]]]:
    """Mean metrics per mode and category (and "all")."""
    report: dict[str, dict[str, dict[str, float]]] = {}
    for mode in MODES:
        sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        counts: dict[str, int] = defaultdict(int)
        for queries, ranked in runs:
            for (category, query, relevant), found in zip(queries, ranked[mode], strict=True):
                m = metrics(found, relevant)
                for group in (category, "all"):
                    counts[group] += 1
                    for key, value in m.items():
                        sums[group][key] += value
                # Weak queries of a test split are never shown: tune on dev only.
                if verbose and mode == "merged" and m["mrr"] < 0.5 and not category.startswith("test"):
                    print(f"  weak [{category}] {query!r}: mrr={m['mrr']:.2f} top={found[:3]}", file=sys.stderr)
        report[mode] = {g: {k: v / counts[g] for k, v in s.items()} for g, s in sums.items()}
    return report


def print_report(report: dict[str, dict[str, dict[str, float]]], counts: dict[str, int], width: int = 11) -> None:
    """A table: one row per category, nDCG@10 / R@5 / R@10 / MRR per mode."""
    groups = [*sorted(g for g in counts if g != "all"), "all"]
    print(f"{'category':<{width}}{'n':>4}  " + "  ".join(f"{m:^23}" for m in MODES))
    print(f"{'':<{width + 4}}  " + "  ".join(f"{'nDCG  R@5  R@10  MRR':^23}" for _ in MODES))
    for g in groups:
        cells = "  ".join(
            " ".join(
                f"{report[m][g][k]:.3f}"[1:] if report[m][g][k] < 1 else "1.00" for k in ("ndcg", "r5", "recall", "mrr")
            )
            for m in MODES
        )
        print(f"{g:<{width}}{counts[g]:>4}  {cells}")


def chat_db(workdir: Path) -> tuple[Path, Labelled]:
    """The chat corpus in a fresh database (one note per turn, ids in order) and its questions."""
    notes = chat_notes()
    path = workdir / "chat.db"
    with Remen.open(path) as app:
        ids = [app.add(text, created=when.astimezone()).id for text, when in notes]
    texts = [text for text, _ in notes]
    labelled = [("question", q, {ids[evidence(texts, f)] for f in fragments}) for q, fragments in QUESTIONS]
    return path, labelled


def notebook_facts(person: Person) -> dict[str, list[Fact]]:
    """The person's notes through the real pipeline (add, extract) in a fresh database; the facts,
    with history, of each subject of the person's changes."""
    with tempfile.TemporaryDirectory() as tmp, Remen.open(Path(tmp) / "memory.db") as app:
        for note in person.notes:
            app.add(note.text, created=note.created)
        app.extract_pending()
        return {c.subject: app.facts(c.subject, history=True, limit=None) for c in person.changes}


def baseline_scores(people: list[Person], majority: str) -> SetScores:
    """What spaCy's named entities alone and the commonest dev aspect for every sentence score."""
    from remen.memory.extractor import load_spacy

    kinds = {"PERSON": "Person", "ORG": "Organization", "GPE": "Place", "LOC": "Place", "FAC": "Place"}
    nlp = load_spacy()
    scores = SetScores()
    for person in people:
        for note in person.notes:
            found = [(e.text, kinds.get(e.label_, "")) for e in nlp(note.text).ents]
            count_entities(note, found, scores, note.person)
            for _, aspect in note.aspects:
                scores.aspects.count(aspect == majority)
            scores.notes += 1
    return scores


def evaluate_memory(as_json: bool, verbose: bool) -> None:
    """The built-in extractor on the memory set's dev and test splits, with a baseline from the
    same run (spaCy's entities alone; the commonest dev aspect for every sentence)."""
    from collections import Counter

    from remen.core.config import model_dir
    from remen.embed import load_embedder
    from remen.memory.builtin import BuiltinExtractor

    extractor = BuiltinExtractor(embedder=load_embedder(model_dir())[0])
    splits = {split: load_split(split) for split in SPLITS}
    majority = Counter(a for p in splits["dev"] for n in p.notes for _, a in n.aspects).most_common(1)[0][0]
    report: dict[str, Any] = {}
    misses: list[str] = []
    for split, people in splits.items():
        scores = SetScores()
        score_extraction(extractor, people, scores)
        score_chains(people, notebook_facts, scores)
        baseline = baseline_scores(people, majority)
        report[split] = scores.report() | {
            "baseline": {"entities": figures(baseline.entities), "aspect_accuracy": baseline.aspects.ratio}
        }
        if split == "dev":
            misses = scores.misses
    probe = SetScores()
    score_chains(load_split(CHAIN_PROBE), notebook_facts, probe)
    report[CHAIN_PROBE] = {"chains_kept": probe.chains.right, "changes": probe.chains.total}
    show_splits(report, print_memory_split, as_json, (misses + probe.misses) if verbose else None)
    if not as_json:
        print(f"chain probe (tests/data/memory_set/{CHAIN_PROBE}): {probe.chains.right} of {probe.chains.total} kept")


def show_splits(
    report: dict[str, Any], printer: Callable[[str, dict[str, Any]], None], as_json: bool, misses: list[str] | None
) -> None:
    """Each split's figures (as JSON, or through ``printer``), then the dev misses when asked for."""
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        for split in SPLITS:
            printer(split, report[split])
    if misses is not None:
        print("dev misses (test misses are never shown: tune on dev only)")
        print("\n".join(misses))


def print_memory_split(split: str, figures_: dict[str, Any]) -> None:
    """One split's figures beside the baseline's."""
    base = figures_["baseline"]
    print(f"memory {split}: {figures_['notes']} notes")
    e, b = figures_["entities"], base["entities"]
    print(
        f"  entities      F1 {e['f1']:.3f} (P {e['precision']:.3f} R {e['recall']:.3f})"
        f"   baseline spaCy NER F1 {b['f1']:.3f}"
    )
    for kind, f in figures_["entity_kinds"].items():
        print(f"    {kind:<13} F1 {f['f1']:.3f} (P {f['precision']:.3f} R {f['recall']:.3f})")
    print(
        f"  aspects       accuracy {figures_['aspect_accuracy']:.3f} ({figures_['aspects_labelled']} sentences)"
        f"   baseline commonest aspect {base['aspect_accuracy']:.3f}"
    )
    t = figures_["relations_attributes"]
    print(f"  relations/attributes F1 {t['f1']:.3f} (P {t['precision']:.3f} R {t['recall']:.3f})")
    print(
        f"  event dates   accuracy {figures_['event_date_accuracy']:.3f} ({figures_['event_dates_labelled']} labelled)"
    )
    print(f"  chains kept   {figures_['chains_kept']:.3f} ({figures_['chains_labelled']} changes)")


def evaluate_ask(as_json: bool, verbose: bool) -> None:
    """`ask` on the ask set's dev and test notebooks: the card's first item, any item and its short
    answer against the top-1 and top-5 search hits of the same run; false premises answered."""
    from evaluation.ask_set import score_split

    report: dict[str, Any] = {}
    misses: list[str] = []
    for split in SPLITS:
        scores = score_split(split, Remen.open, keep_misses=split == "dev")
        report[split] = scores.report()
        misses = misses or scores.misses
    show_splits(report, print_ask_split, as_json, misses if verbose else None)


def print_ask_split(split: str, figures_: dict[str, Any]) -> None:
    """One split's card figures beside the search baseline, overall and by question kind."""
    print(
        f"ask {split}: {figures_['all']['questions']} answerable questions, {figures_['false_premises']} false premises"
    )
    header = f"  {'kind':<8} {'n':>4} {'first':>6} {'card':>6} {'short':>6} │ {'top1':>6} {'top5':>6}"
    print(header)
    rows = [("all", figures_["all"]), *figures_["kinds"].items()]
    for kind, f in rows:
        print(
            f"  {kind:<8} {f['questions']:>4} {f['card_first']:>6.3f} {f['card_any']:>6.3f} {f['short_answer']:>6.3f}"
            f" │ {f['search_top1']:>6.3f} {f['search_top5']:>6.3f}"
        )
    print(f"  false premises answered {figures_['false_premises_answered']:.3f}")


def long_chat_db(workdir: Path) -> tuple[Path, Labelled]:
    """The long chat (issue 28) in a fresh database and its questions, each labelled with its split
    and category ("test adversarial")."""
    notes = session_notes(NADIA_THEO)
    path = workdir / "long-chat.db"
    with Remen.open(path) as app:
        ids = [app.add(text, created=when.astimezone()).id for text, when in notes]
    texts = [text for text, _ in notes]
    session_of = [i for i, (_, turns) in enumerate(NADIA_THEO) for _ in turns]
    labelled = []
    for category, question, fragments in LONG_QUESTIONS:
        turns = [evidence(texts, f) for f in fragments]
        split = question_split(session_of[turns[0]])
        labelled.append((f"{split} {category}", question, {ids[t] for t in turns}))
    return path, labelled


def counted(queries: Labelled) -> dict[str, int]:
    """Queries per category, and all of them."""
    counts: dict[str, int] = defaultdict(int)
    for category, _, _ in queries:
        counts[category] += 1
        counts["all"] += 1
    return counts


def main() -> None:
    """Build the corpus database, run every labelled query in each mode, print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("section", nargs="?", choices=["search", "memory", "ask"], default="search")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--verbose", action="store_true", help="list merged queries with MRR < 0.5")
    args = parser.parse_args()
    if args.section == "memory":
        evaluate_memory(args.json, args.verbose)
        return
    if args.section == "ask":
        evaluate_ask(args.json, args.verbose)
        return
    queries = labelled_queries()
    with tempfile.TemporaryDirectory() as tmp:
        with Remen.open(corpus_db(Path(tmp))) as app:
            runs = [(queries, rankings(app, queries))]
        chat, questions = chat_db(Path(tmp))
        with Remen.open(chat) as app:
            runs.append((questions, rankings(app, questions)))
        long_chat, long_questions = long_chat_db(Path(tmp))
        with Remen.open(long_chat) as app:
            long_runs = [(long_questions, rankings(app, long_questions))]
    counts, long_counts = counted(queries + questions), counted(long_questions)
    report, long_report = evaluate(runs, args.verbose), evaluate(long_runs, args.verbose)
    if args.json:
        tables = {"queries": counts, "report": report, "long_chat": {"queries": long_counts, "report": long_report}}
        print(json.dumps(tables, indent=2))
    else:
        print_report(report, counts)
        print("\nlong chat (scripts/evaluation/long_chat.py; tune on dev, test counts):")
        print_report(long_report, long_counts, width=18)


if __name__ == "__main__":
    main()
