"""The services behind the public API, each serving one kind of need, sharing one Context."""
