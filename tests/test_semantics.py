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
from semantics_cases import CASES, CPU_BUILD_TEXT, PYTHON_TEXT  # noqa: E402
_RECORDING = json.loads(RECORDING.read_text(encoding="utf-8"))
RECORDED = _RECORDING["cases"]


def _recorded(name):
    """The recorded cells of a case, or a skip where they hold Python's own text and the
    recording's Python and this one lie either side of the version that changed it (PYTHON_TEXT)."""
    if name in PYTHON_TEXT:
        what, since = PYTHON_TEXT[name]
        recorded_on = tuple(int(n) for n in _RECORDING["python_version"].split("."))
        if (sys.version_info[:2] >= since) != (recorded_on >= since):
            pytest.skip(f"{name} shows {what}, which Python {since[0]}.{since[1]} changed; the "
                        f"recording was made under Python {_RECORDING['python_version']}, so only "
                        f"the live torch comparison checks it here")
    return RECORDED[name]


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


def test_python_text_cases_exist():
    assert set(PYTHON_TEXT) <= set(CASES), sorted(set(PYTHON_TEXT) - set(CASES))
    assert CPU_BUILD_TEXT <= set(CASES), sorted(CPU_BUILD_TEXT - set(CASES))


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
    expected = _recorded(name)
    got = _run_all("minigrad")[name]
    harness.assert_same(expected, got, "torch (recorded)", "minigrad", f"case {name!r}")


# --------------------------------------------------------------------------
# live oracle: PyTorch itself, when installed
# --------------------------------------------------------------------------
def _live(name):
    """Live PyTorch's cells of a case (the recording is checked against them too)."""
    torch = pytest.importorskip(
        "torch", reason="PyTorch 2.13 not installed: live oracle comparison skipped")
    if name in CPU_BUILD_TEXT and torch.version.cuda is not None:
        pytest.skip(f"{name} shows what PyTorch's CPU build says of accelerators, and the PyTorch "
                    f"installed here is a CUDA build ({torch.__version__}): the recording, made "
                    "with the CPU build, checks minigrad here")
    return _run_all("torch")[name]


@pytest.mark.parametrize("name", list(CASES))
def test_recording_is_not_stale(name):
    expected = _recorded(name)
    live = _live(name)
    harness.assert_same(expected, live, "torch (recorded)", f"live torch (stale recording? run {RECORD_CMD})", f"case {name!r}")


@pytest.mark.parametrize("name", list(CASES))
def test_case_matches_live_torch(name):
    live = _live(name)
    got = _run_all("minigrad")[name]
    harness.assert_same(live, got, "live torch", "minigrad", f"case {name!r}")
