"""Errors a user can act on. Each message says what happened and what to do."""

from __future__ import annotations


class RemenError(Exception):
    """Base class: the CLI and TUI show these messages as they are, never a traceback."""


class EmptyNoteError(RemenError):
    """A note with no text."""


class EmptyTitleError(RemenError):
    """A rename to nothing."""


class SavedSearchError(RemenError):
    """A saved search without a name or a query, or one asked for by a name no saved search has."""


class NoteTooLargeError(RemenError):
    """A note beyond the size Remen accepts."""


class NoteNotFoundError(RemenError):
    """No note with that id (or id prefix)."""


class AmbiguousIdError(RemenError):
    """An id prefix that matches several notes."""


class DatabaseCorruptError(RemenError):
    """The database file exists but is not a readable SQLite database."""


class DiskFullError(RemenError):
    """The disk (or the database's size limit) has no room for the change; nothing of it was written."""


class NewerDatabaseError(RemenError):
    """The database was made by a newer Remen; this one refuses to read or write it."""


class DatabaseLockedError(RemenError):
    """Another process holds the write lock longer than the busy timeout."""


class ImportFormatError(RemenError):
    """An import file that cannot be read as the format it claims."""


class ExportError(RemenError):
    """An export that cannot write where it was asked to (a link in the way, no permission)."""


class DatabasePathError(RemenError):
    """The database path is a folder, or its folder cannot be created or opened."""


class EntityNotFoundError(RemenError):
    """No entity of the knowledge graph goes by that name."""


class ConfigError(RemenError):
    """A setting or the config file is wrong; the message says which and how to fix it."""


class LLMError(RemenError):
    """The model server could not give a usable answer (down, slow, refused, or bad output)."""


class CorrectionError(RemenError):
    """A correction of the graph that cannot be made as asked; the message says why and what to do."""


class ModelError(RemenError):
    """A file of a shipped model is missing or does not match its pinned checksum."""


class VaultError(RemenError):
    """A linked folder of notes cannot be linked or read (none linked, missing, another one linked)."""
