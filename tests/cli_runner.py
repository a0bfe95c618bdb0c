"""Run the `remen` command in this process through ``main(argv)``, as a user's shell would."""

from __future__ import annotations

import io
import os
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass

from remen.cli import main


@dataclass(frozen=True)
class CliResult:
    """What the command printed and its exit status."""

    returncode: int
    stdout: str
    stderr: str


def run_cli(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> CliResult:
    """``remen ARGS`` with ``stdin`` piped in and ``env`` added to the environment for the call."""
    saved_env = {key: os.environ.get(key) for key in env or {}}
    saved_stdin = sys.stdin
    out, err = io.StringIO(), io.StringIO()
    os.environ.update(env or {})
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    code = 0
    try:
        with redirect_stdout(out), redirect_stderr(err):
            main(list(args))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.stdin = saved_stdin
        for key, value in saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return CliResult(code, out.getvalue(), err.getvalue())
