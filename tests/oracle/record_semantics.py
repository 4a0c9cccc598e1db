"""Record what PyTorch shows for every semantics case into ``semantics.json``.

Run from the repository root, with PyTorch 2.13 installed::

    python tests/oracle/record_semantics.py

The cases live in ``tests/semantics_cases.py``; ``tests/test_semantics.py``
compares minigrad against the recording without needing PyTorch.

All cases run in one fresh interpreter, each in its own namespace (see
``harness.run_cells``); grad mode is switched back on after every case so a
case cannot leak into the next one.  The same entry point runs the cases under
minigrad for the tests::

    python tests/oracle/record_semantics.py --backend minigrad --out RESULT.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import harness  # noqa: E402
from semantics_cases import CASES  # noqa: E402

OUTPUT = HERE / "semantics.json"
# Between cases, what a fresh kernel has: grad mode on, the CPU as default device (a CUDA build of
# PyTorch accepts set_default_device(0) even with no GPU, and every later case would fail).
RESET = "import torch\ntorch.set_grad_enabled(True)\ntorch.set_default_device(None)"


def run_all(backend: str) -> dict:
    """{case name: [cell results]} for every case, in one process."""
    results = {}
    for name, cells in CASES.items():
        results[name] = harness.run_cells(cells, backend)
        harness.run_cells([RESET], backend)
    return results


def record() -> dict:
    version = harness.reference_torch_version()
    python = "{}.{}".format(*sys.version_info)  # (some cases show Python's own text: PYTHON_TEXT)
    return {"torch_version": version, "python_version": python, "cases": run_all("torch")}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", choices=harness.BACKENDS, help="run the cases, don't record")
    parser.add_argument("--out", help="with --backend: where to write the results (JSON)")
    args = parser.parse_args(argv)
    if args.backend:
        Path(args.out).write_text(json.dumps(run_all(args.backend)), encoding="utf-8")
        return 0
    harness.write_recording(OUTPUT, record(), "cases")
    return 0


if __name__ == "__main__":
    sys.exit(main())
