"""gradcheck for every row of minigrad's derivative table.

Every ``Op`` row of ``minigrad/derivatives.py`` must appear in the graph of at least
one case below (``test_every_table_row_is_covered`` walks the table, so a new row
without a case fails).  Each case is checked three ways:

* ``minigrad.autograd.gradcheck`` (float64, finite differences) passes;
* the gradients equal PyTorch's for the same function (live oracle, skipped with the
  reason shown when PyTorch is not installed);
* PyTorch's own ``gradcheck`` accepts the same function (so the case is a fair one).

Also: gradcheck fails (False / GradcheckError, a RuntimeError) for a wrong custom
backward, and warns about float32 inputs with PyTorch's text.
"""

from __future__ import annotations

import functools
import json
import re
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import minigrad  # noqa: E402
from minigrad import derivatives  # noqa: E402
from minigrad.autograd.function import Op  # noqa: E402
from minigrad.autograd.gradcheck import GradcheckError, gradcheck  # noqa: E402

try:
    import torch
except ImportError:  # pragma: no cover - depends on the environment
    torch = None

needs_torch = pytest.mark.skipif(torch is None, reason="PyTorch 2.13 not installed: live oracle skipped")
SEMANTICS = Path(__file__).resolve().parent / "oracle" / "semantics.json"

_rng = np.random.default_rng(2013)


def _u(*shape, lo=-1.0, hi=1.0):
    return _rng.uniform(lo, hi, shape)


def _away(*shape, lo=0.2, hi=1.0):
    """Values whose magnitude is in [lo, hi], random signs: away from kinks at 0."""
    return _u(*shape, lo=lo, hi=hi) * _rng.choice([-1.0, 1.0], shape)


def _pos(*shape):
    return _u(*shape, lo=0.5, hi=2.0)


A23, B23, C23 = _away(2, 3), _away(2, 3), _away(2, 3)
B3, B21 = _away(3), _away(2, 1)
P23, P3 = _pos(2, 3), _pos(3)
M34, V3, W3, V2 = _u(3, 4), _u(3), _u(3), _u(2)
T223, T232, M32 = _u(2, 2, 3), _u(2, 3, 2), _u(3, 2)
UNIQUE23 = np.array([[0.3, -1.2, 2.0], [0.1, 0.9, -0.7]])   # distinct values: max/min unambiguous
S1 = _u(1, 3, 1)
SQ22 = np.array([[2.0, 0.5], [-0.3, 1.5]])                      # well-conditioned, for inv
SQ222 = np.array([[[1.5, -0.4], [0.2, 1.1]], [[0.9, 0.3], [-0.6, 2.0]]])


def F(L):
    return L.nn.functional


class Cases:
    """name -> (function(L, *inputs), [input arrays], gradcheck kwargs)."""

    def __init__(self):
        self.cases = {}

    def add(self, name, fn, *arrays, **kwargs):
        assert name not in self.cases
        self.cases[name] = (fn, arrays, kwargs)


C = Cases()
# arithmetic (with broadcasting: the engine un-broadcasts)
C.add("add", lambda L, a, b: a + b, A23, B3)
C.add("add_scalar", lambda L, a: 2.5 + a, A23)
C.add("sub", lambda L, a, b: a - b, A23, B21)
C.add("rsub", lambda L, a: 2 - a, A23)
C.add("mul", lambda L, a, b: a * b, A23, B21)
C.add("div", lambda L, a, b: a / b, A23, P3)
C.add("div_scalar", lambda L, a: a / 3, A23)
C.add("reciprocal", lambda L, b: 2 / b, P23)
C.add("neg", lambda L, a: -a, A23)
C.add("pow_scalar", lambda L, b: (b ** 3, b ** 2.5, b.pow(2), b ** 0), P23)
C.add("pow_tensor", lambda L, b, e: b ** e, P23, A23)
C.add("rpow", lambda L, a: 2 ** a, A23)
# unary
C.add("exp", lambda L, a: a.exp(), A23)
C.add("log", lambda L, b: L.log(b), P23)
C.add("sqrt", lambda L, b: b.sqrt(), P23)
C.add("abs", lambda L, a: a.abs(), A23)
C.add("sgn", lambda L, a: a.sgn() * a, A23)
C.add("sigmoid", lambda L, a: a.sigmoid(), A23)
C.add("tanh", lambda L, a: L.tanh(a), A23)
C.add("relu", lambda L, a: a.relu(), A23)
C.add("clamp", lambda L, a: (a.clamp(-0.5, 0.5), L.clamp(a, min=0.1), a.clamp(max=-0.1)), A23)
C.add("where", lambda L, a, b: L.where(a > 0, a, b), A23, B23)
C.add("to_dtype", lambda L, a: a.float().double(), A23, eps=1e-3, atol=1e-3)
C.add("clone", lambda L, a: a.clone(), A23)
# linear algebra
C.add("mm", lambda L, a, m: a @ m, A23, M34)
C.add("dot", lambda L, v, w: v @ w, V3, W3)
C.add("mv", lambda L, a, v: L.matmul(a, v), A23, V3)
C.add("matmul_1d_2d", lambda L, v, a: v @ a, V2, A23)
C.add("bmm", lambda L, x, y, m: (x @ y, x @ m), T223, T232, M32)
C.add("matmul_2d_3d", lambda L, a, y: a @ y, A23, T232)
C.add("linalg_inv", lambda L, q, s: (L.linalg.inv(q), L.inverse(s)), SQ22, SQ222)
# reductions
C.add("sum", lambda L, a: (a.sum(), a.sum(0), a.sum(1, keepdim=True), a.sum((0, 1))), A23)
C.add("mean", lambda L, a: (a.mean(), a.mean(0), a.mean(1, keepdim=True)), A23)
C.add("max_min", lambda L, a: (a.max(), a.min(), L.max(a, 1).values, a.min(0, keepdim=True).values),
      UNIQUE23)
C.add("std", lambda L, a: (a.std(), a.std(0), a.std(1, unbiased=False), a.std(1, keepdim=True)), A23)
C.add("norm", lambda L, a: (a.norm(), L.norm(a, dim=1), a.norm(p=1), a.norm(p=3, dim=0),
                            a.norm(p=float("inf"))), UNIQUE23)
# views
C.add("view", lambda L, a: (a.view(6), a.view(3, 2), a.reshape(-1), a.t().reshape(3, 2, 1)), A23)
C.add("unsafe_view", lambda L, a: a.t().reshape(6), A23)
C.add("expand", lambda L, b: b.expand(2, 3), B21)
C.add("transpose", lambda L, a: (a.transpose(0, 1), a.t(), a.T, a.permute(1, 0)), A23)
C.add("squeeze", lambda L, s: (s.squeeze(), s.squeeze(0), s.squeeze(1), s.squeeze((0, 2)),
                               s.unsqueeze(0), s.unsqueeze(-1)), S1)
C.add("basic_indexing", lambda L, a: (a[1], a[:, 1:], a[0, ::2], a[..., 1], a[None], a[...], a[0][1]), A23)
C.add("advanced_indexing", lambda L, a: (a[[0, 1, 1]], a[a > 0], a[[0, 1], [2, 0]],
                                         a[L.tensor([1, 0])]), A23)
# gather and scatter (no index repeats within a row for scatter: which write wins is unspecified)
C.add("gather_scatter", lambda L, a, s: (a.gather(1, L.tensor([[2, 0], [1, 1]])),
                                         L.gather(a, 0, L.tensor([[1, 0, 1]])),
                                         a.scatter(1, L.tensor([[2, 0], [1, 0]]), s),
                                         L.scatter(a, 0, L.tensor([[1, 0]]), 7.0),
                                         a.scatter_add(-1, L.tensor([[2, 2], [0, 1]]), s)), A23, _u(2, 2))
# writing into tensors
C.add("index_put", lambda L, a, b: _index_put(L, a, b), A23, V2)
C.add("setitem_copyslices", lambda L, a, w: _setitem(L, a, w), A23, B3)
C.add("copy_", lambda L, a, b: (a * 1).copy_(b), A23, B23)
C.add("zero_fill_on_views", lambda L, a: _zero_fill(L, a), A23)
C.add("inplace_chain", lambda L, a, b, c: _inplace_chain(L, a, b, c), A23, P23, B23)
C.add("inplace_on_view", lambda L, a, w: _inplace_view(L, a, w), A23, B3)
# neural-network functions
C.add("softmax", lambda L, a: (F(L).softmax(a, dim=1), F(L).softmax(a, 0), F(L).log_softmax(a, 1)), A23)
C.add("mse_loss", lambda L, a, t: (F(L).mse_loss(a, t), F(L).mse_loss(a, t, reduction="sum"),
                                   F(L).mse_loss(a, t, reduction="none")), A23, B23)
C.add("nll_loss", lambda L, a: (F(L).nll_loss(F(L).log_softmax(a, 1), L.tensor([2, 0])),
                                F(L).nll_loss(a, L.tensor([1, 1]), reduction="sum"),
                                F(L).nll_loss(a, L.tensor([0, 2]), reduction="none"),
                                F(L).cross_entropy(a, L.tensor([1, 0]))), A23)
C.add("cat_stack", lambda L, a, b: (L.cat([a, b]), L.cat([a, b], 1), L.stack([a, b], 1)), A23, B23)
# custom Function
C.add("custom_function", lambda L, a, w: _custom(L, a, w), A23, B3)
# second derivatives: the formulas are differentiable themselves
C.add("double_backward", lambda L, a: _double(L, a), A23)
C.add("double_backward_nn", lambda L, a, t: _double_nn(L, a, t), A23, B23)
C.add("double_backward_views", lambda L, a, w: _double_views(L, a, w), A23, B3)
C.add("double_backward_powers", lambda L, a, b: _double_powers(L, a, b), P23, A23)
C.add("double_backward_max_dim", lambda L, a, w: _double_max_dim(L, a, w), UNIQUE23, B3)
# API gaps (helper h3): alpha, reductions in a dtype, softmax functions, random fills
C.add("add_sub_alpha", lambda L, a, b: (L.add(a, b, alpha=2), a.sub(b, alpha=0.5), L.sub(a, 2, alpha=3),
                                        (a * 1).add_(b, alpha=-1.5),
                                        L.autograd.grad(L.add(a, a * a, alpha=3).sum(), a,
                                                        create_graph=True)[0]), A23, B3)
C.add("sum_mean_dtype", lambda L, a: (a.sum(0, dtype=L.float64), L.mean(a, dtype=L.float64),
                                      a.float().sum(dtype=L.float64), a.float().mean(1, dtype=L.float64)),
      A23, eps=1e-3, atol=1e-3)
C.add("softmax_functions", lambda L, a: (L.softmax(a, 1), a.log_softmax(0),
                                         L.softmax(a.float(), 1, dtype=L.float64)),
      A23, eps=1e-3, atol=1e-3)
C.add("random_draws", lambda L, a: _random_fills(L, a), A23)
C.add("masked_fill", lambda L, a, w: (a.masked_fill(a > 0, 0.5), L.masked_fill(a, a < 0, w.sum()),
                                      L.autograd.grad(a.max(), a, w.sum(), create_graph=True)[0],
                                      L.autograd.grad(a.min(), a, w[0] * a[0, 0], create_graph=True)[0]),
      UNIQUE23, B3)

# elementwise ops (helper h1); TIES23 equals A23 in three places: maximum/minimum split there
TIES23 = np.where([[True, False, True], [False, True, False]], A23, B23)
C.add("sin_cos", lambda L, a: (a.sin(), L.cos(a), L.sin(a) * a.cos()), A23)
C.add("rsqrt_log1p_expm1", lambda L, b, a: (b.rsqrt(), L.rsqrt(b), L.log1p(b), a.log1p(), a.expm1(),
                                            L.expm1(b)), P23, A23)
C.add("square_reciprocal", lambda L, a, b: (L.square(a), a.square(), L.reciprocal(b), b.reciprocal()),
      A23, P23)
C.add("floor_ceil_round", lambda L, a: (a.floor() + a, L.ceil(a) * a, a.round(), L.round(a * 3),
                                        L.round(a, decimals=1), a.round(decimals=-1) + a), A23 * 4)
C.add("maximum_minimum", lambda L, a, b, c, t: (L.maximum(a, b), a.minimum(c), L.minimum(c, b),
                                                a.maximum(t), L.minimum(t, a)), A23, B23, B21, TIES23)
C.add("inplace_elementwise", lambda L, a: _inplace_elementwise(L, a), A23)
C.add("double_backward_elementwise", lambda L, a, b, t: _double_elementwise(L, a, b, t), A23, P23, B23)


def _inplace_elementwise(L, a):
    y = a * 1
    y.abs_()
    y.sqrt_()       # saves its result: the last in-place op on y
    u = a * a
    u.log_()
    z = a * 1
    z.sin_()
    z.cos_()
    return y, u, z


