"""Extraction through a local model server (Ollama or OpenAI-compatible), in the background only."""
