"""Asking: a deterministic router over the knowledge graph and the handlers that answer from it."""
