"""The memory layer on a real database with the real model and the real spaCy pipeline."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from datetime import date, datetime
from pathlib import Path
from types import SimpleNamespace

import pytest
from cli_runner import run_cli

from remen.core.knowledge import Aspect, EntityType
from remen.core.models import JobKind
from remen.embed import Embedder, HashedEmbedder
from remen.memory.builtin import BuiltinExtractor
from remen.memory.reading import ReadNotes
from remen.service import Remen
from remen.store import jobs as job_store
from scripts.evaluation.memory_set import SPLITS, SetScores, load_split, score_extraction

# Floors a little under what `scripts/eval.py memory` measures on each split of the memory set
# (dev's relations went from 0.74 to 0.70 when the fifth probe's two notebooks joined it, its
# aspects from 0.784 to 0.771 with the sixth and seventh, whose sentences the aspect classifier
# has not been trained on, and from 0.756 to 0.744 with the sixteenth, diego, whose aspects it
# reads at the commonest aspect's rate; retraining with him did not lift dev; entities from 0.884 to
# 0.877 and aspects from 0.744 to 0.722 with the seventeenth to nineteenth, walt, aiyana and
# beatriz, not trained on any; aspects to 0.710 with the twentieth, magnus, read at 0.300, and to
# 0.697 with the twenty-second and twenty-third, yasmine and quang, read at 0.579 and 0.471, and to
# 0.676 with the twenty-fifth to twenty-seventh, adaeze, oskar and farah, read at 0.333, 0.333 and
# 0.267, and to 0.668 with the twenty-ninth and thirtieth, niamh and ana, read at 0.500 and 0.526;
# entities from 0.873 to 0.867 and aspects to 0.652 with the thirty-first to thirty-third, teodor,
# hamid and beni, beni typed in lower case: entities read at 0.634 after the capitals were put back;
# aspects to 0.620 and relations to 0.692 with the fortieth and forty-first, maricel (a bullet
# journal) and daniela (English and Spanish mixed, read at aspects 0.300 and relations 0.250)).
DEV_FLOORS = {"entities": 0.85, "aspects": 0.61, "triples": 0.68, "dates": 0.86}
TEST_FLOORS = {"entities": 0.70, "aspects": 0.59, "triples": 0.55}


def children_of(pid: int) -> list[int]:
    """Child process ids (Linux /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def zombie(pid: int) -> bool:
    """Whether the process has exited and waits to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z"
    except OSError:
        return True


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone()


def my_values(memory: Remen, predicate: str) -> set[tuple[str | None, bool]]:
    """(value, whether it holds now) of every statement of mine with ``predicate``, history too."""
    return {(f.target, f.current) for f in memory.facts("me", history=True, limit=None) if f.predicate == predicate}


def add_notes(memory: Remen, notes: list[tuple[str, str]]) -> None:
    """Add each (text, ISO time) note, then read them all for facts."""
    for text, when in notes:
        memory.add(text, created=at(when))
    memory.extract_pending()


@pytest.fixture
def memory(tmp_path: Path, embedder, clock) -> Iterator[Remen]:  # type: ignore[no-untyped-def]
    with Remen.open(tmp_path / "memory.db", embedder=embedder, clock=clock) as remen:
        yield remen


def test_the_memory_set_meets_the_measured_quality(embedder: Embedder) -> None:
    # Thresholds a little under the figures measured on each split (README: memory quality); the
    # test split's are the ones that count, and no rule was written from its sentences.
    reader = BuiltinExtractor(embedder=embedder)
    figures = {}
    for split in SPLITS:
        scores = SetScores()
        score_extraction(reader, load_split(split), scores)
        figures[split] = scores
    dev, test = figures["dev"], figures["test"]
    assert dev.notes + test.notes >= 300
    assert dev.entities.f1 >= DEV_FLOORS["entities"] and test.entities.f1 >= TEST_FLOORS["entities"]
    assert dev.aspects.ratio >= DEV_FLOORS["aspects"] and test.aspects.ratio >= TEST_FLOORS["aspects"]
    assert dev.triples.f1 >= DEV_FLOORS["triples"] and test.triples.f1 >= TEST_FLOORS["triples"]
    assert dev.dates.ratio >= DEV_FLOORS["dates"]


def test_a_switch_ends_the_old_tool_even_when_imported_out_of_order(memory: Remen) -> None:
    memory.add("switched from npm to pnpm today, installs are 4x faster", created=at("2026-02-10T11:00"))
    memory.add("We use npm for the frontend monorepo.", created=at("2026-01-12T10:00"))
    run = memory.extract_pending()
    assert run.done == 2 and run.failed == 0
    current = {f.target for f in memory.facts("me") if f.predicate == "uses"}
    assert current == {"pnpm"}
    history = {f.target: f for f in memory.facts("me", history=True) if f.predicate == "uses"}
    npm, pnpm = history["npm"], history["pnpm"]
    assert npm.invalid_at == pnpm.valid_at == at("2026-02-10T11:00")
    assert npm.invalidated_by == pnpm.id and pnpm.current


def test_a_new_manager_replaces_the_old_one_and_trash_brings_it_back(memory: Remen) -> None:
    memory.add("my manager Ruth wants the report by friday", created=at("2026-01-15T14:00"))
    newer = memory.add("Reorg: my new manager is Priya.", created=at("2026-03-20T09:30"))
    memory.extract_pending()
    managers = [f for f in memory.facts("me", history=True) if f.predicate == "manager"]
    assert {(f.target, f.current) for f in managers} == {("Ruth", False), ("Priya", True)}
    memory.delete(newer.id)
    assert [f.target for f in memory.facts("me") if f.predicate == "manager"] == ["Ruth"]
    memory.restore(newer.id)
    assert [f.target for f in memory.facts("me") if f.predicate == "manager"] == ["Priya"]
    memory.purge(newer.id)
    assert [f.target for f in memory.facts("me", history=True) if f.predicate == "manager"] == ["Ruth"]


def test_aliases_resolve_to_one_entity_but_a_shared_surname_does_not(memory: Remen) -> None:
    memory.add("Sarah Chen joined Acme Corp as a product designer.", created=at("2026-01-28T18:00"))
    memory.extract_pending()
    memory.add("lunch with sarah, she is moving to Manchester in april", created=at("2026-02-02T09:00"))
    memory.add("Tom Chen from accounting sent the invoices.", created=at("2026-02-03T09:00"))
    memory.extract_pending()
    sarah = memory.entity("sarah")
    assert sarah.name == "Sarah Chen" and len(sarah.note_ids) == 2
    assert memory.entity("Tom Chen").name == "Tom Chen"
    people = {e.name for e in memory.entities(EntityType.PERSON)}
    assert "Sarah Chen" in people and "Tom Chen" in people and "Sarah" not in people
    memory.add("got a mail from sarah.chen@acme.com about the launch", created=at("2026-02-04T09:00"))
    memory.add("@sarah reviewed the launch plan", created=at("2026-02-05T09:00"))
    memory.extract_pending()
    sarah = memory.entity("@sarah")
    assert sarah.name == "Sarah Chen" and sarah.attributes["email"] == "sarah.chen@acme.com"


def test_a_name_is_one_with_the_part_it_is_called_by_alone_whichever_comes_first(memory: Remen) -> None:
    add_notes(
        memory,
        [
            ("First week at Salon Ameline, the tips are better than the pay.", "2026-02-02T19:00"),
            ("Ji-won checked my timesheet again.", "2026-02-03T19:00"),
            ("Three months at Ameline now, still the only one who cleans the dryers.", "2026-05-04T19:00"),
            ("Lunch with Lee Ji-won and the new intern.", "2026-05-05T19:00"),
        ],
    )
    # The firm's own word after the common one, and the given name after the family name.
    firm = memory.entity("Ameline")
    assert firm.name == "Salon Ameline" and len(firm.note_ids) == 2
    person = memory.entity("Ji-won")
    assert person.name == "Lee Ji-won" and len(person.note_ids) == 2
    assert {("Salon Ameline", True)} == my_values(memory, "works_at")


def test_a_cars_model_without_its_make_is_the_same_car(memory: Remen) -> None:
    add_notes(
        memory,
        [
            ("Sold the Prius to my cousin. Bought a Kia Sportage from the dealer, grey.", "2026-04-20T21:00"),
            ("- Sportage service at the Kia centre, 12 Sep\n- book the dentist", "2026-09-01T07:30"),
        ],
    )
    assert memory.entity("Sportage").name == "Kia Sportage"
    assert {("Prius", False), ("Kia Sportage", True)} == my_values(memory, "car")


def test_an_acronym_is_the_organisation_it_spells_whichever_comes_first(memory: Remen) -> None:
    memory.add("Tom checks the permits with DOC.", created=at("2026-01-12T10:00"))
    memory.extract_pending()
    memory.add("Started as a ranger at the Department of Conservation today.", created=at("2026-04-13T08:30"))
    memory.add("Got the contract from Penguin Random House.", created=at("2026-04-14T08:30"))
    memory.extract_pending()
    memory.add("Sent the roughs to PRH today.", created=at("2026-04-15T08:30"))
    memory.extract_pending()
    doc = memory.entity("DOC")
    assert doc.name == "Department of Conservation" and len(doc.note_ids) == 2
    assert len(memory.entity("Penguin Random House").note_ids) == 2
    answer = memory.ask("where did I work before DOC", now=at("2026-05-01T09:00"))
    assert "Department of Conservation" in {h.name for h in answer.route.entity_hints}


def test_my_wife_resolves_to_the_person_the_notes_name(memory: Remen) -> None:
    memory.add("My wife Julia loves hiking.", created=at("2026-01-04T09:00"))
    memory.extract_pending()
    memory.add("my wife's birthday is 12 May", created=at("2026-01-20T09:00"))
    memory.extract_pending()
    julia = memory.entity("Julia")
    assert julia.attributes["birthday"] == "12 May"
    memory.add("Dinner with my sister Anna. She moved to Lyon last month and her birthday is 22 August.")
    memory.extract_pending()
    assert memory.entity("anna").attributes == {"lives_in": "Lyon", "birthday": "22 August", "your sister": "Anna"}
    assert julia.attributes["your wife"] == "Julia"


def test_editing_re_derives_and_unchanged_notes_are_not_re_extracted(memory: Remen) -> None:
    note = memory.add("Decided to use Postgres for the side project.", created=at("2026-01-21T16:00"))
    memory.extract_pending()
    assert [f.target for f in memory.facts("side project")] == ["Postgres"]
    memory.update(note.id, "Decided to use SQLite for the side project.")
    memory.extract_pending()
    assert [f.target for f in memory.facts("side project")] == ["SQLite"]
    assert "Postgres" not in {e.name for e in memory.entities()}
    before = [f.to_dict() for f in memory.facts(history=True)]
    stored = memory.store
    with stored.transaction() as conn:
        nid = conn.execute("SELECT nid, content_hash FROM notes").fetchone()
        job_store.enqueue(conn, JobKind.EXTRACT, nid[0], memory.clock(), nid[1])
    run = memory.extract_pending()
    assert run.skipped == 1 and run.done == 0
    assert [f.to_dict() for f in memory.facts(history=True)] == before


def test_notes_an_older_reader_read_are_read_again_once(tmp_path: Path, embedder, clock, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "upgraded.db"
    monkeypatch.setattr(BuiltinExtractor, "version", "0-older")
    with Remen.open(path, embedder=embedder, clock=clock) as before:
        before.add("Installed Obsidian for my reading notes.", created=at("2026-01-05T09:00"))
        gone = before.add("My dentist is Dr. Amadi.", created=at("2026-01-06T09:00"))
        assert before.extract_pending().done == 2
        before.delete(gone.id)
    monkeypatch.undo()
    with Remen.open(path, embedder=embedder, clock=clock) as after:
        run = after.extract_pending()
        assert run.done == 1  # the note in the trash waits until it comes back
        with after.store.read() as conn:
            versions = dict(conn.execute("SELECT nid, version FROM note_memory").fetchall())
        assert sorted(versions.values()) == sorted(["0-older", BuiltinExtractor.version])
        assert [f.target for f in after.facts("me") if f.predicate == "uses"] == ["Obsidian"]
        assert after.extract_pending().done == 0


def test_a_job_whose_note_changed_is_dropped_not_run(tmp_path: Path, clock) -> None:  # type: ignore[no-untyped-def]
    with Remen.open(tmp_path / "m.db", embedder=HashedEmbedder(), clock=clock) as remen:
        note = remen.add("my sister Anna lives in Lyon")
        with remen.store.transaction() as conn:
            conn.execute("UPDATE jobs SET content_hash = 'old' WHERE kind = 'extract'")
        run = remen.extract_pending()
        assert run.dropped == 1 and not remen.facts()
        remen.update(note.id, "my sister Anna lives in Lyon now")
        assert remen.extract_pending().done == 1
        assert {f.predicate for f in remen.facts()} == {"sister", "lives_in"}


def test_stopping_the_apps_reading_does_not_wait_for_a_batch_still_being_read(memory: Remen, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    memory.add("my sister Anna lives in Lyon")
    submitted = threading.Event()
    # The background reader process, still loading spaCy on a busy machine: its batch is never read.
    reading: Future[ReadNotes] = Future()
    reader = SimpleNamespace(name=memory.extractor.name, version=memory.extractor.version)
    reader.submit = lambda notes, labels: submitted.set() or reading
    monkeypatch.setattr(memory.context.models, "background_reader", lambda: reader)
    stop = threading.Event()
    run = threading.Thread(target=memory.extract_pending, args=(None, stop, True))
    run.start()
    assert submitted.wait(30)
    stop.set()
    run.join(5)
    assert not run.is_alive(), "the stopped run waited for the batch"
    assert reading.cancelled()
    assert memory.memory.counts()["pending"] == 1
    monkeypatch.undo()
    assert memory.extract_pending().done == 1
    assert {f.predicate for f in memory.facts()} == {"sister", "lives_in"}


def test_cli_memory_commands(hermetic_home: Path) -> None:
    assert run_cli("add", "My wife Julia was born on 12 May 1988.").returncode == 0
    assert run_cli("add", "switched from npm to pnpm in February").returncode == 0
    done = run_cli("worker", "--once", "--json")
    assert json.loads(done.stdout)["done"] == 2
    people = json.loads(run_cli("entities", "--type", "Person", "--json").stdout)
    assert [p["name"] for p in people] == ["Julia"]
    julia = json.loads(run_cli("entity", "julia", "--json").stdout)
    assert julia["attributes"]["birthday"] == "12 May 1988"
    facts = json.loads(run_cli("facts", "--aspect", "Decision", "--json").stdout)
    assert [(f["subject"], f["predicate"], f["object"]) for f in facts] == [("Me", "uses", "pnpm")]
    assert "pnpm" in run_cli("labels").stdout
    missing = run_cli("entity", "Bob")
    assert missing.returncode == 1 and "No entity called 'Bob'" in missing.stderr

    # A listing cut short says so (on stderr, so the JSON list stays whole); --limit 0 lists all.
    cut = run_cli("facts", "--json", "--limit", "1")
    assert len(json.loads(cut.stdout)) == 1 and "showing the first 1 facts" in cut.stderr
    everything = run_cli("facts", "--json", "--limit", "0")
    assert len(json.loads(everything.stdout)) > 1 and everything.stderr == ""
    whole = run_cli("entities", "--json", "--limit", "5")
    assert len(json.loads(whole.stdout)) <= 5 and "showing" not in whole.stderr


def test_an_ended_tie_reads_as_ended_not_as_a_negative_predicate(hermetic_home: Path) -> None:
    assert run_cli("add", "Sold the Fiesta to a neighbour, it needed new tyres anyway.").returncode == 0
    assert run_cli("worker", "--once").returncode == 0
    listed = run_cli("facts", "me", "--history").stdout
    assert "Me · car · Fiesta (ended)  (on " in listed and "not car" not in listed


def test_a_killed_worker_loses_nothing(tmp_path: Path, clock) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "kill.db"
    with Remen.open(db, embedder=HashedEmbedder(), clock=clock) as remen:
        for i in range(120):
            remen.add(f"Note {i}: my friend Person{i} switched from npm to pnpm. I prefer tea number {i}.", embed=False)
    worker = subprocess.Popen(
        [sys.executable, "-m", "remen", "--db", str(db), "worker"],
        env={**os.environ, "REMEN_MODEL_DIR": str(tmp_path / "no-model")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        with Remen.open(db, embedder=HashedEmbedder(), clock=clock) as watcher:
            while watcher.memory.counts()["extracted_notes"] < 10:
                assert time.monotonic() < deadline, "the worker extracted nothing"
                assert worker.poll() is None, "the worker exited on its own"
                time.sleep(0.05)
        readers = children_of(worker.pid)
        assert readers, "a bulk run reads in worker processes"
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.wait()
    deadline = time.monotonic() + 30
    while any(Path(f"/proc/{pid}").exists() and not zombie(pid) for pid in readers):
        assert time.monotonic() < deadline, "reader processes outlived their killed parent"
        time.sleep(0.05)
    with Remen.open(db, embedder=HashedEmbedder(), clock=clock) as remen:
        run = remen.extract_pending()
        assert run.failed == 0
        counts = remen.memory.counts()
        assert counts["extracted_notes"] == 120 and counts["pending"] == 0
        assert remen.doctor().integrity == "ok"
        assert len([f for f in remen.facts(aspect=Aspect.RELATIONSHIP)]) == 120


def test_a_failing_extraction_is_retried_later_and_shown_by_doctor(memory: Remen, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    memory.add("my sister Anna lives in Lyon")

    def broken(notes):  # type: ignore[no-untyped-def]
        raise RuntimeError("the parser broke")

    monkeypatch.setattr(memory.extractor, "extract_many", broken)
    run = memory.extract_pending()
    assert run.failed == 1 and "the parser broke" in run.errors[0]
    problems = [p for p in memory.doctor().problems if p.task == "extract"]
    assert problems and "the parser broke" in problems[0].error
    assert memory.extract_pending().failed == 0  # backing off: not retried at once
    monkeypatch.undo()
    memory.clock.advance(3600)  # type: ignore[attr-defined]
    assert memory.extract_pending().done == 1
    assert [p for p in memory.doctor().problems if p.task == "extract"] == []
    assert {f.predicate for f in memory.facts()} == {"sister", "lives_in"}


def test_import_reads_the_notes_for_facts(hermetic_home: Path, tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "family.md").write_text("# Family\nMy wife Julia was born on 12 May 1988.\n")
    (folder / "tools.md").write_text("switched from npm to pnpm in February\n")
    imported = run_cli("import", str(folder))
    assert imported.returncode == 0 and "Facts: 2 notes extracted" in imported.stdout
    assert json.loads(run_cli("entity", "julia", "--json").stdout)["attributes"]["birthday"] == "12 May 1988"
    later = tmp_path / "later"
    later.mkdir()
    (later / "trip.md").write_text("Flight to Lisbon on 14 April with Tom.\n")
    assert "Facts" not in run_cli("import", str(later), "--no-wait").stdout
    assert json.loads(run_cli("doctor", "--json").stdout)["memory"]["pending"] == 1


def test_a_tool_given_up_in_other_words_ends_and_its_successor_holds(memory: Remen) -> None:
    memory.add("Trados keeps freezing on the 300-page catalogue.", created=at("2026-01-09T09:40"))
    memory.add("Bought memoQ translator pro. Trados licence not renewed.", created=at("2026-05-04T09:00"))
    memory.add(
        "Headspace subscription renewed itself at £49.99. Cancelled it, trying Calm instead.",
        created=at("2026-04-14T21:40"),
    )
    memory.add("Wiped Windows. Fedora only now.", created=at("2026-02-03T19:20"))
    memory.add("Windows update rebooted my laptop in the middle of the assignment.", created=at("2026-01-19T08:30"))
    memory.add("Priti uses Notion for everything.", created=at("2026-01-20T08:30"))
    memory.extract_pending()
    uses = my_values(memory, "uses")
    assert {("Trados", False), ("memoQ", True), ("Windows", False), ("Fedora", True)} <= uses
    assert {("Headspace", False), ("Calm", True)} <= uses
    assert not {target for target, _ in uses} & {"Notion"}  # Priti's tool, not mine


def test_a_tool_given_up_in_a_clause_of_its_own_ends(memory: Remen) -> None:
    add_notes(
        memory,
        [
            ("Dashlane keeps logging me out on the phone.", "2026-02-01T08:00"),
            ("Evernote is where every recipe lives.", "2026-02-02T08:00"),
            ("Shortcut crashed twice today.", "2026-02-03T08:00"),
            ("sorted the vault tonight, Dashlane account deleted", "2026-03-01T21:00"),
            ("Evernote is exported and cancelled; recipes are in a folder now.", "2026-03-02T21:00"),
            ("Long sprint, Shortcut deleted my filters again.", "2026-03-03T21:00"),
        ],
    )
    uses = my_values(memory, "uses")
    assert {("Dashlane", False), ("Evernote", False), ("Shortcut", True)} <= uses
    assert ("Dashlane", True) not in uses and ("Evernote", True) not in uses


def test_a_home_named_by_its_place_is_where_i_live_and_the_next_one_replaces_it(memory: Remen) -> None:
    add_notes(
        memory,
        [
            ("Heating broke again, the Leith flat is an icebox.", "2026-01-12T20:00"),
            ("We viewed the Stockbridge flat today, too dark.", "2026-02-14T18:00"),
            ("Ana wants the Dalkeith house, I am not sure.", "2026-02-15T18:00"),
            ("Dinner at Moana's place in Portobello, great curry.", "2026-02-20T22:00"),
            ("Boxes everywhere. Our place in Morningside is twice the size.", "2026-04-01T21:00"),
        ],
    )
    homes = my_values(memory, "lives_in")
    assert homes == {("Leith", False), ("Morningside", True)}


def test_giving_something_up_keeps_it_as_the_earlier_value_though_no_note_said_so(memory: Remen) -> None:
    memory.add("Last day at Byrne & Moran. Cake and speeches.", created=at("2026-08-29T17:30"))
    memory.add("Started at Kelly Legal today, my manager is Dana.", created=at("2026-09-01T09:00"))
    memory.add("Sold the Vespa to a neighbour.", created=at("2026-05-02T10:00"))
    memory.add("We don't use Slack, everything goes through email.", created=at("2026-05-03T10:00"))
    memory.extract_pending()
    history = memory.facts("me", history=True, limit=None)
    jobs = {(f.target, f.current) for f in history if f.predicate == "works_at"}
    assert jobs == {("Byrne & Moran", False), ("Kelly Legal", True)}
    ended = next(f for f in history if f.predicate == "works_at" and f.target == "Byrne & Moran")
    assert ended.invalid_at == at("2026-08-29T17:30")
    assert ("Vespa", False) in {(f.target, f.current) for f in history if f.predicate == "uses"}
    assert not [f for f in history if f.predicate == "uses" and f.target == "Slack"]  # never said in use


def test_an_amount_that_changes_keeps_its_history(memory: Remen) -> None:
    memory.add("My rent is 780 € a month, paid on the 1st.", created=at("2026-01-05T09:00"))
    memory.add("rent up from 780 € to 820 € from April. The agency sent the letter.", created=at("2026-03-02T10:00"))
    memory.extract_pending()
    rents = sorted(
        (f.valid_at, f.target, f.current) for f in memory.facts("me", history=True, limit=None) if f.predicate == "rent"
    )
    assert [(target, current) for _, target, current in rents] == [
        ("780 € a month", False),
        ("780 €", False),
        ("820 €", True),
    ]
    assert rents[-1][0] == at("2026-04-01T00:00").replace(tzinfo=rents[-1][0].tzinfo)


def test_a_successor_takes_over_my_tie_and_the_predecessor_keeps_it_as_history(memory: Remen) -> None:
    memory.add("Accountant: Herr Vogt, needs the receipts by March.", created=at("2026-01-05T09:00"))
    memory.add("Herr Vogt is retiring. His successor at the firm: Frau Demir, from May.", created=at("2026-04-17"))
    memory.add("Tom replaces Ana as team lead next sprint.", created=at("2026-04-20T10:00"))  # not my tie
    memory.extract_pending()
    accountants = {(f.target, f.current) for f in memory.facts("me", history=True) if f.predicate == "accountant"}
    assert accountants == {("Herr Vogt", False), ("Frau Demir", True)}
    assert not [f for f in memory.facts("me", history=True) if f.target == "Tom"]
    answer = memory.ask("who is my accountant", now=at("2026-06-01T09:00"))
    assert answer.answers[0].text == "Your accountant: Frau Demir"


def test_one_who_takes_over_the_team_of_one_leaving_takes_over_my_tie_to_them(memory: Remen) -> None:
    memory.add("Started at Brightwave today! My manager is Henrik, team of six.", created=at("2026-01-05T09:00"))
    memory.add("Henrik is leaving Brightwave end of month, Sofia takes over the team", created=at("2026-03-02T17:00"))
    memory.add(
        "Onboarding buddy Jens is leaving for Spotify. Mara takes over the team lunch.", created=at("2026-03-04")
    )
    memory.add("Clinic news: she retires in June and Dr. Osei takes over her patients.", created=at("2026-03-06"))
    memory.extract_pending()
    managers = {(f.target, f.current) for f in memory.facts("me", history=True) if f.predicate == "manager"}
    assert managers == {("Henrik", False), ("Sofia", True)}
    # Jens was no tie of mine to take over, and "she" is nobody the notes named before.
    assert not [f for f in memory.facts("me", history=True) if f.target in ("Mara", "Dr. Osei")]


def test_one_leaving_told_of_as_she_is_the_one_named_before(memory: Remen) -> None:
    memory.add("Ruth (my supervisor) signed off the rota.", created=at("2026-01-05T09:00"))
    memory.add(
        "Catch-up with Ruth\n- she is retiring in May\n- Omar takes over the department", created=at("2026-03-02")
    )
    memory.extract_pending()
    # A supervisor is a manager (one relation word of several).
    managers = {(f.target, f.current) for f in memory.facts("me", history=True) if f.predicate == "manager"}
    assert managers == {("Ruth", False), ("Omar", True)}


def test_a_jot_opening_with_a_bare_role_and_a_name_is_mine(memory: Remen) -> None:
    memory.add("Gym: signed up at PureFit. Trainer is Kasia, first session Monday 6pm.", created=at("2026-01-15"))
    memory.add("Kasia moved to another gym, new trainer is Dev. Stricter about squats.", created=at("2026-05-20"))
    memory.add("Teacher Training Day on Friday, no classes. Manager Review due next week.", created=at("2026-05-21"))
    memory.extract_pending()
    history = memory.facts("me", history=True, limit=None)
    assert {(f.predicate, f.target, f.current) for f in history if f.is_triple and f.predicate != "uses"} == {
        ("trainer", "Kasia", False),
        ("trainer", "Dev", True),
    }
    # "moved to another gym" is someone's move, and "another" no tool.
    assert not [f for f in history if f.predicate == "uses" and f.target == "another"]


def test_moving_things_off_a_tool_gives_it_up_for_the_one_the_note_takes_up(memory: Remen) -> None:
    memory.add("Strava says I ran 212 km in December, not bad for the rain.", created=at("2026-01-07T07:40"))
    memory.add("deposit paid for the flat. Garmin watch arrived, moving runs off Strava", created=at("2026-04-09"))
    memory.add("got off the bus at Lund and walked home", created=at("2026-04-10"))
    memory.extract_pending()
    uses = {(f.target, f.current) for f in memory.facts("me", history=True, limit=None) if f.predicate == "uses"}
    assert uses == {("Strava", False), ("Garmin", True)}


def test_a_switch_that_names_the_old_tool_elsewhere_in_the_note_keeps_it_as_history(memory: Remen) -> None:
    memory.add("after lunch, I'm in VS Code debugging the invoice job", created=at("2026-01-13T10:00"))
    memory.add("Bought a Kindle. I also use Notion for the reading list.", created=at("2026-02-01T10:00"))
    memory.add(
        "Switched to Neovim for good. VS Code stays installed for the debugger only.", created=at("2026-03-18T08:30")
    )
    assert memory.extract_pending().failed == 0
    uses = {f.target: f.current for f in memory.facts("me", history=True, limit=None) if f.predicate == "uses"}
    # Taking up a Kindle replaces nothing; the switch replaces the one other tool its note names.
    assert uses == {"VS Code": False, "Kindle": True, "Notion": True, "Neovim": True}


def test_taking_up_a_tool_of_a_kind_kept_one_at_a_time_ends_the_one_before(memory: Remen) -> None:
    memory.add("LastPass wants me to log in again, third time this week.", created=at("2026-01-12T08:00"))
    memory.add("I use Todoist for errands.", created=at("2026-01-20T08:00"))
    memory.add("Jira board for the sprint is a mess.", created=at("2026-01-21T08:00"))
    memory.add("All my passwords live in Bitwarden now, the family plan was cheap.", created=at("2026-03-02T21:00"))
    memory.add("Started using Trello for the wedding planning.", created=at("2026-03-03T21:00"))
    assert memory.extract_pending().failed == 0
    uses = {f.target: f.current for f in memory.facts("me", history=True, limit=None) if f.predicate == "uses"}
    # One password manager at a time; task trackers are kept side by side.
    assert uses["LastPass"] is False and uses["Bitwarden"] is True
    assert uses["Todoist"] is True and uses["Trello"] is True and uses["Jira"] is True
    now = at("2026-04-01T09:00")
    assert memory.ask("which password manager do I use", now=now).answers[0].fact.target == "Bitwarden"
    assert memory.ask("which password manager did I use before", now=now).answers[0].fact.target == "LastPass"


def test_moving_the_team_to_a_tool_is_a_switch_and_moving_a_meeting_is_not(memory: Remen) -> None:
    memory.add(
        "Tooling review\n- Trello: cards go stale, nobody reads the board\n"
        "- decided: migrate our tickets over to Linear",
        created=at("2026-03-04T11:00"),
    )
    memory.add("Moved the boxes to Lisbon on Sunday. Move the standup to Friday.", created=at("2026-03-05T09:00"))
    assert memory.extract_pending().failed == 0
    uses = {f.target: f.current for f in memory.facts("me", history=True, limit=None) if f.predicate == "uses"}
    assert uses == {"Trello": False, "Linear": True}


def test_a_new_holder_of_a_role_beside_someone_leaving_keeps_the_one_leaving_as_history(memory: Remen) -> None:
    memory.add("Dr. Ahmed is retiring in May. My new GP: Dr. Okafor, same surgery.", created=at("2026-04-02T09:00"))
    memory.add("Priya moved to Leeds. Dinner at hers when I'm up north.", created=at("2026-04-03T20:00"))
    assert memory.extract_pending().failed == 0
    facts = memory.facts("me", history=True, limit=None)
    doctors = {(f.target, f.current) for f in facts if f.predicate in {"gp", "doctor"}}
    assert doctors == {("Dr. Ahmed", False), ("Dr. Okafor", True)}
    # Leaving alone gives nobody a role.
    assert not [f for f in facts if f.target == "Priya"]


def test_a_break_up_ends_the_partner_and_nothing_else_of_theirs(memory: Remen) -> None:
    memory.add("My girlfriend Chiara started at Lavazza today.", created=at("2026-01-08T23:00"))
    memory.add("Chiara and I broke up tonight. Seven years.", created=at("2026-04-02T22:00"))
    memory.extract_pending()
    partners = [f for f in memory.facts("me", history=True) if f.predicate == "girlfriend"]
    assert [(f.target, f.current, f.invalid_at) for f in partners] == [("Chiara", False, at("2026-04-02T22:00"))]
    assert [f.target for f in memory.facts("Chiara") if f.predicate == "works_at"] == ["Lavazza"]


def test_one_who_retired_is_replaced_by_the_one_seen_instead(memory: Remen) -> None:
    memory.add("dentist - Dr. Okoro, Thurs 15 Jan 4pm. ask about the cracked filling", created=at("2026-01-09T07:45"))
    memory.add("my manager Tom wants the slides by Friday", created=at("2026-01-10T09:00"))
    memory.add(
        "Okoro has retired (!!). registered with Dr. Varga at the Whiteladies Road practice instead",
        created=at("2026-03-10T08:20"),
    )
    # Leaving early is no leaving: lunch with Anna makes her nobody's manager.
    memory.add("Tom left early, so lunch with Anna instead.", created=at("2026-03-12T13:00"))
    memory.extract_pending()
    ties = {(f.predicate, f.target, f.current) for f in memory.facts("me", history=True)}
    assert {("dentist", "Dr. Okoro", False), ("dentist", "Dr. Varga", True), ("manager", "Tom", True)} <= ties
    assert not [f for f in memory.facts("me") if f.target == "Anna"]


def test_giving_up_a_maker_or_its_suite_ends_the_tools_it_makes_and_one_product_ends_no_other(
    memory: Remen,
) -> None:
    add_notes(
        memory,
        [
            ("I still do the final colours in Photoshop.", "2026-01-11T10:00"),
            ("Lightroom keeps crashing on the big catalogue again.", "2026-01-12T10:00"),
            ("Outlook search can't find an email I read yesterday.", "2026-01-13T10:00"),
            ("Microsoft Teams is awful for calls, we use Zoom.", "2026-01-14T10:00"),
            ("Cancelled the Adobe subscription tonight, Affinity from now on.", "2026-02-20T21:00"),
            ("Uninstalled Microsoft Teams.", "2026-02-21T21:00"),
        ],
    )
    uses = my_values(memory, "uses")
    assert {("Photoshop", False), ("Lightroom", False)} <= uses
    assert ("Outlook", True) in uses  # another product of a maker given up alone is still in use


def test_where_one_works_is_one_firm_though_a_note_read_it_as_a_place(memory: Remen) -> None:
    add_notes(
        memory,
        [
            ("Lea: how was the tasting at Vinsky Lotar?\nme: unreal, eleven courses", "2026-02-01T22:00"),
            ("My last day at the Adlon is 15 March. I start at Vinsky Lotar on the 16th.", "2026-02-23T22:00"),
            ("first service at Vinsky done. 62 covers, nobody died.", "2026-03-16T23:30"),
        ],
    )
    jobs = my_values(memory, "works_at")
    assert ("Vinsky Lotar", True) in jobs and ("Adlon", False) in jobs
    assert not {job for job, _ in jobs} & {"Vinsky"}


def test_a_place_missed_or_handed_back_in_a_note_about_a_new_home_was_home_until_then(memory: Remen) -> None:
    add_notes(
        memory,
        [
            ("I miss the bakery in Carlton already.", "2026-01-10T10:00"),
            ("First night in Ashfield. Boxes everywhere. I already miss the market in Northcote.", "2026-03-01T22:00"),
        ],
    )
    homes = my_values(memory, "lives_in")
    assert ("Ashfield", True) in homes and ("Northcote", False) in homes
    assert not {home for home, _ in homes} & {"Carlton"}  # missed, with no new home in the note


def test_a_known_car_model_is_no_home_and_a_walk_back_to_the_flat_in_a_place_is(memory: Remen) -> None:
    memory.add("Lessons today in the school's Corsa. Never leave the Corsa home on a Friday.", created=at("2026-03-02"))
    memory.add("Late shift, then walked back to the flat in Leith in the sleet.", created=at("2026-03-03T23:00"))
    memory.extract_pending()
    homes = {target for target, _ in my_values(memory, "lives_in")}
    assert homes == {"Leith"}
    assert memory.entity("Corsa").type == EntityType.PRODUCT


def test_a_role_held_by_a_titled_stranger_and_a_switch_told_by_two_names(memory: Remen) -> None:
    memory.add("Viewed a flat near the park, landlord is a Mr. Brandt who talks a lot.", created=at("2026-04-01"))
    memory.add("my manager is a nightmare this week", created=at("2026-04-02"))
    memory.add("- switched Trello to Asana for the team board", created=at("2026-04-03"))
    memory.add("- swapped Monday for Tuesday with Ola", created=at("2026-04-04"))
    memory.extract_pending()
    history = memory.facts("me", history=True, limit=None)
    assert {(f.predicate, f.target) for f in history if f.predicate in ("landlord", "manager")} == {
        ("landlord", "Mr. Brandt")
    }
    assert {(f.target, f.current) for f in history if f.predicate == "uses"} == {("Trello", False), ("Asana", True)}


def test_a_day_arranged_in_the_past_tense_is_still_ahead(memory: Remen) -> None:
    memory.add("Team monthly\n- me: driving exam booked 30 Sept\n- rota out Friday", created=at("2026-09-09T12:15"))
    memory.extract_pending()
    exam = [f for f in memory.facts("me", limit=None) if "exam" in f.text]
    assert [f.valid_at.date() for f in exam] == [date(2026, 9, 30)]


def test_one_said_to_run_a_firm_is_my_manager_once_i_join_it(memory: Remen) -> None:
    memory.add("Six years at Kerr Haulage. My boss is Stuart, fair but loud.", created=at("2026-01-10"))
    memory.add("Johan: Hisingen Snickeri is looking for a foreman. Annika Holm runs it", created=at("2026-03-03"))
    memory.add("First day at Hisingen Snickeri, twelve people and a CNC router.", created=at("2026-05-04"))
    memory.add("Nadia runs the bakery on Elm Street, her rye is the best.", created=at("2026-05-06"))
    memory.extract_pending()
    history = memory.facts("me", history=True, limit=None)
    managers = {(f.target, f.current) for f in history if f.predicate == "manager"}
    assert managers == {("Stuart", False), ("Annika Holm", True)}
    # A street's name holds no tool ("Elm" is a language the word lists know).
    assert not [f for f in history if f.predicate == "uses"]


def test_sums_written_without_a_currency_and_the_one_they_replace(memory: Remen) -> None:
    memory.add("- rent 640 a week, split with Losa\n- salary review 2026 next week", created=at("2026-06-20"))
    memory.add("Told Mr. Tuilagi. Salary at the academy is 78,000, up from 71,500.", created=at("2026-07-06"))
    memory.extract_pending()
    sums = {(f.predicate, f.target, f.current) for f in memory.facts("me", history=True, limit=None)}
    sums = {(p, t, c) for p, t, c in sums if p in ("rent", "salary")}
    assert sums == {("rent", "640 a week", True), ("salary", "78,000", True), ("salary", "71,500", False)}


def test_a_head_of_the_writers_department_and_one_who_runs_a_tight_ship_are_managers(memory: Remen) -> None:
    memory.add("Back at Kauri Park College. Mr. Tuilagi, our head of music, hates jazz.", created=at("2026-02-08"))
    memory.add("Attendees: Marta Soler (head of nursing), Dr. Vidal (ICU), me", created=at("2026-03-01"))
    memory.add(
        "First day at the Ponsonby Music Academy. Rebecca Shaw runs a tight ship: timetables on the wall.",
        created=at("2026-07-20"),
    )
    memory.extract_pending()
    assert my_values(memory, "manager") == {("Mr. Tuilagi", False), ("Rebecca Shaw", True)}


def test_tools_known_by_what_is_done_with_them_and_a_service_booked_with_someone(memory: Remen) -> None:
    memory.add("- renew Sibelius licence before the 31st\n- physio Thurs 4pm with Sione Latu", created=at("2026-01-27"))
    memory.add("New job. They use Dorico here, all the scores are in it.", created=at("2026-07-20"))
    memory.add("- dentist Tuesday with Mum at 3", created=at("2026-08-01"))
    memory.extract_pending()
    history = memory.facts("me", history=True, limit=None)
    assert {f.target for f in history if f.predicate == "uses"} == {"Sibelius", "Dorico"}
    assert memory.entity("Sibelius").type == EntityType.TECHNOLOGY
    assert {(f.predicate, f.target) for f in history if f.predicate in ("physio", "dentist")} == {
        ("physio", "Sione Latu")
    }


def test_a_rented_room_in_a_place_is_home_and_a_meeting_room_is_none(memory: Remen) -> None:
    memory.add("Eight seasons guiding. The room in San Blas is cold at night.", created=at("2026-01-10"))
    memory.add("Booked the Zoom room for the Monday call.", created=at("2026-01-11"))
    memory.extract_pending()
    homes = {target for target, _ in my_values(memory, "lives_in")}
    assert homes == {"San Blas"}


def test_an_attendee_from_a_firm_works_there_and_one_from_a_town_comes_from_it(memory: Remen) -> None:
    memory.add("Menu planning\nAttendees: Jens Vogel, Kofi from Frischeparadies, me", created=at("2026-03-10"))
    memory.add("Supplier call\nPresent: Sam from Leeds, me", created=at("2026-03-11"))
    memory.extract_pending()
    assert {(f.subject, f.target) for f in memory.facts(None, limit=None) if f.predicate == "works_at"} == {
        ("Kofi", "Frischeparadies")
    }
    assert memory.entity("Frischeparadies").type == EntityType.ORGANIZATION


def test_sums_in_forints_keep_their_history(memory: Remen) -> None:
    add_notes(
        memory,
        [
            ("- rent 210 000 Ft to Mr. Tóth, transfer on the 5th", "2026-01-08T07:50"),
            ("I earn 480 000 Ft gross and half of it goes on the flat.", "2026-01-19T21:30"),
            ("- signed with Mrs. Varga: 150 000 Ft/month, deposit two months, keys 28.03.", "2026-03-09T08:30"),
            (
                "First full month's salary at Hordó came in: 560 000 Ft gross, and with Levente's money we save.",
                "2026-07-30T21:40",
            ),
        ],
    )
    assert my_values(memory, "rent") == {("210 000 Ft", False), ("150 000 Ft a month", True)}
    assert my_values(memory, "salary") == {("480 000 Ft", False), ("560 000 Ft", True)}
    assert my_values(memory, "landlord") == {("Mr. Tóth", False), ("Mrs. Varga", True)}


def test_a_car_sold_to_someone_for_a_sum_is_given_up_whatever_else_its_name_is(memory: Remen) -> None:
    add_notes(
        memory,
        [
            ("- Suzuki Swift inspection expires 14.02.!", "2026-01-08T07:50"),
            (
                "On Tuesday the Swift goes to a man from Győr for 1.2 million, and we pick up the Octavia from"
                " Levente's cousin on Thursday.",
                "2026-03-20T19:45",
            ),
        ],
    )
    cars = my_values(memory, "car")
    assert ("Octavia", True) in cars and not [name for name, now in cars if now and "Swift" in (name or "")]
    assert not my_values(memory, "uses")
