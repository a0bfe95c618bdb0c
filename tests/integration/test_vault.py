"""A linked vault on real folders (a slice of the shared corpus, an Obsidian-style folder) and a
real database: the folder read in, its changes carried to the notes, through the service and
the CLI."""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

import pytest
from cli_runner import run_cli
from waiting import wait_for

from remen.core.errors import VaultError
from remen.core.models import VaultSync
from remen.embed import Embedder, HashedEmbedder
from remen.notes import vault_files
from remen.notes.vault_scan import FileStat, scan
from remen.service import Remen
from remen.services import vault as vault_service
from remen.services.vault_watch import VaultWatcher

# Folders of the shared corpus copied into each vault (a slice keeps the suite fast).
CORPUS_FOLDERS = ("ack", "ansible", "astro", "aws")


@pytest.fixture
def app(tmp_path: Path, clock) -> Iterator[Remen]:  # type: ignore[no-untyped-def]
    with Remen.open(tmp_path / "vault.db", embedder=HashedEmbedder(), clock=clock) as remen:
        yield remen


@pytest.fixture
def vault(tmp_path: Path, corpus: Path) -> Path:
    """A slice of the corpus laid out as an Obsidian vault: its settings, git folder, trash, an
    ignore file, a drafts folder it names, an attachment, a binary file and an empty one."""
    root = tmp_path / "vault"
    for folder in CORPUS_FOLDERS:
        shutil.copytree(corpus / "notes" / folder, root / folder)
    for hidden in (".obsidian/workspace.md", ".git/COMMIT_EDITMSG.md", ".trash/old idea.md"):
        (root / hidden).parent.mkdir(parents=True, exist_ok=True)
        (root / hidden).write_text("not a note of the vault\n")
    (root / ".remenignore").write_text("# kept out of Remen\ndrafts/\n*.tmp.md\n")
    (root / "drafts").mkdir()
    (root / "drafts" / "half a thought.md").write_text("not ready\n")
    (root / "ack" / "scratch.tmp.md").write_text("scratch\n")
    (root / "attachments").mkdir()
    (root / "attachments" / "diagram.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    (root / "binary.md").write_bytes(b"\x00\x01\x02 not text")
    (root / "empty.md").write_text("  \n")
    (root / "Home.md").write_text("# Home\nStart here: [[Pasta night]] and the #inbox.\n")
    return root


def corpus_files(root: Path) -> int:
    """The corpus notes in the vault (the scratch file the ignore file names aside)."""
    return sum(1 for folder in CORPUS_FOLDERS for p in (root / folder).glob("*.md") if not p.name.endswith(".tmp.md"))


def set_mtime(path: Path, seconds: float) -> None:
    """A distinct modification time, as an editor saving later would leave."""
    os.utime(path, (seconds, seconds))


def test_linking_reads_every_note_file_and_skips_what_editors_keep(app: Remen, vault: Path) -> None:
    done = app.link_vault(vault)
    expected = corpus_files(vault) + 1  # and Home.md
    assert (done.added, done.updated, done.trashed, done.skipped, done.errors) == (expected, 0, 0, 2, [])
    assert app.counts()["live"] == expected
    titles = {note.title for note in app.list_notes(limit=None)}
    assert "Home" in titles and not {"half a thought", "workspace", "old idea", "scratch.tmp"} & titles
    home = app.note_titled("Home")
    assert home is not None and "inbox" in home.tags
    tagged = [note for note in app.list_notes(tag="ansible", limit=None)]
    assert len(tagged) == len(list((vault / "ansible").glob("*.md")))
    status = app.vault_status()
    # The binary and the empty file are remembered too: not read again until they change.
    assert (status.folder, status.files, status.notes, status.pending) == (str(vault), expected + 2, expected, 0)
    again = app.sync_vault()
    assert (again.added, again.updated, again.unchanged, again.skipped, again.changed) == (0, 0, expected + 2, 0, 0)


def test_changes_made_in_the_folder_reach_the_notes(app: Remen, vault: Path, clock) -> None:  # type: ignore[no-untyped-def]
    app.link_vault(vault)
    home = app.note_titled("Home")
    assert home is not None
    # Edited in another editor: the note changes, keeps its id, date and the text before.
    (vault / "Home.md").write_text("# Home\nStart here: [[Pasta night]], then the reading list.\n")
    set_mtime(vault / "Home.md", clock.now + 60)
    edited = app.sync_vault()
    assert (edited.updated, edited.added) == (1, 0)
    now = app.get(home.id)
    assert "reading list" in now.body and now.created == home.created
    assert any("and the #inbox" in r.body for r in app.revisions(home.id))
    # Renamed and moved into a folder: the same note, with its history.
    (vault / "projects").mkdir()
    (vault / "Home.md").rename(vault / "projects" / "Start.md")
    moved = app.sync_vault()
    assert (moved.moved, moved.added, moved.trashed) == (1, 0, 0)
    assert app.get(home.id).body == now.body and len(app.revisions(home.id)) >= 1
    # A new file, and a copy of a file (its front matter names the same id): each its own note.
    (vault / "Pasta night.md").write_text("---\nid: pasta-night\n---\n# Pasta night\nBucatini, guanciale.\n")
    first = app.sync_vault()
    assert first.added == 1 and app.get("pasta-night").title == "Pasta night"
    shutil.copy(vault / "Pasta night.md", vault / "Pasta night copy.md")
    copied = app.sync_vault()
    assert copied.added == 1 and app.get("pasta-night").body.endswith("guanciale.")
    assert app.counts()["live"] == corpus_files(vault) + 3
    # Deleted: its note goes to the trash, where it can be restored.
    (vault / "Pasta night copy.md").unlink()
    gone = app.sync_vault()
    assert gone.trashed == 1 and app.counts()["trash"] == 1
    assert app.vault_status().pending == 0


def test_the_whole_shared_corpus_links_and_stays_in_step(app: Remen, corpus: Path, tmp_path: Path) -> None:
    folder = tmp_path / "til"
    shutil.copytree(corpus / "notes", folder)
    files = len(list(folder.rglob("*.md")))
    done = app.link_vault(folder, embed=False)
    assert (done.added, done.skipped, done.errors, done.exported) == (files, 0, [], 0)
    assert app.counts()["live"] == files
    assert app.sync_vault(embed=False).unchanged == files and app.vault_status().pending == 0


def test_a_folder_imported_before_is_linked_not_copied(app: Remen, vault: Path) -> None:
    imported = app.import_path(vault, embed=False)
    linked = app.link_vault(vault)
    # The import also took the files the vault ignores (a drafts folder, a scratch file).
    assert (linked.added, linked.updated, linked.unchanged) == (0, 0, corpus_files(vault) + 1)
    assert app.counts()["live"] == imported.stored == corpus_files(vault) + 3


def test_linking_says_what_is_wrong_and_unlinking_keeps_the_notes(app: Remen, vault: Path, tmp_path: Path) -> None:
    with pytest.raises(VaultError, match="No folder is linked"):
        app.sync_vault()
    with pytest.raises(VaultError, match="is not a folder"):
        app.link_vault(vault / "Home.md")
    app.link_vault(vault)
    other = tmp_path / "other"
    other.mkdir()
    with pytest.raises(VaultError, match="remen vault unlink"):
        app.link_vault(other)
    hidden = vault.rename(tmp_path / "unplugged")
    with pytest.raises(VaultError, match="is missing"):
        app.sync_vault()
    hidden.rename(vault)
    notes = app.counts()["live"]
    assert app.unlink_vault() == vault
    assert app.vault_folder() is None and app.counts()["live"] == notes
    assert app.vault_status().folder is None
    assert app.link_vault(other).added == 0


def test_a_file_saved_in_the_vault_is_found_by_meaning(tmp_path: Path, embedder: Embedder, clock) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "notes"
    folder.mkdir()
    with Remen.open(tmp_path / "meaning.db", embedder=embedder, clock=clock) as app:
        app.link_vault(folder)
        (folder / "friday.md").write_text("Pasta night: bucatini all'amatriciana with guanciale and pecorino\n")
        assert app.sync_vault().added == 1
        # No word of the query is in the note: only its meaning finds it.
        hits = app.search("italian dinner recipe").results
        assert [hit.title for hit in hits] == ["friday"]


def test_the_vault_commands(vault: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "cli.db")
    out = run_cli("--db", db, "vault", "status")
    assert "No folder is linked" in out.stdout
    linked = run_cli("--db", db, "vault", "link", str(vault), "--no-wait")
    assert linked.returncode == 0 and f"Linked {vault}" in linked.stdout
    (vault / "Inbox.md").write_text("call the plumber\n")
    status = json.loads(run_cli("--db", db, "--json", "vault", "status").stdout)
    assert (status["new"], status["folder"]) == (1, str(vault))
    synced = json.loads(run_cli("--db", db, "--json", "vault", "sync", "--no-wait").stdout)
    assert synced["added"] == 1
    again = run_cli("--db", db, "vault", "sync", str(vault))
    assert again.returncode != 0 and "takes no folder" in again.stderr
    assert "Unlinked" in run_cli("--db", db, "vault", "unlink").stdout


def test_writes_in_remen_reach_the_files(app: Remen, vault: Path) -> None:
    before = {note.id for note in app.list_notes(limit=None)}
    app.link_vault(vault)
    # A new note becomes Title.md; its tags that the text does not say go in its front matter.
    plumber = app.add("Call the plumber\nabout the leak under the sink", tags=["home"])
    written = vault / "Call the plumber.md"
    assert written.read_text() == "---\ntags: [home]\n---\nCall the plumber\nabout the leak under the sink\n"
    assert app.sync_vault().changed == 0  # Remen's own file is no news to it
    # A title no file name can hold is kept in the front matter.
    odd = app.add("Q3/Q4 plans: ship it")
    assert app.get(odd.id).title == "Q3/Q4 plans: ship it"
    assert (vault / "Q3 Q4 plans ship it.md").read_text().startswith('---\ntitle: "Q3/Q4 plans: ship it"\n---\n')
    # An edit keeps the file's own front matter as written: unknown keys, their order, CRLF.
    (vault / "Pasta.md").write_bytes(b"---\r\naliases: [carbonara]\r\ncssclass: wide\r\n---\r\n# Pasta\r\nEggs.\r\n")
    assert app.sync_vault().added == 1
    pasta = app.note_titled("Pasta")
    assert pasta is not None
    app.update(pasta.id, "# Pasta\nEggs, pecorino, guanciale.")
    assert (vault / "Pasta.md").read_bytes() == (
        b"---\r\naliases: [carbonara]\r\ncssclass: wide\r\n---\r\n# Pasta\r\nEggs, pecorino, guanciale.\r\n"
    )
    # Archived: said in the front matter, so a later sync keeps it archived.
    app.archive(pasta.id)
    assert b"archived: true" in (vault / "Pasta.md").read_bytes()
    app.sync_vault()
    assert app.get(pasta.id).archived
    app.unarchive(pasta.id)
    assert b"archived" not in (vault / "Pasta.md").read_bytes()
    # Trashed: the file moves to .trash/ (Obsidian's place), and back on restore.
    app.delete(plumber.id)
    assert not written.exists() and (vault / ".trash" / "Call the plumber.md").exists()
    assert app.sync_vault().changed == 0
    app.restore(plumber.id)
    assert written.exists() and not (vault / ".trash" / "Call the plumber.md").exists()
    app.delete(plumber.id)
    app.purge(plumber.id)
    assert not (vault / ".trash" / "Call the plumber.md").exists()
    # Notes written before the link got files of their own; nothing else was added.
    assert before == set() and app.vault_status().pending == 0


def test_a_note_changed_in_the_folder_and_in_remen_keeps_both(app: Remen, vault: Path, clock) -> None:  # type: ignore[no-untyped-def]
    app.link_vault(vault)
    home = app.note_titled("Home")
    assert home is not None
    (vault / "Home.md").write_text("# Home\nEdited in Obsidian.\n")
    set_mtime(vault / "Home.md", clock.now + 60)
    app.update(home.id, "# Home\nEdited in Remen.")
    assert (vault / "Home.md").read_text() == "# Home\nEdited in Obsidian.\n"
    [copy] = vault.glob("Home (conflict from remen *).md")
    assert "Edited in Remen." in copy.read_text()
    assert app.vault_status().conflicts == 1
    assert "changed on disk since Remen last read it" in app.vault_problems()[0]
    assert "1 conflict file(s) in the linked folder" in app.doctor(check_llm=False).troubles()
    synced = app.sync_vault()
    assert (synced.updated, synced.added, synced.conflicts) == (1, 1, 1)
    assert "Edited in Obsidian." in app.get(home.id).body
    assert any("Edited in Remen." in note.body for note in app.list_notes(limit=None) if note.id != home.id)


def test_a_rename_in_remen_rewrites_the_links_in_the_files(app: Remen, vault: Path) -> None:
    (vault / "Pasta night.md").write_text("# Pasta night\nBucatini.\n")
    app.link_vault(vault)
    pasta = app.note_titled("Pasta night")
    assert pasta is not None
    app.rename(pasta.id, "Friday pasta")
    assert (vault / "Home.md").read_text() == "# Home\nStart here: [[Friday pasta]] and the #inbox.\n"
    assert (vault / "Pasta night.md").read_text() == "# Friday pasta\nBucatini.\n"
    assert app.sync_vault().changed == 0


def test_linking_writes_the_notes_the_folder_lacks(app: Remen, tmp_path: Path) -> None:
    app.add("Dentist on Tuesday at 9", tags=["health"])
    app.import_path(write_jsonl(tmp_path / "old.jsonl"), embed=False)
    folder = tmp_path / "fresh"
    folder.mkdir()
    done = app.link_vault(folder)
    assert done.exported == 2
    assert sorted(p.name for p in folder.glob("*.md")) == ["Dentist on Tuesday at 9.md", "Imported idea.md"]
    assert app.sync_vault().changed == 0 and app.counts()["live"] == 2


def write_jsonl(path: Path) -> Path:
    path.write_text(json.dumps({"id": "imp1", "title": "Imported idea", "body": "Imported idea\nfrom JSON"}) + "\n")
    return path


def test_a_running_watcher_reads_files_as_they_are_saved(app: Remen, vault: Path) -> None:
    app.link_vault(vault)
    synced: queue.Queue[VaultSync] = queue.Queue()
    errors: list[Exception] = []
    stop = app.watch_vault(synced.put, errors.append)
    assert stop is not None
    try:
        (vault / "ansible" / "Inventory tips.md").write_text("# Inventory tips\nGroup hosts by role.\n")
        done = synced.get(timeout=10)
        assert done.added == 1 and errors == []
        assert [hit.title for hit in app.search("group hosts by role").results][:1] == ["Inventory tips"]
        # Remen's own write-back wakes the watcher too, and is no news to it.
        app.add("Renew the passport")
        (vault / "ansible" / "Inventory tips.md").unlink()
        assert synced.get(timeout=10).trashed == 1
    finally:
        stop()
    assert app.get(app.note_titled("Renew the passport").id).body == "Renew the passport"  # type: ignore[union-attr]


def test_without_file_events_a_stat_scan_still_finds_changes(app: Remen, vault: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app.link_vault(vault)
    monkeypatch.setattr(VaultWatcher, "watch", lambda self, root: None)  # as on a share inotify cannot watch
    synced: queue.Queue[VaultSync] = queue.Queue()
    watcher = VaultWatcher(vault, lambda: app.sync_vault(embed=False), synced.put, pytest.fail, scan_seconds=0.1)
    watcher.start()
    try:
        (vault / "Scanned.md").write_text("found by the scan\n")
        assert synced.get(timeout=10).added == 1
    finally:
        watcher.stop()


def test_a_file_saved_while_the_sync_scans_it_is_not_left_pending(app: Remen, vault: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app.link_vault(vault, embed=False)
    saving = vault / "Saved mid-scan.md"
    saving.write_text("")  # an editor's save: the file is created empty, then written

    def scan_then_finish_the_save(root: Path) -> dict[str, FileStat]:
        found = scan(root)
        saving.write_text("# Saved mid-scan\nthe save finished after the folder was scanned\n")
        return found

    monkeypatch.setattr(vault_service, "scan", scan_then_finish_the_save)
    app.sync_vault(embed=False)
    monkeypatch.undo()
    note = app.note_titled("Saved mid-scan")
    assert note is not None and "after the folder was scanned" in note.body
    assert app.vault_status().pending == 0


def test_a_file_that_cannot_be_written_loses_nothing(app: Remen, vault: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app.link_vault(vault)

    def disk_full(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(vault_files, "write_atomically", disk_full)
    note = app.add("Pay the electricity bill")
    assert app.get(note.id).body == "Pay the electricity bill"
    assert "No space left on device" in app.context.writer.written_back.problems[0]
    assert app.sync_vault().trashed == 0 and not app.get(note.id).deleted
    monkeypatch.undo()
    app.update(note.id, "Pay the electricity bill by Friday")
    assert (vault / "Pay the electricity bill by Friday.md").read_text() == "Pay the electricity bill by Friday\n"


def test_remen_worker_syncs_the_folder_while_another_process_writes(vault: Path, tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    with Remen.open(db, embedder=HashedEmbedder()) as app:
        app.link_vault(vault, embed=False)
        linked = app.counts()["live"]
    worker = subprocess.Popen(
        [sys.executable, "-m", "remen", "--db", str(db), "worker"],
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    said: queue.Queue[str] = queue.Queue()
    assert worker.stderr is not None
    reader = threading.Thread(target=lambda: [said.put(line) for line in worker.stderr or ()], daemon=True)
    reader.start()  # the worker's stderr is read as it writes: a full pipe would stall it
    try:
        started = said.get(timeout=60)
        assert "syncing the linked folder" in started, started
        (vault / "From another editor.md").write_text("# From another editor\nsaved while the worker runs\n")
        with Remen.open(db, embedder=HashedEmbedder()) as app:
            assert wait_for(lambda: app.note_titled("From another editor") is not None, 60)
            # A note written by this process lands in its file; the worker takes it as no news.
            app.add("Written by a second process")
            assert (vault / "Written by a second process.md").exists()
            assert app.counts()["live"] == linked + 2
    finally:
        worker.send_signal(signal.SIGINT)
        try:
            worker.wait(timeout=60)
        except subprocess.TimeoutExpired:
            worker.kill()  # a worker Ctrl-C did not stop fails the test, and is not left running
            raise
    with Remen.open(db, embedder=HashedEmbedder()) as app:
        assert app.counts()["live"] == linked + 2 and app.vault_status().pending == 0


class FolderCarrier:
    """Carries changes between two copies of a folder as a sync tool (Syncthing) does: a file
    changed on one side only goes to the other (a deletion too); a file changed on both sides
    keeps the newer text under its name and the other as 'NAME.sync-conflict-….md', on both."""

    def __init__(self, a: Path, b: Path) -> None:
        self.a, self.b = a, b
        self.carried: dict[str, bytes] = {}

    @staticmethod
    def files(root: Path) -> dict[str, bytes]:
        return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}

    def carry(self) -> None:
        a, b = self.files(self.a), self.files(self.b)
        for path in sorted(set(a) | set(b) | set(self.carried)):
            was, on_a, on_b = self.carried.get(path), a.get(path), b.get(path)
            if on_a == on_b:
                continue
            if on_b == was:
                self.put(self.b, path, on_a)
            elif on_a == was:
                self.put(self.a, path, on_b)
            else:
                name = PurePosixPath(path)
                loser = f"{name.parent}/{name.stem}.sync-conflict-20260316-100000-B{name.suffix}".lstrip("./")
                for root in (self.a, self.b):
                    self.put(root, path, on_a)
                    self.put(root, loser, on_b)
        self.carried = self.files(self.a)

    @staticmethod
    def put(root: Path, path: str, data: bytes | None) -> None:
        target = root / path
        if data is None:
            target.unlink(missing_ok=True)
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def texts(app: Remen) -> list[tuple[str, str]]:
    return sorted((note.title, note.body) for note in app.list_notes(limit=None))


def test_two_machines_on_copies_of_one_folder_end_up_with_the_same_notes(vault: Path, tmp_path: Path, clock) -> None:  # type: ignore[no-untyped-def]
    other = tmp_path / "laptop"
    other.mkdir()
    carrier = FolderCarrier(vault, other)
    with (
        Remen.open(tmp_path / "desktop.db", embedder=HashedEmbedder(), clock=clock) as desk,
        Remen.open(tmp_path / "laptop.db", embedder=HashedEmbedder(), clock=clock) as laptop,
    ):
        desk.link_vault(vault, embed=False)
        carrier.carry()
        laptop.link_vault(other, embed=False)
        assert texts(desk) == texts(laptop)
        # Each side writes; the tool carries; each side syncs.
        desk.add("Shopping\noat milk, lemons")
        home = laptop.note_titled("Home")
        assert home is not None
        laptop.update(home.id, "# Home\nStart here: the reading list.")
        carrier.carry()
        for app in (desk, laptop):
            app.sync_vault(embed=False)
        assert texts(desk) == texts(laptop)
        assert ("Shopping", "Shopping\noat milk, lemons") in texts(laptop)
        # The same note changed on both machines before the tool ran: both texts kept, both sides.
        for app, words in ((desk, "from the desk"), (laptop, "from the laptop")):
            note = app.note_titled("Home")
            assert note is not None
            app.update(note.id, f"# Home\nEdited {words}.")
        carrier.carry()
        for app in (desk, laptop):
            app.sync_vault(embed=False)
        assert texts(desk) == texts(laptop)
        bodies = [body for _, body in texts(desk)]
        assert "# Home\nEdited from the desk." in bodies and "# Home\nEdited from the laptop." in bodies
        assert len(list(vault.glob("Home.sync-conflict-*.md"))) == len(list(other.glob("Home.sync-conflict-*.md"))) == 1


def test_new_notes_go_to_the_inbox_folder_and_config_shows_the_vault(vault: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "inbox.db")
    assert run_cli("--db", db, "config", "set", "vault.inbox", "../outside").returncode != 0
    assert run_cli("--db", db, "config", "set", "vault.inbox", "Inbox").returncode == 0
    run_cli("--db", db, "vault", "link", str(vault), "--no-wait")
    assert run_cli("--db", db, "add", "--no-embed", "Buy stamps").returncode == 0
    assert (vault / "Inbox" / "Buy stamps.md").read_text() == "Buy stamps\n"
    shown = json.loads(run_cli("--db", db, "--json", "config", "get", "vault.path").stdout)
    assert shown["settings"] == {"vault.path": str(vault)}
    refused = run_cli("--db", db, "config", "set", "vault.path", "/elsewhere")
    assert refused.returncode != 0 and "remen vault link DIR" in refused.stderr
