"""Float sums and means add in PyTorch's CPU order (SumKernel.cpp), so they give PyTorch's bits.

Random data, compared bit for bit with live PyTorch (NumPy's pairwise order matched on only
15% of this battery)."""
import numpy as np
import pytest

import minigrad
from minigrad import derivatives

torch = pytest.importorskip("torch", reason="PyTorch is the oracle for the summation order")

DTYPES = [np.float32, np.float64]


def _same(expected, got):
    expected, got = expected.detach().numpy(), np.asarray(got.detach().numpy())
    assert expected.shape == got.shape
    assert expected.tobytes() == got.tobytes(), (expected, got)


def _check(a, op, *args, **kwargs):
    _same(getattr(torch.tensor(a), op)(*args, **kwargs), getattr(minigrad.tensor(a), op)(*args, **kwargs))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", ["sum", "mean"])
def test_full_sums_of_rows(dtype, op):
    rng = np.random.default_rng(1)
    sizes = list(range(1, 70)) + [127, 128, 129, 255, 256, 257, 1000, 4096, 4097, 20000, 32767]
    sizes += rng.integers(1, 32768, 40).tolist()
    for n in sizes:
        a = (rng.standard_normal(n) * 100).astype(dtype)
        _check(a, op)
        _check(a, op, 0)
        _check(a, op, -1, keepdim=True)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("op", ["sum", "mean"])
def test_dims_of_2d_and_3d(dtype, op):
    rng = np.random.default_rng(2)
    for trial in range(150):
        shape = tuple(rng.integers(1, 300, 2)) if trial % 2 else tuple(rng.integers(1, 40, 3))
        a = rng.standard_normal(shape).astype(dtype)
        for dim in [0, 1, -1, (0, 1), (-2, -1)]:
            _check(a, op, dim, keepdim=bool(trial % 3 == 0))
        _check(a, op)


def test_sums_in_another_dtype_and_of_zeros():
    a = np.random.default_rng(3).standard_normal((37, 41)).astype(np.float32)
    _same(torch.tensor(a).sum(dtype=torch.float64), minigrad.tensor(a).sum(dtype=minigrad.float64))
    _same(torch.tensor(a).mean(1, dtype=torch.float64), minigrad.tensor(a).mean(1, dtype=minigrad.float64))
    _check(np.array([-0.0, -0.0], np.float32), "sum")
    _check(np.zeros((0, 3), np.float32), "sum", 0)


def test_long_full_sums_split_among_threads():
    """PyTorch cuts a full sum of 32768+ elements among its threads; minigrad assumes one thread
    per CPU it may use."""
    if torch.get_num_threads() != derivatives._THREADS:
        pytest.skip(f"torch uses {torch.get_num_threads()} threads here, minigrad assumes "
                    f"{derivatives._THREADS}")
    rng = np.random.default_rng(4)
    for n in [32768, 40001, 100352, 250000]:
        for dtype in DTYPES:
            a = rng.standard_normal(n).astype(dtype)
            _check(a, "sum")
            _check(a.reshape(-1, 1), "mean")
    b = rng.standard_normal((784, 128)).astype(np.float32)
    _check(b, "sum")
    _check(b, "sum", 0)
    _check(b, "mean", 1)
