"""One counter for every "how many of these were right" figure the evaluations report."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Tally:
    """Right out of total; an empty tally reads 1.0 (nothing was missed)."""

    right: int = 0
    total: int = 0

    def count(self, ok: bool) -> bool:
        """Count one case; return ``ok`` so a caller can note the miss."""
        self.total += 1
        self.right += ok
        return ok

    @property
    def ratio(self) -> float:
        """The share that was right."""
        return self.right / self.total if self.total else 1.0
