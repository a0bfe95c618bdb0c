"""Ordered, named schema migrations, each applied in its own transaction and recorded."""

from __future__ import annotations

import time
from collections.abc import Callable

from remen.core.constants import EMBED_DIM, FALLBACK_DIM, FALLBACK_NAMESPACE, MODEL_NAMESPACE
from remen.store import links as link_store
from remen.store.connect import Connection, rollback, run_script

VECTOR_TABLES = {MODEL_NAMESPACE: EMBED_DIM, FALLBACK_NAMESPACE: FALLBACK_DIM}
# meta keys "<this>_<namespace>": chunks of that embedder deleted so far (triggers of m014).
DELETED_CHUNKS_KEY = "chunks_deleted"


def vector_table(namespace: str) -> str:
    """The vec0 table holding one embedder's vectors (one table per dimension/model)."""
    if namespace not in VECTOR_TABLES:
        raise ValueError(f"unknown vector namespace {namespace!r}")
    return f"vec_{namespace}"


def m001_notes(conn: Connection) -> None:
    """Notes, tags, revisions, both FTS indexes with their sync triggers."""
    run_script(
        conn,
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE notes (
            nid INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            tags TEXT NOT NULL DEFAULT '',
            created REAL NOT NULL,
            updated REAL NOT NULL,
            archived INTEGER NOT NULL DEFAULT 0,
            deleted_at REAL,
            content_hash TEXT NOT NULL
        );
        CREATE INDEX notes_created ON notes(created);
        CREATE INDEX notes_updated ON notes(updated);
        CREATE TABLE note_tags (
            tag TEXT NOT NULL,
            nid INTEGER NOT NULL REFERENCES notes(nid) ON DELETE CASCADE,
            PRIMARY KEY (tag, nid)
        ) WITHOUT ROWID;
        CREATE INDEX note_tags_nid ON note_tags(nid);
        CREATE TABLE revisions (
            id INTEGER PRIMARY KEY,
            nid INTEGER NOT NULL REFERENCES notes(nid) ON DELETE CASCADE,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            tags TEXT NOT NULL,
            saved REAL NOT NULL
        );
        CREATE INDEX revisions_nid ON revisions(nid);

        -- Substring matching (Remen's LIKE semantics) for terms of 3+ characters.
        CREATE VIRTUAL TABLE notes_fts USING fts5(
            title, body, tags, content='notes', content_rowid='nid',
            tokenize='trigram remove_diacritics 1'
        );
        -- Whole words: short terms, and the vocabulary for typo tolerance.
        CREATE VIRTUAL TABLE notes_words USING fts5(
            title, body, tags, content='notes', content_rowid='nid',
            tokenize='unicode61 remove_diacritics 2'
        );
        CREATE VIRTUAL TABLE notes_vocab USING fts5vocab(notes_words, row);

        CREATE TRIGGER notes_ai AFTER INSERT ON notes BEGIN
            INSERT INTO notes_fts(rowid, title, body, tags) VALUES (new.nid, new.title, new.body, new.tags);
            INSERT INTO notes_words(rowid, title, body, tags) VALUES (new.nid, new.title, new.body, new.tags);
        END;
        CREATE TRIGGER notes_ad AFTER DELETE ON notes BEGIN
            INSERT INTO notes_fts(notes_fts, rowid, title, body, tags)
                VALUES ('delete', old.nid, old.title, old.body, old.tags);
            INSERT INTO notes_words(notes_words, rowid, title, body, tags)
                VALUES ('delete', old.nid, old.title, old.body, old.tags);
        END;
        CREATE TRIGGER notes_au AFTER UPDATE OF title, body, tags ON notes BEGIN
            INSERT INTO notes_fts(notes_fts, rowid, title, body, tags)
                VALUES ('delete', old.nid, old.title, old.body, old.tags);
            INSERT INTO notes_words(notes_words, rowid, title, body, tags)
                VALUES ('delete', old.nid, old.title, old.body, old.tags);
            INSERT INTO notes_fts(rowid, title, body, tags) VALUES (new.nid, new.title, new.body, new.tags);
            INSERT INTO notes_words(rowid, title, body, tags) VALUES (new.nid, new.title, new.body, new.tags);
        END;
        """,
    )


def m002_vectors(conn: Connection) -> None:
    """Chunks, one vec0 table per embedder, and what each note was embedded from."""
    run_script(
        conn,
        """
        CREATE TABLE chunks (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            nid INTEGER NOT NULL REFERENCES notes(nid) ON DELETE CASCADE,
            namespace TEXT NOT NULL,
            seq INTEGER NOT NULL
        );
        CREATE INDEX chunks_nid ON chunks(nid, namespace);
        -- In-memory vector indexes (in any process) reload when this number moves.
        INSERT INTO meta(key, value) VALUES ('vectors_generation', '0');
        CREATE TRIGGER chunks_gen_ai AFTER INSERT ON chunks BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vectors_generation';
        END;
        CREATE TRIGGER chunks_gen_ad AFTER DELETE ON chunks BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vectors_generation';
        END;
        CREATE TRIGGER notes_gen_au AFTER UPDATE OF archived, deleted_at, created ON notes BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'vectors_generation';
        END;
        CREATE TABLE note_embeddings (
            nid INTEGER NOT NULL REFERENCES notes(nid) ON DELETE CASCADE,
            namespace TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            PRIMARY KEY (nid, namespace)
        ) WITHOUT ROWID;
        """,
    )
    for namespace, dim in VECTOR_TABLES.items():
        table = vector_table(namespace)
        run_script(
            conn,
            f"""
            CREATE VIRTUAL TABLE {table} USING vec0(
                embedding float[{dim}] distance_metric=cosine,
                nid integer,
                created float,
                hidden integer
            );
            CREATE TRIGGER chunks_ad_{namespace} AFTER DELETE ON chunks
            WHEN old.namespace = '{namespace}' BEGIN
                DELETE FROM {table} WHERE rowid = old.id;
            END;
            CREATE TRIGGER notes_hidden_{namespace} AFTER UPDATE OF archived, deleted_at, created ON notes BEGIN
                UPDATE {table}
                   SET hidden = (new.archived != 0 OR new.deleted_at IS NOT NULL), created = new.created
                 WHERE rowid IN (SELECT id FROM chunks WHERE nid = new.nid AND namespace = '{namespace}');
            END;
            """,
        )


def m003_jobs(conn: Connection) -> None:
    """A durable queue for background work (extraction, re-embedding)."""
    run_script(
        conn,
        """
        CREATE TABLE jobs (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            nid INTEGER REFERENCES notes(nid) ON DELETE CASCADE,
            payload TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'pending',
            attempts INTEGER NOT NULL DEFAULT 0,
            run_after REAL NOT NULL DEFAULT 0,
            error TEXT,
            created REAL NOT NULL,
            updated REAL NOT NULL
        );
        CREATE INDEX jobs_ready ON jobs(status, run_after);
        CREATE UNIQUE INDEX jobs_one_pending ON jobs(kind, nid) WHERE status = 'pending';
        """,
    )


def m004_notes_generation(conn: Connection) -> None:
    """A counter that moves on every text change, so cached vocabularies know when to reload."""
    run_script(
        conn,
        """
        INSERT INTO meta(key, value) VALUES ('notes_generation', '0');
        CREATE TRIGGER notes_gen_text_ai AFTER INSERT ON notes BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'notes_generation';
        END;
        CREATE TRIGGER notes_gen_text_au AFTER UPDATE OF title, body, tags ON notes BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'notes_generation';
        END;
        CREATE TRIGGER notes_gen_text_ad AFTER DELETE ON notes BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'notes_generation';
        END;
        """,
    )


def m005_hidden_index(conn: Connection) -> None:
    """Indexes for in-memory vector indexes: hidden notes (few: a partial index), chunks per namespace."""
    conn.execute("CREATE INDEX notes_hidden ON notes(nid) WHERE archived != 0 OR deleted_at IS NOT NULL")
    conn.execute("CREATE INDEX chunks_namespace ON chunks(namespace)")


def m006_job_hashes_and_index_errors(conn: Connection) -> None:
    """Jobs carry the content hash they were queued for (one staleness rule with vectors), and
    failed embeddings keep their error for `remen doctor`."""
    run_script(
        conn,
        """
        ALTER TABLE jobs ADD COLUMN content_hash TEXT NOT NULL DEFAULT '';
        UPDATE jobs SET content_hash = coalesce((SELECT content_hash FROM notes WHERE nid = jobs.nid), '');
        CREATE TABLE embed_errors (
            nid INTEGER PRIMARY KEY REFERENCES notes(nid) ON DELETE CASCADE,
            namespace TEXT NOT NULL,
            error TEXT NOT NULL,
            at REAL NOT NULL
        );
        """,
    )


def m007_memory(conn: Connection) -> None:
    """The knowledge graph: entities with aliases and mentions, statements with their sources and
    validity chains, labels, what each note was extracted with, and the memory vectors."""
    run_script(
        conn,
        f"""
        CREATE TABLE entities (
            eid INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            type TEXT NOT NULL,
            key TEXT NOT NULL,
            created REAL NOT NULL
        );
        CREATE INDEX entities_key ON entities(key);
        CREATE TABLE entity_aliases (
            alias_key TEXT NOT NULL,
            eid INTEGER NOT NULL REFERENCES entities(eid) ON DELETE CASCADE,
            alias TEXT NOT NULL,
            PRIMARY KEY (alias_key, eid)
        ) WITHOUT ROWID;
        CREATE INDEX entity_aliases_eid ON entity_aliases(eid);
        CREATE TABLE entity_mentions (
            eid INTEGER NOT NULL REFERENCES entities(eid) ON DELETE CASCADE,
            nid INTEGER NOT NULL REFERENCES notes(nid) ON DELETE CASCADE,
            PRIMARY KEY (eid, nid)
        ) WITHOUT ROWID;
        CREATE INDEX entity_mentions_nid ON entity_mentions(nid);
        CREATE TABLE statements (
            sid INTEGER PRIMARY KEY,
            aspect TEXT NOT NULL,
            text TEXT NOT NULL,
            subject_eid INTEGER NOT NULL REFERENCES entities(eid) ON DELETE CASCADE,
            predicate TEXT NOT NULL,
            object_eid INTEGER REFERENCES entities(eid) ON DELETE CASCADE,
            object_value TEXT,
            replaces_eid INTEGER REFERENCES entities(eid) ON DELETE SET NULL,
            replaces_sid INTEGER REFERENCES statements(sid) ON DELETE SET NULL,
            negated INTEGER NOT NULL DEFAULT 0,
            key TEXT NOT NULL,
            valid_at REAL NOT NULL,
            invalid_at REAL,
            invalidated_by INTEGER REFERENCES statements(sid) ON DELETE SET NULL
        );
        CREATE UNIQUE INDEX statements_key ON statements(key);
        CREATE INDEX statements_subject ON statements(subject_eid, predicate);
        CREATE INDEX statements_object ON statements(object_eid);
        CREATE INDEX statements_aspect ON statements(aspect, valid_at);
        CREATE TABLE statement_sources (
            sid INTEGER NOT NULL REFERENCES statements(sid) ON DELETE CASCADE,
            nid INTEGER NOT NULL REFERENCES notes(nid) ON DELETE CASCADE,
            start INTEGER NOT NULL,
            end INTEGER NOT NULL,
            valid_at REAL NOT NULL,
            producer TEXT NOT NULL,
            version TEXT NOT NULL,
            PRIMARY KEY (sid, nid, start)
        ) WITHOUT ROWID;
        CREATE INDEX statement_sources_nid ON statement_sources(nid);
        -- A statement lives as long as one note states it.
        CREATE TRIGGER statement_sources_orphan AFTER DELETE ON statement_sources
        WHEN NOT EXISTS (SELECT 1 FROM statement_sources WHERE sid = old.sid) BEGIN
            DELETE FROM statements WHERE sid = old.sid;
        END;
        CREATE TABLE labels (
            lid INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            key TEXT NOT NULL UNIQUE
        );
        CREATE TABLE note_labels (
            nid INTEGER NOT NULL REFERENCES notes(nid) ON DELETE CASCADE,
            lid INTEGER NOT NULL REFERENCES labels(lid) ON DELETE CASCADE,
            PRIMARY KEY (nid, lid)
        ) WITHOUT ROWID;
        CREATE INDEX note_labels_lid ON note_labels(lid);
        CREATE TABLE note_memory (
            nid INTEGER PRIMARY KEY REFERENCES notes(nid) ON DELETE CASCADE,
            producer TEXT NOT NULL,
            version TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            extracted REAL NOT NULL
        );
        CREATE TABLE memory_vectors (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            ref INTEGER NOT NULL,
            UNIQUE (kind, ref)
        );
        CREATE VIRTUAL TABLE memvec_{MODEL_NAMESPACE} USING vec0(
            kind text partition key,
            embedding float[{EMBED_DIM}] distance_metric=cosine
        );
        CREATE TRIGGER memory_vectors_ad AFTER DELETE ON memory_vectors BEGIN
            DELETE FROM memvec_{MODEL_NAMESPACE} WHERE rowid = old.id;
        END;
        CREATE TRIGGER statements_vectors_ad AFTER DELETE ON statements BEGIN
            DELETE FROM memory_vectors WHERE kind IN ('statement', 'aspect') AND ref = old.sid;
        END;
        CREATE TRIGGER entities_vectors_ad AFTER DELETE ON entities BEGIN
            DELETE FROM memory_vectors WHERE kind = 'entity' AND ref = old.eid;
        END;
        CREATE TRIGGER labels_vectors_ad AFTER DELETE ON labels BEGIN
            DELETE FROM memory_vectors WHERE kind = 'label' AND ref = old.lid;
        END;
        CREATE INDEX jobs_status ON jobs(status, kind);
        INSERT INTO meta(key, value) VALUES ('memory_generation', '0');
        CREATE TRIGGER statements_gen_ai AFTER INSERT ON statements BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'memory_generation';
        END;
        CREATE TRIGGER statements_gen_ad AFTER DELETE ON statements BEGIN
            UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'memory_generation';
        END;
        """,
    )


def m008_digests(conn: Connection) -> None:
    """Weekly digests per label, and the weeks whose digests a change made stale. Triggers mark a
    week stale on every change that can alter it, so no writer can forget to."""
    week = "date({t}.created, 'unixepoch', 'localtime', 'weekday 0', '-6 days')"
    run_script(
        conn,
        f"""
        CREATE TABLE digests (
            week TEXT NOT NULL,
            label TEXT NOT NULL,
            notes INTEGER NOT NULL,
            body TEXT NOT NULL,
            built REAL NOT NULL,
            PRIMARY KEY (week, label)
        ) WITHOUT ROWID;
        CREATE TABLE digest_stale (week TEXT PRIMARY KEY) WITHOUT ROWID;
        INSERT OR IGNORE INTO digest_stale(week) SELECT DISTINCT {week.format(t="notes")} FROM notes;
        CREATE TRIGGER digest_notes_ai AFTER INSERT ON notes BEGIN
            INSERT OR IGNORE INTO digest_stale(week) VALUES ({week.format(t="new")});
        END;
        CREATE TRIGGER digest_notes_au AFTER UPDATE OF title, created, deleted_at ON notes BEGIN
            INSERT OR IGNORE INTO digest_stale(week) VALUES ({week.format(t="old")}), ({week.format(t="new")});
        END;
        CREATE TRIGGER digest_notes_ad AFTER DELETE ON notes BEGIN
            INSERT OR IGNORE INTO digest_stale(week) VALUES ({week.format(t="old")});
        END;
        CREATE TRIGGER digest_labels_ai AFTER INSERT ON note_labels BEGIN
            INSERT OR IGNORE INTO digest_stale(week) SELECT {week.format(t="notes")} FROM notes WHERE nid = new.nid;
        END;
        CREATE TRIGGER digest_labels_ad AFTER DELETE ON note_labels BEGIN
            INSERT OR IGNORE INTO digest_stale(week) SELECT {week.format(t="notes")} FROM notes WHERE nid = old.nid;
        END;
        CREATE TRIGGER digest_sources_ai AFTER INSERT ON statement_sources BEGIN
            INSERT OR IGNORE INTO digest_stale(week) SELECT {week.format(t="notes")} FROM notes WHERE nid = new.nid;
        END;
        CREATE TRIGGER digest_sources_ad AFTER DELETE ON statement_sources BEGIN
            INSERT OR IGNORE INTO digest_stale(week) SELECT {week.format(t="notes")} FROM notes WHERE nid = old.nid;
        END;
        CREATE TRIGGER digest_statements_au AFTER UPDATE OF invalid_at ON statements BEGIN
            INSERT OR IGNORE INTO digest_stale(week)
            SELECT {week.format(t="n")} FROM statement_sources ss JOIN notes n ON n.nid = ss.nid WHERE ss.sid = new.sid;
        END;
        """,
    )


def m009_llm(conn: Connection) -> None:
    """Which notes a model server has read, as they are now (by model and prompt version)."""
    run_script(
        conn,
        """
        CREATE TABLE note_llm (
            nid INTEGER PRIMARY KEY REFERENCES notes(nid) ON DELETE CASCADE,
            producer TEXT NOT NULL,
            version TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            extracted REAL NOT NULL
        );
        """,
    )


def m010_digest_summaries(conn: Connection) -> None:
    """A model server's one-line summary of a digest ('' when its answer was unusable)."""
    conn.execute("ALTER TABLE digests ADD COLUMN summary TEXT")


def m011_corrections(conn: Connection) -> None:
    """The user's corrections: statements the user forgot (never stored again when a note is read
    again; the notes that stated them, to read again on undo), and statements in the user's own
    word, which live without a note."""
    run_script(
        conn,
        """
        CREATE TABLE forgotten_statements (
            key TEXT PRIMARY KEY,
            sid INTEGER NOT NULL,
            text TEXT NOT NULL,
            subject_eid INTEGER NOT NULL,
            predicate TEXT NOT NULL,
            nids TEXT NOT NULL,
            forgotten REAL NOT NULL,
            -- a statement in the user's own word comes back from these on undo
            aspect TEXT NOT NULL,
            object_eid INTEGER,
            object_value TEXT,
            valid_at REAL NOT NULL,
            stated REAL
        );
        CREATE INDEX forgotten_statements_sid ON forgotten_statements(sid);
        CREATE TABLE user_statements (
            sid INTEGER PRIMARY KEY REFERENCES statements(sid) ON DELETE CASCADE,
            stated REAL NOT NULL
        );
        DROP TRIGGER statement_sources_orphan;
        -- A statement lives as long as one note states it, or the user does.
        CREATE TRIGGER statement_sources_orphan AFTER DELETE ON statement_sources
        WHEN NOT EXISTS (SELECT 1 FROM statement_sources WHERE sid = old.sid)
         AND NOT EXISTS (SELECT 1 FROM user_statements WHERE sid = old.sid) BEGIN
            DELETE FROM statements WHERE sid = old.sid;
        END;
        """,
    )


def m012_links_and_saved_searches(conn: Connection) -> None:
    """`[[Title]]` links between notes (each note's, read from its text as it is written; the
    target kept by note once found) and saved searches. Links of the notes already stored are read
    from their text here."""
    run_script(
        conn,
        """
        CREATE TABLE note_links (
            nid INTEGER NOT NULL REFERENCES notes(nid) ON DELETE CASCADE,
            target_key TEXT NOT NULL,
            title TEXT NOT NULL,
            target_nid INTEGER REFERENCES notes(nid) ON DELETE SET NULL,
            PRIMARY KEY (nid, target_key)
        ) WITHOUT ROWID;
        CREATE INDEX note_links_target ON note_links(target_nid);
        CREATE INDEX note_links_waiting ON note_links(target_key) WHERE target_nid IS NULL;
        -- a link finds its note by title, case aside
        CREATE INDEX notes_title_key ON notes(lower(title));
        CREATE TABLE saved_searches (name TEXT PRIMARY KEY, query TEXT NOT NULL, saved REAL NOT NULL);
        """,
    )
    link_store.relink_all(conn)


def m013_vault(conn: Connection) -> None:
    """The files of a linked vault: each file's path (relative to the vault), its note (none for
    a file that cannot be one: binary or empty), what the last sync saw of it (size,
    modification time, content hash), so an unchanged file costs one stat and a moved one is
    known by its content, and for a file moved to the vault's `.trash/` the path it came from."""
    run_script(
        conn,
        """
        CREATE TABLE vault_files (
            path TEXT PRIMARY KEY,
            nid INTEGER REFERENCES notes(nid) ON DELETE CASCADE,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            file_hash TEXT NOT NULL,
            origin TEXT
        ) WITHOUT ROWID;
        CREATE INDEX vault_files_nid ON vault_files(nid);
        CREATE INDEX vault_files_hash ON vault_files(file_hash);
        """,
    )


def m014_chunk_deletions(conn: Connection) -> None:
    """A count of deleted chunks per embedder, so an in-memory vector index knows without counting
    every chunk whether chunks went away that it did not see replaced (a note purged)."""
    for namespace in VECTOR_TABLES:
        key = f"{DELETED_CHUNKS_KEY}_{namespace}"
        run_script(
            conn,
            f"""
            INSERT INTO meta(key, value) VALUES ('{key}', '0');
            CREATE TRIGGER chunks_deleted_{namespace} AFTER DELETE ON chunks
            WHEN old.namespace = '{namespace}' BEGIN
                UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = '{key}';
            END;
            """,
        )


MIGRATIONS: list[tuple[str, Callable[[Connection], None]]] = [
    ("m001_notes", m001_notes),
    ("m002_vectors", m002_vectors),
    ("m003_jobs", m003_jobs),
    ("m004_notes_generation", m004_notes_generation),
    ("m005_hidden_index", m005_hidden_index),
    ("m006_job_hashes_and_index_errors", m006_job_hashes_and_index_errors),
    ("m007_memory", m007_memory),
    ("m008_digests", m008_digests),
    ("m009_llm", m009_llm),
    ("m010_digest_summaries", m010_digest_summaries),
    ("m011_corrections", m011_corrections),
    ("m012_links_and_saved_searches", m012_links_and_saved_searches),
    ("m013_vault", m013_vault),
    ("m014_chunk_deletions", m014_chunk_deletions),
]


def applied(conn: Connection) -> list[str]:
    """Names of the migrations already applied, in order."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied REAL NOT NULL)")
    return [row[0] for row in conn.execute("SELECT name FROM schema_migrations ORDER BY rowid")]


def unknown_migrations(conn: Connection) -> list[str]:
    """Migrations recorded in the file that this version does not know: a newer Remen made it."""
    known = {name for name, _ in MIGRATIONS}
    return [name for name in applied(conn) if name not in known]


def migrate(conn: Connection, upto: str | None = None) -> list[str]:
    """Apply every pending migration (or those up to ``upto``); return the names applied.

    Several processes may open a fresh file at once, so whether a step is still pending is read
    again inside its write transaction: the list read before it may be stale by then."""
    done = set(applied(conn))
    ran: list[str] = []
    for name, step in MIGRATIONS:
        if name not in done:
            conn.execute("BEGIN IMMEDIATE")
            try:
                if conn.execute("SELECT 1 FROM schema_migrations WHERE name = ?", (name,)).fetchone() is None:
                    step(conn)
                    conn.execute("INSERT INTO schema_migrations(name, applied) VALUES (?, ?)", (name, time.time()))
                    ran.append(name)
                conn.execute("COMMIT")
            except BaseException:
                rollback(conn)
                raise
        if name == upto:
            break
    return ran
