"""Scoring Remen against labelled sets: used by scripts/eval.py, scripts/bench.py and the tests."""
