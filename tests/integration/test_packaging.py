"""An installed wheel carries the model, so nothing is ever downloaded."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_ships_the_model_with_matching_checksums(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    [wheel] = tmp_path.glob("remen-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        sums = zf.read("remen/_models/SHA256SUMS").decode().split()
        expected = dict(zip(sums[1::2], sums[0::2], strict=True))
        for name in ("model.onnx", "tokenizer.json"):
            assert hashlib.sha256(zf.read(f"remen/_models/{name}")).hexdigest() == expected[name]
        assert "remen/_models/LICENSE" in zf.namelist()
