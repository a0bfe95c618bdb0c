"""Make a real Remen database with damaged pages, the way disks and crashes damage them."""

from __future__ import annotations

from pathlib import Path

import sqlean as sqlite3

from remen.embed import HashedEmbedder
from remen.service import Remen


def damaged_database(db: Path, notes: int, leaf: int) -> Path:
    """``notes`` notes, then one leaf page of the notes table (index ``leaf`` among its leaves)
    overwritten with garbage. The file is written only after every connection is closed."""
    with Remen.open(db, embedder=HashedEmbedder()) as app:
        for i in range(notes):
            app.add(f"Note {i} about gardening\n" + "tomatoes and basil " * 30)
    conn = sqlite3.connect(str(db))
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    leaves = [p for (p,) in conn.execute("SELECT pageno FROM dbstat WHERE name = 'notes' AND pagetype = 'leaf'")]
    conn.close()
    victim = leaves[leaf]
    data = bytearray(db.read_bytes())
    data[(victim - 1) * page_size : victim * page_size] = bytes([0xA5]) * page_size
    db.write_bytes(bytes(data))
    return db
