"""Record what PyTorch shows for every lesson cell into ``lessons.json``.

Run from anywhere, with PyTorch 2.13 installed::

    python tests/oracle/record_lessons.py

Each lesson runs in a fresh interpreter (a fresh notebook kernel).  The output
file is committed: ``tests/test_lessons.py`` compares minigrad against it
without needing PyTorch.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import harness  # noqa: E402
from lesson_cases import LESSONS  # noqa: E402

OUTPUT = HERE / "lessons.json"


def record() -> dict:
    version = harness.reference_torch_version()
    return {
        "torch_version": version,
        "lessons": {name: harness.run_cells_isolated(cells, "torch") for name, cells in LESSONS.items()},
    }


def main() -> int:
    harness.write_recording(OUTPUT, record(), "lessons")
    return 0


if __name__ == "__main__":
    sys.exit(main())
