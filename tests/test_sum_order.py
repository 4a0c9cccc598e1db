"""Float sums, means and norms add in PyTorch's CPU order (SumKernel.cpp, ReduceOpsKernel.cpp), so
they give PyTorch's bits.

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


# --- norms (ReduceOpsKernel.cpp's norm kernels): their own order, p=2's "last dim" fast path ---
NORM_SIZES = list(range(1, 71)) + [127, 128, 129, 255, 256, 257, 1000, 4096, 20000]


def _check_norm(a, *args, **kwargs):
    _same(torch.tensor(a).norm(*args, **kwargs), minigrad.tensor(a).norm(*args, **kwargs))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("p", [2, 1, 3, 0.5])
def test_full_norms(dtype, p):
    rng = np.random.default_rng(5)
    for n in NORM_SIZES:
        a = (rng.standard_normal(n) * 3).astype(dtype)
        _check_norm(a, p)
        _check_norm(a.reshape(-1, 1), p, 0)
        _check_norm(a[::-1].copy()[::2], p)  # (strided: not the fast path)
    b = rng.standard_normal(40000).astype(dtype)  # (p != 2: cut among threads)
    if torch.get_num_threads() == derivatives._THREADS:
        _check_norm(b[::2], p)
        _check_norm(b, p)
    _same(torch.linalg.vector_norm(torch.tensor(b), p),
          minigrad.linalg.vector_norm(minigrad.tensor(b), p))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("p", [2, 1, 3])
def test_norms_over_dims(dtype, p):
    rng = np.random.default_rng(6)
    for trial in range(60):
        shape = tuple(rng.integers(1, 70, 2)) if trial % 2 else tuple(rng.integers(1, 20, 3))
        a = rng.standard_normal(shape).astype(dtype)
        for dim in [0, 1, -1, (0, 1), (0, -1)]:
            for x in [a, a.transpose(1, 0, *range(2, a.ndim))]:
                _same(torch.tensor(x).norm(p, dim, keepdim=trial % 3 == 0),
                      minigrad.tensor(x).norm(p, dim, keepdim=trial % 3 == 0))
            _same(torch.tensor(a)[:, ::2].norm(p, dim), minigrad.tensor(a)[:, ::2].norm(p, dim))
        _same(torch.tensor(a).transpose(0, -1).norm(p), minigrad.tensor(a).transpose(0, -1).norm(p))


def test_norms_that_use_them():
    """F.normalize, dist, renorm, clip_grad_norm_ and Embedding's max_norm all take norms."""
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal((2, 37, 29)).astype(np.float32)
    for m in (torch, minigrad):
        m.manual_seed(0)
    for dim in (0, 1):
        _same(torch.nn.functional.normalize(torch.tensor(a), dim=dim),
              minigrad.nn.functional.normalize(minigrad.tensor(a), dim=dim))
    for p in (2, 1, 3):
        _same(torch.dist(torch.tensor(a), torch.tensor(b), p),
              minigrad.dist(minigrad.tensor(a), minigrad.tensor(b), p))
    _same(torch.renorm(torch.tensor(a), 2, 0, 5.0), minigrad.renorm(minigrad.tensor(a), 2, 0, 5.0))
    grads = []
    for m in (torch, minigrad):
        ps = [m.nn.Parameter(m.tensor(x)) for x in (a, b[0], b[:3, :3])]
        for p in ps:
            p.grad = p.detach() * 3
        grads.append((m.nn.utils.clip_grad_norm_(ps, 1.0), ps[0].grad))
    _same(grads[0][0], grads[1][0])
    _same(grads[0][1], grads[1][1])
    weights = []
    for m in (torch, minigrad):
        e = m.nn.Embedding(37, 29, max_norm=1.0)
        with m.no_grad():
            e.weight.copy_(m.tensor(a))
        e(m.tensor([1, 2, 3, 1, 30]))
        weights.append(e.weight)
    _same(*weights)


@pytest.mark.parametrize("dtype", DTYPES)
def test_batch_norm_statistics(dtype):
    """batch_norm's per-channel mean and variance (batch_norm_cpu_collect_stats's order: float64
    sums, or per-thread sums of rows for channels-last input) and the running statistics."""
    if torch.get_num_threads() != derivatives._THREADS:
        pytest.skip("channels-last batch statistics are cut among the threads")
    rng = np.random.default_rng(8)
    shapes = [(3, 4), (2, 5), (16, 8), (100, 3), (33, 17), (7, 6, 1)]
    if dtype == np.float32:  # (float64 with spatial dims: PyTorch fuses x * x + sum, not here)
        shapes += [(1, 3, 8), (3, 5, 7), (64, 10, 30), (2, 3, 4, 4), (5, 3, 2, 2)]
    for shape in shapes:
        xs = [(rng.standard_normal(shape) * 2 + 1).astype(dtype) for _ in range(3)]
        got = []
        for m in (torch, minigrad):
            bn = (m.nn.BatchNorm1d if len(shape) < 4 else m.nn.BatchNorm2d)(shape[1])
            bn = bn.to(getattr(m, dtype.__name__))
            ys = [bn(m.tensor(x)) for x in xs]
            stats = m.batch_norm_update_stats(m.tensor(xs[0]), None, None, 0.1)
            outputs = ys if dtype == np.float32 else []  # (float64: see _native_batch_norm)
            got.append([bn.running_mean, bn.running_var, *stats, *outputs])
        for expected, mine in zip(*got):
            _same(expected, mine)
