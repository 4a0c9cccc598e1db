"""The benchmark compares like with like: its hand-written NumPy floors and the bare engine
(bench/bare_engine.py) compute what minigrad computes on the same workloads. No timing here."""
import os
import sys
from pathlib import Path
from unittest import mock

import numpy as np
import pytest

import minigrad

try:
    import torch
except ImportError:
    torch = None

# bench.py sets one thread for its own process (BLAS's, torch's): not for the tests after this
# one (PyTorch's float sums add in another order on one thread).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
threads = torch.get_num_threads() if torch is not None else None
with mock.patch.dict(os.environ):
    import bare_engine
    import bench
if torch is not None:
    torch.set_num_threads(threads)


def _closed_over(step, name):
    """A variable the step function closes over (its tensor, its parameters)."""
    return dict(zip(step.__code__.co_freevars, step.__closure__))[name].cell_contents


def test_overhead_workload_gives_the_same_gradient_everywhere():
    expected = bench.tiny_numpy()()  # d/dx of ((2x + 1) x).sum() = 4x + 1
    np.testing.assert_array_equal(expected, np.float32([5, 9, 13, 17]))
    for lib in (minigrad, bare_engine):
        step = bench.tiny_autograd(lib)
        x = _closed_over(step, "x")
        step()
        grad = x.grad.numpy() if lib is minigrad else x.grad.data
        assert grad.dtype == np.float32
        np.testing.assert_array_equal(grad, expected)


def test_chain_workload_gives_the_same_gradient_everywhere():
    n = 1000
    expected = bench.chain_numpy(n)()
    for lib in (minigrad, bare_engine):
        step = bench.chain_autograd(lib, n)
        x = _closed_over(step, "x")
        step()
        grad = x.grad.numpy() if lib is minigrad else x.grad.data
        np.testing.assert_array_equal(grad, expected)  # the same products, in the same order


def _mlp_after_one_step(lib):
    step = bench.mlp_autograd(lib)
    params = _closed_over(step, "params")
    loss = step()
    value = loss.item() if lib is minigrad else float(loss.data)
    return value, [p.detach().numpy() if lib is minigrad else p.data for p in params]


def test_mlp_workload_takes_the_same_step_everywhere():
    numpy_step = bench.mlp_numpy()
    loss = numpy_step()
    expected = [_closed_over(numpy_step, name) for name in ("W1", "b1", "W2", "b2")]
    for lib in (minigrad, bare_engine):
        value, params = _mlp_after_one_step(lib)
        # float32 sums in other orders: equal up to rounding, not bit for bit
        assert value == pytest.approx(float(loss), rel=1e-6)
        for got, want in zip(params, expected):
            assert got.dtype == np.float32
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-7)


def test_bare_engine_checks_saved_tensors():
    x = bare_engine.tensor([1.0, 2.0], requires_grad=True)
    a = x * 2
    y = (a * a).sum()
    a -= 1  # a saved input changed in place
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.backward()
