"""Build (and cache) a Remen database of the shared TIL corpus with its real dates.

Used by scripts/bench.py and scripts/eval.py. Note ids are the corpus paths (``git/stash-everything``),
so evaluation labels stay readable. Notes with no recorded date get 2000-01-01, out of every
recent time range.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from remen.core.config import model_dir  # noqa: E402
from remen.core.text import heading_title  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpora" / "til-jbranchaud"
UNDATED = "2000-01-01T00:00:00+00:00"


def corpus_records(corpus: Path = CORPUS) -> list[dict[str, object]]:
    """The corpus as Remen JSON Lines records, one per manifest entry."""
    records = []
    for line in (corpus / "manifest.jsonl").read_text().splitlines():
        entry = json.loads(line)
        body = (corpus / entry["path"]).read_text(encoding="utf-8", errors="replace")
        note_id = entry["path"].removeprefix("notes/").removesuffix(".md")
        records.append(
            {
                "id": note_id,
                "title": heading_title(body) or note_id,
                "body": body,
                "tags": [entry["topic"]],
                "created": entry["created"] or entry["updated"] or UNDATED,
                "updated": entry["updated"] or entry["created"] or UNDATED,
            }
        )
    return records


def write_jsonl(records: list[dict[str, object]], path: Path) -> Path:
    """Write records as JSON Lines."""
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


def cache_key(corpus: Path) -> str:
    """Changes when the corpus or the model changes (a newer schema is migrated on open)."""
    digest = hashlib.sha256()
    digest.update((corpus / "manifest.jsonl").read_bytes())
    digest.update((model_dir() / "SHA256SUMS").read_bytes())
    return digest.hexdigest()[:16]


def corpus_db(workdir: Path, corpus: Path = CORPUS) -> Path:
    """A fresh copy of the embedded corpus database in ``workdir`` (built once, then cached)."""
    from platformdirs import user_cache_dir

    from remen.core.progress import ProgressBar
    from remen.service import Remen

    cache = Path(user_cache_dir("remen-dev")) / f"til-{cache_key(corpus)}.db"
    if not cache.exists():
        cache.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            building = Path(tmp) / "til.db"
            with Remen.open(building) as app:
                with ProgressBar() as bar:
                    app.import_path(write_jsonl(corpus_records(corpus), Path(tmp) / "til.jsonl"), on_progress=bar)
                app.store.checkpoint()
            shutil.copy(building, cache)
    target = workdir / "til.db"
    shutil.copy(cache, target)
    return target
