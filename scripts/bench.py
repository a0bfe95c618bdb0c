"""Remen's benchmark. Figures go into closing notes; never into timed unit tests.

Usage:
  python scripts/bench.py import            import + embedding throughput, add latency, CLI start-up
  python scripts/bench.py search [--sizes 10000,100000] [--queries N]
                                            search latency on synthetic corpora, with the naive and
                                            floor references, and save-to-findable latency
  python scripts/bench.py concurrent [--sizes 10000] [--queries N]
                                            search latency (app path) idle, during a bulk embedding
                                            and during a write-heavy worker in the same process
  python scripts/bench.py ask [--sizes 10000]
                                            routing + handler latency of the labelled questions over
                                            the memory notes inside a synthetic corpus, idle and
                                            while the extraction worker runs
  python scripts/bench.py editor            the app with one large note (100 KB, 1 MB, 5 MB): time to open it
                                            in the editor and per-keystroke latency (key sent → screen
                                            updated), headless through Textual's Pilot
  python scripts/bench.py time              the time-phrase parser: the evaluation's queries, queries of 2,000
                                            characters (prose, and nothing but time words), 240 KB and 1 MB,
                                            against the floor of splitting the query into words
  python scripts/bench.py vault [--sizes 10000]
                                            a linked folder of N files (copies of the shared corpus):
                                            link time against an import of the same folder, the
                                            idle check against a bare walk + stat of the folder, and
                                            a file saved → found by search with the watcher running
  python scripts/bench.py extract [--queries N]
                                            the memory worker over the shared corpus (notes/s, end
                                            to end: extraction, resolution, writes), and search
                                            latency while it runs in the background
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TypeVar

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import CORPUS, cache_key, corpus_db, corpus_records
from eval_queries import EVAL_NOW, KEYWORD, PARAPHRASE, PHRASE, TAG, TEMPORAL, TYPO

from remen.core.constants import EMBED_BATCH, MODEL_NAMESPACE
from remen.core.knowledge import NoteForExtraction
from remen.core.text import content_hash, fold
from remen.core.timeutil import parse_iso
from remen.embed import Chunk
from remen.notes.note_input import embeddable_text
from remen.service import Remen
from remen.store import notes as note_store
from remen.store import vectors as vector_store

# Notes saved one by one for "save → findable by meaning": enough that its p95 is not one save's.
SAVES = 40
# The saved note counts as found among this many hits (the other saves are as close to the query).
FINDABLE_WITHIN = 100
# Queries typed a character at a time for the typing figure.
TYPED_QUERIES = 40


def pct(values: list[float], q: float) -> float:
    """The q-th percentile."""
    return float(np.percentile(np.asarray(values), q)) if values else 0.0


def line(label: str, values: list[float], unit: str = "ms") -> str:
    """``label  p50 … p95 …``."""
    return f"  {label:<28} p50 {pct(values, 50):7.2f} {unit}   p95 {pct(values, 95):7.2f} {unit}"


# --- import ------------------------------------------------------------------------------------


def bench_import() -> None:
    """Import the shared corpus folder, embed it, compare with raw model throughput."""
    with tempfile.TemporaryDirectory() as tmp:
        app = Remen.open(Path(tmp) / "bench.db")
        start = time.perf_counter()
        summary = app.import_path(CORPUS / "notes", embed=False)
        stored_s = time.perf_counter() - start
        print(
            f"import (store + FTS, no embedding): {summary.added} notes in {stored_s:.2f} s "
            f"({summary.added / stored_s:,.0f} notes/s)"
        )

        embedder = app.embedder
        texts = [embeddable_text(n.title, n.body) for n in app.list_notes()]
        chunks: list[Chunk] = [c for t in texts for c in embedder.chunk(t)]
        chunks.sort(key=lambda c: len(c.tokens))
        start = time.perf_counter()
        for i in range(0, len(chunks), EMBED_BATCH):
            embedder.embed_chunks(chunks[i : i + EMBED_BATCH])
        raw_s = time.perf_counter() - start
        raw_rate = len(chunks) / raw_s
        print(
            f"raw model: {len(chunks)} chunks in {raw_s:.1f} s = {raw_rate:.1f} chunks/s "
            f"(median tokens {statistics.median(len(c.tokens) for c in chunks):.0f})"
        )

        start = time.perf_counter()
        embedded = app.embed_pending()
        embed_s = time.perf_counter() - start
        rate = embedded / embed_s
        print(
            f"import embedding: {embedded} chunks in {embed_s:.1f} s = {rate:.1f} chunks/s "
            f"= {100 * rate / raw_rate:.0f}% of raw"
        )

        adds = []
        for i in range(30):
            start = time.perf_counter()
            app.add(f"Benchmark note {i}: remember to water the tomatoes and check the sourdough starter.")
            adds.append((time.perf_counter() - start) * 1000)
        print(line("add (store + embed)", adds))
        app.close()

        env = {**os.environ, "REMEN_DB": str(Path(tmp) / "bench.db")}
        note_id = app_first_id(Path(tmp) / "bench.db")
        for command in (["list", "--limit", "20"], ["show", note_id]):
            times = []
            for _ in range(7):
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "remen", *command], env=env, capture_output=True, check=True)
                times.append((time.perf_counter() - start) * 1000)
            print(line(f"`remen {command[0]}` start-up", times))


def app_first_id(db: Path) -> str:
    """Any note id of a database."""
    with Remen.open(db) as app:
        return app.list_notes(limit=1)[0].id


# --- search ------------------------------------------------------------------------------------


def bench_queries() -> list[str]:
    """The mixed query set: every evaluation query."""
    return (
        [q for q, _ in PARAPHRASE + KEYWORD + TYPO]
        + [q for q, *_ in TEMPORAL]
        + [q for q, _ in PHRASE]
        + [q for q, *_ in TAG]
    )


def synthetic_db(size: int, workdir: Path) -> Path:
    """``size`` notes: the corpus replicated, its stored vectors lightly perturbed (no re-embedding)."""
    from platformdirs import user_cache_dir

    source = corpus_db(workdir)
    cache = Path(user_cache_dir("remen-dev")) / f"til-{cache_key(CORPUS)}-synthetic-{size}.db"
    if cache.exists():
        return cache
    records = corpus_records()
    rng = np.random.default_rng(42)
    with Remen.open(source) as src, src.store.read() as conn:
        vectors = {
            r["id"]: vector_store.note_vectors(
                conn, MODEL_NAMESPACE, conn.execute("SELECT nid FROM notes WHERE id = ?", (r["id"],)).fetchone()[0]
            )
            for r in records
        }
    building = workdir / f"synthetic-{size}.db"
    with Remen.open(building) as app:
        start = time.perf_counter()
        for first in range(0, size, 2000):
            with app.store.transaction() as conn:
                for i in range(first, min(size, first + 2000)):
                    r = records[i % len(records)]
                    copy = i // len(records)
                    body = str(r["body"]) + (f"\n\n(copy {copy})" if copy else "")
                    created = parse_iso(str(r["created"])).timestamp() - copy * 86_400 * 3
                    tags = list(r["tags"])  # type: ignore[arg-type]
                    h = content_hash(str(r["title"]), body, tags)
                    nid = note_store.insert(conn, f"s{i}", str(r["title"]), body, tags, created, created, h)
                    vec = vectors[r["id"]]
                    noisy = vec + rng.normal(0, 0.01, vec.shape).astype(np.float32)
                    noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
                    vector_store.replace_note_vectors(conn, nid, MODEL_NAMESPACE, noisy, h, created, False)
            print(
                f"  building {size}: {min(size, first + 2000)} notes, {time.perf_counter() - start:.0f} s",
                file=sys.stderr,
            )
        app.store.checkpoint()
    cache.parent.mkdir(parents=True, exist_ok=True)
    building.replace(cache)
    return cache


def naive_search(app: Remen, query: str, vector: np.ndarray) -> None:
    """The reference to beat: LIKE over every row per term, cosine over every vector read from SQLite."""
    terms = [t for t in fold(query).split() if len(t) > 2]
    with app.store.read() as conn:
        for term in terms:
            conn.execute(
                "SELECT nid FROM notes WHERE title LIKE ? OR body LIKE ? OR tags LIKE ?", (f"%{term}%",) * 3
            ).fetchall()
        rows = conn.execute("SELECT rowid, nid, embedding FROM vec_minilm").fetchall()
    matrix = np.frombuffer(b"".join(r[2] for r in rows), dtype=np.float32).reshape(len(rows), -1)
    np.argsort(-(matrix @ vector))[:50]


def floor_search(app: Remen, matrix: np.ndarray, query: str) -> None:
    """The floor: one embedding, one matrix product in RAM, one FTS MATCH."""
    vector = app.embedder.embed_query(query)
    sims = matrix @ vector
    np.argpartition(-sims, 50)[:50]
    terms = [t for t in fold(query).split() if len(t) > 2]
    if terms:
        with app.store.read() as conn:
            conn.execute(
                "SELECT rowid FROM notes_fts WHERE notes_fts MATCH ? LIMIT 200",
                ('"' + terms[0].replace('"', '""') + '"',),
            ).fetchall()


def bench_search(sizes: list[int], query_count: int) -> None:
    """p50/p95 of Remen.search end to end and per leg, cold (sqlite-vec) and warm (RAM index)."""
    queries = bench_queries()[:query_count]
    now = EVAL_NOW.astimezone()
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            db = synthetic_db(size, Path(tmp))
            work = Path(tmp) / f"run-{size}.db"
            work.write_bytes(db.read_bytes())
            with Remen.open(work) as app:
                app.embedder.embed_query("warm up the model")
                print(f"\n{size:,} notes, {len(queries)} queries (model warm)")
                for mode in ("cold", "warm"):
                    if mode == "warm":
                        start = time.perf_counter()
                        app.warm_search()
                        print(f"  loading vectors into RAM: {(time.perf_counter() - start) * 1000:.0f} ms")
                    per: dict[str, list[float]] = {k: [] for k in ("total", "keyword", "semantic", "embed", "merge")}
                    for q in queries:
                        app.search(q, now=now)  # warm-up pass: page cache, vocabulary, numpy
                    for q in queries + queries:
                        app.engine.forget_terms()  # each query pays for its own index lookups
                        result = app.search(q, now=now)
                        for key in per:
                            per[key].append(result.timings_ms.get(key, 0.0))
                    label = "CLI (sqlite-vec KNN)" if mode == "cold" else "TUI (vectors in RAM)"
                    print(f" {label}")
                    for key, values in per.items():
                        print(line(f"{'search end to end' if key == 'total' else key + ' leg'}", values))
                assert app.engine.index is not None
                # The index keeps headroom rows for notes saved later: the floor multiplies only
                # the rows that hold vectors.
                matrix = app.engine.index.matrix[: app.engine.index.size]
                naive, floor = [], []
                for q in queries[:20]:
                    vector = app.embedder.embed_query(q)
                    start = time.perf_counter()
                    naive_search(app, q, vector)
                    naive.append((time.perf_counter() - start) * 1000)
                for q in queries:
                    start = time.perf_counter()
                    floor_search(app, matrix, q)
                    floor.append((time.perf_counter() - start) * 1000)
                typed, typed_cold = typing_latencies(app, queries[:TYPED_QUERIES], now)
                print(f" typing {TYPED_QUERIES} queries a character at a time (app path)")
                print(line("each keystroke's search", typed))
                print(line("… each paying its lookups", typed_cold))
                print(" references")
                print(line("naive (LIKE + cosine in SQL)", naive))
                print(line("floor (numpy + one MATCH)", floor))
                findable = []
                for i in range(SAVES):
                    start = time.perf_counter()
                    note = app.add(f"Kayak trip number {i} on the fjord with Marta; pack the dry bags.")
                    saved_at = datetime.now().astimezone()
                    result = app.search("paddling holiday in norway", now=saved_at, limit=FINDABLE_WITHIN)
                    assert note.id in [h.note_id for h in result.results], "new note not found"
                    findable.append((time.perf_counter() - start) * 1000)
                print(line("save → findable by meaning", findable))


def typing_latencies(app: Remen, queries: list[str], now: datetime) -> tuple[list[float], list[float]]:
    """Search times in ms of every prefix of ``queries`` from two characters on, as the app
    searches while one types: keeping the index lookups of the words typed so far, and (the
    same run's reference, query by query) looking every word up afresh. A first pass warms the
    page cache for both."""
    typed = [[q[:n] for n in range(2, len(q) + 1) if not q[:n].endswith(" ")] for q in queries]
    for prefix in (p for prefixes in typed for p in prefixes):
        app.engine.forget_terms()
        app.search(prefix, now=now)
    kept: list[float] = []
    cold: list[float] = []
    for prefixes in typed:
        for times, forget in ((kept, False), (cold, True)):
            app.engine.forget_terms()
            for prefix in prefixes:
                if forget:
                    app.engine.forget_terms()
                start = time.perf_counter()
                app.search(prefix, now=now)
                times.append((time.perf_counter() - start) * 1000)
    return kept, cold


def search_latencies(app: Remen, queries: list[str], now: datetime) -> list[float]:
    """End-to-end search times in ms, one pass over ``queries`` (each paying its own index
    lookups)."""
    times = []
    for q in queries:
        app.engine.forget_terms()
        start = time.perf_counter()
        app.search(q, now=now)
        times.append((time.perf_counter() - start) * 1000)
    return times


Sample = TypeVar("Sample")


def measure_while(
    work: Callable[[threading.Event], object], measure: Callable[[], list[Sample]], enough: int
) -> list[Sample]:
    """Run ``work(stop)`` in a background thread and ``measure`` meanwhile, again and again, until
    the work ends or ``enough`` samples are in; then stop the work and wait for it."""
    stop = threading.Event()
    worker = threading.Thread(target=work, args=(stop,))
    worker.start()
    samples: list[Sample] = []
    while worker.is_alive() and len(samples) < enough:
        samples += measure()
    stop.set()
    worker.join()
    return samples


def write_notes(app: Remen, written: list[str], stop: threading.Event) -> None:
    """A write-heavy worker: saves notes back to back until ``stop`` is set."""
    while not stop.is_set():
        written.append(app.add(f"Write-heavy worker note {len(written)} about sourdough starters", embed=False).id)


def bench_concurrent(sizes: list[int], query_count: int) -> None:
    """Search p95 idle vs while a background thread embeds or writes: the 1.5x budget."""
    queries = bench_queries()[:query_count]
    now = EVAL_NOW.astimezone()
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            work = Path(tmp) / f"concurrent-{size}.db"
            work.write_bytes(synthetic_db(size, Path(tmp)).read_bytes())
            with Remen.open(work) as app:
                app.warm_search()
                search_latencies(app, queries, now)
                idle = search_latencies(app, queries, now) + search_latencies(app, queries, now)
                print(f"\n{size:,} notes, {len(queries)} queries, app path (vectors in RAM)")
                print(line("idle", idle))

                stale = [n.id for n in app.list_notes(limit=3000)]
                for note_id in stale:  # new text: their vectors are stale and get re-embedded
                    app.update(note_id, body=app.get(note_id).body + "\n(edited)", embed=False)
                during = measure_while(
                    lambda stop: app.embed_pending(stop=stop, background=True),
                    lambda: search_latencies(app, queries[:50], now),
                    4 * len(queries),
                )
                print(line(f"during bulk embedding ({len(during)} searches)", during))
                print(f"  ratio p95 {pct(during, 95) / pct(idle, 95):.2f}x (budget 1.5x)")

                written: list[str] = []
                writes = measure_while(
                    partial(write_notes, app, written),
                    lambda: search_latencies(app, queries, now),
                    2 * len(queries),
                )
                print(line(f"during writes ({len(written)} notes saved)", writes))
                print(f"  ratio p95 {pct(writes, 95) / pct(idle, 95):.2f}x (budget 1.5x)")


def requeue_all_extractions(app: Remen) -> int:
    """Queue every note for extraction again, as a fresh import would."""
    from remen.core.models import JobKind
    from remen.store import jobs as job_store

    with app.store.transaction() as conn:
        rows = conn.execute("SELECT nid, content_hash FROM notes").fetchall()
        conn.execute("DELETE FROM note_memory")
        for nid, digest in rows:
            job_store.enqueue(conn, JobKind.EXTRACT, nid, time.time(), digest)
    return len(rows)


def bench_extract(query_count: int) -> None:
    """Extraction throughput over the shared corpus, then search p95 idle vs during extraction."""
    queries = bench_queries()[:query_count]
    now = EVAL_NOW.astimezone()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "extract.db"
        work.write_bytes(corpus_db(Path(tmp)).read_bytes())
        with Remen.open(work) as app:
            total = requeue_all_extractions(app)
            app.extractor.extract(app_note_sample())  # load spaCy and the model outside the timing
            started = time.perf_counter()
            run = app.extract_pending()
            seconds = time.perf_counter() - started
            counts = app.memory.counts()
            print(f"\nextraction of {total:,} corpus notes (a reader process per core + this writer): {seconds:.1f} s")
            print(f"  {run.done / seconds:.1f} notes/s; failed {run.failed}; graph {counts}")

            app.warm_search()
            search_latencies(app, queries, now)
            idle = search_latencies(app, queries, now) + search_latencies(app, queries, now)
            print(line("search idle", idle))
            requeue_all_extractions(app)
            during = measure_while(
                lambda stop: app.extract_pending(stop=stop, background=True),
                lambda: search_latencies(app, queries[:50], now),
                4 * len(queries),
            )
            print(line(f"search during extraction ({len(during)})", during))
            print(f"  ratio p95 {pct(during, 95) / pct(idle, 95):.2f}x (budget 1.5x)")


def ask_latencies(
    app: Remen, questions: list[str], now: datetime, parts: dict[str, list[float]] | None = None
) -> tuple[list[float], list[float]]:
    """(routing + handler ms, whole ask ms including the note search) per question; ``parts``
    collects the search and the reading of its notes apart."""
    answer_ms, total_ms = [], []
    for question in questions:
        app.engine.forget_terms()
        start = time.perf_counter()
        answer = app.ask(question, now=now)
        total_ms.append((time.perf_counter() - start) * 1000)
        answer_ms.append(answer.timings_ms["routing"] + answer.timings_ms["handler"])
        if parts is not None:
            for part in ("search", "reading"):
                parts.setdefault(part, []).append(answer.timings_ms.get(part, 0.0))
    return answer_ms, total_ms


def bench_ask(sizes: list[int]) -> None:
    """Ask latency at ``sizes`` notes (the labelled memory notes among synthetic ones)."""
    from evaluation.ask import add_labelled_notes, load_questions

    data = Path(__file__).resolve().parents[1] / "tests" / "data"
    from evaluation.ask_set import load_split as load_ask_split

    questions = [q.question for q in load_questions(data / "ask_questions.jsonl")]
    questions += [q.question for notebook in load_ask_split("dev").values() for q in notebook]
    now = datetime(2026, 5, 10, 10, 0).astimezone()
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            work = Path(tmp) / f"ask-{size}.db"
            work.write_bytes(synthetic_db(size, Path(tmp)).read_bytes())
            with Remen.open(work) as app:
                with app.store.transaction() as conn:  # the synthetic notes wait to be read
                    conn.execute("UPDATE jobs SET status = 'done' WHERE kind = 'extract'")
                add_labelled_notes(lambda text, created: app.add(text, created=created), data / "memory_notes.jsonl")
                app.extract_pending()
                app.warm_search()
                ask_latencies(app, questions, now)
                parts: dict[str, list[float]] = {}
                idle, idle_total = ask_latencies(app, questions * 3, now, parts)
                print(f"\n{size:,} notes, {len(questions)} questions x3, app path")
                print(line("routing + handler, idle", idle))
                print(line("note search, idle", parts["search"]))
                print(line("reading the found notes, idle", parts["reading"]))
                print(line("whole ask (with note search)", idle_total))
                with app.store.transaction() as conn:
                    conn.execute(
                        "UPDATE jobs SET status = 'pending' WHERE kind = 'extract' AND status = 'done'"
                        " AND id IN (SELECT id FROM jobs WHERE kind = 'extract' LIMIT 3000)"
                    )
                    conn.execute(
                        "DELETE FROM note_memory WHERE nid IN (SELECT nid FROM jobs WHERE kind = 'extract'"
                        " AND status = 'pending')"
                    )
                pairs = measure_while(
                    lambda stop: app.extract_pending(stop=stop, background=True),
                    lambda: list(zip(*ask_latencies(app, questions, now), strict=True)),
                    3 * len(questions),
                )
                busy = [answer_ms for answer_ms, _ in pairs]
                busy_total = [total_ms for _, total_ms in pairs]
                print(line(f"routing + handler, reading ({len(busy)})", busy))
                print(line("whole ask, reading", busy_total))


def app_note_sample() -> NoteForExtraction:
    """A small note to warm the extractor with."""
    return NoteForExtraction("My wife Julia switched from npm to pnpm.", (), time.time())


# --- the editor with large notes -----------------------------------------------------------

EDITOR_PARAGRAPH = (
    "Notes from the planning meeting: we agreed to move the launch to March, Sarah owns the checklist,"
    " and the API freeze starts next week. "
) * 4 + "\n\n"


async def editor_latencies(size: int, workdir: Path) -> tuple[float, list[float], bool]:
    """Open a note of ``size`` bytes in the app (model loaded, idle) and type into it: the open
    time in ms, each keystroke's latency in ms, and whether the editor was read-only."""
    from textual import events
    from textual.widgets import TextArea

    from remen.tui.app import RemenApp
    from remen.tui.screens import EditorScreen
    from remen.tui.widgets import StatusBar

    text = ("# Large note\n\n" + EDITOR_PARAGRAPH * (size // len(EDITOR_PARAGRAPH) + 1))[:size]
    with Remen.open(workdir / f"editor-{size}.db") as service:
        note = service.add(text, embed=False)
        app = RemenApp(service=service)
        async with app.run_test(size=(100, 30)) as pilot:
            bar = app.search_screen.query_one(StatusBar)
            while "model ready" not in str(bar.render()) or "to index" in str(bar.render()):
                await pilot.pause(0.05)
            await pilot.pause()
            start = time.perf_counter()
            await app.search_screen.open_note(note.id)
            while not isinstance(app.screen, EditorScreen) or not app.screen.query("#editor"):
                await asyncio.sleep(0)
            await pilot._wait_for_screen()
            opened = (time.perf_counter() - start) * 1000
            editor = app.screen.query_one("#editor", TextArea)
            keys = []
            for char in "hello world":
                before = editor.document.text if editor.read_only else None
                line = editor.cursor_location[0]
                length = len(editor.document.get_line(line))
                key = events.Key("space" if char == " " else char, char)
                key.set_sender(app)
                start = time.perf_counter()
                app._driver.send_message(key)  # what a terminal's key press becomes
                if before is None:
                    while len(editor.document.get_line(line)) == length:
                        await asyncio.sleep(0)
                await pilot._wait_for_screen()
                keys.append((time.perf_counter() - start) * 1000)
                await pilot.pause(0.05)
            read_only = editor.read_only
            app.exit()
    return opened, keys, read_only


def bench_editor() -> None:
    """Open time and keystroke latency of the editor for 100 KB, 1 MB and 5 MB notes."""
    print("the editor with one large note (headless, 100x30; model loaded and idle)")
    with tempfile.TemporaryDirectory() as tmp:
        for size in (1_000, 30_000, 100_000, 1_000_000, 5_000_000):
            opened, keys, read_only = asyncio.run(editor_latencies(size, Path(tmp)))
            label = f"{size / 1e6:.1f} MB" if size >= 1_000_000 else f"{size // 1000} KB"
            mode = "read-only view" if read_only else "editable"
            print(f"  {label:>7} ({mode}): open {opened:6.0f} ms   keystroke " + line("", keys).strip())
            print("    each key (ms):", " ".join(f"{k:.0f}" for k in keys))


# --- time phrases ------------------------------------------------------------------------------


def timed(action: Callable[[], object], repeat: int) -> list[float]:
    """Milliseconds of ``repeat`` runs of ``action``."""
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        out.append((time.perf_counter() - start) * 1000)
    return out


def bench_time() -> None:
    """parse_temporal on real and long queries, with the floor (splitting into words) beside it."""
    from remen.search.temporal import fits_grammar, parse_phrase, parse_temporal

    def afresh(text: str) -> None:
        parse_phrase.cache_clear()  # each query as if it were the first
        fits_grammar.cache_clear()
        parse_temporal(text, EVAL_NOW)

    prose = " ".join(str(record["body"]) for record in corpus_records()[:400])
    queries = {
        "evaluation queries": [q for q, *_ in (*KEYWORD, *PARAPHRASE, *TEMPORAL, *TYPO)],
        "2,000 chars of prose": [prose[:2000]],
        "2,000 chars of time words": [("the week before the monday of march " * 60)[:2000]],
        "240 KB": [prose[:240_000]],
        "1 MB": [(prose * (1 + 1_000_000 // max(1, len(prose))))[:1_000_000]],
    }
    print("the time-phrase parser (each query parsed afresh; floor: the query split into words)")
    for label, texts in queries.items():
        repeat = 3 if len(texts[0]) > 100_000 else 30
        parse = [ms for text in texts for ms in timed(partial(afresh, text), repeat)]
        floor = [ms for text in texts for ms in timed(text.split, repeat)]
        print(line(label, parse))
        print(line("  floor", floor))


# --- vault -------------------------------------------------------------------------------------


def vault_folder(root: Path, size: int) -> int:
    """A folder of ``size`` note files: the shared corpus's notes copied into sub-folders."""
    sources = sorted((CORPUS / "notes").rglob("*.md"))
    for i in range(size):
        source = sources[i % len(sources)]
        target = root / f"copy{i // len(sources)}" / source.relative_to(CORPUS / "notes")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read_bytes())
    return size


def bare_walk(root: Path) -> int:
    """The floor of an idle check: walk the folder and stat every file, nothing else."""
    count = 0
    for folder, _, files in os.walk(root):
        for name in files:
            os.stat(os.path.join(folder, name))
            count += 1
    return count


def bench_vault(sizes: list[int]) -> None:
    """Link a folder of N files (against an import of it), check it idle (against a bare walk),
    and time a saved file until search finds it while the watcher runs."""
    for size in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp) / "vault"
            vault_folder(root, size)
            with Remen.open(Path(tmp) / "import.db") as app:
                start = time.perf_counter()
                imported = app.import_path(root, embed=False)
                import_s = time.perf_counter() - start
            with Remen.open(Path(tmp) / "vault.db") as app:
                start = time.perf_counter()
                linked = app.link_vault(root, embed=False)
                link_s = time.perf_counter() - start
                print(
                    f"{size:,} files: link {link_s:.1f} s ({linked.added / link_s:,.0f} files/s); "
                    f"import of the same folder {import_s:.1f} s ({imported.added / import_s:,.0f} files/s)"
                )
                idle, floor, status = [], [], []
                for _ in range(10):
                    start = time.perf_counter()
                    app.sync_vault(embed=False)
                    idle.append((time.perf_counter() - start) * 1000)
                    start = time.perf_counter()
                    app.vault_status()
                    status.append((time.perf_counter() - start) * 1000)
                    start = time.perf_counter()
                    bare_walk(root)
                    floor.append((time.perf_counter() - start) * 1000)
                print(line("idle sync (nothing changed)", idle))
                print(line("vault status", status))
                print(line("floor: walk + stat", floor))
                seen: list[float] = []
                stop = app.watch_vault(lambda done: None, lambda exc: print(f"  sync failed: {exc}"))
                try:
                    for i in range(10):
                        word = f"zqvault{i}marker"
                        start = time.perf_counter()
                        (root / f"Saved {i}.md").write_text(f"# Saved {i}\nA note holding {word}.\n")
                        while not app.search(word).results:
                            if time.perf_counter() - start > 30:
                                break
                            time.sleep(0.005)
                        seen.append((time.perf_counter() - start) * 1000)
                finally:
                    if stop is not None:
                        stop()
                print(line("file saved → found (watcher)", seen))


def main() -> None:
    """Run the chosen benchmark."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["import", "search", "concurrent", "extract", "ask", "editor", "time", "vault"])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--queries", type=int, default=1000)
    args = parser.parse_args()
    if args.what == "import":
        bench_import()
    elif args.what == "time":
        bench_time()
    elif args.what == "editor":
        bench_editor()
    elif args.what == "vault":
        bench_vault([int(s) for s in args.sizes.split(",")])
    elif args.what == "ask":
        bench_ask([int(s) for s in args.sizes.split(",")])
    elif args.what == "extract":
        bench_extract(args.queries)
    elif args.what == "concurrent":
        bench_concurrent([int(s) for s in args.sizes.split(",")], args.queries)
    else:
        bench_search([int(s) for s in args.sizes.split(",")], args.queries)


if __name__ == "__main__":
    main()
