"""Ordered, named schema migrations, each applied in its own transaction and recorded."""

from __future__ import annotations

import time
from collections.abc import Callable

from remen.constants import EMBED_DIM, FALLBACK_DIM, FALLBACK_NAMESPACE, MODEL_NAMESPACE
from remen.store.connect import Connection, run_script

VECTOR_TABLES = {MODEL_NAMESPACE: EMBED_DIM, FALLBACK_NAMESPACE: FALLBACK_DIM}


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


MIGRATIONS: list[tuple[str, Callable[[Connection], None]]] = [
    ("m001_notes", m001_notes),
    ("m002_vectors", m002_vectors),
    ("m003_jobs", m003_jobs),
    ("m004_notes_generation", m004_notes_generation),
    ("m005_hidden_index", m005_hidden_index),
    ("m006_job_hashes_and_index_errors", m006_job_hashes_and_index_errors),
]


def applied(conn: Connection) -> list[str]:
    """Names of the migrations already applied, in order."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied REAL NOT NULL)")
    return [row[0] for row in conn.execute("SELECT name FROM schema_migrations ORDER BY rowid")]


def migrate(conn: Connection, upto: str | None = None) -> list[str]:
    """Apply every pending migration (or those up to ``upto``); return the names applied."""
    done = set(applied(conn))
    ran: list[str] = []
    for name, step in MIGRATIONS:
        if name not in done:
            conn.execute("BEGIN IMMEDIATE")
            try:
                step(conn)
                conn.execute("INSERT INTO schema_migrations(name, applied) VALUES (?, ?)", (name, time.time()))
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            ran.append(name)
        if name == upto:
            break
    return ran
