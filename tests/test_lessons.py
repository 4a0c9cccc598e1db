"""Lesson notebooks must show exactly the same thing under minigrad as under PyTorch.

The cells are in ``tests/lesson_cases.py``; PyTorch's output is recorded in
``tests/oracle/lessons.json`` (re-record with ``python tests/oracle/record_lessons.py``).
Each lesson runs in a fresh interpreter, like a fresh notebook kernel.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parent
ORACLE_DIR = TESTS_DIR / "oracle"
RECORDING = ORACLE_DIR / "lessons.json"
RECORD_CMD = "python tests/oracle/record_lessons.py"


# pytest puts tests/ on sys.path (no __init__.py there), so these import plainly.
from oracle import harness  # noqa: E402
from lesson_cases import LESSONS  # noqa: E402
RECORDED = json.loads(RECORDING.read_text(encoding="utf-8"))["lessons"]


# --------------------------------------------------------------------------
# the recording itself
# --------------------------------------------------------------------------
def test_recording_matches_cases():
    """lessons.json was recorded from the current cells (else: re-record)."""
    assert sorted(RECORDED) == sorted(LESSONS), f"lessons changed: run {RECORD_CMD}"
    for name, cells in LESSONS.items():
        recorded_code = [cell["code"] for cell in RECORDED[name]]
        assert recorded_code == cells, f"cells of lesson {name!r} changed: run {RECORD_CMD}"


# --------------------------------------------------------------------------
# minigrad against the recorded PyTorch output (no PyTorch needed)
# --------------------------------------------------------------------------
@pytest.mark.parametrize("lesson", sorted(LESSONS))
def test_lesson_matches_recorded_torch(lesson):
    got = harness.run_cells_isolated(LESSONS[lesson], "minigrad")
    harness.assert_same(RECORDED[lesson], got, "torch (recorded)", "minigrad", f"lesson {lesson!r}")


# --------------------------------------------------------------------------
# live oracle: PyTorch itself, when installed
# --------------------------------------------------------------------------
@pytest.mark.parametrize("lesson", sorted(LESSONS))
def test_lesson_matches_live_torch(lesson):
    pytest.importorskip("torch", reason="PyTorch 2.13 not installed: live oracle comparison skipped")
    live = harness.run_cells_isolated(LESSONS[lesson], "torch")
    harness.assert_same(RECORDED[lesson], live, "torch (recorded)", f"live torch (stale recording? run {RECORD_CMD})", f"lesson {lesson!r}")
    got = harness.run_cells_isolated(LESSONS[lesson], "minigrad")
    harness.assert_same(live, got, "live torch", "minigrad", f"lesson {lesson!r}")


# --------------------------------------------------------------------------
# self-tests of the harness (no torch, no minigrad needed)
# --------------------------------------------------------------------------
def test_harness_exception_stops_cell_but_not_notebook():
    cells = harness.run_cells([
        "x = 1",
        "print('before')\nraise ValueError('boom')\nprint('after')",
        "x + 1",
    ])
    assert cells[1]["stdout"] == "before\n"
    assert cells[1]["error"] == "ValueError: boom"
    assert cells[1]["display"] is None
    assert cells[2]["error"] is None
    assert cells[2]["display"] == "2"


def test_harness_expression_display():
    cells = harness.run_cells([
        "1 + 1",
        "None",
        "y = 3",
        "print('hi')",
        "1\n'last'",
        "for i in range(2):\n    i",
        "(1, 'a')",
        "object()",
        "syntax error here",
    ])
    assert [c["display"] for c in cells[:7]] == ["2", None, None, None, "'last'", None, "(1, 'a')"]
    assert cells[3]["stdout"] == "hi\n"
    assert cells[7]["display"] == "<object object at 0x...>"
    assert cells[8]["error"].startswith("SyntaxError: ")
    assert all(set(c) == set(harness.CELL_KEYS) for c in cells)
    json.dumps(cells)


def test_harness_captures_every_warning_and_stderr():
    cells = harness.run_cells([
        "import warnings, sys\nwarnings.warn('careful')",
        "warnings.warn('careful')\nwarnings.warn('again', DeprecationWarning)\nprint('e', file=sys.stderr)",
    ])
    assert cells[0]["warnings"] == ["UserWarning: careful"]
    assert cells[1]["warnings"] == ["UserWarning: careful", "DeprecationWarning: again"]
    assert cells[1]["stderr"] == "e\n"


@pytest.fixture
def fake_package(tmp_path, monkeypatch):
    """A tiny stand-in for minigrad with the submodules lessons import."""
    name = "fakegrad_for_harness_test"
    root = tmp_path / name
    (root / "nn").mkdir(parents=True)
    (root / "__init__.py").write_text(
        "from . import autograd\n"
        "class Thing:\n"
        "    def __repr__(self):\n"
        f"        return '<{name}.Thing object at ' + hex(id(self)) + '>'\n"
    )
    (root / "autograd.py").write_text("def grad(*args):\n    return 'grad'\n")
    (root / "nn" / "__init__.py").write_text("")
    (root / "nn" / "functional.py").write_text("def relu(x):\n    return 'relu'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    for mod in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[mod]


def _torch_entries():
    return {k: v for k, v in sys.modules.items() if k == "torch" or k.startswith("torch.")}


def test_harness_aliases_torch_and_restores_sys_modules(fake_package):
    before = _torch_entries()
    cells = harness.run_cells([
        "import sys\nimport torch\nimport torch.nn.functional as F\nfrom torch.autograd import grad\n"
        f"torch is sys.modules['{fake_package}'], F is sys.modules['{fake_package}.nn.functional'], "
        "grad(), F.relu(1), torch.__name__",
        "torch.Thing()",
        "import torch.does_not_exist",
    ], backend="minigrad", package=fake_package)
    assert cells[0]["error"] is None, cells[0]
    # the package's name is shown as ``torch`` (normalisation of minigrad runs)
    assert cells[0]["display"] == "(True, True, 'grad', 'relu', 'torch')"
    assert cells[1]["display"] == "<torch.Thing object at 0x...>"
    assert cells[2]["error"].startswith("ModuleNotFoundError: ")
    after = _torch_entries()
    assert after.keys() == before.keys()
    assert all(after[k] is before[k] for k in before)


def test_harness_restores_sys_modules_when_import_fails():
    before = _torch_entries()
    with pytest.raises(ImportError):
        harness.run_cells(["1"], backend="minigrad", package="no_such_package_for_harness_test")
    after = _torch_entries()
    assert after.keys() == before.keys()
    assert all(after[k] is before[k] for k in before)
