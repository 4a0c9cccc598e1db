"""Autograd's semantic rules: minigrad must show exactly what PyTorch shows.

The snippet cases are in ``tests/semantics_cases.py`` (names start with the
rule's letter: a requires_grad, b .grad, c backward(), d saved tensors,
e version counters / in-place, f hooks, g grad mode, h detach / autograd.grad,
i grad_fn names, j dtypes and exact values, k errors / custom Function /
return types).  PyTorch's output is recorded in ``tests/oracle/semantics.json``
(re-record with ``python tests/oracle/record_semantics.py``); the comparison
covers prints, displayed values, error type and text, and warnings, with
memory addresses normalised.

All cases of one backend run in one fresh interpreter (each case in its own
namespace, grad mode reset in between), so the whole file takes seconds.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parent
ORACLE_DIR = TESTS_DIR / "oracle"
RECORDING = ORACLE_DIR / "semantics.json"
RECORDER = ORACLE_DIR / "record_semantics.py"
RECORD_CMD = "python tests/oracle/record_semantics.py"


# pytest puts tests/ on sys.path (no __init__.py there), so these import plainly.
from oracle import harness  # noqa: E402
from semantics_cases import CASES  # noqa: E402
RECORDED = json.loads(RECORDING.read_text(encoding="utf-8"))["cases"]


@functools.lru_cache(maxsize=None)
def _run_all(backend: str) -> dict:
    """Run every case under *backend* in one fresh interpreter (see record_semantics.py)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "out.json")
        proc = subprocess.run(
            [sys.executable, str(RECORDER), "--backend", backend, "--out", str(out)],
            cwd=str(TESTS_DIR.parent), capture_output=True, text=True, timeout=300,
        )
        if proc.returncode != 0 or not out.exists():
            raise RuntimeError(f"running the cases under {backend} failed (exit {proc.returncode}):\n"
                               f"{proc.stdout}\n{proc.stderr}")
        return json.loads(out.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------
# the recording and the case list themselves
# --------------------------------------------------------------------------
def test_recording_matches_cases():
    """semantics.json was recorded from the current cases (else: re-record)."""
    assert sorted(RECORDED) == sorted(CASES), f"cases changed: run {RECORD_CMD}"
    for name, cells in CASES.items():
        assert [c["code"] for c in RECORDED[name]] == cells, f"cells of {name!r} changed: run {RECORD_CMD}"


def test_every_rule_has_cases():
    letters = {name.split("_")[0] for name in CASES}
    assert letters >= set("abcdefghijk"), sorted(set("abcdefghijk") - letters)


def test_recording_is_not_trivial():
    """The oracle shows errors and warnings where the rules say it must."""
    errors = [c["error"] for cells in RECORDED.values() for c in cells if c["error"]]
    warns = [w for cells in RECORDED.values() for c in cells for w in c["warnings"]]
    assert any("leaf variables" in e for e in errors)
    assert any("backward through the graph a second time" in e for e in errors)
    assert any("modified by an inplace operation" in e for e in errors)
    assert any("not a leaf Tensor is being accessed" in w for w in warns)


# --------------------------------------------------------------------------
# minigrad against the recorded PyTorch output (no PyTorch needed)
# --------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(CASES))
def test_case_matches_recorded_torch(name):
    got = _run_all("minigrad")[name]
    harness.assert_same(RECORDED[name], got, "torch (recorded)", "minigrad", f"case {name!r}")


# --------------------------------------------------------------------------
# live oracle: PyTorch itself, when installed
# --------------------------------------------------------------------------
def _live():
    pytest.importorskip("torch", reason="PyTorch 2.13 not installed: live oracle comparison skipped")
    return _run_all("torch")


@pytest.mark.parametrize("name", list(CASES))
def test_recording_is_not_stale(name):
    live = _live()[name]
    harness.assert_same(RECORDED[name], live, "torch (recorded)", f"live torch (stale recording? run {RECORD_CMD})", f"case {name!r}")


@pytest.mark.parametrize("name", list(CASES))
def test_case_matches_live_torch(name):
    live = _live()[name]
    got = _run_all("minigrad")[name]
    harness.assert_same(live, got, "live torch", "minigrad", f"case {name!r}")
