"""`[[Title]]` links between notes and saved searches, on a real database through the service and
the CLI."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_runner import run_cli

from remen.core.errors import SavedSearchError
from remen.core.links import link_at, linked_titles, open_link, retitled_links
from remen.embed import HashedEmbedder
from remen.service import Remen


@pytest.fixture
def app(tmp_path: Path, clock) -> Iterator[Remen]:  # type: ignore[no-untyped-def]
    with Remen.open(tmp_path / "links.db", embedder=HashedEmbedder(), clock=clock) as remen:
        yield remen


def test_links_are_read_as_obsidian_writes_them() -> None:
    body = "See [[Carbonara]], [[ pizza  dough |the dough]] and [[Carbonara#Sauce]]; not [[]] or [x](y)."
    assert linked_titles(body) == ["Carbonara", "pizza dough"]
    # Relative Markdown links to note files (zk, Obsidian) name the file's note; web links do not.
    files = (
        "[the dough](pizza-dough.md), [x](../ideas/Other%20note.md#part), [w](https://x.org/a.md), [y](<My file.md>)"
    )
    assert linked_titles(files) == ["pizza dough", "Other note", "My file"]
    assert retitled_links(body, "carbonara", "Roman carbonara") == (
        "See [[Roman carbonara]], [[ pizza  dough |the dough]] and [[Roman carbonara#Sauce]]; not [[]] or [x](y)."
    )
    inside = body.index("Carbonara") + 2
    assert (link := link_at(body, inside)) is not None and link.title == "Carbonara"
    assert link_at(body, body.index("See")) is None
    assert open_link("make [[Car") == "Car" and open_link("make [[Carbonara]] x") is None
    assert open_link("[[") == "" and open_link("[[a\nb") is None


def test_a_link_finds_its_note_both_ways_and_survives_a_rename(app: Remen) -> None:
    pasta = app.add("# Carbonara\nGuanciale, eggs, pecorino.")
    plan = app.add("# Friday dinner\nMake [[carbonara]] and ask Tom about [[Tiramisu]].")
    links = app.links(plan.id)
    assert [(link.title, link.note_id) for link in links.to] == [("carbonara", pasta.id), ("Tiramisu", None)]
    assert [link.note_id for link in app.links(pasta.id).linked_from] == [plan.id]

    app.rename(pasta.id, "Roman carbonara")
    rewritten = app.get(plan.id)
    assert "Make [[Roman carbonara]] and" in rewritten.body  # the link says the new title
    assert app.revisions(plan.id)[0].body.startswith("# Friday dinner\nMake [[carbonara]]")  # kept
    assert [link.note_id for link in app.links(pasta.id).linked_from] == [plan.id]

    # A title changed in the text itself: the link keeps its note though its words are now stale.
    app.update(pasta.id, body="# Carbonara alla romana\nGuanciale, eggs, pecorino.")
    app.update(plan.id, body=rewritten.body + "\nBuy wine.")
    assert [link.note_id for link in app.links(pasta.id).linked_from] == [plan.id]
    assert app.link_target(plan.id, "Roman carbonara") == pasta.id


def test_a_link_to_a_note_not_written_yet_waits_for_it(app: Remen) -> None:
    plan = app.add("# Friday dinner\nAsk Tom about [[Tiramisu]].")
    assert app.link_target(plan.id, "Tiramisu") is None
    sweet = app.add("# Tiramisu\nMascarpone, savoiardi, coffee.")
    assert app.links(plan.id).to[0].note_id == sweet.id
    assert [link.note_id for link in app.links(sweet.id).linked_from] == [plan.id]
    app.delete(plan.id)  # a trashed note links nowhere
    assert app.links(sweet.id).linked_from == []
    app.restore(plan.id)
    assert [link.note_id for link in app.links(sweet.id).linked_from] == [plan.id]


def test_imported_notes_link_to_each_other(app: Remen, tmp_path: Path) -> None:
    notes = tmp_path / "notes.jsonl"
    rows = [
        {"id": "a1", "title": "Index", "body": "# Index\n- [[Sourdough]]\n- [[Focaccia]]"},
        {"id": "b2", "title": "Sourdough", "body": "# Sourdough\nStarter fed daily. Back to [[Index]]."},
    ]
    notes.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    app.import_path(notes, embed=False)
    assert [(link.title, link.note_id) for link in app.links("a1").to] == [("Focaccia", None), ("Sourdough", "b2")]
    assert [link.note_id for link in app.links("a1").linked_from] == ["b2"]


def test_saved_searches_are_named_listed_replaced_and_forgotten(app: Remen) -> None:
    app.save_search("recipes this month", "#recipe this month")
    app.save_search("Work", "#work open tasks")
    app.save_search("work", "#work")  # the same name, case aside: the query is replaced
    assert [(s.name, s.query) for s in app.saved_searches()] == [
        ("recipes this month", "#recipe this month"),
        ("work", "#work"),
    ]
    assert app.forget_search("WORK") is not None
    assert app.forget_search("work") is None
    with pytest.raises(SavedSearchError, match="name"):
        app.save_search("  ", "#recipe")
    with pytest.raises(SavedSearchError, match="query"):
        app.save_search("empty", " ")


def test_links_and_saved_searches_from_the_cli(tmp_path: Path) -> None:
    db = str(tmp_path / "cli.db")
    pasta = run_cli("--db", db, "add", "--json", "# Carbonara\nGuanciale.")
    pasta_id = json.loads(pasta.stdout)["id"]
    plan = run_cli("--db", db, "add", "--json", "# Friday dinner\nMake [[Carbonara]].")
    plan_id = json.loads(plan.stdout)["id"]
    shown = run_cli("--db", db, "links", pasta_id, "--json")
    assert json.loads(shown.stdout)["linked_from"] == [{"title": "Friday dinner", "id": plan_id}]
    assert "Friday dinner" in run_cli("--db", db, "links", pasta_id).stdout
    assert run_cli("--db", db, "backlinks", pasta_id).stdout == f"{plan_id:<14}  Friday dinner\n"
    assert json.loads(run_cli("--db", db, "backlinks", pasta_id, "--json").stdout) == [
        {"title": "Friday dinner", "id": plan_id}
    ]

    assert run_cli("--db", db, "saved", "add", "pasta", "guanciale").returncode == 0
    listed = run_cli("--db", db, "saved", "--json")
    assert json.loads(listed.stdout) == [{"name": "pasta", "query": "guanciale"}]
    found = run_cli("--db", db, "search", "--saved", "pasta", "--json")
    assert [hit["id"] for hit in json.loads(found.stdout)["results"]] == [pasta_id]
    missing = run_cli("--db", db, "search", "--saved", "nope")
    assert missing.returncode != 0 and "No saved search" in missing.stderr
    assert run_cli("--db", db, "saved", "rm", "pasta").returncode == 0
    assert json.loads(run_cli("--db", db, "saved", "--json").stdout) == []


def test_a_recovered_copy_keeps_the_links(tmp_path: Path) -> None:
    db = tmp_path / "linked.db"
    with Remen.open(db, embedder=HashedEmbedder()) as app:
        pasta = app.add("# Carbonara\nGuanciale.")
        plan = app.add("# Friday dinner\nMake [[Carbonara]].")
    report = json.loads(run_cli("--db", str(db), "doctor", "--recover", "--json").stdout)
    with Remen.open(report["target"], embedder=HashedEmbedder()) as copy:
        assert [link.note_id for link in copy.links(pasta.id).linked_from] == [plan.id]


def test_links_feed_related_notes_and_ask(app: Remen) -> None:
    pasta = app.add("# Carbonara\nGuanciale, eggs, pecorino.")
    plan = app.add("# Friday dinner\nMake [[carbonara]] and a green salad.")
    app.add("# Tax return\nSend the receipts to the accountant.")
    related = app.related(pasta.id)
    assert related[0].note_id == plan.id and related[0].linked
    assert [(r.note_id, r.linked) for r in app.related(plan.id)][:1] == [(pasta.id, True)]
    answer = app.ask("what links to Carbonara?")
    assert [(item.text, item.sentence, item.note_ids) for item in answer.answers] == [
        ("Friday dinner", "Make [[carbonara]] and a green salad.", (plan.id,))
    ]
    assert app.ask("which notes link to Friday dinner").not_found == "No note links to Friday dinner."
