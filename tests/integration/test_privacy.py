"""Nothing leaves the disk and nothing lands outside the data folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_cli_writes_only_its_data_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REMEN_", "XDG_", "ORT_"))}
    env["HOME"] = str(home)
    for args in (["add", "A note embedded by the real model"], ["search", "note"], ["doctor"]):
        result = subprocess.run(
            [sys.executable, "-m", "remen", *args], env=env, capture_output=True, text=True, timeout=120
        )
        assert result.returncode == 0, result.stderr
    written = sorted(p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file())
    assert not (home / ".cache" / "Microsoft").exists(), written
    assert written and all(name.startswith(".local/share/remen/") for name in written), written
