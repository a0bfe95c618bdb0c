"""The SQLite store: the only package that holds SQL."""

from remen.store.db import Store

__all__ = ["Store"]