def _double_elementwise(L, a, b, t):
    """Gradients of sin, cos, rsqrt, log1p, expm1, maximum and minimum with seeds that depend on
    the inputs: their formulas' graphs (AddBackward1, where, masked_fill_, ...) are differentiated
    (no ties: across one, maximum's gradient jumps)."""
    gs = []
    for y, seed in ((a.sin(), b), (a.cos(), b), (b.rsqrt(), a), (b.log1p(), a), (a.expm1(), b),
                    (L.maximum(a, t), b), (L.minimum(t, a), a * b)):
        gs += L.autograd.grad(y, (a, b, t), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


# reductions and shape ops (helper h2); Z34 has zeros: prod's gradient takes its safe path
Z34 = np.array([[2.0, 0.0, 3.0, 0.5], [1.0, 2.0, 0.0, 3.0], [0.7, 1.0, 1.5, -1.0]])
C.add("prod", lambda L, a, z: (a.prod(), L.prod(a, 1), a.prod(0, keepdim=True), z.prod(0),
                               z.prod(-1), z.prod(), z[0].prod()), A23, Z34)
C.add("var", lambda L, a: (a.var(), a.var(0), L.var(a, 1, unbiased=False),
                           a.var(1, keepdim=True, correction=0)), A23)
C.add("amax_amin", lambda L, a: (a.amax(), a.amax(1), L.amin(a, 0, keepdim=True), a.amin((0, 1))),
      UNIQUE23)
C.add("logsumexp", lambda L, a: (a.logsumexp(1), L.logsumexp(a, (0, 1)),
                                 a.logsumexp(0, keepdim=True)), A23)
C.add("cumsum_flip_repeat", lambda L, a: (a.cumsum(1), L.cumsum(a, 0), a.flip(0), L.flip(a, (0, 1)),
                                          a.repeat(2, 1, 2), a.repeat(1, 3)), A23)
C.add("flatten_contiguous", lambda L, a: (a.flatten(), a.t().flatten(), a.t().contiguous()), A23)
C.add("unbind_split_chunk", lambda L, a: (*a.unbind(1), *L.split(a, 2, 1), *a.split([1, 2], 1),
                                          *L.chunk(a, 2, 0), L.unbind(a)[1] * a.split(1, 1)[2]), A23)
C.add("double_backward_reductions", lambda L, a, w: _double_reductions(L, a, w), UNIQUE23, B3)
C.add("double_backward_prod_zeros", lambda L, z, w: _double_prod_zeros(L, z, w), Z34, B3)


def _double_reductions(L, a, w):
    """Gradients of the h2 reductions and shape ops with seeds that depend on the inputs (one
    output of unbind or split: the others get zeros in its backward)."""
    gs = []
    for y, seed in ((a.unbind(1)[2], w[:2]), (a.split(2, 1)[1], a[:, :1] * w[1]),
                    (a.split([2, 1], 1)[0], a[:, 1:] * w[0]), (a.prod(1), w[:2]), (a.var(0), w), (a.amax(1), w[:2] * w[2]),
                    (a.amin(0, keepdim=True), w[None] * a[:1]), (a.logsumexp(1), w[1:] * a[0, 1:]),
                    (a.cumsum(1), a * w), (a.flip(1), a * w), (a.repeat(1, 2), a.repeat(1, 2) * w[0])):
        gs += L.autograd.grad(y, (a, w), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


def _double_prod_zeros(L, z, w):
    """prod's gradient with zeros in the input goes through cumprod: its backward (both forms,
    with and without zeros in cumprod's input) is differentiated here."""
    return (L.autograd.grad(z.prod(1), z, w, create_graph=True)[0],
            L.autograd.grad(z.prod(0), z, L.cat([w, w[:1]]), create_graph=True)[0],
            L.autograd.grad(z[0].prod(), z, w[0], create_graph=True)[0],
            L.autograd.grad(z[0, :2].prod(), z, w[1], create_graph=True)[0])  # one cumprod without 0


def _random_fills(L, a):
    """uniform_, normal_ and bernoulli record a node whose gradient is zero; from == to,
    std == 0 and probabilities 1 make the draws constant, so finite differences see a function."""
    y = a * 1
    y[1].uniform_(0.5, 0.5)
    z = a * 2
    z.normal_(0.25, 0.0)
    return y + a, z * a, L.bernoulli(a * 0 + 1) * a


def _index_put(L, a, b):
    y = a * 1
    y[[0, 1], [1, 2]] = b
    z = a * 2
    z[a > 0] = 0.5
    return y, z


def _setitem(L, a, w):
    y = a * 1
    y[0] = w
    y[1, 1] = 3.0
    return y


def _zero_fill(L, a):
    w = a * 1
    w[...] = 0.5
    v = a * 1
    v[:, :] = 1.5
    y = a * 1
    y[1].zero_()
    y[:, 0].fill_(2.0)
    z = a * 3
    z.zero_()
    u = a * 1
    u.fill_(0.25)
    return y, z + u + a + w * v


def _inplace_chain(L, a, b, c):
    y = a * 1
    y.mul_(b)
    y.add_(c)
    y.sub_(0.5)
    y.div_(b)
    y.pow_(2)
    y.neg_()
    e, s, t = y * 1, y * 1, y * 1
    e.exp_()        # these save their result: nothing may modify it afterwards
    s.sigmoid_()
    t.tanh_()
    z = a * 1
    z.clamp_(max=0.5)
    z.relu_()
    return e, s, t, z


def _inplace_view(L, a, w):
    y = a * 1
    v = y[0]
    v.mul_(w)
    t = y.t()
    t.add_(1.0)
    return y, v


def _custom(L, a, w):
    class Scale(L.autograd.Function):
        @staticmethod
        def forward(ctx, x, factor, z):
            ctx.factor = factor
            ctx.save_for_backward(x, z)
            return x * factor * z

        @staticmethod
        def backward(ctx, grad):
            x, z = ctx.saved_tensors
            return grad * ctx.factor * z, None, (grad * ctx.factor * x).sum(0)

    class Cube(L.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x * x

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            return 3 * x * x * grad

    return Scale.apply(a, 2.0, w), Cube.apply(a)


def _double(L, a):
    y = ((a.exp() * a.sigmoid()).sum() + (a ** 3).sum() + a.norm() + (a.tanh() * a).sum()
         + (a.relu() * a).sum() + (a * a.mean()).sum())
    (g,) = L.autograd.grad(y, a, create_graph=True)
    return g


def _double_nn(L, a, t):
    """Gradients of the nn functions, with seeds that depend on the inputs: every formula of
    their backward rows (SoftmaxBackwardDataBackward0, MseLossBackwardBackward0, ...) is used."""
    f, gs = F(L), []
    for y, seed in ((f.softmax(a, 1), t), (f.log_softmax(a, 0), t),
                    (f.mse_loss(a, t), (t * t).sum()), (f.mse_loss(a, t, reduction="sum"), t.sum()),
                    (f.mse_loss(a, t, reduction="none"), t),
                    (f.nll_loss(a, L.tensor([2, 0])), t.sum()),
                    (f.nll_loss(a, L.tensor([1, 1]), reduction="none"), t[0, :2]),
                    (f.cross_entropy(a[1], L.tensor(0)), t[0, 0])):
        gs += L.autograd.grad(y, (a, t), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


def _double_powers(L, a, b):
    """pow, sqrt, 2 ** x and the norms: their backward formulas use PyTorch's Scalar overloads
    (MulBackward1, SubBackward1) and in-place masked_fill_ and pow_, recorded here."""
    gs = []
    for y in (a ** b, a.sqrt(), 2 ** b, b.norm(), b.norm(p=1.5), b.norm(p=3, dim=1),
              b.norm(p=0.5), b.norm(p=float("inf"), dim=0)):
        gs += L.autograd.grad(y.sum(), (a, b), create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


def _double_max_dim(L, a, w):
    """max(dim)/min(dim) send their gradient back with scatter; its backward is a gather."""
    return (L.autograd.grad(a.max(1).values, a, w[:2] * w[2], create_graph=True)[0],
            L.autograd.grad(a.min(0, keepdim=True).values, a, w[None] * a[:1], create_graph=True)[0])


def _double_views(L, a, w):
    """Gradients through select, slice, index and squeeze with seeds that depend on the inputs:
    their backward rows (SelectBackwardBackward0, SliceBackwardBackward0, IndexPutImplBackward0)
    and squeeze's unsqueezes are recorded and differentiated."""
    gs = []
    for y, seed in ((a[1], w), (a[:, 1:], a[:, :2] * w[0]), (a[[0, 1, 1]], w * a[[1, 0, 0]]),
                    (a[None].squeeze(0), a * w), (a[None].squeeze(), a * w),
                    (a[None].squeeze((0,)), a * w)):
        gs += L.autograd.grad(y, (a, w), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


# part "math": max/min of two tensors, %, fmod, div(rounding_mode), sort, topk, ... (helper);
# N23/D23: no quotient near an integer, where remainder and fmod jump
N23 = np.array([[5.3, -4.7, 2.2], [0.9, -1.3, 3.7]])
D23 = np.array([[1.7, 2.1, -0.9], [0.4, 0.55, -1.6]])
C.add("max_min_of_two_tensors", lambda L, a, b: (L.max(a, b), a.min(b), L.min(b, other=a)), A23, B23)
C.add("remainder_fmod", lambda L, a, b: (a % b, L.remainder(a, 1.5), a % -1.5, L.fmod(a, b),
                                         a.fmod(-1.5), L.div(a, b, rounding_mode="floor") * a,
                                         L.div(a, 2.0, rounding_mode="trunc") * a), N23, D23)
C.add("sort_topk", lambda L, a: (L.sort(a).values, a.sort(0, descending=True).values,
                                 L.sort(a, stable=True, descending=True).values, a.topk(2).values,
                                 L.topk(a, 1, dim=0, largest=False).values, L.sort(a[0, 0]).values,
                                 a.topk(3, sorted=False).values), UNIQUE23)
C.add("double_backward_sort_topk", lambda L, a, w: (
    L.autograd.grad(a.sort(1).values, a, a * w, create_graph=True)[0],
    L.autograd.grad(a.topk(2).values, a, a[:, :2] * w[0], create_graph=True)[0]), UNIQUE23, B3)
C.add("sign", lambda L, a: (L.sign(a) * a, a.sign()), A23)
C.add("diag_trace_outer_tile", lambda L, a, v, w: (
    L.diag(v), L.diag(v, -1) * 2, a.diag(), L.diag(a, 1), a.diagonal(), L.diagonal(a, -1, 1, 0),
    a[:, :2].trace(), L.trace(a), L.outer(v, w[:2]), a.tile((2,)), L.tile(v, (2, 1))), A23, V3, W3)
C.add("index_fill_select", lambda L, a, c: (a.index_fill(1, L.tensor([0, 2]), 0.5),
                                            L.index_fill(a, 0, L.tensor([1]), c[0]),
                                            a.index_select(1, L.tensor([2, 0, 2]))), A23, V3)
C.add("double_backward_diag_trace", lambda L, a, v, w: _double_diag_trace(L, a, v, w), A23, V3, W3)


def _double_diag_trace(L, a, v, w):
    """diag's gradients are diagonals (views) and diagonal_backward; trace's an index_fill_ of
    zeros, whose value gradient is an index_select."""
    gs = []
    for y, x, seed in ((L.diag(v), v, v[:, None] * w), (L.diag(a), a, a[:, 0] * w[:2]),
                       (a.diagonal(1), a, a[:, 2] * w[1:]), (L.trace(a * a), a, w.sum())):
        gs += L.autograd.grad(y, x, seed, create_graph=True)
    i = L.tensor([0, 2])
    y = a.index_fill(1, i, v[0]).index_select(1, i)
    gs += L.autograd.grad(y, (a, v), y * w[0], create_graph=True)
    return tuple(gs)


C.add("linalg_norms", lambda L, a: (L.linalg.vector_norm(a), L.linalg.vector_norm(a, 1, dim=1),
                                    L.linalg.vector_norm(a, -float("inf"), 0, keepdim=True),
                                    L.linalg.vector_norm(a, 0.5), L.linalg.vector_norm(a, -2, dim=1),
                                    L.linalg.norm(a, "fro"), L.linalg.norm(a, float("inf")),
                                    L.linalg.matrix_norm(a, -1)), UNIQUE23)
C.add("double_backward_remainder_fmod", lambda L, a, b: _double_remainder_fmod(L, a, b), N23, D23)


# in-place forms, trunc/frac, clamp bounds, roll, cumprod(dtype), and the shape in-place methods
def _inplace_more(L, a, b):
    y = a * 3
    y.trunc_()
    f = (a * 3).frac_() * a  # frac's gradient is 1
    m = a * 1
    m.clamp_min_(-0.3)
    m.clamp_max_(0.5)
    s = a * 1
    s.t_()
    s.unsqueeze_(1)
    s.transpose_(0, 2)
    s.squeeze_(1)
    s.squeeze_((0, 1))
    s.unsqueeze_(0)
    s.squeeze_()
    return (y + a, L.trunc(a * 3) * a, L.frac(a * 3), f, m, L.clamp_min(a, b), L.clamp_max(b, a),
            a.clamp_min(0.1), L.clamp_max(a, -0.1), s * b, L.roll(a, (1, -1), (0, 1)),
            a.roll(2), L.cumprod(a, 1, dtype=L.float64))


C.add("inplace_more", lambda L, a, b: _inplace_more(L, a, b), A23, B23)


def _double_remainder_fmod(L, a, b):
    """other's gradient of remainder (fmod) is -grad * a.div(b, rounding_mode) (DivBackward2)."""
    gs = []
    for y in (a % b, L.fmod(a, b)):
        gs += L.autograd.grad(y, (a, b), a * b, create_graph=True)
    return tuple(gs)


# forward-mode AD (autograd/forward_ad.py): unpack_dual's primal is a view whose node is PyTorch's
# Identity; the other rows with a forward derivative alone (see FORWARD_AD_CASES at the end)
def _fw_primal(L, a):
    fwAD = L.autograd.forward_ad
    with fwAD.dual_level():
        return fwAD.unpack_dual(fwAD.make_dual(a, L.ones_like(a))).primal * 2


def _forward_ad_more(L, a, b):
    c = a * 1  # (in-place view ops need a tensor that is not a leaf)
    return (a.sign() * a, a.tan(), a.sinh(), a.cosh(), L.rsub(a, b), a[0], a[:, 1:],
            a[L.tensor([1, 0])], a.permute(1, 0), a.unsqueeze(0), a[None].squeeze(0),
            a[None].squeeze((0,)), 2.5 - a, a * 2, a - 2, c.t_(), c.unsqueeze_(0), c.squeeze_(),
            c.transpose_(0, 1), c.unsqueeze_(2).squeeze_(2), L.atleast_3d(a * 1).squeeze_((0,)),
            L.func.grad(lambda x: (x * x * b).sum())(a))  # (an input that requires grad: alias)


def _forward_ad_elementwise(L, a, p):
    h = a * 0.5  # (inside (-1, 1): asin, acos, atanh)
    return (a.expm1(), p.rsqrt(), a.atan(), a.erf(), F(L).gelu(a), F(L).gelu(a, approximate="tanh"),
            F(L).silu(a), F(L).leaky_relu(a, 0.1), F(L).elu(a), F(L).softplus(a), F(L).hardtanh(a, -0.5, 0.5),
            a.clamp(-0.5, 0.5), a.clamp(min=0.1), h.asin(), h.acos(), (p + 1).acosh(), a.asinh(), h.atanh(),
            p.log2(), p.log10(), a.exp2(), a.erfc(), a.floor(), a.ceil(), a.round(), a.trunc(),
            a.sigmoid().logit(), F(L).threshold(a, 0.1, 2.0), F(L).hardsigmoid(a), F(L).hardswish(a),
            F(L).mish(a), F(L).celu(a), F(L).softshrink(a, 0.1), F(L).hardshrink(a, 0.1))


def _forward_ad_linear(L, a):
    return (a.flip(0), a.roll(1, 1), a.repeat(2, 1), a.gather(1, L.tensor([[0], [2]])),
            a.index_select(1, L.tensor([2, 0])), L.diag_embed(a), a[:, :2].trace(), a.tril(), a.triu(1),
            a.cumsum(1), L.take(a, L.tensor([0, 4])), a.masked_select(a > 0),
            F(L).embedding(L.tensor([1, 0, 1]), a), a.diagonal(), a.unfold(1, 2, 1))


def _forward_ad_reductions(L, a, b):
    c = L.cat([a[:1], a[:1] * 0, a])  # (a zero in each column: prod's and cumprod's other branch)
    return (a.prod(), a.prod(1), c.prod(0, keepdim=True), c.prod(), a.max(), a.min(), a.max(1).values,
            a.min(0, keepdim=True).values, a.amax(1), a.amin((0, 1)), L.linalg.vector_norm(a),
            L.linalg.vector_norm(a, 1, 1), L.linalg.vector_norm(a, 3, 0, keepdim=True),
            L.linalg.vector_norm(a, float("inf"), 1), L.linalg.vector_norm(a, 1.5), L.linalg.vector_norm(a, 0.5),
            L.dist(a, b), L.dist(a, b, 3), a.var(), a.var(1, keepdim=True), a.std(), a.std(0), a.logsumexp(1),
            a.logsumexp((0, 1), keepdim=True), a.cumprod(1), c.cumprod(0), F(L).pairwise_distance(a, b, 3),
            L.norm_except_dim(a[0, 0], 3, -1),  # (a 0-d one: PyTorch's rule keeps 2-d dims and fails)
            *L.var_mean(a, 1), *L.std_mean(a, 0, keepdim=True), *L.aminmax(a), *L.aminmax(a, dim=1))


def _forward_ad_binary(L, a, b):
    return (a.masked_fill(a > 0, 2.0), a.masked_fill(b > 0, b[0, 0]), L.maximum(a, b), L.minimum(a, b[0]),
            (a * a).log1p(), a.clamp(b[0] - 0.5, b[:, :1] + 0.5), a.clamp(min=b), a.clamp(max=b[0]),
            a.clamp_min(0.1), a.clamp_max(0.1), a.clamp_min(b), a.clamp_max(b), L.atan2(a, b), L.lerp(a, b, 0.3),
            L.lerp(a, b, b.sigmoid()), L.addcmul(a, a, b, value=0.5), L.addcdiv(a, b, a * a + 1, value=2),
            L.addmm(b[0, :2], a, b.t()), L.addmm(a, a, L.eye(3, dtype=a.dtype), beta=0.5, alpha=2),
            L.addmv(a[:, 0], a, b[0], alpha=3), L.baddbmm(a[None, :, :2], a[None], (b.t() * b[0, :, None])[None], beta=2),
            F(L).logsigmoid(a), F(L).binary_cross_entropy(a.sigmoid(), b.sigmoid()),
            F(L).binary_cross_entropy(a.sigmoid(), b.sigmoid(), weight=L.tensor([1.0, 2.0, 3.0], dtype=a.dtype), reduction="none"),
            F(L).binary_cross_entropy_with_logits(a, b.sigmoid()),
            F(L).binary_cross_entropy_with_logits(a, b.sigmoid(), pos_weight=L.tensor([1.0, 2.0, 3.0], dtype=a.dtype),
                                                 reduction="sum"),
            F(L).smooth_l1_loss(a, b), F(L).smooth_l1_loss(a, b, beta=0.5, reduction="none"),
            F(L).huber_loss(a, b, delta=0.5), F(L).huber_loss(a, b, reduction="sum"))


def _forward_ad_writes(L, a, b):
    c, d, e, g = a * 1, a * 1, a * 1, L.zeros(4, 3, dtype=a.dtype)
    c[0] = b[1]  # (a view's copy_: CopySlices)
    d.fill_(2.0)[1].fill_(b[0, 0])
    e[L.tensor([0, 1]), L.tensor([2, 0])] = b[0, :2]
    g[1:3] = a  # (g has no tangent: its view's comes from its own, zeros)
    return (c, d, e, g, L.fill(a, 3.0), L.fill(a, b[0, 0]), a.index_put((L.tensor([1]),), b[0, :1], accumulate=True),
            L.zeros(3, dtype=a.dtype).copy_(b[0]),
            L.func.grad(lambda x: (x[L.tensor([1, 0])] ** 2 * b).sum())(a))  # (index's backward: index_put_)


def _forward_ad_misc(L, a, b):
    x, y = a.reshape(1, 1, 2, 3), b[:, :2].reshape(1, 1, 2, 2)
    i = L.tensor([[2, 2], [0, 1]])
    return (L.deg2rad(a), L.rad2deg(a), a.nan_to_num(), (a * 0.5).erfinv(), (a.exp() + 0.5).lgamma(),
            (a.exp() + 0.5).digamma(), a % 0.3, L.fmod(a, 0.3), L.copysign(a, -1.0), L.xlogy(2.0, a.exp()),
            L.xlogy(a, 2.0), a.frac(), L.hypot(a, b), L.logaddexp(a, b), L.xlogy(a, b.exp()), L.copysign(a, b),
            L.remainder(a * 0.1, b.abs() + 2), L.fmod(a, b.abs() + 2), L.fmax(a, b), L.fmin(a, b[0]),
            a.sort(1).values, a.sort(stable=True, dim=0, descending=True).values, a.topk(2, 1).values,
            a.cummax(1).values, a.cummin(0).values, a.index_fill(1, L.tensor([0, 2]), b[0, 0]),
            a.index_fill(1, L.tensor([0, 2]), 1.5), a.index_add(0, L.tensor([1, 1]), b, alpha=2),
            a.index_copy(1, L.tensor([2, 0]), b[:, :2]), a.masked_scatter(b > 0, b * 2),
            a.scatter(1, L.tensor([[2, 0], [0, 1]]), b[:, :2]), a.scatter(1, i, 1.5), a.scatter_add(1, i, b[:, :2]),
            a.put(L.tensor([4, 0]), b[0, :2]), a.rot90(1, (0, 1)), (a * 1).zero_(), F(L).pad(a, (1, 2), value=3.0),
            F(L).pixel_shuffle(L.cat([a, b]).reshape(1, 4, 1, 3), 2),
            F(L).pixel_unshuffle(L.cat([a, b], 1)[:, :4].reshape(1, 1, 2, 4), 2), F(L).avg_pool2d(x, 2, 1),
            F(L).adaptive_avg_pool2d(x, (1, 2)), F(L).max_pool2d(x, (1, 2), 1), F(L).adaptive_max_pool2d(x, 2),
            L.addr(a, b[:, 0], b[0], beta=2), F(L).conv2d(x, y, b[0, :1], padding=1), F(L).conv_transpose2d(x, y),
            F(L).layer_norm(a, (3,), b[0], b[1]), F(L).layer_norm(a, (2, 3)))


def _forward_ad_nn(L, a, b):
    f, x, x5 = F(L), a.reshape(1, 1, 2, 3), a.reshape(1, 1, 1, 2, 3)
    modes = [(a[None], "nearest"), (a[None], "linear"), (a[None], "nearest-exact"), (x, "nearest"),
             (x, "bilinear"), (x, "bicubic"), (x, "nearest-exact"), (x5, "nearest"), (x5, "trilinear"),
             (x5, "nearest-exact")]
    ups = [f.interpolate(t, scale_factor=2, mode=m) for t, m in modes] + [
        f.interpolate(x, scale_factor=2, mode=m, antialias=True) for m in ("bilinear", "bicubic")]
    pads = [f.pad(t, ((1, 1) * 2 + (0, 0))[:2 * t.dim() - 4], mode=m) for t in (a[None], x, x5) for m in ("reflect", "replicate")]
    cols = f.unfold(x, (1, 2))
    drop = L.native_dropout(a, 0.0, True)[0], L.native_dropout(a, 0.5, False)[0]
    draws = [(a * 1).uniform_(), (a * 1).normal_(), (a * 1).bernoulli_(0.5), (a * 1).exponential_(),
             (a * 1).cauchy_(), (a * 1).geometric_(0.5), (a * 1).log_normal_(), (a * 1).random_(),
             (a * 1).random_(0, 5), (a * 1).random_(5)]
    return (*ups, *pads, *drop, *[d * 0 for d in draws],  # (random values: their tangents are 0)
            f.batch_norm(a, None, None, training=True), f.batch_norm(a, None, None, b[0], b[1], training=True),
            f.batch_norm(a, L.zeros(3, dtype=a.dtype), L.ones(3, dtype=a.dtype), b[0], b[1]),
            f.group_norm(L.stack([a, b], 1), 2, b[0, :2], b[1, :2]), f.group_norm(a[None], 1),
            a.median(), a.nanmedian(), a.median(1).values, a.nanmedian(0).values, a.kthvalue(2, 1).values,
            a.mode(1).values, a.nansum(), a.nansum(1), L.special.xlog1py(a, b.abs()),
            L.special.xlog1py(2.0, b.abs()), L.special.xlog1py(a, 2.0), L.ldexp(a, b), L.logaddexp2(a, b),
            L.nextafter(a, b), L.vdot(a[0], b[0]), L.linalg.cross(a, b), L.addbmm(a[:, :2], a[None], b.t()[None]),
            L.polygamma(1, a.exp()), L.mvlgamma(a.exp() + 1, 2), L.i0(a), L.special.i0e(a), L.special.i1(a),
            L.special.i1e(a), L.special.entr(a.exp()), L.special.ndtri(a.sigmoid()), L.special.log_ndtr(a),
            L.special.erfcx(a), L.sinc(a), f.avg_pool3d(x5, (1, 2, 2), 1), f.adaptive_avg_pool3d(x5, (1, 1, 2)),
            f.max_pool3d(x5, (1, 1, 2), 1), f.adaptive_max_pool3d(x5, (1, 2, 2)),
            f.max_unpool2d(x, L.tensor([[[[0, 2, 4], [6, 8, 10]]]]), 2),
            f.max_unpool3d(x5, L.tensor([0, 2, 4, 6, 8, 10]).reshape(1, 1, 1, 2, 3), 2), cols,
            f.fold(cols, (2, 3), (1, 2)), f.nll_loss(a.reshape(1, 2, 3, 1), L.tensor([[[0], [1], [1]]])),
            L.slice_scatter(a, b[:, :1], 1, 0, 1), L.select_scatter(a, b[0], 0, 1), L.diagonal_scatter(a, b[0, :2]),
            L.alias_copy(a), L.diagonal_copy(a), L.expand_copy(a, (2, 2, 3)), L.permute_copy(a, (1, 0)),
            L.select_copy(a, 0, 1), L.slice_copy(a, 1, 0, 2), L.squeeze_copy(a[None]), L.squeeze_copy(a[None], 0),
            L.squeeze_copy(a[None], (0,)), L.t_copy(a), L.transpose_copy(a, 0, 1), L.unfold_copy(a, 1, 2, 1),
            L.unsqueeze_copy(a, 0), L.view_copy(a, (3, 2)), L.narrow_copy(a, 1, 0, 2),
            L.func.grad(lambda t: (t.unfold(1, 2, 1) ** 2).sum() + (t.diagonal() ** 3).sum()
                        + sum((f.interpolate(t.reshape(s), scale_factor=2, mode=m) ** 2).sum()
                              for s, m in [((1, 2, 3), "nearest"), ((1, 2, 3), "linear"), ((1, 2, 3), "nearest-exact"),
                                           ((1, 1, 2, 3), "nearest"), ((1, 1, 2, 3), "bilinear"),
                                           ((1, 1, 2, 3), "bicubic"), ((1, 1, 2, 3), "nearest-exact"),
                                           ((1, 1, 1, 2, 3), "nearest"), ((1, 1, 1, 2, 3), "trilinear"),
                                           ((1, 1, 1, 2, 3), "nearest-exact")])
                        + sum((f.interpolate(t.reshape(1, 1, 2, 3), scale_factor=2, mode=m, antialias=True) ** 2).sum()
                              for m in ("bilinear", "bicubic"))
                        + sum((f.pad(t.reshape(s), ((1, 1) * 2 + (0, 0))[:2 * len(s) - 4], mode=m) ** 3).sum()
                              for s in ((1, 2, 3), (1, 1, 2, 3), (1, 1, 1, 2, 3)) for m in ("reflect", "replicate")))(a))


def _forward_ad_over_reverse(L, a, b):
    f = F(L)
    return L.func.grad(lambda t: sum((g(t) ** 2).sum() for g in (
        lambda t: f.hardtanh(t, -0.5, 0.5), lambda t: f.leaky_relu(t, 0.1), f.logsigmoid, f.softplus, f.gelu,
        f.elu, lambda t: f.softshrink(t, 0.3), lambda t: f.hardshrink(t, 0.3), f.hardswish))
        + f.smooth_l1_loss(t * b, b, beta=0.5) + f.binary_cross_entropy(t.sigmoid(), (b * t).sigmoid()))(a)


C.add("forward_ad_over_reverse", _forward_ad_over_reverse, A23, B23)
C.add("forward_ad_nn", _forward_ad_nn, A23, B23)
C.add("forward_ad_misc", _forward_ad_misc, A23, B23)
C.add("forward_ad_reductions", _forward_ad_reductions, A23, B23)
C.add("forward_ad_binary", _forward_ad_binary, A23, B23)
C.add("forward_ad_writes", _forward_ad_writes, A23, B23)
C.add("fw_primal", _fw_primal, A23)
C.add("forward_ad_more", _forward_ad_more, A23, B23)
C.add("forward_ad_elementwise", _forward_ad_elementwise, A23, P23)
C.add("forward_ad_linear", _forward_ad_linear, A23)


# --------------------------------------------------------------------------
# running a case
# --------------------------------------------------------------------------
def _inputs(L, arrays):
    return tuple(L.tensor(np.array(x), dtype=L.float64, requires_grad=True) if L is torch
                 else L.tensor(np.array(x)).requires_grad_() for x in arrays)


def _outs(out):
    return out if isinstance(out, tuple) else (out,)


def _node_classes(outs):
    """Classes of every node reachable from the outputs (CopySlices' inner fn included)."""
    seen, classes = set(), set()
    stack = [o.grad_fn for o in outs]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        classes.add(type(node))
        stack.extend(n for n, _ in node.next_functions)
        if getattr(node, "fn", None) is not None:
            stack.append(node.fn)
    return classes


# part nn.functional (helper nnf): activations, linear (addmm), binary cross entropy; PR23 and
# Q23 lie inside (0, 1), away from its ends, as binary_cross_entropy's inputs and targets must
PR23, Q23 = _u(2, 3, lo=0.2, hi=0.8), _u(2, 3, lo=0.1, hi=0.9)
C.add("nnf_activations", lambda L, a, n: (F(L).leaky_relu(a), F(L).leaky_relu(a, 0.2), F(L).silu(a),
                                          F(L).gelu(a), F(L).gelu(a, approximate="tanh"),
                                          F(L).hardtanh(n), F(L).relu6(n)), A23, N23)
C.add("nnf_linear", lambda L, x, w, b, x3: (F(L).linear(x, w, b), F(L).linear(x, w), F(L).linear(x3, w, b),
                                            F(L).linear(x[0], w, b), F(L).linear(x3.transpose(0, 1), w, b)),
      A23, M34[:, :3].copy(), B3, T223)
C.add("nnf_bce", lambda L, p, t, x: (F(L).binary_cross_entropy(p, t), F(L).binary_cross_entropy(p, t, reduction="sum"),
                                     F(L).binary_cross_entropy(p, t, reduction="none"),
                                     F(L).binary_cross_entropy_with_logits(x, t),
                                     F(L).binary_cross_entropy_with_logits(x, t, reduction="none"),
                                     F(L).l1_loss(x, t), F(L).l1_loss(x, t, reduction="none")), PR23, Q23, A23)
C.add("double_backward_nnf", lambda L, a, p, t: _double_nnf(L, a, p, t), A23, PR23, Q23)


def _double_nnf(L, a, p, t):
    """Gradients of the new nn functions with input-dependent seeds, differentiated again: every
    formula of their backward rows (LeakyReluBackwardBackward0, GeluBackwardBackward0,
    BinaryCrossEntropyBackwardBackward0, logit's in the target's gradient, ...) is used."""
    f, gs = F(L), []
    for y, seed in ((f.leaky_relu(a, 0.1), t), (f.hardtanh(a, -0.5, 0.5), t), (f.silu(a), t),
                    (f.gelu(a), t), (f.gelu(a, approximate="tanh"), t),
                    (f.binary_cross_entropy(p, t), a.sum()), (f.binary_cross_entropy(p, t, reduction="sum"), a.sum()),
                    (f.binary_cross_entropy(p, t, reduction="none"), a),
                    (f.binary_cross_entropy_with_logits(a, t), p.sum()),
                    (f.binary_cross_entropy_with_logits(a, t, reduction="none"), p)):
        gs += L.autograd.grad(y, (a, p, t), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


# part misc3: clamp with tensor bounds (ClampBackward0: the bounds get gradients; LO23 > HI23
# everywhere, so each element of the last clamp takes max's value and gradient)
LO23, HI23 = _u(2, 3, lo=-0.15, hi=-0.05), _u(2, 3, lo=0.05, hi=0.15)
C.add("clamp_tensor", lambda L, a, lo, hi: (a.clamp(lo, hi), L.clamp(a, lo[0]), a.clamp(max=hi[:, :1]),
                                            L.clip(a, hi, lo)), A23, LO23, HI23)


# part misc3: elu (EluBackward0, and EluBackward1 in place), smooth_l1_loss, huber_loss (beta and
# delta away from every |a - b| of A23, B23, where the second derivative jumps)
def _misc3_losses(L, a, b):
    f = F(L)
    return tuple(loss(a, b, reduction=r, **{k: v}) for loss, k in ((f.smooth_l1_loss, "beta"),
                                                                   (f.huber_loss, "delta"))
                 for r in ("mean", "sum", "none") for v in (1.0, 0.5))


def _double_misc3(L, a, b, s):
    """Gradients with input-dependent seeds, differentiated again: every formula of
    EluBackwardBackward0 (from the input and, in place, from the output),
    SmoothL1LossBackwardBackward0 and HuberLossBackwardBackward0 is used."""
    f, gs = F(L), []
    for y, seed in ((f.elu(a, 0.7), s), (f.elu(a * 1, 0.7, inplace=True), s),
                    (f.smooth_l1_loss(a, b, beta=0.5), s.sum()), (f.smooth_l1_loss(a, b, reduction="none"), s),
                    (f.huber_loss(a, b, delta=0.5), s.sum()), (f.huber_loss(a, b, reduction="sum"), s.sum()),
                    (f.huber_loss(a, b, reduction="none", delta=0.5), s)):
        gs += L.autograd.grad(y, (a, b, s), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


C.add("nnf_elu", lambda L, a: (F(L).elu(a), F(L).elu(a, 0.5), F(L).elu(a * 1, 2.0, inplace=True)), A23)
C.add("nnf_smooth_l1_huber", _misc3_losses, A23, B23)
C.add("double_backward_misc3", _double_misc3, A23, B23, C23)


# part losses2: class weights, ignore_index, label smoothing, soft labels; binary cross entropy's
# weight and pos_weight (constants: PyTorch has no derivative for them), log_sigmoid (in the
# target's gradient with pos_weight)
def _losses2(L, a, p, t, x):
    f, w3 = F(L), L.tensor([0.5, 2.0, 1.5], dtype=L.float64)
    w23, pw = L.tensor([[2.0], [0.5]], dtype=L.float64), L.tensor([3.0, 1.0, 0.25], dtype=L.float64)
    return (f.nll_loss(a, L.tensor([2, -100]), w3), f.nll_loss(a[0], L.tensor(1), w3),
            f.nll_loss(a, L.tensor([1, 5]), w3, ignore_index=5, reduction="sum"),
            f.nll_loss(a, L.tensor([0, 2]), w3, reduction="none"),
            f.cross_entropy(a, L.tensor([1, 0]), w3, label_smoothing=0.2),
            f.cross_entropy(a, L.tensor([-100, 2]), label_smoothing=0.3, reduction="sum"),
            f.cross_entropy(a, L.tensor([1, -1]), w3, ignore_index=-1, label_smoothing=0.1, reduction="none"),
            f.cross_entropy(a, t, w3, label_smoothing=0.2), f.cross_entropy(a, t, reduction="none"),
            f.binary_cross_entropy(p, t, w3), f.binary_cross_entropy(p, t, w23, reduction="none"),
            f.binary_cross_entropy_with_logits(x, t, w23, reduction="sum"),
            f.binary_cross_entropy_with_logits(x, t, w3, pos_weight=pw),
            f.binary_cross_entropy_with_logits(x, t, pos_weight=pw, reduction="none"), f.logsigmoid(x))


def _double_losses2(L, a, p, t):
    """Gradients with input-dependent seeds, differentiated again: the weighted formulas of
    NllLossBackwardBackward0, BinaryCrossEntropyBackwardBackward0 (ignored samples included) and
    LogSigmoidBackwardBackward0."""
    f, gs = F(L), []
    w3, pw = L.tensor([0.5, 2.0, 1.5], dtype=L.float64), L.tensor([3.0, 1.0, 0.25], dtype=L.float64)
    for y, seed in ((f.nll_loss(a, L.tensor([2, -100]), w3), t.sum()),
                    (f.nll_loss(a, L.tensor([1, 0]), w3, ignore_index=0, reduction="none"), t[0, :2]),
                    (f.cross_entropy(a, L.tensor([1, 2]), w3, label_smoothing=0.2), t.sum()),
                    (f.binary_cross_entropy(p, t, w3), a.sum()), (f.binary_cross_entropy(p, t, w3, reduction="none"), a),
                    (f.binary_cross_entropy_with_logits(a, t, w3, pos_weight=pw), p.sum()),
                    (f.logsigmoid(a), t)):
        gs += L.autograd.grad(y, (a, p, t), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


C.add("losses2_weights", _losses2, A23, PR23, Q23, B23)
C.add("double_backward_losses2", _double_losses2, A23, PR23, Q23)


# part nll2d: nll_loss / cross_entropy on (N, C, d1, ..., dk) scores: PyTorch's 2-D kernel
# (NllLoss2DBackward0) on (N, C, H, W), and on views of 3-D and 5-D inputs
X234, X2322, X23212 = _away(2, 3, 4), _away(2, 3, 2, 2), _away(2, 3, 2, 1, 2)
NLL_T3, NLL_T4 = [[0, 1, 2, -100], [2, 2, 1, 0]], [[[0, 1], [2, 1]], [[2, 2], [0, 1]]]


def _nll2d(L, x3, x4, x5):
    f, w3 = F(L), L.tensor([0.5, 2.0, 1.5], dtype=L.float64)
    t3, t4 = L.tensor(NLL_T3), L.tensor(NLL_T4)
    return (f.nll_loss(x3, t3), f.nll_loss(x3, t3, w3, reduction="none"),
            f.nll_loss(x4, t4, w3, ignore_index=1), f.nll_loss(x4, t4, reduction="sum"),
            f.nll_loss(x4, t4, w3, reduction="none"), f.cross_entropy(x5, t4.view(2, 2, 1, 2)),
            f.cross_entropy(x3, t3, w3, label_smoothing=0.2, reduction="none"))


def _double_nll2d(L, x3, x4):
    """Gradients with input-dependent seeds, differentiated again: both formulas of
    NllLoss2DBackwardBackward0, through the views of a 3-D input too."""
    f, gs = F(L), []
    w3 = L.tensor([0.5, 2.0, 1.5], dtype=L.float64)
    t3, t4 = L.tensor(NLL_T3), L.tensor(NLL_T4)
    for y, seed in ((f.nll_loss(x4, t4, w3), x3.sum()),
                    (f.nll_loss(x4, t4, reduction="none"), x4[:, 0]),
                    (f.nll_loss(x3, t3, w3, reduction="sum"), x4.sum()),
                    (f.cross_entropy(x3, t3, reduction="none"), x3[:, 1])):
        gs += L.autograd.grad(y, (x3, x4), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


C.add("nll_loss2d", _nll2d, X234, X2322, X23212)
C.add("double_backward_nll2d", _double_nll2d, X234, X2322)


# part trig (helper trig): more elementwise math; A23 * 0.9 keeps asin, acos, atanh, erfinv inside
# (-1, 1), P23 + 1 keeps acosh above 1; U23 has two values logit(eps=0.1) clamps (gradient 0)
U23 = np.array([[0.05, 0.3, 0.6], [0.95, 0.45, 0.2]])
C.add("trig_unary", lambda L, a, b: (a.tan(), L.sinh(a), a.cosh(), L.asin(a * 0.9), a.acos(),
                                     L.atan(a), a.asinh(), L.acosh(b + 1), L.atanh(a * 0.9),
                                     L.arcsin(a * 0.5), a.arctanh()), A23, P23)
C.add("erf_log2_exp2", lambda L, a, b: (L.erf(a), a.erfc(), L.erfinv(a * 0.9), L.log2(b), b.log10(),
                                        L.exp2(a), a.deg2rad(), L.rad2deg(a), L.nan_to_num(a)), A23, P23)
C.add("logit_eps", lambda L, u: (L.logit(u), L.logit(u, eps=0.1), u.logit(0.25)), U23)
C.add("trig_binary", lambda L, a, b, c, p: (L.atan2(a, b), a.arctan2(c), L.hypot(a, b), L.hypot(c, a),
                                            L.logaddexp(a, b), a.logaddexp(c), L.xlogy(a, p),
                                            L.xlogy(2.5, p), a.xlogy(3)), A23, B23, B21, P23)
C.add("lerp", lambda L, a, b, w: (L.lerp(a, b, 0.3), a.lerp(b, 0.8), L.lerp(a, b, w), L.lerp(a, B21_T(L), w)),
      A23, B23, U23)
C.add("tril_triu", lambda L, a, t: (a.tril(), L.tril(a, 1), a.triu(-1), L.triu(t, 1), (a * 1).tril_(-1),
                                    (t * 1).triu_()), A23, T223)
C.add("double_backward_trig", lambda L, a, b, p, u: _double_trig(L, a, b, p, u), A23, B23, P23, U23)



# part special: the gamma family (on P23: away from the poles at 0, -1, ...; b + 1 keeps mvlgamma's
# arguments above (p - 1) / 2) and torch.special's own rows (U23 keeps ndtri inside (0, 1)); zeta
# by a constant first argument (no derivative in it); then the gradients differentiated again
def _special(L, a, b, u):
    s = L.special
    x = L.tensor([3.0, 2.5, 4.0], dtype=L.float64)
    return (L.lgamma(b), b.digamma(), L.polygamma(1, b), b.polygamma(2), L.polygamma(3, b),
            L.mvlgamma(b + 1, 3), s.multigammaln(b + 2, 2), (b * 1).polygamma_(1), s.gammaln(b),
            s.psi(b), (b * 1).digamma_(), (b * 1).lgamma_(), (b + 1).mvlgamma_(2), s.entr(b),
            s.erfcx(a), s.erfcx(a * 8), s.ndtri(u), s.log_ndtr(a), s.log_ndtr(a * 3), s.ndtr(a),
            s.xlog1py(a, b), s.xlog1py(2.5, b), s.xlog1py(a, 3.0), s.zeta(2.5, b), s.zeta(x, b))


def _double_special(L, a, b, u):
    s, gs = L.special, []
    for y, seed in ((L.lgamma(b), a), (b.digamma(), a), (L.polygamma(2, b), a),
                    (L.mvlgamma(b + 1, 2), a), (s.entr(b), a), (s.erfcx(a), b), (s.ndtri(u), a),
                    (s.log_ndtr(a), b), (s.xlog1py(a, b), u), (s.xlog1py(1.5, b), a),
                    (s.xlog1py(a, 2.0), b), (s.zeta(3.0, b), a)):
        gs += L.autograd.grad(y, (a, b, u), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


C.add("special", _special, A23, P23, U23)
C.add("double_backward_special", _double_special, A23, P23, U23)


# part bessel: i0, i0e, i1, i1e (a * 4 reaches past 8, the second series), then their gradients
# differentiated again; igamma/igammac in other only (no derivative in self)
def _bessel(L, a, b):
    s = L.special
    shape = L.tensor([[0.5, 2.0, 3.5], [25.0, 1.5, 0.8]], dtype=L.float64)  # (25: asymptotic)
    return (L.i0(a), a.i0(), s.i0(a * 4), (a * 1).i0_(), s.i0e(a), s.i0e(a * 4), s.i1(a),
            s.i1(a * 4), s.i1e(a), s.i1e(a * 4), L.igamma(shape, b), L.igammac(shape, b * 20),
            s.gammainc(shape, b * 3), shape.igammac(b), shape.clone().igamma_(b))


def _double_bessel(L, a, b):
    s, gs = L.special, []
    shape = L.tensor([[0.5, 2.0, 3.5], [25.0, 1.5, 0.8]], dtype=L.float64)
    for y in (L.i0(a * 4), s.i0e(a * 4), s.i1(a * 4), s.i1e(a * 4), s.i1(a), s.i1e(a),
              L.igamma(shape, b), L.igammac(shape, b)):
        gs += L.autograd.grad(y, b if y.grad_fn.name().startswith("Igamma") else a, b,
                              create_graph=True)
    return tuple(gs)


C.add("bessel", _bessel, A23, P23)
C.add("double_backward_bessel", _double_bessel, A23, P23)

def B21_T(L):
    """A constant end point (no gradient), broadcast against the others."""
    return L.tensor([[0.5], [-1.0]], dtype=L.float64)


def _double_trig(L, a, b, p, u):
    """Gradients with create_graph=True, seeded by an input: the formulas' own graphs (AddBackward1,
    RsqrtBackward0, XlogyBackward2, masked_fill, where, ...) are differentiated too."""
    gs = []
    for y, seed in ((a.tan(), b), (L.asin(a * 0.9), b), (a.acos(), b), (L.atanh(a * 0.9), b),
                    (L.acosh(p + 1), a), (L.erf(a), b), (L.erfinv(a * 0.9), b), (a.exp2(), b),
                    (L.log2(p), a), (L.atan2(a, b), a), (L.xlogy(a, p), b), (L.xlogy(a, 2.0), b),
                    (L.xlogy(1.5, p), a), (L.hypot(a, b), a), (L.logaddexp(a, b), p),
                    (L.lerp(a, b, u), p), (L.lerp(a, b, 0.6), p), (L.logit(u, eps=0.1), a),
                    (L.tril(a * b, 1), p), (L.nan_to_num(a * b), p)):
        gs += L.autograd.grad(y, (a, b, p, u), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


# part nnlayers: layer_norm (NativeLayerNormBackward0: input, weight, bias; normalized over the
# last dim, the last two, the whole tensor; without weight or bias), and its gradients
# differentiated again (through native_layer_norm_backward's own node, as in PyTorch)
def _nnl_layer_norm(L, x, w, b, y, w2):
    f = F(L)
    return (f.layer_norm(x, (3,), w, b), f.layer_norm(x, [3]), f.layer_norm(x, (3,), w),
            f.layer_norm(x, (3,), None, b, eps=0.1), f.layer_norm(y, (2, 3), w2, w2 * 2),
            f.layer_norm(y, y.shape), f.layer_norm(x[0], (3,), w, b))


def _double_nnl_layer_norm(L, x, w, b, s):
    y = F(L).layer_norm(x, (3,), w, b)
    return L.autograd.grad(y, (x, w, b), s, create_graph=True)


NNL_X23 = _u(2, 3, lo=-2.0, hi=2.0)
C.add("nnl_layer_norm", _nnl_layer_norm, NNL_X23, _pos(3), B3, _u(2, 2, 3), _pos(2, 3))
C.add("double_backward_nnl_layer_norm", _double_nnl_layer_norm, NNL_X23, _pos(3), B3, _u(2, 3))


# part nnlayers: embedding (EmbeddingBackward0: repeated indices add up) and its backward
# differentiated again (EmbeddingDenseBackwardBackward0, with padding_idx). padding_idx and
# scale_grad_by_freq change the first gradient on purpose (gradcheck would refuse them): the
# semantics case nnl_embedding compares those with PyTorch
def _nnl_embedding(L, w):
    f, i = F(L), L.tensor([[0, 2, 2], [3, 0, 2]])
    return f.embedding(i, w), f.embedding(i[0], w), f.embedding(L.tensor(3), w)


def _double_nnl_embedding(L, w, s):
    i, gs = L.tensor([[0, 2, 2], [3, 0, 2]]), []
    for kw in ({}, {"padding_idx": 2}):
        gs += L.autograd.grad(F(L).embedding(i, w, **kw), w, s, create_graph=True)
    return tuple(gs)


C.add("nnl_embedding", _nnl_embedding, _u(4, 3))
C.add("double_backward_nnl_embedding", _double_nnl_embedding, _u(4, 3), _u(2, 3, 3))


# part nnlayers: batch_norm (NativeBatchNormBackward0: input, weight, bias; training and eval,
# (N, C) and (N, C, L), without weight or bias) and its gradients differentiated again. Training
# with running statistics updates them: it gets copies, so that every call reads the same ones
def _nnl_batch_norm(L, x, w, b, z):
    f = F(L)
    rm, rv = L.tensor([0.1, -0.2, 0.3], dtype=L.float64), L.tensor([0.5, 2.0, 1.5], dtype=L.float64)
    return (f.batch_norm(x, None, None, w, b, training=True), f.batch_norm(x, rm * 1, rv * 1, training=True),
            f.batch_norm(x, rm, rv, w, b), f.batch_norm(x, rm, rv, None, b, eps=0.1),
            f.batch_norm(z, None, None, w, None, training=True), f.batch_norm(z, rm, rv, w, b))


def _double_nnl_batch_norm(L, x, w, b, s):
    gs = []
    for training in (True, False):  # (fresh running statistics: training updates them)
        rm, rv = L.tensor([0.1, -0.2, 0.3], dtype=L.float64), L.tensor([0.5, 2.0, 1.5], dtype=L.float64)
        y = F(L).batch_norm(x, rm, rv, w, b, training=training)
        gs += L.autograd.grad(y, (x, w, b), s, create_graph=True)
    return tuple(gs)


NNL_X43 = _u(4, 3, lo=-2.0, hi=2.0)
C.add("nnl_batch_norm", _nnl_batch_norm, NNL_X43, _pos(3), B3, _u(2, 3, 2))
C.add("double_backward_nnl_batch_norm", _double_nnl_batch_norm, NNL_X43, _pos(3), B3, _u(4, 3))


# normsave: the norms' double backward without weight or bias, over several dims, in eval: the
# formulas of NativeLayerNormBackwardBackward0 and NativeBatchNormBackwardBackward0 for each
# combination of the gradients they get (and NativeGroupNormBackward0's, from its saved mean/rstd)
def _double_normsave(L, x, w, b, s):
    f, gs = F(L), []
    gs += L.autograd.grad(f.layer_norm(x, (3, 2)), x, s, create_graph=True)
    gs += L.autograd.grad(f.layer_norm(x, (2,), w[:2]), (x, w), s, create_graph=True)
    gs += L.autograd.grad(f.layer_norm(x, (2,), w[:2], b[:2]), w, s, create_graph=True)
    gs += L.autograd.grad(f.batch_norm(x, None, None, training=True), x, s, create_graph=True)
    gs += L.autograd.grad(f.batch_norm(x, None, None, w[:3], b[:3], training=True), (w, b), s,
                          create_graph=True)
    rm, rv = L.tensor([0.1, -0.2, 0.3], dtype=L.float64), L.tensor([0.5, 2.0, 1.5], dtype=L.float64)
    gs += L.autograd.grad(f.batch_norm(x, rm, rv, w[:3], None), (x, w), s, create_graph=True)
    gs += L.autograd.grad(f.group_norm(x.reshape(4, 6, 1), 3), x, s.reshape(4, 6, 1), create_graph=True)
    gs += L.autograd.grad(f.group_norm(x.reshape(2, 6, 2), 2, L.cat([w, w]), None), (x, w),
                          s.reshape(2, 6, 2), create_graph=True)
    return tuple(gs)


C.add("double_backward_normsave", _double_normsave, _u(4, 3, 2, lo=-2.0, hi=2.0), _pos(3), B3,
      _u(4, 3, 2))


# part act2: selu/celu (elu's rows, CeluBackward0/1), softplus, hardsigmoid, hardswish, mish,
# softshrink, hardshrink, threshold (ThresholdBackward0/1), glu, leaky_relu_, and the composed
# softsign, tanhshrink, softmin. H23 lies on every piece of hardsigmoid/hardswish (kinks at -3
# and 3); A23 (|a| in [0.2, 1]) on both sides of softplus(a, 2, 1)'s threshold (2a = 1) and of
# the shrinks' lambd, 0.5, but not on them (nor on threshold's +-0.1)
H23 = np.array([[-3.5, -2.0, -0.4], [0.7, 2.6, 3.8]])


def _act2(L, a, h):
    f = F(L)
    return (f.selu(a), f.selu(a * 1, inplace=True), f.celu(a, 0.5), f.celu(a * 1, 2.0, inplace=True),
            f.softplus(a), f.softplus(a, 2, 1), f.softplus(a, -1.5), f.hardsigmoid(h), f.hardswish(h),
            f.hardsigmoid(h * 1, inplace=True), f.mish(a), f.mish(a * 1, inplace=True),
            f.softshrink(a), f.softshrink(a, 0.1), f.hardshrink(a), f.softsign(a), f.tanhshrink(a),
            f.softmin(a, 1), f.threshold(a, 0.1, 2.0), f.threshold(a * 1, -0.1, 0.5, inplace=True),
            f.glu(h, 0), f.glu(a.t(), -1), f.leaky_relu(a * 1, 0.2, inplace=True))


def _double_act2(L, a, h, s):
    """Gradients with input-dependent seeds, differentiated again: every formula of
    SoftplusBackwardBackward0, HardswishBackwardBackward0, Softshrink/HardshrinkBackwardBackward0,
    ThresholdBackwardBackward0 with a threshold, GluBackwardBackward0 (a seed that needs a gradient),
    EluBackwardBackward0 as celu (from the input, and in place from the output) uses, and mish's
    formula's ops."""
    f, gs = F(L), []
    for y, x, seed in ((f.softplus(a, 2, 1), a, s), (f.softplus(a), a, s), (f.celu(a, 0.5), a, s),
                       (f.celu(a * 1, 2.0, inplace=True), a, s), (f.hardswish(h), h, s),
                       (f.mish(a), a, s), (f.softshrink(a), a, s), (f.hardshrink(a), a, s),
                       (f.threshold(a, 0.1, 2.0), a, s), (f.glu(a.t(), 1), a, s.t()[:, :1]),
                       (f.leaky_relu(a * 1, 0.2, inplace=True), a, s)):
        gs += L.autograd.grad(y, (x, s), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


C.add("act2_activations", _act2, A23, H23)
C.add("double_backward_act2", _double_act2, A23, H23, C23)


# part loss3: soft_margin_loss (SoftMarginLossBackward0 and its backward's row; the target, ±1,
# is a constant: PyTorch has no derivative for it), and the composite losses built of other rows
SIGNS23 = np.array([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]])


def _loss3(L, a, b, p):
    f, t = F(L), L.tensor(SIGNS23)
    return (*(f.soft_margin_loss(a, t, reduction=r) for r in ("mean", "sum", "none")),
            f.kl_div(a, p, reduction="batchmean"), f.kl_div(a, b, reduction="sum", log_target=True),
            f.margin_ranking_loss(a, b, t, 0.1), f.hinge_embedding_loss(a, t, 0.5),
            f.multilabel_soft_margin_loss(a, p), f.poisson_nll_loss(a, p, full=True),
            f.poisson_nll_loss(p, b, log_input=False), f.gaussian_nll_loss(a, b, p),
            f.cosine_embedding_loss(a, b, t[:, 0], 0.2))


def _double_loss3(L, a, s):
    """Gradients with input-dependent seeds, differentiated again: every formula of
    SoftMarginLossBackwardBackward0, for each reduction."""
    f, t, gs = F(L), L.tensor(SIGNS23), []
    for r, seed in (("mean", s.sum()), ("sum", s.sum()), ("none", s)):
        gs += L.autograd.grad(f.soft_margin_loss(a, t, reduction=r), a, seed, create_graph=True)
    return tuple(gs)


C.add("loss3_losses", _loss3, A23, B23, P23)


def _prelu(L, a, w, w1):
    f = F(L)
    return f.prelu(a, w), f.prelu(a, w1), f.prelu(a[0], w1[0])


def _double_prelu(L, a, w, s):
    """PreluKernelBackwardBackward0, every formula: the gradients of the input and of the
    weight (its two outputs), with an input-dependent seed, differentiated again."""
    return L.autograd.grad(F(L).prelu(a, w), (a, w), s, create_graph=True)


C.add("loss3_prelu", _prelu, A23, _pos(3), _pos(1))
C.add("double_backward_loss3_prelu", _double_prelu, A23, _pos(3), C23)


def _group_norm(L, x, w, b):
    f = F(L)
    return f.group_norm(x, 2, w, b), f.group_norm(x, 1), f.group_norm(x.reshape(2, 4, 3), 4, w, None, 0.1)


def _double_group_norm(L, x, w, b, s):
    """The formulas of NativeGroupNormBackward0 (table ops: their graph is differentiated too)."""
    return L.autograd.grad(F(L).group_norm(x, 2, w, b), (x, w, b), s, create_graph=True)


C.add("loss3_group_norm", _group_norm, _u(2, 4, 3), _pos(4), _u(4))
C.add("double_backward_loss3_group_norm", _double_group_norm, _u(2, 4, 3), _pos(4), _u(4), _u(2, 4, 3))
C.add("double_backward_loss3", _double_loss3, A23, C23)


# part reduce2: median, nanmedian, kthvalue, mode, cummax, cummin, nansum, nanmean (distinct values:
# the selected positions are unambiguous)
def _reduce2(L, a):
    return (a.median(), L.median(a, 1).values, a.median(0, keepdim=True).values, a.nanmedian(),
            L.nanmedian(a, 1).values, a.kthvalue(2, 1).values, L.kthvalue(a, 1, 0, True).values,
            a.mode(1).values, L.mode(a, 0).values, a.cummax(1).values, L.cummin(a, 0).values,
            a.nansum(), L.nansum(a, 1, keepdim=True), a.nanmean(0))


def _double_reduce2(L, a, w):
    """The gradients of the selecting reductions are scatters of the incoming gradient: their
    own derivatives (in w) are differentiated here."""
    return (L.autograd.grad(a.cummax(1).values, a, a * w[0], create_graph=True)[0],
            L.autograd.grad(a.median(1).values, a, w[:2] * w[2], create_graph=True)[0],
            L.autograd.grad(a.nansum(0), a, w * w[1], create_graph=True)[0])


def _var_std_mean(L, a, w):
    """Both outputs of var_mean/std_mean come from one node: its gradient adds their parts."""
    v, m = L.var_mean(a, 1)
    s, n = L.std_mean(a, correction=0)
    v2, m2 = L.std_mean(a, (0, 1), keepdim=True)
    return (v * w[:2] + m, L.var_mean(a)[1], s * n, L.var_mean(a, 0, unbiased=False)[0], v2 + m2,
            L.autograd.grad((v, m), a, (v * w[0], m * w[1]), create_graph=True)[0],
            L.autograd.grad(s, a, w[2] * s, create_graph=True)[0])


C.add("reduce2_selections", _reduce2, UNIQUE23)
C.add("reduce2_var_std_mean", _var_std_mean, A23, B3)
C.add("reduce2_logcumsumexp", lambda L, a, w: (
    a.logcumsumexp(1), L.logcumsumexp(a, 0), L.logcumsumexp(a[0, 0], 0),
    L.autograd.grad(a.logcumsumexp(1), a, a * w, create_graph=True)[0]), A23, B3)
C.add("reduce2_distances", lambda L, a, b, w: (
    L.dist(a, b), a.dist(b, 1), L.dist(a, b, 3), L.dist(a, b, float("inf")),
    F(L).cosine_similarity(a, b), F(L).cosine_similarity(a, w, 1, eps=0.1),
    F(L).pairwise_distance(a, b), F(L).pairwise_distance(a, w, p=1.5, keepdim=True),
    L.autograd.grad(L.dist(a, b, 3), a, create_graph=True)[0],
    L.autograd.grad(F(L).pairwise_distance(a, b).sum(), b, create_graph=True)[0]), A23, B3, C23)
C.add("reduce2_aminmax", lambda L, a, w: (
    a.aminmax().min, L.aminmax(a, dim=1).max, a.aminmax(dim=0, keepdim=True).min * w,
    L.autograd.grad(L.aminmax(a, dim=1), a, (w[:2], w[1:]), create_graph=True)[0]), UNIQUE23, B3)
C.add("double_backward_reduce2", _double_reduce2, UNIQUE23, B3)


# part shape2: shape ops under NumPy's names, chains of table rows (no rows of their own)
def _shape2(L, x, a, v):
    return (L.broadcast_to(v, (2, 3)), x.movedim((0, 2), (2, 0)), L.moveaxis(x, -1, 0), x.swapaxes(0, 1),
            L.swapdims(a, 0, 1), x.transpose(1, 2).ravel(), L.ravel(a), x.select(2, -1),
            L.hstack([a, a * 2]), L.vstack([v, a]), L.dstack([a, a * v]), L.column_stack([v, a.t()]),
            L.concat([a, a], 1), L.atleast_3d(v), L.atleast_2d(v.sum()), a.type_as(x),
            *x.tensor_split([1, 2], 2), *L.hsplit(x, [1]), *a.vsplit(2), *x.dsplit(3),
            *x.split_with_sizes([1, 2], 2))


def _double_shape2(L, x, a, v):
    """Gradients with create_graph=True through the views and joins: their formulas (slices,
    cats, permutes) are differentiated again."""
    y = L.hstack([a * a, L.broadcast_to(v * v, (2, 3))]).movedim(0, 1).ravel()
    return L.autograd.grad(y, (a, v), L.arange(12.0, dtype=L.float64) * x.sum(), create_graph=True)


C.add("shape2_views_joins_splits", _shape2, T223, A23, V3)
C.add("double_backward_shape2", _double_shape2, T223, A23, V3)


def _shape2_index(L, a, s, w):
    """index_add/index_copy (repeated indices add up), masked_select/masked_scatter (a mask that
    broadcasts), rot90, diag_embed and the composites built on them."""
    i, m = L.tensor([2, 0]), L.tensor([[True, False, True], [False, True, True]])
    return (a.index_add(1, i, s), L.index_add(a, 1, L.tensor([1, 1]), s, alpha=-2.5),
            a.index_copy(1, i, s), (a * 1).index_add_(0, L.tensor([1]), w[:3].reshape(1, 3)),
            (a * 1).index_copy_(1, L.tensor([1]), s[:, :1]), a.masked_select(m), L.masked_select(a, m[1]),
            a.masked_scatter(m, w), L.masked_scatter(a, m[0], w), (a * 1).masked_scatter_(m, w),
            a.rot90(), L.rot90(a, 2), a.rot90(-1, (1, 0)), L.diag_embed(a), a.diag_embed(1, 0, 2),
            L.diagflat(a, -1), a.repeat_interleave(2, 1), a.repeat_interleave(L.tensor([2, 0]), 0),
            a.take_along_dim(L.tensor([[2], [0]]), 1), L.take_along_dim(a, L.tensor([4, 1, 4])))


def _double_shape2_index(L, a, s, w):
    """Their gradients with create_graph=True, seeded by an input, differentiated again: the
    formulas' own nodes (MaskedScatterBackwardBackward0, IndexFillBackward0, Rot90Backward0...)."""
    i, m = L.tensor([2, 0]), L.tensor([[True, False, True], [False, True, True]])
    gs = []
    for y, seed in ((a.index_add(1, i, s, alpha=2), a * a), (a.index_copy(1, i, s), a * a),
                    (a.masked_select(m), w[:4] * w[:4]), (a.masked_scatter(m, w), a * a),
                    (a.rot90(1), a.t() * a.t()), (L.diag_embed(s), L.diag_embed(s) ** 2)):
        gs += L.autograd.grad(y, (a, s, w), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


C.add("shape2_index_add_masked_rot90", _shape2_index, A23, _u(2, 2), _u(6))
C.add("double_backward_shape2_index", _double_shape2_index, A23, _u(2, 2), _u(6))


def _shape2_products(L, a, s, w):
    """take/put (flat positions, repeats add up with accumulate), index_put, kron, tensordot,
    meshgrid, cartesian_prod; then take's and put's gradients differentiated again."""
    v, i = w[:3], L.tensor([[5, -1], [0, 2]])
    outs = (a.take(i), L.take(a, L.tensor(3)), a.put(L.tensor([1, -2]), w[:2]),
            L.put(a, L.tensor([0, 0, 4]), v, accumulate=True), (a * 1).put_(L.tensor([2]), w[5:]),
            a.index_put((L.tensor([1, 0]),), v), L.index_put(a, (L.tensor([0, 0]), L.tensor([1, 1])), w[:2], True),
            (a * 1).index_put_((a > 0,), w[:1].sum()), L.kron(a, s), s.kron(v), L.tensordot(a, s, ([0], [1])),
            L.tensordot(a, a, 2), *L.meshgrid(v, s[0], indexing="xy"), L.cartesian_prod(v, s[1]))
    gs = []
    for y, seed in ((a.take(i), s * s), (a.put(L.tensor([1, 4]), w[:2]), a * a),
                    (L.put(a, L.tensor([1, 1]), w[:2], accumulate=True), a * a)):
        gs += L.autograd.grad(y, (a, w), seed, create_graph=True, allow_unused=True)
    return outs + tuple(g for g in gs if g is not None)


C.add("shape2_take_put_kron_tensordot", _shape2_products, A23, _u(2, 2), _u(6))

# part pooling: max, average and adaptive pools (the 1-d ones run through the 2-d rows); IMG's
# values are distinct, so no window holds a tie for its max
IMG, SEQ = _u(2, 2, 5, 6), _u(2, 7)


def _pools(L, x, s):
    f = F(L)
    return (f.max_pool2d(x, 2), f.max_pool2d(x, 3, 2, 1, 2, ceil_mode=True), f.max_pool2d(x[0], (2, 3), 1),
            f.avg_pool2d(x, 2), f.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False),
            f.avg_pool2d(x[0], (3, 2), 1, 1, divisor_override=4), f.adaptive_avg_pool2d(x, (3, 4)),
            f.adaptive_avg_pool2d(x, 1), f.adaptive_max_pool2d(x, (4, 3)), f.max_pool1d(s, 3, 2, 1),
            f.avg_pool1d(s, 3, 2, 1), f.adaptive_avg_pool1d(s, 4), f.adaptive_max_pool1d(s, 3))


def _double_pools(L, x):
    """Each pool's gradient for a seed that depends on x, differentiated again: the grad_output
    formulas of the backward rows (MaxPool2DWithIndicesBackwardBackward0, ...) run."""
    f, gs = F(L), []
    for y in (f.max_pool2d(x, 2, 1), f.avg_pool2d(x, 3, 2, 1), f.adaptive_avg_pool2d(x, (3, 4)),
              f.adaptive_max_pool2d(x, (2, 4))):
        seed = x[..., :y.shape[-2], :y.shape[-1]] ** 2
        gs += L.autograd.grad(y, x, seed, create_graph=True)
    return tuple(gs)


C.add("pools", _pools, IMG, SEQ)
C.add("double_backward_pools", _double_pools, IMG)


# part elem2: aliases (their canonical nodes), rsub with alpha (RsubBackward0/1), addcmul/addcdiv
# (+ in place, broadcast, value=), in-place comparisons (zero gradients: A23 and B23 never tie),
# and addcmul/addcdiv/rsub's gradients differentiated again (addcdiv's formulas: DivBackward0 of a
# number, MulBackward1, NegBackward0)
def _elem2_aliases(L, a, b, p):
    return (L.subtract(a, b, alpha=2), a.multiply(b), L.divide(a, p), a.true_divide(p), L.negative(a),
            a.absolute(), L.rsub(a, b), L.rsub(a, b, alpha=3), L.rsub(a, 2.5, alpha=0.5), L.rsub(a, 2),
            (a * 1).subtract_(b), (a * 1).negative_())


def _elem2_addc(L, a, b, c, p, s):
    return (L.addcmul(a, b, c), L.addcmul(a, b, s, value=0.5), a.addcdiv(b, p), L.addcdiv(a, s, p, value=-2),
            (a * 1).addcmul_(b, c, value=3), (a * 1).addcdiv_(c, p))


def _elem2_compare_inplace(L, a, b):
    return tuple(getattr(a * 1, f"{name}_")(other) for name in ("eq", "ne", "lt", "le", "gt", "ge")
                 for other in (b, 0.3))


def _double_elem2(L, a, b, c, p):
    gs = []
    for y in (L.addcmul(a, b, c, value=2), L.addcdiv(a, b, p, value=2), L.addcdiv(a, b, p),
              L.rsub(a, b, alpha=2), L.rsub(a, 2, alpha=3)):
        gs += L.autograd.grad(y, (a, b, c, p), c * b, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


C.add("elem2_aliases", _elem2_aliases, A23, B23, P23)
C.add("elem2_addc", _elem2_addc, A23, B23, C23, P23, B21)
C.add("elem2_compare_inplace", _elem2_compare_inplace, A23, B23)
C.add("double_backward_elem2", _double_elem2, A23, B23, C23, P23)


# part elem2: copysign (by a tensor and a number), fmax/fmin (a nan in `other` loses: its slot's
# gradient goes to self), logaddexp2, sinc, float_power (pow in float64 after ToCopyBackward0),
# ldexp (an int exponent and a float one), frexp's mantissa; then their gradients differentiated
NAN23 = np.array([[np.nan, 0.4, -0.3], [0.8, np.nan, -0.6]])


def _elem2_math(L, a, b, p):
    i = L.tensor([[1, 2, 0], [3, 0, 1]])  # (negative: PyTorch's gradient is 0, 2 ** -2 in integers)
    return (L.copysign(a, b), a.copysign(-2.0), L.fmax(a, b), a.fmin(b), L.fmax(a, L.tensor(NAN23)),
            L.fmin(a, L.tensor(NAN23)), L.logaddexp2(a, b), a.logaddexp2(p), L.sinc(a), a.sinc(),
            L.float_power(p, b), p.float_power(2.5), L.float_power(2, a), L.ldexp(a, i), a.ldexp(b),
            L.frexp(a * 3).mantissa, (a * 1).copysign_(b), (a * 1).sinc_(), (a * 1).ldexp_(b))


def _double_elem2_math(L, a, b, p):
    gs = []
    for y in (L.copysign(a, b), L.copysign(a, 2.0), L.fmax(a, b), L.fmin(a, b), L.logaddexp2(a, b),
              L.sinc(a), L.float_power(p, b), L.ldexp(a, b), L.frexp(a * 3).mantissa):
        gs += L.autograd.grad(y, (a, b, p), p * b, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None and g.requires_grad)  # (copysign's other: zeros)


C.add("elem2_math", _elem2_math, A23, B23, P23)
C.add("double_backward_elem2_math", _double_elem2_math, A23, B23, P23)

# part conv: conv1d/conv2d (ConvolutionBackward0: input, weight, bias; stride, padding, dilation,
# groups, no bias, an unbatched input, 'same' and 'valid'), F.pad (ConstantPadNdBackward0;
# negative pads crop), and the three gradients differentiated again (the
# ConvolutionBackwardBackward0 row: grad_output, input, weight). ('same' with an even kernel
# warns: the semantics cases check it.) Small inputs: PyTorch's own gradcheck is slow on these
def _conv(L, x1, w1, b, x2, w2, w2g):
    f = F(L)
    return (f.conv1d(x1, w1, b), f.conv1d(x1, w1, None, 2, 1, 2), f.conv1d(x1[0], w1, b, padding="same"),
            f.conv2d(x2, w2, b, stride=(2, 1), padding=(1, 2), dilation=(1, 2)),
            f.conv2d(x2, w2g, b, padding=1, groups=2), L.conv2d(x2[0], w2, None, 1, "valid"),
            f.pad(x2, (1, -1, 2, 0), value=0.5), f.pad(x1, (-2, -1)))


def _double_conv(L, x, w, b, s):
    y = F(L).conv2d(x, w, b, stride=(2, 1), padding=1, dilation=(1, 2), groups=2)
    return L.autograd.grad(y, (x, w, b), s, create_graph=True)


C.add("conv", _conv, _u(1, 2, 5), _u(2, 2, 3), _u(2), _u(1, 2, 4, 5), _u(2, 2, 3, 3), _u(2, 1, 3, 2))
C.add("double_backward_conv", _double_conv, _u(1, 4, 3, 4), _u(4, 2, 2, 2), _u(4), _u(1, 4, 2, 4))


# part einsum: torch.einsum over matmul, batch matmul, outer, inner, trace, diagonal, sums,
# transposes, the bilinear form, ellipses, a size-1 dim that broadcasts, three operands; then
# two of them differentiated again (einsum is a chain of table rows: no row of its own)
def _einsum(L, a, m, t, v, w, sq, bw, r):
    e = L.einsum
    return (e("ij,jk->ik", a, m), e("bij,bjk->bik", t, t.transpose(1, 2)), e("i,j->ij", v, w), e("i,i", v, w),
            e("ii", sq), e("ii->i", sq), e("ij->j", a), e("ji", a), e("bn,anm,bm->ba", a, bw, r),
            e("...ij,...jk", t, m), e("b...,b...->b", t, t * t), e("...ii->...i", L.stack((sq, sq))),
            e("ij,kj->", a, a[:1]), e("ij,jk,kl->il", a, m, m.t()), e(a, [0, 1], v, [1], [0]))


def _double_einsum(L, a, m, bw, r):
    gs = L.autograd.grad(L.einsum("ij,jk->ik", a, m), (a, m), a @ m, create_graph=True)
    return gs + L.autograd.grad(L.einsum("bn,anm,bm->ba", a, bw, r), (a, bw, r), a[:, :2] * r, create_graph=True)


C.add("einsum", _einsum, A23, M34, T223, V3, W3, _u(3, 3), T232, _u(2, 2))
C.add("double_backward_einsum", _double_einsum, A23, M34, T232, _u(2, 2))


# linalg.solve (a vector, a matrix, left=False, batches that broadcast), det, slogdet, logdet
# (SQ22's and SQ222's determinants are positive); then their gradients differentiated again
# (det's and slogdet's formulas are solves: LinalgSolveExBackward0 again)
def _solve_det(L, q, s, b, m):
    return (L.linalg.solve(q, b), L.linalg.solve(q, m), L.linalg.solve(q, m.t(), left=False),
            L.linalg.solve(s, m), L.linalg.solve(s, b), L.linalg.det(q), L.det(s), (s * 2).det(),
            L.linalg.slogdet(s).logabsdet, L.slogdet(q)[1], L.logdet(q), s.logdet())


def _double_solve_det(L, q, s, b, m):
    gs = L.autograd.grad(L.linalg.solve(s, m), (s, m), s[:, :, :1] * m, create_graph=True)
    gs += L.autograd.grad(L.linalg.solve(q, b, left=True), (q, b), b * b, create_graph=True)
    gs += L.autograd.grad(L.linalg.slogdet(s)[1], s, q[0] + 1, create_graph=True)
    return gs + L.autograd.grad(L.linalg.det(s), s, q[0] + 1, create_graph=True)


C.add("linalg_solve_det", _solve_det, SQ22, SQ222, _u(2), _u(2, 3))
C.add("double_backward_linalg_solve_det", _double_solve_det, SQ22, SQ222, _u(2), _u(2, 3))


# part svd: linalg.svd (tall, wide, full and reduced), svdvals, torch.svd, the spectral norms,
# eigh and eigvalsh; outputs that the signs of singular vectors/eigenvectors do not change (NumPy's
# LAPACK and PyTorch's MKL may pick other signs). Distinct singular values and eigenvalues.
TALL43 = np.array([[1.0, 2.0, 0.5], [0.3, -1.0, 2.0], [0.7, 0.1, -0.4], [1.5, 0.2, 0.9]])
SYM33 = np.array([[3.0, 1.0, 0.5], [1.0, 2.0, -0.7], [0.5, -0.7, 1.0]])


def _svd(L, a, s):
    outs = []
    for x in (a, a.mT):
        for full in (True, False):
            U, S, Vh = L.linalg.svd(x, full_matrices=full)
            outs += [S, U[..., :3] * Vh[:3, :1].mT, U[..., :3].pow(2), Vh[:3].pow(4)]
    U, S, V = L.svd(s)
    return (*outs, L.linalg.svdvals(a), U * V, S, L.linalg.matrix_norm(a, 2), L.linalg.norm(a, -2),
            L.linalg.matrix_norm(a.unsqueeze(0), "nuc", dim=(0, 2), keepdim=True), s.norm(p="nuc"))


def _eigh(L, s):
    t = (s + s.mT) / 2  # (eigh reads one triangle: finite differences need a symmetric change)
    Lu, V = L.linalg.eigh(t, UPLO="U")
    Ll, W = L.linalg.eigh(t)
    return Lu, V * V[:1], Ll, W.pow(3) * W[1:2], L.linalg.eigvalsh(t)


def _double_svd_eigh(L, a, s, z):
    U, S, Vh = L.linalg.svd(a, full_matrices=False)
    gs = L.autograd.grad((U.pow(4).sum() + S.prod()), a, create_graph=True)
    lam, V = L.linalg.eigh((s + s.mT) / 2)
    gs += L.autograd.grad(V.pow(4).sum() + lam.pow(3).sum(), s, create_graph=True)
    # det's gradient at a singular z (its adjugate, through the SVD) and at a batch of a singular
    # and a regular matrix (PyTorch's masked index_put_ of both formulas)
    gs += L.autograd.grad(L.linalg.det(z), z, create_graph=True)
    return gs + L.autograd.grad(L.linalg.det(L.stack([z, s[:2, :2]])).sum(), z, create_graph=True)


C.add("linalg_svd_eigh", _svd, TALL43, SYM33)
C.add("linalg_eigh", _eigh, SYM33)
C.add("double_backward_svd_eigh", _double_svd_eigh, TALL43, SYM33, np.array([[1.0, 2.0], [2.0, 4.0]]))


# part svd: solve_triangular (both triangles, both sides, unitriangular), cholesky (and the older
# torch.cholesky), qr (tall and wide, reduced and complete), pinv (and hermitian); SPD33 is
# positive-definite, TALL43 has full rank
SPD33 = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, -0.2], [0.5, -0.2, 2.0]])


def _solve_triangular(L, s, b):
    return (L.linalg.solve_triangular(s.triu(), b, upper=True),
            L.linalg.solve_triangular(s.tril(), b.mT, upper=False, left=False),
            L.linalg.solve_triangular(s, b, upper=False, unitriangular=True))


def _cholesky_qr_pinv(L, s, a):
    t = (s + s.mT) / 2  # (cholesky reads one triangle: finite differences need a symmetric change)
    with warnings.catch_warnings():  # (torch.cholesky's deprecation warning, once a process)
        warnings.filterwarnings("ignore", message=r"\w+\.cholesky is deprecated")
        outs = [L.linalg.cholesky(t), L.linalg.cholesky(t, upper=True), L.cholesky(t)]
    for x in (a, a.mT):  # (mode="complete" is differentiable for wide and square matrices only)
        outs += [*L.linalg.qr(x), L.linalg.pinv(x)]
    return (*outs, *L.linalg.qr(a.mT, mode="complete"), L.linalg.qr(a.mT[:, :3], mode="complete")[0],
            L.linalg.pinv(t, hermitian=True))


def _double_cholesky_qr_pinv(L, s, a):
    t = (s + s.mT) / 2
    gs = L.autograd.grad(L.linalg.cholesky(t).pow(3).sum(), s, create_graph=True)
    Q, R = L.linalg.qr(a)
    gs += L.autograd.grad(Q.pow(3).sum() + R.pow(3).sum(), a, create_graph=True)
    return gs + L.autograd.grad(L.linalg.pinv(a).pow(3).sum(), a, create_graph=True)


C.add("linalg_solve_triangular", _solve_triangular, SPD33, _u(3, 2))
C.add("linalg_cholesky_qr_pinv", _cholesky_qr_pinv, SPD33, TALL43)

def _triangular_solve(L, s, b):
    """torch.triangular_solve (deprecated; it warns once): each flag, both outputs, a batch of b
    over one A, and its double backward."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"\w+\.triangular_solve is deprecated")
        outs = [out for upper in (True, False) for transpose in (True, False)
                for unit in (True, False) for out in L.triangular_solve(b, s, upper, transpose, unit)]
        X = L.triangular_solve(b.expand(2, 3, 2), s, False)[0]
        g = L.autograd.grad(X.pow(3).sum(), (s, b), create_graph=True)
    return (*outs, X, *g)


C.add("triangular_solve", _triangular_solve, SPD33, _u(3, 2))
C.add("double_backward_cholesky_qr_pinv", _double_cholesky_qr_pinv, SPD33, TALL43)


# part linalg2: the LU factorization (lu_factor, lu, lu_unpack; square, wide and tall) and
# lu_solve (left and right, plain and adjoint, B batched over one LU); then differentiated again.
# LU33 and WIDE34 pivot clearly (no tie to flip under finite differences).
LU33 = np.array([[0.3, -1.0, 2.0], [1.0, 2.0, 0.5], [0.7, 0.1, -0.4]])
WIDE34 = np.array([[0.3, -1.0, 2.0, 0.4], [1.0, 2.0, 0.5, -0.2], [0.7, 0.1, -0.4, 1.5]])


def _lu(L, a, w):
    outs = []
    for x in (a, w, w.mT):
        LU, piv = L.linalg.lu_factor(x)
        P, Lo, U = L.linalg.lu(x)
        P2, L2, U2 = L.lu_unpack(LU, piv)
        outs += [LU, Lo, U, L2 * 2, U2.pow(2), L.lu_unpack(LU, piv)[1], L.lu_unpack(LU, piv)[2]]
    return tuple(outs)


def _lu_solve(L, a, b, c):
    LU, piv = L.linalg.lu_factor(a)
    return tuple(L.linalg.lu_solve(LU, piv, x, left=left, adjoint=adjoint)
                 for left in (True, False) for adjoint in (False, True)
                 for x in ((b, c) if left else (b.mT, c.mT)))


def _double_lu(L, a, w, b):
    gs = ()
    for x in (a, w, w.mT):
        LU, piv = L.linalg.lu_factor(x)
        gs += L.autograd.grad(LU.pow(3).sum(), x, create_graph=True)
        P, Lo, U = L.linalg.lu(x)
        gs += L.autograd.grad(Lo.pow(3).sum() + U.pow(3).sum(), x, create_graph=True)
    LU, piv = L.linalg.lu_factor(a)
    for left, adjoint in ((True, False), (True, True), (False, False), (False, True)):
        X = L.linalg.lu_solve(LU, piv, b if left else b.mT, left=left, adjoint=adjoint)
        gs += L.autograd.grad(X.pow(3).sum(), (a, b), create_graph=True)
    return gs


C.add("linalg_lu", _lu, LU33, WIDE34)
C.add("linalg_lu_solve", _lu_solve, LU33, _u(3, 2), _u(2, 3, 2))
C.add("double_backward_lu", _double_lu, LU33, WIDE34, _u(3, 2))


# part linalg2: cholesky_solve and cholesky_inverse (factors of the positive-definite SPD33, both
# triangles; B batched), matrix_exp (small, larger and a batch: different squarings), lstsq (tall
# with residuals, wide, a vector b; gelsy's empty residuals), each differentiated again
def _cholesky_solve_inverse(L, s, b):
    t = (s + s.mT) / 2
    outs = []
    for upper in (False, True):
        F = L.linalg.cholesky(t, upper=upper)
        outs += [L.cholesky_solve(b, F, upper=upper), L.cholesky_solve(b.expand(2, 3, 2), F, upper),
                 L.cholesky_inverse(F, upper=upper)]
    return tuple(outs)


def _matrix_exp(L, m):
    return L.linalg.matrix_exp(m), L.matrix_exp(m * 4), L.linalg.matrix_exp(L.stack([m, -m * 9]))


def _lstsq(L, a, b, v):
    outs = []
    for driver in ("gelsd", "gels", "gelsy"):
        r = L.linalg.lstsq(a, b, driver=driver)
        outs += [r.solution, r.residuals]
    r = L.linalg.lstsq(a, v, driver="gelss")
    return (*outs, r.solution, r.residuals, L.linalg.lstsq(a.mT, b[:3]).solution,
            L.linalg.lstsq(a.mT, v[:3]).solution)


def _double_linalg2(L, s, m, a, b):
    t = (s + s.mT) / 2
    F = L.linalg.cholesky(t)
    gs = L.autograd.grad(L.cholesky_solve(b[:3], F).pow(3).sum(), (s, b), create_graph=True)
    gs += L.autograd.grad(L.cholesky_inverse(F.mT, upper=True).pow(3).sum(), s, create_graph=True)
    gs += L.autograd.grad(L.linalg.matrix_exp(m).pow(3).sum(), m, create_graph=True)
    r = L.linalg.lstsq(a, b, driver="gelsd")
    return gs + L.autograd.grad(r.solution.pow(3).sum() + r.residuals.pow(2).sum(), (a, b),
                                create_graph=True)


C.add("cholesky_solve_inverse", _cholesky_solve_inverse, SPD33, _u(3, 2))
C.add("linalg_matrix_exp", _matrix_exp, _u(3, 3))
C.add("linalg_lstsq", _lstsq, TALL43, _u(4, 2), _u(4))
C.add("double_backward_linalg2", _double_linalg2, SPD33, _u(3, 3), TALL43, _u(4, 2))


# part pad2: F.pad modes 'reflect' and 'replicate' (ReflectionPad1D/2D/3D, ReplicationPad1D/2D/3D;
# a pad that crops), 'circular' (PyTorch's composite: CopySlices of slices), differentiated
# again (the BackwardBackward0 rows: grad_output pads again, self gets zeros)
_PADS2 = (((2, 1), (-1, 2)), ((1, 2, 2, 0),), ((1, 1, 0, 1, 1, 1),))


def _pad2(L, x1, x2, x3):
    f = F(L)
    return tuple(f.pad(x, p, mode=m) for m in ("reflect", "replicate", "circular")
                 for x, pads in zip((x1, x2, x3), _PADS2) for p in pads)


def _double_pad2(L, x1, x2, x3, s1, s2):
    gs = ()
    for m in ("reflect", "replicate"):
        for x, p, s in ((x1, (2, 1), s1), (x2, (1, 2, 2, 0), s2), (x3, (1, 1, 0, 1, 1, 1), None)):
            y = F(L).pad(x, p, mode=m)
            gs += L.autograd.grad(y, x, L.ones_like(y) if s is None else s, create_graph=True)
    return gs


C.add("pad2", _pad2, _u(2, 3, 4), _u(1, 3, 4), _u(1, 2, 2, 3))
C.add("double_backward_pad2", _double_pad2, _u(2, 3, 4), _u(1, 3, 4), _u(1, 2, 2, 3),
      _u(2, 3, 7), _u(1, 5, 7))


# part pad2: F.interpolate (UpsampleNearest1D/2D, UpsampleLinear1D, UpsampleBilinear2D: by size
# and by scale factor, align_corners both ways, down as well as up) and, differentiated again,
# their BackwardBackward0 rows (the gradient of a backward is the forward again)
def _upsample2(L, x1, x2):
    f = F(L)
    return (f.interpolate(x1, scale_factor=2), f.interpolate(x1, size=7), f.interpolate(x2, size=(3, 5)),
            f.interpolate(x2, scale_factor=(1.5, 0.7)), f.interpolate(x1, size=7, mode="linear"),
            f.interpolate(x1, scale_factor=0.6, mode="linear", align_corners=True),
            f.interpolate(x2, size=(5, 3), mode="bilinear"),
            f.interpolate(x2, scale_factor=1.7, mode="bilinear", align_corners=True))


def _double_upsample2(L, x1, x2, s1, s2, s3, s4):
    f, gs = F(L), ()
    for x, y, s in ((x1, f.interpolate(x1, size=7), s1), (x2, f.interpolate(x2, size=(3, 5)), s2),
                    (x1, f.interpolate(x1, size=7, mode="linear"), s1),
                    (x2, f.interpolate(x2, size=(5, 3), mode="bilinear", align_corners=True), s4),
                    (x2, f.interpolate(x2, size=(3, 5), mode="bilinear"), s3)):
        gs += L.autograd.grad(y, x, s, create_graph=True)
    return gs


C.add("upsample2", _upsample2, _u(1, 2, 4), _u(1, 2, 2, 3))
C.add("double_backward_upsample2", _double_upsample2, _u(1, 2, 4), _u(1, 2, 2, 3), _u(1, 2, 7),
      _u(1, 2, 3, 5), _u(1, 2, 3, 5), _u(1, 2, 5, 3))


# part counting: the cross product (dim given, torch.cross's first size-3 dim, inputs that
# broadcast), then its gradients differentiated again (they are cross products too)
def _cross(L, a, b, c):
    return (L.linalg.cross(a, b), L.cross(a.t(), b.t(), dim=0), L.linalg.cross(c, b), a.cross(c, -1))


def _double_cross(L, a, b, c):
    gs = L.autograd.grad(L.linalg.cross(a, b), (a, b), a * b, create_graph=True)
    return gs + L.autograd.grad(L.linalg.cross(c, b), (c, b), b, create_graph=True)


C.add("linalg_cross", _cross, _u(2, 3), _u(2, 3), _u(1, 3))
C.add("double_backward_linalg_cross", _double_cross, _u(2, 3), _u(2, 3), _u(1, 3))


# part rnncell: unsafe_split / unsafe_chunk (UnsafeSplitBackward0), the recurrent cells built on them
def _rnn_cells(L, x, h, c, w_ih, w_hh, b_ih, b_hh):
    """One step of each cell, hidden size 2: the weights hold 4 (LSTM), 3 (GRU) or 1 block(s)."""
    return (L.rnn_tanh_cell(x, h, w_ih[:2], w_hh[:2], b_ih[:2], b_hh[:2]),
            L.rnn_relu_cell(x, h, w_ih[2:4], w_hh[2:4]),
            *L.lstm_cell(x, (h, c), w_ih, w_hh, b_ih, b_hh),
            L.gru_cell(x, h, w_ih[:6], w_hh[:6], b_ih[:6], b_hh[:6]),
            L.gru_cell(x, h, w_ih[2:], w_hh[2:]))


def _double_unsafe_split(L, a, w):
    gs = ()
    for y, seed in ((L.unsafe_chunk(a, 3, 1)[1], a[:, :1] * w[:2]),
                    (a.unsafe_split(2, 0)[0], a[:2] * w[0])):
        gs += L.autograd.grad(y, (a, w), seed, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


C.add("unsafe_split_chunk", lambda L, a: (
    *L.unsafe_split(a, 2, 1), *a.unsafe_chunk(2, 0),
    L.unsafe_chunk(a, 3, 1)[1] * a.unsafe_split(1, 0)[0][:, :1]), A23)
C.add("double_backward_unsafe_split", _double_unsafe_split, _away(3, 6), B3)
C.add("rnn_cells", _rnn_cells, _u(2, 3), _u(2, 2), _u(2, 2), _u(8, 3), _u(8, 2), _u(8), _u(8))
# part nsgap: the addmm family (beta, alpha, broadcast input, in-place), vdot, block_diag,
# matrix_power (inverse and squarings)
C.add("addmm_family", lambda L, c, a, m, v, w: (
    L.addmm(c, a, m, beta=0.5, alpha=2), L.addmv(v[:1], a, w, beta=-1, alpha=0.5),
    L.addr(a, v, w, alpha=3), a.addr(v, w), L.addmv(v, a, w)), _u(4), A23, M34, V2, V3)
C.add("baddbmm_addbmm", lambda L, c, x, y: (
    L.baddbmm(c, x, y, beta=2, alpha=-0.5), L.addbmm(c, x, y, beta=0.5, alpha=2), x[:, :, :2].baddbmm(x, y),
    (c * 1).expand(2, 2).clone().addbmm_(x, y, beta=2)), _u(2), T223, T232)
C.add("vdot", lambda L, v, w: (L.vdot(v, w), v.vdot(v)), V3, W3)
C.add("block_diag", lambda L, a, b, v: L.block_diag(a, b, v, a.t()), A23, _u(), V2)
C.add("matrix_power", lambda L, q: (L.matrix_power(q, 0) * q, q.matrix_power(5), L.matrix_power(q, -3)),
      SQ22)


def _double_unfold(L, a):
    """unfold's backward is an op of its own (UnfoldBackwardBackward0), seen in create_graph."""
    u = a.unfold(1, 2, 1)
    g, = L.autograd.grad((u * u).sum(), a, create_graph=True)
    return u, a.unfold(0, 1, 2), g


C.add("unfold", _double_unfold, _u(2, 4))
C.add("fill", lambda L, a, v: (L.fill(a, 2.), L.fill(a, v) * a), A23, _u())
C.add("normal", lambda L, a, s: (L.normal(a * 0, 0.) * a, L.normal(0.5, s * 0) * s,
                                 L.normal(a * 0 + 0.25, s * 0) * a),
      A23, P23)  # std 0 and a constant mean: the same numbers every call, as finite differences need


# part nnmore: F.unfold/F.fold (Im2ColBackward0/Col2ImBackward0: each other's gradient, with
# dilation, padding, stride, unbatched), pixel_shuffle/unshuffle (each other's gradient),
# max_unpool2d/1d after max pooling (MaxUnpool2DBackward0; IMG's values are distinct), and the
# gradients differentiated again (the formulas are those rows)
def _nnmore(L, x, c, u):
    f = F(L)
    o, i = f.max_pool2d(x, 2, return_indices=True)
    o1, i1 = f.max_pool1d(x[0, 0], 2, return_indices=True)
    return (f.unfold(x, (2, 3), dilation=(1, 2), padding=1, stride=(2, 1)), f.unfold(x[0], 2),
            f.fold(c, (4, 5), (2, 3), dilation=(2, 1), padding=(1, 0), stride=(1, 2)), f.fold(c[0], (3, 6), (2, 3)),
            f.pixel_shuffle(u, 2), f.pixel_unshuffle(x[:, :, :4], 2), f.max_unpool2d(o, i, 2),
            f.max_unpool2d(o, i, 2, output_size=(5, 7)), f.max_unpool1d(o1, i1, 2, output_size=[7]))


def _double_nnmore(L, x, c, u):
    f, gs = F(L), []
    for y, t in ((f.unfold(x, 2, padding=1), x), (f.fold(c, (4, 5), (2, 3), dilation=(2, 1), padding=(1, 0), stride=(1, 2)), c),
                 (f.pixel_shuffle(u, 2), u), (f.pixel_unshuffle(x[:, :, :4], 2), x),
                 (f.max_unpool2d(*f.max_pool2d(x, 2, return_indices=True), 2), x)):
        gs += L.autograd.grad(y, t, y * y, create_graph=True)
    return tuple(gs)


C.add("nnmore_fold_shuffle_unpool", _nnmore, IMG, _u(2, 12, 8), _u(1, 8, 2, 3))
C.add("double_backward_nnmore_fold_shuffle_unpool", _double_nnmore, IMG, _u(2, 12, 8), _u(1, 8, 2, 3))


# conv_transpose1d/2d: the ConvolutionBackward0 row with transposed=True (stride, padding,
# output_padding below stride or below dilation, groups, dilation, unbatched), then its three
# gradients differentiated again (ConvolutionBackwardBackward0 with transposed=True)
def _conv_transpose(L, x1, w1, b, x2, w2):
    f = F(L)
    return (f.conv_transpose1d(x1, w1, b, 2, 1, 1), f.conv_transpose1d(x1[0], w1, None, dilation=2),
            f.conv_transpose2d(x2, w2, b, stride=(2, 1), padding=(1, 0), output_padding=(1, 0), groups=2),
            L.conv_transpose2d(x2[0], w2, None, 1, 1, 1, 1, 2))


def _double_conv_transpose(L, x, w, b, s):
    y = F(L).conv_transpose2d(x, w, b, stride=(2, 1), padding=1, output_padding=(1, 0), groups=2, dilation=(1, 2))
    return L.autograd.grad(y, (x, w, b), s * s, create_graph=True)


C.add("conv_transpose", _conv_transpose, _u(1, 2, 4), _u(2, 2, 3), _u(2), _u(1, 4, 2, 3), _u(4, 1, 2, 2))
C.add("double_backward_conv_transpose", _double_conv_transpose, _u(1, 4, 2, 3), _u(4, 2, 2, 2), _u(4), _u(1, 4, 3, 3))
C.add("triplet_margin_loss", lambda L, a, p, n: (
    F(L).triplet_margin_loss(a, p, n), F(L).triplet_margin_loss(a, p, n, 0.5, 1, swap=True, reduction="none"),
    L.nn.TripletMarginLoss(3.0, 3, reduction="sum")(a, p, n)), _u(3, 4), _u(3, 4), _u(3, 4))



# part rnnseq: a float32 LSTM layer is one oneDNN node (MkldnnRnnLayerBackward0); its row also runs in
# float64, which torch's oneDNN kernel refuses: there torch runs ATen's cells, the same math
def _lstm_layer(L, x, w_ih, w_hh, b_ih, b_hh, h, c, reverse, bias):
    if L is minigrad:
        biases = (b_ih, b_hh) if bias else (L.zeros(8, dtype=L.float64),) * 2
        return derivatives.mkldnn_rnn_layer(x, w_ih, w_hh, *biases, h, c, reverse, [], 2, 2, 1, bias,
                                            False, False, True)
    out, hn, cn = L.lstm(x.flip(0) if reverse else x, (h[None], c[None]),
                         [w_ih, w_hh, b_ih, b_hh] if bias else [w_ih, w_hh], bias, 1, 0.0, True, False, False)
    return (out.flip(0) if reverse else out), hn[0], cn[0]


def _double_lstm_layer(L, x, w_ih, w_hh, b_ih, b_hh, h, c):
    out, hn, cn = _lstm_layer(L, x, w_ih, w_hh, b_ih, b_hh, h, c, True, True)
    return L.autograd.grad((out * out).sum() + (hn * cn).sum(), (x, w_ih, w_hh, b_hh, h, c),
                           create_graph=True)


LSTM_LAYER = (_u(3, 2, 3), _u(8, 3), _u(8, 2), _u(8), _u(8), _u(2, 2), _u(2, 2))
C.add("mkldnn_rnn_layer", lambda L, *a: (*_lstm_layer(L, *a, False, True), *_lstm_layer(L, *a, True, False)),
      *LSTM_LAYER)
C.add("double_backward_mkldnn_rnn_layer", _double_lstm_layer, *LSTM_LAYER)


# part packseq: pack_padded_sequence's row (PackPaddedSequenceBackward0), time-first and batch-first,
# sorted and not (an index_select first), and back through pad_packed_sequence (CopySlices); its
# backward is copy_ into views, differentiated again
def _packseq(L, x, y):
    rnn = L.nn.utils.rnn
    packed = rnn.pack_padded_sequence(x, [3, 3, 1])
    unsorted = rnn.pack_padded_sequence(y, L.tensor([1, 4, 2]), batch_first=True, enforce_sorted=False)
    return packed.data, unsorted.data, rnn.pad_packed_sequence(unsorted, padding_value=-1.0, total_length=5)[0]


def _double_packseq(L, x, g):
    data = L.nn.utils.rnn.pack_padded_sequence(x, [3, 2, 2], batch_first=True).data
    return L.autograd.grad(data, x, g * data, create_graph=True)


C.add("pack_padded_sequence", _packseq, _u(4, 3, 2), _u(3, 4, 2))
C.add("double_backward_pack_padded_sequence", _double_packseq, _u(3, 4, 2), _u(7, 2))


# part dist: cdist by its kernel (CdistBackward0, each p) and by a matrix product for p = 2
# (EuclideanDistBackward0: forced, batched, and its gradient differentiated again), pdist.
# Fixed values (no draw from _rng): pairs differ in every feature, no ties for the largest.
def _dist_values(*shape, step=0.7):
    return np.sin(np.arange(np.prod(shape)) * step + 0.3).reshape(shape)


def _dist_cases(L, a, b, x):
    mm = "use_mm_for_euclid_dist"
    return (L.cdist(a, b), L.cdist(a, b, p=1), L.cdist(a, b, 1.5), L.cdist(a, b, 0.5), L.cdist(a, b, 3),
            L.cdist(a, b, float("inf")), L.cdist(a, b, compute_mode=mm),
            L.cdist(a[None], b.expand(2, 2, 4), compute_mode=mm), L.cdist(a[None], b.expand(2, 2, 4), 3),
            L.pdist(x), F(L).pdist(x, 1), L.pdist(x, 1.5), L.pdist(x, 3), L.pdist(x, float("inf")),
            *L.autograd.grad(L.cdist(a, b, compute_mode=mm).sum(), (a, b), create_graph=True))


C.add("dist_cdist_pdist", _dist_cases, _dist_values(3, 4), _dist_values(2, 4, step=1.3),
      _dist_values(4, 3, step=0.9))

# part dist: scatter_reduce, each reduction with and without self (distinct values: no ties for
# amax/amin; prod with a zero in self and a lone zero in src), in place, and differentiated again
SR_INDEX = [[0, 0, 2], [1, 3, 1]]


def _scatter_reduce_cases(L, x, s):
    i = L.tensor(SR_INDEX)
    outs = [x.scatter_reduce(1, i, s, r, include_self=b) for r in ("sum", "prod", "mean", "amax", "amin")
            for b in (True, False)]
    y = x * 1
    y.scatter_reduce_(0, i[:1, :2], s[:1, :2], "mean", include_self=False)
    return (*outs, y, L.scatter_reduce(x[0], 0, i[1], s[1], "amax"), *L.autograd.grad(
        (x.scatter_reduce(1, i, s, "prod") ** 2).sum(), (x, s), create_graph=True))


def _index_reduce_cases(L, x, s):
    """index_reduce (part dist): each reduction with and without self, in place, along dim 1,
    and differentiated again."""
    i = L.tensor([0, 2, 0])
    with warnings.catch_warnings():  # (its beta warning, once a process)
        warnings.filterwarnings("ignore", message=r"index_reduce\(\) is in beta")
        outs = [x.index_reduce(0, i, s, r, include_self=b) for r in ("prod", "mean", "amax", "amin")
                for b in (True, False)]
        y = x * 1
        y.index_reduce_(1, L.tensor([3, 3]), x[:, :2] * 2, "mean", include_self=False)
        z = L.index_reduce(x, 0, i, s, "prod")
    return (*outs, y, *L.autograd.grad((z ** 2).sum(), (x, s), create_graph=True))


SR_SELF = np.array([[0.3, 0.0, -0.7, 0.9], [1.1, -0.4, 0.6, -1.3]])
SR_SRC = np.array([[0.8, 0.0, -0.2], [0.5, 1.4, -0.9]])
C.add("dist_scatter_reduce", _scatter_reduce_cases, SR_SELF, SR_SRC)
C.add("dist_index_reduce", _index_reduce_cases,
      np.array([[0.3, 0.0, -0.7, 0.9], [1.1, -0.4, 0.6, -1.3], [0.45, 1.25, -0.15, 0.65]]),
      np.array([[0.8, 0.35, -0.2, 1.05], [0.5, 1.4, -0.9, 0.0], [-0.55, 0.95, 1.15, -0.25]]))
# part dist: multi-class hinge losses (each reduction, p, margin, weight; 1-d input), values away
# from the hinges' kinks
def _margin_losses(L, x):
    f, y, w = F(L), L.tensor([3, 0, 1]), L.tensor([1.0, 2.0, 0.5, 1.5], dtype=L.float64)
    t = L.tensor([[3, 0, -1, 1], [1, 2, 3, -1], [-1, 0, 1, 2]])
    return (f.multi_margin_loss(x, y), f.multi_margin_loss(x, y, p=2, margin=0.7, weight=w, reduction="none"),
            L.nn.MultiMarginLoss(margin=0.4, reduction="sum")(x, y), f.multi_margin_loss(x[1], L.tensor(2)),
            f.multilabel_margin_loss(x, t), f.multilabel_margin_loss(x, t, reduction="none"),
            L.nn.MultiLabelMarginLoss(reduction="sum")(x[2], t[0]))


C.add("dist_margin_losses", _margin_losses,
      np.array([[0.1, 0.2, 0.45, 0.8], [0.3, -0.55, 0.25, 0.1], [0.9, 0.7, -0.35, 0.15]]))
# part dist: renorm (each p; slices above and below maxnorm), in place, and differentiated again
def _renorm_cases(L, x):
    y = x * 1
    y.renorm_(2, 1, 1.0)
    return (x.renorm(2, 0, 1.5), L.renorm(x, 1, 1, 2.0), x.renorm(3, -1, 1.2), x.renorm(float("inf"), 0, 0.8),
            y, L.autograd.grad((x.renorm(2, 0, 1.5) ** 2).sum(), x, create_graph=True)[0])


C.add("dist_renorm", _renorm_cases, np.array([[0.9, -1.3, 0.4], [0.2, 0.1, -0.3], [1.6, 0.7, -0.5]]))


# part dist: channel_shuffle, local_response_norm (3-d: avg_pool2d; 4-d: avg_pool3d) and its
# double backward, exponential_ (seeded the same each call: finite differences see a function;
# its draws, which differ from PyTorch's, times 0)
def _shuffle_lrn_cases(L, x, v):
    y = x * 1
    y.exponential_(2.0, generator=L.Generator().manual_seed(0))
    return (F(L).channel_shuffle(x, 2), L.nn.ChannelShuffle(3)(x[0].unsqueeze(0)), F(L).local_response_norm(v, 3),
            F(L).local_response_norm(x, 2, alpha=0.5, beta=0.6, k=1.5), y * 0 + x,
            L.autograd.grad((F(L).local_response_norm(x, 3, alpha=0.5) ** 2).sum(), x, create_graph=True)[0])


C.add("dist_channel_shuffle_lrn", _shuffle_lrn_cases, _dist_values(2, 6, 2, 1, step=0.45),
      _dist_values(2, 4, 3, step=0.8))
# part dist: F.bilinear (TrilinearBackward0 between views), batched and 1-d, and differentiated again
C.add("dist_bilinear", lambda L, x1, x2, w, b: (
    F(L).bilinear(x1, x2, w, b), F(L).bilinear(x1[None].expand(2, 3, 4), x2[None].expand(2, 3, 5), w),
    F(L).bilinear(x1[0], x2[1], w, b),
    *L.autograd.grad((F(L).bilinear(x1, x2, w, b) ** 2).sum(), (x1, x2, w), create_graph=True)),
    _dist_values(3, 4), _dist_values(3, 5, step=0.4), _dist_values(2, 4, 5, step=1.1), _dist_values(2, step=2.0))


# part attn: scaled_dot_product_attention's math path (its _safe_softmax: SafeSoftmaxBackward0)
# and its CPU flash kernel (4-D, no dropout, a mask needing no gradient; GQA; a fully masked row)
_MASK33 = [[0.5, -1.0, 0.0], [0.2, 0.3, -0.4], [0.0, 0.0, 1.0]]


def _sdpa(L, q, k, v, m):
    f = F(L).scaled_dot_product_attention
    dead = L.tensor([[True, False, True], [False, False, False], [True, True, True]])
    return (f(q, k, v), f(q, k, v, is_causal=True), f(q, k, v, attn_mask=dead, scale=-0.6),
            f(q, k[:, :1], v[:, :1], enable_gqa=True), f(q, k, v, attn_mask=L.tensor(_MASK33)),
            f(q[0], k[0], v[0], attn_mask=m), f(q[0], k[0, :, :2], v[0, :, :2], is_causal=True),
            f(q[0], k[0], v[0], attn_mask=dead, dropout_p=-0.5))


C.add("scaled_dot_product_attention", _sdpa, _u(1, 2, 3, 4), _u(1, 2, 3, 4), _u(1, 2, 3, 4), _u(3, 3))

# session 16: the scatters (out-of-place writes into a view), and differentiated again
C.add("scatters", lambda L, x, s, r, t, v: (
    L.select_scatter(x, s, 0, -1), L.slice_scatter(x, t, -1, 1, None, 2), x.diagonal_scatter(v, -1),
    L.select_scatter(x, r, -1, 0),
    *L.autograd.grad((L.slice_scatter(x, t, 1, step=2) ** 2).sum() + (L.select_scatter(
        x, s, 0, 1) ** 3).sum() + (L.diagonal_scatter(x, v, -1) ** 2).sum(), (x, s, t, v),
        create_graph=True)),
    _u(3, 4), _u(4), _u(3), _u(3, 2), _u(2))

def _samplers(L, x, p):
    """The in-place samplers record a node whose gradient is zero. Each is seeded the same on every
    call, so finite differences see a function; its draws (not PyTorch's) are multiplied by 0."""
    draws = (lambda y, g: y.bernoulli_(0.5, generator=g), lambda y, g: y.bernoulli_(p.sigmoid(), generator=g),
             lambda y, g: y.random_(generator=g), lambda y, g: y.random_(5, generator=g),
             lambda y, g: y.random_(-3, 4, generator=g), lambda y, g: y.cauchy_(generator=g),
             lambda y, g: y.log_normal_(generator=g), lambda y, g: y.geometric_(0.5, generator=g))
    outs = []
    for draw in draws:
        y = x * 1
        draw(y, L.Generator().manual_seed(0))
        outs.append(y * 0 + x * p)
    return tuple(outs)


C.add("samplers", _samplers, _u(2, 3), _u(3))
C.add("angle_nextafter", lambda L, x, o: (
    L.angle(x), L.nextafter(x, o), x.nextafter(o[:1]),
    *L.autograd.grad((L.nextafter(x, o) ** 2).sum(), (x, o), create_graph=True)),
    _away(3), _away(3))



# part conv3d: conv3d and conv_transpose3d (the ConvolutionBackward0 row over three spatial dims:
# stride, padding, 'same', dilation, groups, output_padding, unbatched), differentiated again
def _conv3d(L, x, w, b, wt):
    f = F(L)
    return (f.conv3d(x, w, b, stride=(1, 2, 1), padding=(1, 0, 1), dilation=(1, 1, 2)),
            L.conv3d(x[0], w[:, :, :1, :, :1], None, 1, "same"), f.conv3d(x, w[:, :1], b, groups=2),
            f.conv_transpose3d(x, wt, b, stride=(2, 1, 2), padding=(0, 1, 1), output_padding=(1, 0, 1)),
            L.conv_transpose3d(x[0], wt[:, :1].repeat(1, 2, 1, 1, 1), None, 1, 0, 0, 2, (2, 1, 1)))


def _double_conv3d(L, x, w, b, s):
    y = F(L).conv3d(x, w, b, padding=1, groups=2)
    g = L.autograd.grad(y, (x, w, b), s, create_graph=True)
    y = F(L).conv_transpose3d(x, w, None, stride=2)
    return g + L.autograd.grad(y, (x, w), y * y, create_graph=True)


C.add("conv3d", _conv3d, _u(1, 2, 3, 4, 3), _u(2, 2, 2, 3, 2), _u(2), _u(2, 2, 2, 2, 2))
C.add("double_backward_conv3d", _double_conv3d, _u(1, 2, 2, 3, 2), _u(2, 1, 2, 2, 2), _u(2),
      _u(1, 2, 3, 4, 3))


# part conv3d: the pools over three dims (MaxPool3DWithIndicesBackward0, AvgPool3DBackward0 with
# padding, ceil_mode, count_include_pad and divisor_override, the adaptive pools, max_unpool3d,
# lp_pool1d/2d/3d), then each pool's gradient differentiated again (the backward rows). VOL's
# values are distinct, so no window holds a tie for its max
VOL = _rng.permutation(60).reshape(1, 2, 3, 2, 5) / 30 - 1


def _pools3d(L, x):
    f = F(L)
    o, i = f.max_pool3d(x, (1, 2, 2), return_indices=True)  # (windows apart: unpool is one-to-one)
    return (f.max_pool3d(x, (2, 1, 3), (1, 1, 2), (1, 0, 1), (1, 2, 1), ceil_mode=True),
            f.max_pool3d(x, 2, 1), o,
            f.avg_pool3d(x, 2, 1, 1, ceil_mode=True, count_include_pad=False),
            f.avg_pool3d(x[0], (3, 2, 2), (1, 2, 1), (1, 1, 0), divisor_override=5),
            f.adaptive_avg_pool3d(x, (2, 3, 4)), f.adaptive_max_pool3d(x[0], (2, 1, 3)),
            f.max_unpool3d(o, i, (1, 2, 2), output_size=(3, 2, 5)), f.lp_pool3d(x.abs() + 0.5, 2.5, (2, 1, 2)),
            f.lp_pool2d(x[0, 0] + 2, 3, 2, 1, True), f.lp_pool1d(x[0, 0, 0] + 2, 1.5, 2))


def _double_pools3d(L, x):
    f, gs = F(L), []
    o, i = f.max_pool3d(x, (1, 2, 2), return_indices=True)
    for y, z in ((o, x), (f.max_pool3d(x, 2, 1), x), (f.avg_pool3d(x, 2, 1, 1), x), (f.adaptive_avg_pool3d(x, (2, 3, 4)), x),
                 (f.adaptive_max_pool3d(x, (2, 2, 3)), x), (f.max_unpool3d(o, i, (1, 2, 2), output_size=(3, 2, 5)), o)):
        gs += L.autograd.grad(y, z, y * y, create_graph=True)
    return tuple(gs)


C.add("pools3d", _pools3d, VOL)
C.add("double_backward_pools3d", _double_pools3d, VOL)


# part decoder: rrelu (RreluWithNoiseBackward0/1 and its backward's row). Training draws random
# slopes, which PyTorch's stream would not match: lower == upper makes them fixed
def _rrelu(L, a):
    f = F(L)
    return (f.rrelu(a), f.rrelu(a, 0.1, 0.6), f.rrelu(a, 0.2, 0.2, training=True),
            f.rrelu(a * 1, inplace=True), f.rrelu(a * 1, 0.3, 0.3, True, inplace=True))


def _double_rrelu(L, a, s):
    """Gradients with input-dependent seeds, differentiated again: RreluWithNoiseBackwardBackward0
    from the input and (in place) from the output, in eval and in training."""
    f, gs = F(L), []
    for y in (f.rrelu(a, 0.1, 0.5), f.rrelu(a, 0.2, 0.2, training=True),
              f.rrelu(a * 1, inplace=True), f.rrelu(a * 1, 0.3, 0.3, True, inplace=True)):
        gs += L.autograd.grad(y, (a, s), s * s, create_graph=True, allow_unused=True)
    return tuple(g for g in gs if g is not None)


# embedding_bag (EmbeddingBagBackward0): sum (with per_sample_weights, padding_idx, a 2-D input),
# mean, max; an empty bag; include_last_offset. (scale_grad_by_freq is no true gradient by design:
# semantics case decoder_embedding_bag compares it with PyTorch's)
def _embedding_bag(L, w, p):
    f, i, o = F(L), L.tensor([0, 2, 1, 2, 4, 3, 2]), L.tensor([0, 2, 2, 5])
    return (f.embedding_bag(i, w, o, mode="sum"), f.embedding_bag(i, w, o),
            f.embedding_bag(i, w, o, mode="max"), f.embedding_bag(i, w, o, mode="max", padding_idx=3),
            f.embedding_bag(i, w, o, mode="sum", per_sample_weights=p, padding_idx=2),
            f.embedding_bag(i, w, o, padding_idx=0),
            f.embedding_bag(i, w, L.tensor([0, 3, 7]), mode="sum", include_last_offset=True,
                            per_sample_weights=p),
            f.embedding_bag(i[:6].view(2, 3), w, per_sample_weights=p[:6].view(2, 3), mode="sum"))


C.add("rrelu", _rrelu, A23)
C.add("double_backward_rrelu", _double_rrelu, A23, C23)
C.add("embedding_bag", _embedding_bag, _u(5, 3), _u(7))


# part linalg3: householder_product (tall, square with fewer reflectors, a batch; torch.orgqr and
# the method), and differentiated again
def _householder(L, a, t, b, tb):
    return (L.linalg.householder_product(a, t), L.orgqr(a[:3], t[:2]), a.orgqr(t[:1]),
            L.linalg.householder_product(b, tb))


def _double_householder(L, a, t):
    Q = L.linalg.householder_product(a, t)
    return L.autograd.grad(Q.pow(3).sum(), (a, t), create_graph=True)


C.add("linalg_householder_product", _householder, _u(4, 3), _u(3), _u(2, 3, 2), _u(2, 2))
C.add("double_backward_householder", _double_householder, _u(4, 3), _u(3))


def _ormqr(L, a, t, c, b, tb):
    """ormqr from both sides, plain and transposed (reflectors, tau and C all differentiated),
    a batch, and differentiated again."""
    outs = [L.ormqr(a, t, c, left, tr) for left, tr in ((True, False), (True, True))]
    outs += [L.ormqr(a, t, c.mT, False, tr) for tr in (False, True)]
    outs += [b.ormqr(tb, b * 2, transpose=True)]
    return (*outs, *L.autograd.grad(L.ormqr(a, t, c).pow(3).sum(), (a, t, c), create_graph=True))


C.add("ormqr", _ormqr, _u(4, 3), _u(3), _u(4, 2), _u(2, 3, 2), _u(2, 2))


# part linalg3: the _ex variants (their info has no gradient), solve's node keeping A's LU factors
def _linalg_ex(L, s, q, b):
    t = (s + s.mT) / 2
    X = L.linalg.solve_ex(q, b)
    gs = L.autograd.grad(X.result.pow(3).sum(), (q, b), create_graph=True)
    return (L.linalg.cholesky_ex(t).L, L.linalg.cholesky_ex(t, upper=True).L,
            L.linalg.inv_ex(q).inverse, X.result, L.linalg.solve_ex(q, b.mT, left=False).result, *gs)


C.add("linalg_ex", _linalg_ex, SPD33, LU33, _u(3, 2))



# part vision: F.interpolate's nearest 3-d, nearest-exact 1-3-d, trilinear, bicubic and
# antialiased bilinear/bicubic (both align_corners, by size and by scale factor, up and down)
# and, differentiated again, their BackwardBackward0 rows
def _upsample_vision(L, x1, x2, x3, x4):
    f = F(L)
    return (f.interpolate(x3, scale_factor=2), f.interpolate(x3, size=(3, 2, 5)),
            f.interpolate(x1, size=7, mode="nearest-exact"),
            f.interpolate(x2, scale_factor=(1.5, 0.7), mode="nearest-exact"),
            f.interpolate(x3, size=(1, 4, 3), mode="nearest-exact"),
            f.interpolate(x3, size=(3, 4, 5), mode="trilinear"),
            f.interpolate(x3, scale_factor=(0.5, 1.5, 1.2), mode="trilinear", align_corners=True),
            f.interpolate(x2, size=(5, 3), mode="bicubic"),
            f.interpolate(x2, scale_factor=1.7, mode="bicubic", align_corners=True),
            f.interpolate(x2, size=(1, 2), mode="bicubic"),
            f.interpolate(x4, size=(2, 3), mode="bilinear", antialias=True),
            f.interpolate(x4, scale_factor=(0.5, 1.5), mode="bilinear", antialias=True,
                          align_corners=True),
            f.interpolate(x4, size=(3, 2), mode="bicubic", antialias=True),
            f.interpolate(x4, scale_factor=(1.4, 0.6), mode="bicubic", antialias=True,
                          align_corners=True))


def _double_upsample_vision(L, x1, x2, x3, s1, s2, s3, s4, s5):
    f, gs = F(L), ()
    for x, y, s in ((x3, f.interpolate(x3, size=(3, 2, 5)), s3),
                    (x1, f.interpolate(x1, size=7, mode="nearest-exact"), s1),
                    (x2, f.interpolate(x2, size=(5, 3), mode="nearest-exact"), s2),
                    (x3, f.interpolate(x3, size=(3, 2, 5), mode="nearest-exact"), s3),
                    (x3, f.interpolate(x3, size=(3, 2, 5), mode="trilinear"), s3),
                    (x2, f.interpolate(x2, size=(5, 3), mode="bicubic", align_corners=True), s2),
                    (x2, f.interpolate(x2, size=(5, 3), mode="bicubic"), s4),
                    (x2, f.interpolate(x2, size=(1, 2), mode="bilinear", antialias=True), s5),
                    (x2, f.interpolate(x2, size=(1, 2), mode="bicubic", antialias=True,
                                       align_corners=True), s5)):
        gs += L.autograd.grad(y, x, s, create_graph=True)
    return gs


# part vision: affine_grid (2-d and 3-d, align_corners both ways, a unit-size dim); its gradient
# is PyTorch's composite (bmm of the base grid with grad), so differentiating it again is bmm's
def _affine_grid(L, t2, t3):
    f = F(L)
    return (f.affine_grid(t2, (2, 1, 3, 4), align_corners=False),
            f.affine_grid(t2, (2, 3, 1, 5), align_corners=False),
            f.affine_grid(t2, (2, 3, 2, 5), align_corners=True),
            f.affine_grid(t3, (1, 2, 2, 3, 4), align_corners=False),
            f.affine_grid(t3, (1, 1, 3, 2, 2), align_corners=True))


C.add("affine_grid", _affine_grid, _u(2, 2, 3), _u(1, 3, 4))
C.add("upsample_vision", _upsample_vision, _u(1, 2, 4), _u(1, 2, 2, 3), _u(1, 2, 2, 3, 4),
      _u(1, 2, 5, 6))
C.add("double_backward_upsample_vision", _double_upsample_vision, _u(1, 2, 4), _u(1, 2, 2, 3),
      _u(1, 2, 2, 3, 4), _u(1, 2, 7), _u(1, 2, 5, 3), _u(1, 2, 3, 2, 5), _u(1, 2, 5, 3),
      _u(1, 2, 1, 2))

# part views2: as_strided (overlapping windows, a view of a view, storage offsets), as_strided_,
# as_strided_scatter (src only: PyTorch's formula for self gives the scattered region's gradient,
# which finite differences do not), and the gradient of the gradient through them
_AS_STRIDED_SELF = _u(10)


def _as_strided(L, x, s):
    y = x * 1
    windows = L.as_strided(x, (3, 4), (2, 1), 1)            # overlapping rows
    of_view = x[2:].view(2, 4).as_strided((2, 2), (3, 1), 3)  # offset in the base's storage
    expanded = x[:3].expand(2, 3).as_strided((2, 2), (0, 1))  # expanded and repeated
    y.as_strided_((2, 3), (1, 2), 2)
    scattered = L.as_strided_scatter(L.tensor(_AS_STRIDED_SELF), s, (2, 2), (1, 3), 1)
    g = L.autograd.grad((windows ** 2).sum(), x, create_graph=True)[0]
    return windows, of_view, expanded, y, scattered, g


C.add("as_strided", _as_strided, _u(10), _u(2, 2))


def _view_copies(L, x):
    """The *_copy functions (part views2): a view's values in new memory, the view's formulas."""
    c = x[:, :1]
    return (L.alias_copy(x), L.as_strided_copy(x, (2, 2), (1, 2), 1), L.diagonal_copy(x, 1, -1, 0),
            L.expand_copy(c, (-1, 3, -1)), L.permute_copy(x, (-1, 0, 1)), L.select_copy(x, -1, -2),
            L.slice_copy(x, 2, -3, None, 2), L.slice_copy(x, 1, None, -1), L.squeeze_copy(c),
            L.squeeze_copy(c, -2), L.squeeze_copy(c, (0, 1)), L.t_copy(x[0]),
            L.transpose_copy(x, -1, 0), L.unfold_copy(x, -1, 2, 1), L.unsqueeze_copy(x, -1),
            L.view_copy(x.transpose(0, 1), (-1,)), L.narrow_copy(x, -1, -3, 2), x.narrow_copy(1, 1, 2),
            *L.split_copy(x, 3, -1), *L.split_with_sizes_copy(x, [1, 3], 2), *L.unbind_copy(x, 1),
            *L.autograd.grad((L.unfold_copy(x, -1, 2, 1) ** 2).sum() + (L.select_copy(x, 1, 0) ** 3).sum(),
                             x, create_graph=True))


C.add("view_copies", _view_copies, _u(2, 3, 4))


# part gridsample: grid_sample 2-d (three modes x three paddings, both align_corners) and 3-d,
# one of them behind affine_grid (a spatial transformer); their gradients differentiated again
# (GridSampler2D/3DBackwardBackward0); fractional max pooling 2-d/3-d, batched and not, with
# fixed samples, and its backward differentiated again
def _grid_sample(L, x2, g2, x3, g3, theta):
    f, outs = F(L), ()
    for mode in ("bilinear", "nearest", "bicubic"):
        for padding in ("zeros", "border", "reflection"):
            outs += (f.grid_sample(x2, g2, mode, padding, align_corners=True),
                     f.grid_sample(x2, g2, mode, padding, align_corners=False))
    for mode in ("bilinear", "nearest"):
        for padding in ("zeros", "border", "reflection"):
            outs += (f.grid_sample(x3, g3, mode, padding, align_corners=False),)
    grid = f.affine_grid(theta, (1, 2, 3, 4), align_corners=False)
    return outs + (f.grid_sample(x2[:1], grid, align_corners=False),)


def _double_grid_sample(L, x2, g2, x3, g3, s2, s3):
    f, gs = F(L), ()
    for mode, padding in (("bilinear", "zeros"), ("bicubic", "reflection"), ("nearest", "border"),
                          ("bilinear", "reflection")):
        y = f.grid_sample(x2, g2, mode, padding, align_corners=False)
        gs += L.autograd.grad(y, (x2, g2), s2, create_graph=True)
    y = f.grid_sample(x3, g3, "bilinear", "border", align_corners=True)
    return gs + L.autograd.grad(y, (x3, g3), s3, create_graph=True)


def _fractional_max_pool(L, x2, x3, s2, s3):
    f = F(L)
    u2 = L.tensor([[[0.3, 0.7], [0.55, 0.1]], [[0.9, 0.2], [0.05, 0.45]]], dtype=L.float64)
    u3 = L.tensor([[[0.3, 0.7, 0.5], [0.55, 0.1, 0.8]]], dtype=L.float64)
    y2 = f.fractional_max_pool2d(x2, 3, output_size=(3, 4), _random_samples=u2)
    y3 = f.fractional_max_pool3d(x3, (2, 1, 2), output_ratio=0.5, _random_samples=u3)
    return (y2, f.fractional_max_pool2d(x2[0], (2, 3), output_size=2, _random_samples=u2[:1]),
            y3, f.fractional_max_pool3d(x3[0], 2, output_size=(2, 3, 2), _random_samples=u3),
            *L.autograd.grad(y2, x2, s2, create_graph=True),
            *L.autograd.grad(y3, x3, s3, create_graph=True))


C.add("grid_sample", _grid_sample, _u(2, 2, 3, 4), _u(2, 3, 5, 2, lo=-1.3, hi=1.3),
      _u(1, 2, 3, 2, 4), _u(1, 2, 3, 2, 3, lo=-1.3, hi=1.3), _u(1, 2, 3))
C.add("double_backward_grid_sample", _double_grid_sample, _u(2, 2, 3, 4),
      _u(2, 3, 5, 2, lo=-1.3, hi=1.3), _u(1, 2, 3, 2, 4), _u(1, 2, 3, 2, 3, lo=-1.3, hi=1.3),
      _u(2, 2, 3, 5), _u(1, 2, 2, 3, 2))
C.add("fractional_max_pool", _fractional_max_pool, _u(2, 2, 7, 8), _u(1, 2, 6, 5, 6),
      _u(2, 2, 3, 4), _u(1, 2, 3, 2, 3))

# part nnalias: native_dropout (NativeDropoutBackward0). Its mask is random, so p is 0 (all kept)
# or 1 (all dropped), in training, not (a copy) and with train=None (drops and scales, but its
# gradient is not scaled); its double backward is the composite grad * (mask * scale)
def _native_dropout(L, a):
    return tuple(L.native_dropout(a, p, train)[0] for p in (0.0, 1.0) for train in (True, False, None))


def _double_native_dropout(L, a, s):
    return tuple(L.autograd.grad(L.native_dropout(a, p, train)[0], a, s * s, create_graph=True)[0]
                 for p, train in ((0.0, True), (1.0, True), (0.0, None)))


# torch.norm_except_dim (NormBackward0 over everything with dim -1, NormBackward1 between views
# and transposes otherwise), affine_grid_generator; and differentiated again
def _norm_except_dim(L, a, v):
    return (L.norm_except_dim(a, 2, -1), L.norm_except_dim(a, 3, -1), L.norm_except_dim(a),
            L.norm_except_dim(a, 1, 1), L.norm_except_dim(v, 2, 1), L.norm_except_dim(v, 3, -2),
            L.affine_grid_generator(a.view(1, 2, 3), [1, 1, 2, 2], False))


def _double_norm_except_dim(L, a, v):
    return (L.autograd.grad(L.norm_except_dim(a, 2, -1), a, create_graph=True)[0],
            L.autograd.grad(L.norm_except_dim(v, 3, 1).sum(), v, create_graph=True)[0])


C.add("native_dropout", _native_dropout, A23)
C.add("norm_except_dim", _norm_except_dim, A23, np.stack([A23, B23], -1))
C.add("double_backward_norm_except_dim", _double_norm_except_dim, A23, np.stack([A23, B23], -1))
C.add("double_backward_native_dropout", _double_native_dropout, A23, C23)
# part ctc: the CTC loss through log_softmax (PyTorch's gradient assumes normalized log_probs):
# padded and concatenated targets, each reduction, zero_infinity (an input too short for its
# target), a repeated label, lengths as tensors, an unbatched input
def _ctc_losses(L, x, u):
    f, lp = F(L), x.log_softmax(2)
    padded, flat = L.tensor([[1, 2, 2], [3, 1, 0]]), L.tensor([1, 2, 2, 3, 1])
    return (f.ctc_loss(lp, padded, [5, 4], [3, 2], reduction="none"),
            f.ctc_loss(lp, flat, L.tensor([5, 3]), L.tensor([3, 2])),
            f.ctc_loss(lp, padded, [2, 4], [3, 1], reduction="sum", zero_infinity=True),
            L.nn.CTCLoss(blank=3)(lp, L.tensor([[1, 2], [0, 0]]), [5, 5], [2, 1]),
            f.ctc_loss(u.log_softmax(1), L.tensor([2, 1]), [4], [2], reduction="sum"))


C.add("ctc_loss", _ctc_losses, _u(5, 2, 4, lo=-2, hi=2), _u(4, 3, lo=-2, hi=2))


# part numfns: the native norms' three results; native_group_norm's mean and rstd are
# differentiable outputs of its node (layer_norm's and batch_norm's get no gradient)
def _native_norms(L, x, w, b, xb):
    y, mean, rstd = L.native_group_norm(x, w, b, 2, 4, 3, 2, 1e-5)
    _, mean4, rstd4 = L.native_group_norm(x, None, None, 2, 4, 3, 4, 0.1)
    return (y, mean * rstd, mean4 + rstd4,  # (PyTorch: mean's and rstd's gradients only together)
            L.native_layer_norm(xb, [3], w[:3], b[:3], 1e-5)[0],
            L.native_batch_norm(xb, w[:3], b[:3], None, None, True, 0.1, 1e-5)[0])


def _double_native_group_norm(L, x, w, b, s, m, r):
    return L.autograd.grad(L.native_group_norm(x, w, b, 2, 4, 3, 2, 1e-5), (x, w, b), (s, m, r),
                           create_graph=True)


def _conv_tbc(L, x, w, b):
    return L.conv_tbc(x, w, b), L.conv_tbc(x, w, b, 1), L.conv_tbc(x, w, b, 3), L.conv_tbc(x, w, b, -1)


def _double_conv_tbc(L, x, w, b, s):
    return L.autograd.grad(L.conv_tbc(x, w, b, 1), (x, w, b), s, create_graph=True)


C.add("numfns_conv_tbc", _conv_tbc, _u(5, 2, 3), _u(3, 3, 2), _u(2))
C.add("double_backward_numfns_conv_tbc", _double_conv_tbc, _u(5, 2, 3), _u(3, 3, 2), _u(2), _u(5, 2, 2))
C.add("numfns_native_norms", _native_norms, _u(2, 4, 3), _pos(4), _u(4), _u(4, 3, lo=-2.0, hi=2.0))
C.add("double_backward_numfns_native_group_norm", _double_native_group_norm, _u(2, 4, 3), _pos(4), _u(4),
      _u(2, 4, 3), _u(2, 2), _u(2, 2))
# part smallfns: unsafe_split_with_sizes (UnsafeSplitWithSizesBackward0), conj_physical_
# (ConjPhysicalBackward1). (Tensor.resize warns, which these checks refuse: semantics cases.)
C.add("smallfns_unsafe_split_with_sizes_conj_physical_", lambda L, a: (
    *L.unsafe_split_with_sizes(a, [1, 2], 1), a.unsafe_split_with_sizes((2,), 0)[0] * 2,
    L.conj_physical_(a * 1)), A23)
C.add("double_backward_smallfns_unsafe_split_with_sizes", lambda L, a, w: L.autograd.grad(
    L.unsafe_split_with_sizes(a * a, [2, 1], 1)[0], (a,), w, create_graph=True), A23, _u(2, 2))

# part newfns2: poisson's gradient is zero; rates of 0 make its draws 0, so finite differences
# see a function
C.add("newfns2_poisson", lambda L, x: (L.poisson(x * 0) + x * x, L.poisson(x.abs() * 0, None) * x), A23)
C.add("double_backward_newfns2_poisson", lambda L, x, w: L.autograd.grad(
    L.poisson(x * 0) + x * x, (x,), w, create_graph=True), A23, _u(2, 3))

C.add("newfns2_segment_reduce", lambda L, x, y: (
    *(L.segment_reduce(x, r, lengths=L.tensor(n), initial=i) for r in (  # (an empty segment
        "sum", "mean", "max", "min", "prod") for n, i in (([2, 1, 3], None),   # only with initial:
                                                          ([2, 0, 3, 1], 0.5))),  # else nan, inf)
    L.segment_reduce(y, "prod", offsets=L.tensor([[0, 1, 3], [0, 2, 3]]), axis=1),
    L.segment_reduce(y.unsqueeze(-1) * y.unsqueeze(-2), "mean", lengths=L.tensor([[1, 2], [3, 0]]),
                     axis=1, initial=0.25)), _u(6), _u(2, 3))


@functools.lru_cache(maxsize=None)
def _classes_of_case(name):
    fn, arrays, _ = C.cases[name]
    outs = _outs(fn(minigrad, *_inputs(minigrad, arrays)))
    classes = _node_classes(outs)
    if name == "double_backward":  # the graph of the gradient records the formulas' ops
        return frozenset(classes)
    return frozenset(classes)


def _not_derived(op):
    """A row derivatives.yaml marks not_implemented(...): its own node name, no gradient (part counting)."""
    return all(f.__qualname__.startswith("_not_derived.") for f, _, _ in op.formulas)


TABLE = {name: op for name, op in vars(derivatives).items() if isinstance(op, Op)
         and op.name != "minigrad::autograd::NotImplemented"
         and not _not_derived(op)}  # no gradient to check: see below


def test_table_is_walked():
    assert len(TABLE) >= 50, sorted(TABLE)
    assert {"add", "mm", "index_put", "copy_", "nll_loss"} <= set(TABLE)


def test_every_table_row_is_covered():
    covered = set()
    for name in C.cases:
        covered |= _classes_of_case(name)
    missing = sorted(name for name, op in TABLE.items() if op.node_class not in covered)
    assert not missing, f"derivative table rows without a gradcheck case: {missing}"


NOT_IMPLEMENTED = {name: op for name, op in vars(derivatives).items() if isinstance(op, Op)
                   and op.name == "minigrad::autograd::NotImplemented"}


def _not_implemented_cases(L):
    """Each row PyTorch records without a derivative: (name, output, the op PyTorch names)."""
    a = L.tensor([5.0, -5.0, 2.5], requires_grad=True)
    b = L.tensor([3.0, 3.0, -2.0], requires_grad=True)
    z, y = a * 1, a * 1
    z //= b
    y.floor_divide_(2)
    g, = L.autograd.grad(L.nn.functional.hardsigmoid(a), a, b, create_graph=True)  # (part act2)
    a3 = a.view(1, 1, 3)  # (part ctc)
    return [("floor_divide", a // b, "floor_divide"), ("floor_divide_scalar", a // 2, "floor_divide"),
            ("rfloor_divide", 2.5 // a, "floor_divide"), ("rremainder", 2.5 % a, "remainder"),
            ("floor_divide_", z, "floor_divide_"), ("floor_divide_scalar_", y, "floor_divide_"),
            ("hardsigmoid_backward", g, "hardsigmoid_backward"), ("glu_jvp", _glu_jvp_tangent(L), "glu_jvp"),
            ("heaviside", L.heaviside(a, b), "heaviside"),  # (part elem2)
            ("detach_copy", L.detach_copy(a), "detach_copy"),  # (part views2)
            ("bincount", L.bincount(L.tensor([0, 2, 2]), a), "bincount"),  # (part counting)
            ("multi_margin_loss_backward", L.autograd.grad(L.nn.functional.multi_margin_loss(
                a, L.tensor(1)), a, create_graph=True)[0], "multi_margin_loss_backward"),
            ("multilabel_margin_loss_backward", L.autograd.grad(L.nn.functional.multilabel_margin_loss(
                a, L.tensor([1, -1, 0])), a, create_graph=True)[0],
             "multilabel_margin_loss_backward"),  # (part dist)
            ("embedding_bag_per_sample_weights_backward", L.autograd.grad(
                L.nn.functional.embedding_bag(L.tensor([0, 1, 1]), a.view(3, 1), L.tensor([0, 1]),
                                              mode="sum", per_sample_weights=b).sum(), b,
                create_graph=True)[0], "_embedding_bag_per_sample_weights_backward"),  # (part decoder)
            ("scaled_dot_product_flash_attention_for_cpu_backward", _flash_grad(L),  # (part attn)
             "_scaled_dot_product_flash_attention_for_cpu_backward"),
            ("native_channel_shuffle", L.native_channel_shuffle(a.view(1, 3, 1).repeat(1, 2, 1), 2),
             "native_channel_shuffle"),  # (part nnalias)
            ("ctc_loss_backward", L.autograd.grad(L.nn.functional.ctc_loss(  # (part ctc)
                a3, L.tensor([1]), [1], [1]), a3, create_graph=True)[0], "_ctc_loss_backward"),
            ("binomial", L.binomial(a.abs(), b.sigmoid()), "binomial"),  # (part newfns2)
            ("segment_reduce_backward", L.autograd.grad(L.segment_reduce(
                a, "prod", lengths=L.tensor([2, 1])), a, b[:2], create_graph=True)[0],
             "_segment_reduce_backward"),
            ("batch_norm_update_stats", L.batch_norm_update_stats(a.view(1, 3), None, None, 0.1)[0],
             "batch_norm_update_stats"),
            ("diag_embed_out", L.diag(a, out=L.zeros(3, 3)), "diag_embed"),  # (diag's out=)
            ("diagonal_copy_out", L.diag(a.view(1, 3), 1, out=L.zeros(1)), "diagonal_copy"),
            *_ldl_cases(L), *_histogram_cases(L),  # (part linalg3; part numfns)
            ("set_", (a * 1).set_(L.ones(2).untyped_storage()), "set_"),  # (storages: PyTorch's
            ("set_source_Tensor", (a * 1).set_(b), "set_"),               # message names no aten::)
            *_scatter_reduce_cases(L, a, b),
            ("bernoulli_p", L.bernoulli(a, 0.5), "bernoulli")]


def _scatter_reduce_cases(L, a, b):
    """scatter(..., reduce=...): PyTorch records it with no formula (its deprecation warning
    silenced here)."""
    i = L.tensor([0, 2, 0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [("scatter_src_reduce", a.scatter(0, i, b, reduce="add"), "scatter"),
                ("scatter_value_reduce", a.scatter(0, i, 2.0, reduce="multiply"), "scatter")]


def _histogram_cases(L):
    """histogram and histogramdd: PyTorch records them with no formula (part numfns)."""
    x = L.tensor([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]], requires_grad=True)
    edges = [L.tensor([0.0, 1.0, 3.0]), L.tensor([-1.0, 0.5, 2.0])]
    return [("histogram", L.histogram(x, 3).hist, "histogram"),
            ("histogramdd_from_bin_cts", L.histogramdd(x, [2, 3]).hist, "_histogramdd_from_bin_cts"),
            ("histogramdd_bin_edges", L.histogramdd(x, 2).bin_edges[1], "_histogramdd_bin_edges"),
            ("histogramdd_from_bin_tensors", L.histogramdd(x, edges).hist,
             "_histogramdd_from_bin_tensors")]


def _ldl_cases(L):
    """ldl_factor and ldl_solve: PyTorch records them with no formula (part linalg3)."""
    s = L.tensor([[1.0, 2.0], [2.0, -1.0]], requires_grad=True)
    LD, pivots = L.linalg.ldl_factor(s)
    return [("linalg_ldl_factor_ex", LD, "linalg_ldl_factor_ex"),
            ("linalg_ldl_solve", L.linalg.ldl_solve(LD.detach(), pivots, s), "linalg_ldl_solve")]


def _flash_grad(L):
    """The gradient (create_graph) of the CPU flash kernel: its backward op has no formula."""
    q = L.ones(1, 2, 3, 4).requires_grad_()
    out = L.nn.functional.scaled_dot_product_attention(q, L.ones(1, 2, 3, 4), L.ones(1, 2, 3, 4))
    return L.autograd.grad(out.sum(), q, create_graph=True)[0]


@pytest.mark.parametrize("L", [minigrad, pytest.param(torch, marks=needs_torch)],
                         ids=["minigrad", "torch"])
def test_rows_without_a_derivative_record_a_node_that_backward_refuses(L):
    cases = _not_implemented_cases(L)
    if L is minigrad:
        assert sorted(NOT_IMPLEMENTED) == sorted(name for name, _, _ in cases)
    for name, out, aten in cases:
        if L is minigrad:
            assert isinstance(out.grad_fn, NOT_IMPLEMENTED[name].node_class), name
        assert out.grad_fn.name().endswith("::autograd::NotImplemented"), name
        op = aten if name.startswith("set_") else f"aten::{aten}"
        with pytest.raises(RuntimeError, match=f"^derivative for {op} is not implemented$"):
            out.sum().backward()


NOT_DERIVED = {name: op for name, op in vars(derivatives).items() if isinstance(op, Op)
               and _not_derived(op)}


@pytest.mark.parametrize("L", [minigrad, pytest.param(torch, marks=needs_torch)],
                         ids=["minigrad", "torch"])
def test_rows_marked_not_implemented_record_their_node_and_backward_refuses(L):
    """derivatives.yaml's not_implemented("op"): a named node, NotImplementedError on backward."""
    a = L.tensor([[1.0, 2.0], [1.0, 3.0]], requires_grad=True)
    cases = [("unique2", L.unique(a), "Unique2Backward0", "_unique2"),
             ("unique_dim", L.unique(a, dim=0, return_counts=True)[0], "UniqueDimBackward0", "unique_dim"),
             ("unique_consecutive", L.unique_consecutive(a, return_inverse=True)[0],
              "UniqueConsecutiveBackward0", "unique_consecutive"),  # (part counting)
             ("special_zeta_scalar_other", L.special.zeta(a, 2.0), "SpecialZetaBackward2", "zeta"),
             ("special_zeta", L.special.zeta(a, a), "SpecialZetaBackward0", "zeta"),  # (part special)
             ("igamma", L.igamma(a, a), "IgammaBackward0", "igamma: input"),
             ("igammac", L.special.gammaincc(a, a.detach()), "IgammacBackward0", "igammac: input")]  # (part bessel)
    x = a * L.tensor([[1.0], [2.0]])  # (part dist: their backward ops)
    cases += [("cdist_backward", L.autograd.grad(L.cdist(x, a, 1.5).sum(), x, create_graph=True)[0],
               "CdistBackwardBackward0", "_cdist_backward"),
              ("pdist_backward", L.autograd.grad(L.pdist(x).sum(), x, create_graph=True)[0],
               "PdistBackwardBackward0", "_pdist_backward")]
    cases += [("embedding_bag_backward", L.autograd.grad(L.nn.functional.embedding_bag(  # (part decoder)
        L.tensor([0, 1, 1]), a, L.tensor([0, 1])), a, x[:, :1].expand(2, 2), create_graph=True)[0],
        "EmbeddingBagBackwardBackward0", "_embedding_bag_backward")]


    cases += [("geqrf", L.geqrf(a)[1], "GeqrfBackward0", "geqrf")]  # (part linalg3)
    cases += [("embedding_renorm_", L.embedding_renorm_(a * 1, L.tensor([1]), 1.0, 2.0),
               "EmbeddingRenormBackward0", "embedding_renorm")]  # (part numfns)
    if L is minigrad:
        assert sorted(NOT_DERIVED) == sorted(name for name, *_ in cases
                                             if name not in ("special_zeta", "igamma", "igammac"))
    for name, out, node, aten in cases:
        assert out.grad_fn.name() == node, name
        with pytest.raises(NotImplementedError, match=f"^the derivative for '{aten}' is not implemented\\.$"):
            out.sum().backward()


@pytest.mark.parametrize("L", [minigrad, pytest.param(torch, marks=needs_torch)],
                         ids=["minigrad", "torch"])
def test_delayed_error_passes_the_gradient_on_and_backward_through_it_refuses(L):
    """PyTorch's DelayedError (torch::autograd::Error): scatter_reduce's prod gradient for src
    when two zeros of src meet in one slot, recorded only under create_graph (part dist)."""
    x = L.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    s = L.tensor([[0.0, 0.0], [5.0, 0.0]], requires_grad=True)
    out = x.scatter_reduce(1, L.tensor([[0, 0], [1, 0]]), s, "prod")
    g = L.autograd.grad(out.sum(), s, create_graph=True)[0]
    assert g.grad_fn.name().endswith("::autograd::Error")
    assert L.autograd.grad(out.sum(), s, retain_graph=True)[0].grad_fn is None
    with pytest.raises(RuntimeError, match=r"^scatter_reduce\(\): Double backward is unsupported for src when >1 zeros"):
        g.sum().backward()


def test_views_inplace_and_copyslices_paths_are_covered():
    names = {cls.__name__ for n in ("setitem_copyslices", "inplace_on_view", "zero_fill_on_views")
             for cls in _classes_of_case(n)}
    assert {"CopySlices", "AsStridedBackward0", "CopyBackwards", "ZeroBackward0"} <= names, names
    assert "ScaleBackward" in {c.__name__ for c in _classes_of_case("custom_function")}


@pytest.mark.parametrize("name", list(C.cases))
def test_gradcheck_passes(name):
    fn, arrays, kwargs = C.cases[name]
    inputs = _inputs(minigrad, arrays)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # float64 inputs: no precision warning
        assert gradcheck(lambda *xs: fn(minigrad, *xs), inputs, **kwargs) is True


def _weighted_grads(L, name):
    """Gradients of sum_k <out_k, W_k> w.r.t. every input; W_k fixed per case."""
    fn, arrays, _ = C.cases[name]
    inputs = _inputs(L, arrays)
    outs = _outs(fn(L, *inputs))
    rng = np.random.default_rng(len(name))
    total = None
    for o in outs:
        w = L.tensor(rng.uniform(-1, 1, tuple(o.shape)), dtype=L.float64)
        term = (o * w).sum()
        total = term if total is None else total + term
    grads = L.autograd.grad(total, inputs, allow_unused=True)
    return [None if g is None else np.asarray(g.detach().numpy() if L is torch else g._data)
            for g in grads], [np.asarray(o.detach().numpy() if L is torch else o._data) for o in outs]


@needs_torch
@pytest.mark.parametrize("name", list(C.cases))
def test_values_and_gradients_match_torch(name):
    tg, to = _weighted_grads(torch, name)
    mg, mo = _weighted_grads(minigrad, name)
    assert len(mo) == len(to)
    for k, (m, t) in enumerate(zip(mo, to)):
        assert m.shape == t.shape and np.allclose(m, t, rtol=1e-10, atol=1e-12), (name, "output", k, m, t)
    for i, (m, t) in enumerate(zip(mg, tg)):
        if t is None or m is None:
            assert m is None and t is None or np.all((m if t is None else t) == 0), (name, i, m, t)
            continue
        assert m.shape == t.shape and np.allclose(m, t, rtol=1e-10, atol=1e-12), (name, "input", i, m, t)


@needs_torch
@pytest.mark.parametrize("name", list(C.cases))
def test_torch_gradcheck_accepts_case(name):
    fn, arrays, kwargs = C.cases[name]
    assert torch.autograd.gradcheck(lambda *xs: fn(torch, *xs), _inputs(torch, arrays), **kwargs)


# --------------------------------------------------------------------------
# gradcheck must be able to fail, and warn like torch
# --------------------------------------------------------------------------
def _wrong(L):
    class WrongSquare(L.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            return grad * x  # should be 2 * x * grad

    return WrongSquare


def test_gradcheck_detects_wrong_backward():
    x = minigrad.tensor(np.array([1.0, 2.0, 4.0])).requires_grad_()
    assert gradcheck(_wrong(minigrad).apply, (x,), raise_exception=False) is False
    with pytest.raises(GradcheckError) as info:
        gradcheck(_wrong(minigrad).apply, (x,))
    assert isinstance(info.value, RuntimeError)
    assert type(info.value).__name__ == "GradcheckError"
    assert minigrad.autograd.gradcheck.__module__.startswith("minigrad.autograd")
    assert str(info.value).startswith("Jacobian mismatch for output 0 with respect to input 0,")


def test_gradcheck_detects_wrong_second_input_gradient():
    class WrongMul(minigrad.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            ctx.save_for_backward(a, b)
            return a * b

        @staticmethod
        def backward(ctx, grad):
            a, b = ctx.saved_tensors
            return grad * b, grad * b  # second one should be grad * a

    a = minigrad.tensor(np.array([1.0, 2.0])).requires_grad_()
    b = minigrad.tensor(np.array([3.0, -1.0])).requires_grad_()
    with pytest.raises(GradcheckError, match="with respect to input 1,"):
        gradcheck(WrongMul.apply, (a, b))


@needs_torch
def test_gradcheck_error_matches_torch():
    def message(L, err_type):
        x = L.tensor(np.array([1.0, 2.0, 4.0]), dtype=L.float64, requires_grad=True)
        with pytest.raises(err_type) as info:
            L.autograd.gradcheck(_wrong(L).apply, (x,))
        return type(info.value).__name__, str(info.value)

    torch_error = sys.modules["torch.autograd.gradcheck"].GradcheckError
    name, text = message(minigrad, GradcheckError)
    assert (name, re.sub(r"\bminigrad\b", "torch", text)) == message(torch, torch_error)


def _float32_warnings(L):
    x = L.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ok = L.autograd.gradcheck(lambda t: (t * t).sum(0), (x,), eps=1e-2, atol=1e-2, raise_exception=False)
    return ok, [f"{w.category.__name__}: {w.message}" for w in caught]


def test_gradcheck_warns_for_float32_like_recorded_torch():
    recorded = json.loads(SEMANTICS.read_text(encoding="utf-8"))["cases"]["k_gradcheck"][1]
    assert "gradcheck" in recorded["code"] and recorded["warnings"], recorded
    ok, got = _float32_warnings(minigrad)
    assert got == recorded["warnings"]
    assert repr(ok) == recorded["display"]


@needs_torch
def test_gradcheck_warns_for_float32_like_live_torch():
    assert _float32_warnings(minigrad) == _float32_warnings(torch)


def test_gradcheck_needs_an_input_requiring_grad():
    with pytest.raises(ValueError, match="gradcheck expects at least one input tensor"):
        gradcheck(lambda t: t * 2, (minigrad.tensor(np.array([1.0])),))



# --------------------------------------------------------------------------
# forward-mode AD: gradcheck(check_forward_ad=True) checks the rows' `result` rules (derivatives.yaml's
# result: lines) against finite differences, and their tangents equal PyTorch's
# --------------------------------------------------------------------------
FORWARD_AD_CASES = [
    "add", "add_scalar", "sub", "rsub", "mul", "div", "div_scalar", "reciprocal", "neg", "pow_scalar",
    "pow_tensor", "rpow", "exp", "log", "sqrt", "abs", "sigmoid", "tanh", "relu", "where", "to_dtype",
    "clone", "mm", "dot", "mv", "matmul_1d_2d", "bmm", "matmul_2d_3d", "sum", "mean", "view",
    "unsafe_view", "expand", "transpose", "squeeze", "softmax", "mse_loss", "cat_stack",
    "unbind_split_chunk", "softmax_functions", "nll_loss", "forward_ad_more", "forward_ad_elementwise",
    "forward_ad_linear", "forward_ad_reductions", "forward_ad_binary", "forward_ad_writes",
    "forward_ad_misc", "forward_ad_nn", "forward_ad_over_reverse",
    "forward_ad_linalg", "forward_ad_linalg_solves"]


def _fwd_over_rev(L, a, t):
    """Forward over reverse (gradgradcheck's check_fwd_over_rev, hessian's jacfwd(jacrev)): the
    backward formulas run on dual tensors, so their own rows need forward derivatives."""
    return ((a.sigmoid() * a.tanh()).sum() + a.relu().pow(3).sum() + (a.mean(1) * a[:, 0]).sum()
            + a[0, 1:].exp().sum() + a.tan().mean() + (a.sin() * t.cos()).sum()
            + (a.exp() ** t).sum() + (F(L).softmax(a, 0) * t).sum() + (F(L).log_softmax(a, 1) * t).sum()
            + F(L).cross_entropy(a, L.tensor([2, 0])) + F(L).nll_loss(a * t, L.tensor([1, 0]), reduction="sum"))


def _fwd_over_rev_mse(L, a, t):
    """mse_loss_backward's forward derivative (PyTorch's own check of this one fails: "ZeroTensors
    are immutable", a zero tangent written in place)."""
    return F(L).mse_loss(a, t) + F(L).mse_loss(a * t, a, reduction="sum")


@pytest.mark.parametrize("name", FORWARD_AD_CASES)
def test_forward_ad_gradcheck_passes(name):
    fn, arrays, kwargs = C.cases[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert gradcheck(lambda *xs: fn(minigrad, *xs), _inputs(minigrad, arrays),
                         check_forward_ad=True, **kwargs) is True


def _tangents_out(L, name):
    """The outputs' tangents for one random direction (fixed per case)."""
    fn, arrays, _ = C.cases[name]
    rng = np.random.default_rng(len(name))
    fwAD = L.autograd.forward_ad
    with fwAD.dual_level():
        duals = [fwAD.make_dual(x.detach(), L.tensor(rng.uniform(-1, 1, np.shape(a)), dtype=L.float64))
                 for x, a in zip(_inputs(L, arrays), arrays)]
        tangents = [fwAD.unpack_dual(o).tangent for o in _outs(fn(L, *duals))]
    return [t if t is None else np.asarray(t.detach().numpy() if L is torch else t._data) for t in tangents]


@needs_torch
@pytest.mark.filterwarnings("ignore:`torch.jit.script` is deprecated")  # (torch loads its jvp decompositions)
@pytest.mark.parametrize("name", FORWARD_AD_CASES)
def test_forward_ad_tangents_match_torch(name):
    expected, got = _tangents_out(torch, name), _tangents_out(minigrad, name)
    assert len(got) == len(expected)
    for k, (m, t) in enumerate(zip(got, expected)):
        assert (m is None) == (t is None), (name, k)
        assert m is None or m.shape == t.shape and np.allclose(m, t, rtol=1e-10, atol=1e-12), (name, k, m, t)


@pytest.mark.parametrize("f", [_fwd_over_rev, _fwd_over_rev_mse])
def test_forward_over_reverse_gradgradcheck_passes(f):
    assert minigrad.autograd.gradgradcheck(lambda a, t: f(minigrad, a, t),
                                           _inputs(minigrad, (A23, B23)), check_fwd_over_rev=True)


@needs_torch
def test_forward_over_reverse_torch_accepts_case():
    assert torch.autograd.gradgradcheck(lambda a, t: _fwd_over_rev(torch, a, t), _inputs(torch, (A23, B23)),
                                        check_fwd_over_rev=True)


def test_every_forward_derivative_is_covered():
    """Every row with a `result` rule is in a FORWARD_AD_CASES graph, or in the graph of the
    gradients the forward-over-reverse checks run forward mode through."""
    covered = set()
    for name in FORWARD_AD_CASES:
        covered |= _classes_of_case(name)
    a, t = _inputs(minigrad, (A23, B23))
    for f in (_fwd_over_rev, _fwd_over_rev_mse):
        covered |= _node_classes(minigrad.autograd.grad(f(minigrad, a, t), (a, t), create_graph=True))
    missing = sorted(name for name, op in TABLE.items() if op.result is not None and op.node_class not in covered)
    assert not missing, f"rows with a forward derivative but no forward-AD case: {missing}"


def test_forward_ad_gradcheck_detects_a_wrong_rule(monkeypatch):
    derivatives.exp.formulas  # (prepared first: the rule's names are read then)
    monkeypatch.setattr(derivatives.exp, "result", lambda self_t, result: self_t * result * 2)
    monkeypatch.setattr(derivatives.exp, "result_names", ["self_t", "result"])
    x = minigrad.tensor(np.array([0.5, -1.0])).requires_grad_()
    assert gradcheck(lambda t: t.exp(), (x,)) is True  # (reverse mode is right)
    with pytest.raises(GradcheckError, match="Jacobian computed with forward mode mismatch for output 0 "
                                             "with respect to input 0"):
        gradcheck(lambda t: t.exp(), (x,), check_forward_ad=True)


# forward AD of the in-place activations and comparisons, glu ... renorm, as_strided, and (forward
# over reverse) of the pooling backwards, glu_backward, _prelu_kernel_backward and the like. (as_strided_scatter
# with a self that requires grad fails gradcheck in PyTorch too: its backward keeps the scattered
# part of grad for self)
def _forward_ad_rows(L, a, b):
    f, c, x = F(L), L.cat([a, b], 1), a.reshape(1, 1, 2, 3)
    mask = L.tensor([[True, False, True], [False, True, True]])
    return (f.elu_(a * 1), f.celu_(a * 1, 0.5), f.leaky_relu_(a * 1, 0.2), f.threshold_(a * 1, 0.1, 2.0),
            *[getattr(a * 1, op)(other) for op in ("eq_", "ne_", "lt_", "le_", "gt_", "ge_") for other in (0.1, b)],
            f.glu(c), f.glu(L.cat([a, b]), 0), a.logcumsumexp(1), a.logcumsumexp(0), a.sgn(), a.angle(),
            a.round(decimals=1), L.div(a, b.abs() + 1, rounding_mode="floor"), L.div(a, 0.7, rounding_mode="trunc"),
            (a.exp() * 1).polygamma_(1), f.soft_margin_loss(a, b.sign().detach()),
            f.soft_margin_loss(a, b.sign().detach(), reduction="none"),
            f.scaled_dot_product_attention(a[None], b[None], a[None], attn_mask=mask[:, 1:]),
            f.channel_shuffle(c.reshape(1, 4, 3), 2), f.prelu(a.reshape(1, 2, 3), b[:, 0]), f.prelu(a, b[0, :1]),
            L.renorm(a, 2, 0, 1.0), L.renorm(a, 1, 1, 0.5), a.frexp().mantissa, a.as_strided((2, 2), (1, 2), 1),
            L.as_strided_copy(a, (3,), (2,)), (a * 1).as_strided_((2,), (3,)), L.as_strided_scatter(b * 0, a[0, :2] * b[0, :2], (2,), (1,), 1),
            f.bilinear(a[:, :2], b[:, 1:], L.stack([a[:, 1:], b[:, :2]]), a[0, :2]), f.affine_grid(c.reshape(1, 2, 6)[:, :, :3], (1, 1, 2, 2), align_corners=False),
            f.fractional_max_pool2d(x, (1, 2), output_size=(2, 2), _random_samples=L.tensor([[[0.3, 0.7]]], dtype=a.dtype)),
            f.fractional_max_pool3d(c.reshape(1, 1, 2, 2, 3), (1, 1, 2), output_size=(1, 1, 1),
                                    _random_samples=L.tensor([[[0.3, 0.7, 0.2]]], dtype=a.dtype)),
            f.rrelu(a), (a * 1).conj_physical_(), *[d * 0 for d in (L.bernoulli(a.sigmoid()), (a * 1).bernoulli_(b.sigmoid()),
                                                                    L.normal(a, 1.0), L.normal(0.5, b.abs()), L.normal(a, b.abs()),
                                                                    L.poisson(a.abs()))],
            L.func.grad(lambda t: (f.glu(L.cat([t, b], 1)) ** 2 * b).sum()
                        + sum((g(t.reshape(1, 1, 2, 3)) ** 2).sum() for g in (
                            lambda u: f.avg_pool2d(u, (1, 2), 1), lambda u: f.max_pool2d(u, (1, 2), 1),
                            lambda u: f.adaptive_avg_pool2d(u, (1, 2)), lambda u: f.adaptive_max_pool2d(u, 2)))
                        + sum((g(t.reshape(1, 1, 1, 2, 3)) ** 2).sum() for g in (
                            lambda u: f.avg_pool3d(u, (1, 2, 2), 1), lambda u: f.max_pool3d(u, (1, 1, 2), 1),
                            lambda u: f.adaptive_avg_pool3d(u, (1, 1, 2)), lambda u: f.adaptive_max_pool3d(u, (1, 2, 2))))
                        + (t.masked_scatter(mask, b * t) ** 2).sum() + (f.embedding(L.tensor([1, 0, 1]), t) ** 3).sum()
                        + (f.prelu(t.reshape(1, 2, 3), t[:, 0] * b[:, 0]) ** 2).sum()
                        + f.nll_loss(t.reshape(1, 2, 3, 1) * b.reshape(1, 2, 3, 1), L.tensor([[[0], [1], [1]]]))
                        + (f.layer_norm(t, (3,), t[0] * b[1], b[0]) ** 3 * b).sum() + (f.layer_norm(t, (2, 3)) ** 3).sum()
                        + (f.batch_norm(L.cat([t, b]), None, None, t[1] * b[0], b[1], training=True) ** 3).sum()
                        + (f.batch_norm(t * b, L.tensor([0.1, -0.2, 0.3], dtype=t.dtype), L.tensor([1.5, 0.5, 2.0], dtype=t.dtype), t[0]) ** 3).sum()
                        + (f.conv1d(t[None], L.stack([t, b]), t[0, :2], padding=1) ** 3).sum()
                        + (f.conv_transpose1d(t[None], b.reshape(2, 1, 3), stride=2) ** 2 * 0.5).sum()
                        + (f.rrelu(t * b) ** 2).sum() + (f.fractional_max_pool2d(
                            t.reshape(1, 1, 2, 3), (1, 2), output_size=(2, 2),
                            _random_samples=L.tensor([[[0.3, 0.7]]], dtype=a.dtype)) ** 2).sum()
                        + (f.fractional_max_pool3d(L.cat([t, b], 1).reshape(1, 1, 2, 2, 3), (1, 1, 2), output_size=(1, 1, 1),
                                                   _random_samples=L.tensor([[[0.3, 0.7, 0.2]]], dtype=a.dtype)) ** 2).sum())(a))


C.add("forward_ad_rows", _forward_ad_rows, A23, B23)
FORWARD_AD_CASES.append("forward_ad_rows")  # (read when the tests above are collected)


def _glu_jvp_tangent(L):
    """glu's tangent through create_graph: the node of its own kernel, glu_jvp (no derivative)."""
    fwAD = L.autograd.forward_ad
    t = L.tensor([[1.0, -2.0], [0.5, 3.0]], requires_grad=True)
    with fwAD.dual_level():
        return fwAD.unpack_dual(F(L).glu(fwAD.make_dual(L.tensor([[0.5, -1.0], [2.0, 1.5]]), t))).tangent


# forward-mode AD of the linalg rows: their `result` rules checked by gradcheck and against
# PyTorch's tangents. Eigenvectors and singular vectors enter squared (U * U): their signs are
# LAPACK's choice and may differ from PyTorch's, U * U's tangent does not.
B32 = np.array([[0.6, -0.3], [0.2, 0.9], [-0.5, 0.4]])
TAU3 = np.array([1.2, 1.5, 0.4])


def _forward_ad_linalg(L, s, a):
    t = (s + s.mT) / 2  # (cholesky and eigh read one triangle: a symmetric change)
    lam, V = L.linalg.eigh(t)
    U, S, Vh = L.linalg.svd(a, full_matrices=False)
    U2, S2, Vh2 = L.linalg.svd(a.mT, full_matrices=False)
    U3, _, Vh3 = L.linalg.svd(s, full_matrices=True)
    r = L.linalg.lstsq(a, a[:, :2] * a[:, 1:], driver="gelsd")
    return (L.linalg.inv(s), L.linalg.det(s), L.linalg.slogdet(s)[1], L.linalg.inv_ex(s).inverse,
            L.linalg.cholesky(t), L.linalg.cholesky(t, upper=True), lam, V * V, L.linalg.eigvalsh(t),
            U * U, S, Vh * Vh, U2 * U2, S2, Vh2 * Vh2, U3 * U3, Vh3 * Vh3, L.linalg.svdvals(a),
            L.linalg.matrix_norm(a, "nuc"), *L.linalg.qr(a), *L.linalg.qr(a.mT), *L.linalg.qr(a.mT, mode="complete"),
            L.linalg.pinv(a), L.linalg.pinv(a.mT), L.linalg.matrix_exp(s * 0.3), r.solution, r.residuals,
            L.linalg.lstsq(a.mT, a[:3, :2]).solution, L.linalg.lstsq(a, a[:, 0] * 2).solution)


def _forward_ad_linalg_solves(L, m, w, b, tau):
    t = m.mT @ m + L.eye(3, dtype=m.dtype)
    F = L.linalg.cholesky(t)
    # (a factor that is diagonal at m = LU33, with a lower triangular tangent: there PyTorch's
    # cholesky_inverse_jvp is right too, see test_forward_ad_linalg_differs_from_pytorch)
    D = (m - L.tensor(LU33)).tril(-1) + L.diag_embed(m.diagonal().abs() + 1)
    LU, piv = L.linalg.lu_factor(m)
    with warnings.catch_warnings():  # (triangular_solve's deprecation warning, once a process)
        warnings.filterwarnings("ignore", message=r"\w+\.triangular_solve is deprecated")
        tri = [*L.triangular_solve(b, m.triu()), L.triangular_solve(b, m.tril(), upper=False)[0]]
    outs = [L.linalg.solve(m, b), L.linalg.solve(m, b[:, 0]), L.linalg.solve(m, b.mT, left=False),
            L.linalg.solve_triangular(m.triu(), b, upper=True),
            L.linalg.solve_triangular(m.tril(), b.mT, upper=False, left=False, unitriangular=True), *tri,
            L.cholesky_solve(b, F), L.cholesky_solve(b, F.mT, upper=True), L.cholesky_inverse(D),
            L.cholesky_inverse(D.mT, upper=True), LU, *L.lu_unpack(LU, piv)[1:]]
    for x in (w, w.mT):
        outs += [L.linalg.lu_factor(x)[0], *L.linalg.lu(x)[1:]]
    outs += [L.linalg.lu_solve(LU, piv, x, left=left, adjoint=adjoint)
             for left in (True, False) for adjoint in (False, True) for x in ((b,) if left else (b.mT,))]
    A = L.geqrf(L.tensor(WIDE34).mT)[0] + w.mT * 0.1  # (geqrf: no forward derivative, as in PyTorch)
    return (*outs, L.linalg.householder_product(A, tau), L.linalg.householder_product(A[:, :2], tau[:2]))


C.add("forward_ad_linalg", _forward_ad_linalg, SPD33, TALL43)
C.add("forward_ad_linalg_solves", _forward_ad_linalg_solves, LU33, WIDE34, B32, TAU3)


def _differing_from_pytorch(L, s, b):
    """Rules whose tangents are the derivatives where PyTorch's are not: cholesky_inverse_jvp
    (-X dL X L + its transpose) and triangular_solve_jvp (dA whole, not kept to its triangle nor
    transposed with A)."""
    F = L.linalg.cholesky((s + s.mT) / 2)
    return [L.cholesky_inverse(F), L.cholesky_inverse(F.mT, upper=True)] + [
        L.triangular_solve(b, s, u, tr, un)[0] for u in (True, False) for tr in (True, False)
        for un in (True, False)]


@pytest.mark.filterwarnings("ignore:.*triangular_solve is deprecated")
@pytest.mark.filterwarnings("ignore:`torch.jit.script` is deprecated")
def test_forward_ad_linalg_differs_from_pytorch():
    for k in range(10):
        f = lambda s, b: _differing_from_pytorch(minigrad, s, b)[k]
        assert gradcheck(f, _inputs(minigrad, (SPD33, B32)), check_forward_ad=True) is True
        if torch is not None:
            f = lambda s, b: _differing_from_pytorch(torch, s, b)[k]
            assert not torch.autograd.gradcheck(f, _inputs(torch, (SPD33, B32)), check_forward_ad=True,
                                                raise_exception=False), k


# scatter_reduce's forward derivative: sum and mean apply the op to the tangents, amax and amin
# take the tangent of the value that won (ties, which average, are in a semantics case: finite
# differences cannot check them); prod has none, as in PyTorch
def _forward_ad_scatter_reduce(L, s, src):
    index = L.tensor([0, 1, 0, 3, 3])
    return tuple(L.scatter_reduce(s, 0, index, src, reduce, include_self=include_self)
                 for reduce in ("sum", "mean", "amax", "amin") for include_self in (True, False))


C.add("forward_ad_scatter_reduce", _forward_ad_scatter_reduce, np.array([1.0, 5.5, 3.0, 2.0]),
      np.array([4.0, 5.0, 2.0, 7.0, 1.0]))
FORWARD_AD_CASES.append("forward_ad_scatter_reduce")
