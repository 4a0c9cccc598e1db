"""Anomaly mode's warnings in full, and the engine's report of post-accumulate-grad hooks.

The semantics cases compare the anomaly warning's first and last lines and the notebook cells'
frames; here the same script file runs under PyTorch and under minigrad, so the whole warning
text (file paths and source lines of the forward call included) can be compared exactly.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import minigrad  # noqa: E402
from minigrad.autograd import backward_run  # noqa: E402

try:
    import torch  # noqa: F401
except ImportError:
    torch = None
needs_torch = pytest.mark.skipif(torch is None, reason="PyTorch 2.13 not installed: live oracle skipped")

SCRIPT = textwrap.dedent("""
    import sys, warnings
    torch = __import__(sys.argv[1])

    def layer(t):
        return t.sqrt() * 2

    def model(t):
        h = layer(t)
        return h.sum()

    x = torch.tensor([-1., 4.], requires_grad=True)
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        with torch.autograd.detect_anomaly():
            loss = model(x)
            try:
                loss.backward()
            except RuntimeError as e:
                print("error:", e)
            y = x.exp()
            y.add_(1)
            try:
                torch.autograd.grad(y.sum(), x)
            except RuntimeError as e:
                print("error:", e)
    for w in ws:
        print(w.category.__name__, repr(str(w.message)))
    """)


def _run(lib: str, path: Path) -> str:
    out = subprocess.run([sys.executable, str(path), lib], capture_output=True, text=True,
                         check=True, cwd=str(Path(__file__).resolve().parents[1]))
    return out.stdout.replace(lib, "torch")


@needs_torch
def test_anomaly_warnings_match_pytorch_in_full(tmp_path):
    path = tmp_path / "forward.py"
    path.write_text(SCRIPT, encoding="utf-8")
    mine = _run("minigrad", path)
    assert "'Error detected in SqrtBackward0. Traceback of forward call that caused the error:" in mine
    assert f'  File "{path}", line 9, in model\\n    h = layer(t)\\n' in mine, mine
    assert "Good luck!" in mine
    assert mine == _run("torch", path)


def test_traceback_recorded_only_in_anomaly_mode():
    x = minigrad.tensor([1., 2.], requires_grad=True)
    assert (x * 2).grad_fn.metadata == {}
    with minigrad.autograd.set_detect_anomaly(True):
        y = x * 2  # the line the node remembers
    stack = y.grad_fn.metadata["traceback_"]
    assert stack[-1].endswith("y = x * 2  # the line the node remembers\n")
    assert not any("minigrad" + "/" in frame.partition(",")[0] for frame in stack)
    assert not minigrad.is_anomaly_enabled()


def test_post_accumulate_hook_reported_in_step():
    x = minigrad.tensor([1., 2.], requires_grad=True)
    seen = []

    def hook(t):
        seen.append(t.grad.tolist())
    x.register_post_accumulate_grad_hook(hook)
    steps = list(backward_run((x * 3).sum()))
    acc = steps[-1]
    assert acc.node.name() == "minigrad::autograd::AccumulateGrad"
    assert acc.hooks == [("post_accumulate", hook, x, None)]
    assert acc.accumulated[0][0] is x and seen == [[3., 3.]]
    assert all(not s.hooks for s in steps[:-1])
