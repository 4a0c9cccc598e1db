"""The backward engine: deep graphs, freeing by reference counting, the step generator.

* a 100,000-op chain runs backward without recursion and gives the right gradient;
* with ``gc.disable()`` the graph dies the moment its last tensor goes (no reference
  cycles: saved outputs, hooks, retain_grad, CopySlices, custom Functions);
* ``minigrad.autograd.backward_run`` yields one ``Step`` per node, in the order
  PyTorch's engine runs them (recorded live with node-level ``register_prehook`` on
  the same graph built with torch), with grad_outputs / grad_inputs equal to what
  PyTorch's node hooks see, and accumulated / retained / hooks / freed filled in;
  consuming it is the same as ``backward()``; the order is deterministic.

The order and value comparisons need PyTorch (the oracle) and are skipped, with the
reason shown, when it is not installed.
"""

from __future__ import annotations

import gc
import sys
import weakref
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import minigrad  # noqa: E402
from minigrad.autograd import backward_run  # noqa: E402
from minigrad.autograd.engine import AccumulateGrad, Step  # noqa: E402

try:
    import torch
except ImportError:  # pragma: no cover - depends on the environment
    torch = None

needs_torch = pytest.mark.skipif(torch is None, reason="PyTorch 2.13 not installed: live oracle skipped")


def _np(t):
    return None if t is None else np.asarray(t.detach().numpy() if torch is not None and isinstance(t, torch.Tensor)
                                             else t._data)


@contextmanager
def gc_disabled():
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


# --------------------------------------------------------------------------
# deep graphs
# --------------------------------------------------------------------------
N_OPS = 100_000


def _chain(lib, factors):
    """x -> (*c0) -> (+0.5) -> (*c1) -> (+0.5) ... : N_OPS ops, d out / d x = prod(c)."""
    x = lib.tensor(0.75, dtype=lib.float64, requires_grad=True)
    y = x
    for c in factors:
        y = y * float(c)
        y = y + 0.5
    return x, y


def test_deep_chain_backward_no_recursion():
    rng = np.random.default_rng(0)
    factors = rng.uniform(0.99, 1.01, N_OPS // 2)
    x, y = _chain(minigrad, factors)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(200, len(__import__("inspect").stack()) + 150))
    try:
        y.backward()
    finally:
        sys.setrecursionlimit(limit)
    expected = np.prod(factors[::-1])
    assert np.isclose(x.grad.item(), expected, rtol=1e-9, atol=0), (x.grad.item(), expected)
    if torch is not None:
        tx, ty = _chain(torch, factors)
        ty.backward()
        assert np.isclose(x.grad.item(), tx.grad.item(), rtol=1e-12, atol=0)
        del tx, ty
    # dropping a 100,000-node graph must not overflow the C stack either
    del y
    gc.collect()


def test_deep_chain_autograd_grad_and_steps():
    factors = np.full(N_OPS // 2, 1.0)
    x, y = _chain(minigrad, factors)
    (g,) = minigrad.autograd.grad(y, x, retain_graph=True)
    assert g.item() == 1.0
    steps = sum(1 for _ in backward_run(y))
    assert steps == N_OPS + 1  # every op node plus x's AccumulateGrad
    assert x.grad.item() == 1.0


# --------------------------------------------------------------------------
# the graph is freed by reference counting alone
# --------------------------------------------------------------------------
def _refs(*objs):
    return [weakref.ref(o) for o in objs]


def _all_dead(refs):
    return all(r() is None for r in refs)


def _graph_nodes(root):
    """Every node reachable from root (a Node), CopySlices' inner fn included."""
    seen, stack = [], [root]
    while stack:
        node = stack.pop()
        if node is None or any(node is s for s in seen):
            continue
        seen.append(node)
        stack.extend(n for n, _ in node.next_functions)
        if hasattr(node, "fn"):
            stack.append(node.fn)
    return seen


def test_graph_freed_when_last_tensor_goes():
    x = minigrad.tensor([1., 2., 3.], requires_grad=True)
    with gc_disabled():
        y = x * x
        z = y.exp()
        s = z.sum()
        nodes = _graph_nodes(s.grad_fn)
        assert len(nodes) == 4  # Sum, Exp, Mul, AccumulateGrad
        refs = _refs(*nodes) + _refs(y, z)
        del y, z
        assert not _all_dead(refs), "s still holds the graph"
        del nodes
        del s
        assert _all_dead(refs), [r() for r in refs]
    assert x.grad is None


def test_graph_freed_after_backward():
    x = minigrad.tensor([1., 2., 3.], requires_grad=True)
    with gc_disabled():
        y = x.exp()          # saves its own output
        s = (y * x).sum()    # saves y and x
        refs = _refs(*_graph_nodes(s.grad_fn)) + _refs(y)
        s.backward(retain_graph=True)
        del y
        s.backward()
        assert not _all_dead(refs)
        del s
        assert _all_dead(refs)
    assert x.grad is not None


def test_graph_freed_with_hooks_and_retain_grad():
    x = minigrad.tensor([1., 2., 3.], requires_grad=True)
    seen = []
    with gc_disabled():
        y = x * 2
        y.retain_grad()
        y.register_hook(lambda g: seen.append("y") or g * 1)
        x_handle = x.register_hook(lambda g: seen.append("x"))
        z = y.tanh()
        z.register_hook(lambda g: None)
        z.grad_fn.register_hook(lambda gi, go: None)
        z.grad_fn.register_prehook(lambda go: None)
        s = z.sum()
        s.retain_grad()
        refs = _refs(*_graph_nodes(s.grad_fn)) + _refs(y, z, s)
        s.backward()
        assert seen == ["y", "x"]
        del y, z, s
        assert _all_dead(refs), [r() for r in refs]
        x_handle.remove()


def test_graph_freed_with_copyslices_views_and_custom_function():
    class Square(minigrad.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            out = t * t
            ctx.save_for_backward(t, out)
            return out

        @staticmethod
        def backward(ctx, grad):
            t, out = ctx.saved_tensors
            return 2 * t * grad

    x = minigrad.tensor([[1., 2.], [3., 4.]], requires_grad=True)
    with gc_disabled():
        y = Square.apply(x)
        w = y * 1
        w[0, 0] = 0          # CopySlices
        v = w[1]
        v.mul_(3)            # in-place on a view: AsStrided + CopySlices
        s = w.sum() + v.sum()
        refs = _refs(*_graph_nodes(s.grad_fn)) + _refs(y, w, v, s)
        del y, w, v
        assert not _all_dead(refs)
        s.backward()
        del s
        assert _all_dead(refs), [r() for r in refs]


def test_leaf_survives_its_graph():
    with gc_disabled():
        x = minigrad.tensor([1., 2.], requires_grad=True)
        y = (x * 3).sum()
        acc = y.grad_fn.next_functions[0][0].next_functions[0][0]
        assert isinstance(acc, AccumulateGrad) and acc.variable is x
        r_acc, r_x = weakref.ref(acc), weakref.ref(x)
        del acc
        y.backward()
        del y
        assert r_acc() is None and r_x() is x
        del x
        assert r_x() is None


# --------------------------------------------------------------------------
# the step generator against PyTorch's execution order
# --------------------------------------------------------------------------
def _t(lib, values, grad=True):
    return lib.tensor(values, dtype=lib.float64, requires_grad=grad)


def g_chain(lib):
    x = _t(lib, [1., -2., 3.])
    a = x * 2
    b = a.exp()
    c = b.sum()
    return dict(x=x, a=a, b=b, c=c), c


def g_diamond(lib):
    a = _t(lib, [1., 2.])
    b = _t(lib, [3., 4.])
    c = a * b
    d = c + a
    e = d.sum()
    return dict(a=a, b=b, c=c, d=d, e=e), e


def g_shared(lib):
    u = _t(lib, 2.)
    v = _t(lib, 3.)
    w1 = u * v
    w2 = u + v
    w3 = w2 * w1
    w4 = w3 + w1
    w5 = w4 * u
    return dict(u=u, v=v, w1=w1, w2=w2, w3=w3, w4=w4, w5=w5), w5


def g_mlp(lib):
    F = lib.nn.functional
    x = _t(lib, [[1., 2., 0.5], [-1., 0., 2.]], grad=False)
    # values exactly representable in float32: the engine is under test here, not tensor()
    W1 = _t(lib, [[0.125, -0.25], [0.375, 0.5], [-0.5, 0.625]])
    b1 = _t(lib, [0.0625, -0.03125])
    W2 = _t(lib, [[1., -1., 0.5], [0.25, 0.375, -0.5]])
    b2 = _t(lib, [0., 0.125, -0.125])
    h = x @ W1
    hb = h + b1
    r = hb.relu()
    o = r @ W2
    ob = o + b2
    lsm = F.log_softmax(ob, 1)
    labels = lib.tensor([2, 0])
    loss = F.nll_loss(lsm, labels)
    return dict(W1=W1, b1=b1, W2=W2, b2=b2, h=h, hb=hb, r=r, o=o, ob=ob, lsm=lsm, loss=loss), loss


def g_views_inplace(lib):
    x = _t(lib, [[1., 2.], [3., 4.]])
    w = _t(lib, [10., 20.])
    y = x * 1
    y[0] = w                 # CopySlices with a second input
    v = y[1]
    v.mul_(w)                # in-place on a view
    t = y.t()
    s = t.sum(0)
    r = (s * s).sum()
    return dict(x=x, w=w, y=y, v=v, t=t, s=s, r=r), r


def g_reductions(lib):
    x = _t(lib, [[1., -2., 3.], [0.5, 4., -1.]])
    m = x.max(1).values
    n = x.norm(dim=0)
    sd = x.std()
    mn = x.mean()
    a = m.sum()
    b = n.sum()
    c = a + b
    d = c * sd
    e = d - mn
    return dict(x=x, m=m, n=n, sd=sd, mn=mn, a=a, b=b, c=c, d=d, e=e), e


def g_custom(lib):
    class Cube(lib.autograd.Function):
        @staticmethod
        def forward(ctx, t):
            ctx.save_for_backward(t)
            return t * t * t

        @staticmethod
        def backward(ctx, grad):
            (t,) = ctx.saved_tensors
            return 3 * t * t * grad

    x = _t(lib, [1., 2.])
    y = _t(lib, [0.5, -1.])
    c = Cube.apply(x)
    p = c * y
    q = p.sum()
    return dict(x=x, y=y, c=c, p=p, q=q), q


def g_unused_branch(lib):
    x = _t(lib, [1., 2.])
    k = _t(lib, [5., 6.], grad=False)
    a = x * k
    b = a + k
    c = b.sigmoid()
    d = c.mean()
    return dict(x=x, a=a, b=b, c=c, d=d), d


def g_interleaved(lib):
    x = _t(lib, [1., 2.])
    y = _t(lib, [0.5, -1.])
    b1 = y * 3               # the y branch is created first ...
    a1 = x * 2
    b2 = b1.tanh()
    a2 = a1.sigmoid()
    a3 = a2 * a2
    b3 = b2.sum()
    a4 = a3.sum()
    s = a4 + b3              # ... but used second
    return dict(x=x, y=y, a1=a1, a2=a2, a3=a3, a4=a4, b1=b1, b2=b2, b3=b3, s=s), s


GRAPHS = [g_interleaved, g_chain, g_diamond, g_shared, g_mlp, g_views_inplace, g_reductions, g_custom, g_unused_branch]


def _labels(named, root=None):
    """node -> label: a named tensor's grad_fn gets the name, a leaf's AccumulateGrad
    'acc:NAME', any other node the path of next_functions indices that first reaches it
    (breadth first from the root), so the same graph gets the same labels in both libraries."""
    labels, paths = {}, {}
    for name, t in named.items():
        if t.grad_fn is not None:
            labels.setdefault(id(t.grad_fn), name)
    roots = [root] if root is not None else [t for t in named.values() if t.grad_fn is not None][-1:]
    queue = []
    for k, r in enumerate(roots):
        queue.append((r.grad_fn, f"root{k}"))
    while queue:
        node, path = queue.pop(0)
        if node is None or id(node) in paths:
            continue
        paths[id(node)] = path
        var = getattr(node, "variable", None)
        if var is not None:
            for name, t in named.items():
                if t is var:
                    labels[id(node)] = "acc:" + name
        for i, (n, _) in enumerate(node.next_functions):
            queue.append((n, f"{labels.get(id(node), path)}.{i}"))
    for key, path in paths.items():
        labels.setdefault(key, path)
    return labels


def _all_nodes(root_node):
    out, stack, seen = [], [root_node], set()
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        out.append(node)
        stack.extend(n for n, _ in node.next_functions)
    return out


def _label(node, labels):
    name = type(node).__name__
    return f"{labels.get(id(node), '?')}:{name}"


def torch_run(build, retain_graph=False):
    """Run backward with torch; record every node's (label, grad_outputs, grad_inputs) in order."""
    named, root = build(torch)
    labels = _labels(named, root)
    events, post = [], {}
    for node in _all_nodes(root.grad_fn):
        lab = _label(node, labels)
        node.register_prehook(lambda go, lab=lab: events.append([lab, [_np(g) for g in go], None]))
        if type(node).__name__ != "AccumulateGrad":
            node.register_hook(lambda gi, go, lab=lab: post.__setitem__(lab, [_np(g) for g in gi]))
    root.backward(retain_graph=retain_graph)
    for ev in events:
        ev[2] = post.get(ev[0], [])
    return named, events


def minigrad_steps(build, retain_graph=False):
    named, root = build(minigrad)
    labels = _labels(named, root)
    steps = list(backward_run(root, retain_graph=retain_graph))
    return named, [(_label(s.node, labels), s) for s in steps]


def _same(a, b):
    if a is None or b is None:
        return a is None and b is None
    return a.shape == b.shape and np.allclose(a, b, rtol=1e-12, atol=1e-14)


@needs_torch
@pytest.mark.parametrize("build", GRAPHS, ids=lambda f: f.__name__)
def test_step_order_matches_torch(build):
    _, events = torch_run(build)
    _, steps = minigrad_steps(build)
    assert all("?" not in lab for lab, _ in steps), [lab for lab, _ in steps]
    assert [lab for lab, _ in steps] == [ev[0] for ev in events]


@needs_torch
@pytest.mark.parametrize("build", GRAPHS, ids=lambda f: f.__name__)
def test_step_gradients_match_torch(build):
    _, events = torch_run(build)
    _, steps = minigrad_steps(build)
    by_label = {ev[0]: ev for ev in events}
    for lab, step in steps:
        assert isinstance(step, Step)
        ev = by_label[lab]
        got_out = [_np(g) for g in step.grad_outputs]
        assert len(got_out) == len(ev[1]) and all(map(_same, got_out, ev[1])), (lab, got_out, ev[1])
        if lab.startswith("acc:"):
            assert list(step.grad_inputs) == []
            continue
        got_in = [_np(g) for g in step.grad_inputs]
        assert len(got_in) == len(ev[2]) and all(map(_same, got_in, ev[2])), (lab, got_in, ev[2])


@needs_torch
@pytest.mark.parametrize("build", GRAPHS, ids=lambda f: f.__name__)
def test_leaf_grads_match_torch(build):
    tnamed, _ = torch_run(build)
    mnamed, root = build(minigrad)
    root.backward()
    for name, t in tnamed.items():
        if t.is_leaf and t.requires_grad:
            assert _same(_np(mnamed[name].grad), _np(t.grad)), name


@pytest.mark.parametrize("build", GRAPHS, ids=lambda f: f.__name__)
def test_consuming_steps_equals_backward(build):
    named_a, root_a = build(minigrad)
    root_a.backward()
    named_b, root_b = build(minigrad)
    for _ in backward_run(root_b):
        pass
    for name, t in named_a.items():
        if t.is_leaf and t.requires_grad:
            assert np.array_equal(_np(t.grad), _np(named_b[name].grad)), name


@pytest.mark.parametrize("build", GRAPHS, ids=lambda f: f.__name__)
def test_step_order_is_deterministic(build):
    first = [lab for lab, _ in minigrad_steps(build)[1]]
    for _ in range(3):
        assert [lab for lab, _ in minigrad_steps(build)[1]] == first


@pytest.mark.parametrize("build", GRAPHS, ids=lambda f: f.__name__)
def test_one_step_per_node(build):
    named, root = build(minigrad)
    nodes = _all_nodes(root.grad_fn)
    steps = list(backward_run(root))
    assert len(steps) == len(nodes)
    assert {id(s.node) for s in steps} == {id(n) for n in nodes}


@pytest.mark.parametrize("build", GRAPHS, ids=lambda f: f.__name__)
def test_step_accumulated_and_freed(build):
    named, steps = minigrad_steps(build)
    leaves = {name: t for name, t in named.items() if t.is_leaf and t.requires_grad}
    seen = set()
    for lab, step in steps:
        if lab.startswith("acc:"):
            name = lab[4:].rsplit(":", 1)[0]
            assert len(step.accumulated) == 1
            leaf, before, after = step.accumulated[0]
            assert leaf is leaves[name] and before is None and after is leaf.grad
            assert step.freed is False
            seen.add(name)
        else:
            assert step.accumulated == []
            assert step.freed is True
            assert step.ran is True
    assert seen == set(leaves)


def test_step_accumulated_before_after_and_retain_graph():
    named, root = g_diamond(minigrad)
    a = named["a"]
    list(backward_run(root, retain_graph=True))
    first = a.grad.clone()
    steps = list(backward_run(root, retain_graph=True))
    assert all(not s.freed for s in steps)
    (acc,) = [s for s in steps if s.node is root.grad_fn.next_functions[0][0].next_functions[1][0]]
    leaf, before, after = acc.accumulated[0]
    assert leaf is a and np.array_equal(_np(before), _np(first))
    assert after is a.grad and np.array_equal(_np(after), 2 * _np(first))
    steps = list(backward_run(root))
    assert all(s.freed for s in steps if not isinstance(s.node, AccumulateGrad))
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        list(backward_run(root))


def test_step_hooks_and_retained():
    calls = []
    named, root = g_diamond(minigrad)
    c, a = named["c"], named["a"]
    c.retain_grad()
    hook_c = lambda g: g * 2  # noqa: E731
    c.register_hook(hook_c)
    pre = lambda go: calls.append("pre")  # noqa: E731
    post = lambda gi, go: calls.append("post")  # noqa: E731
    c.grad_fn.register_prehook(pre)
    c.grad_fn.register_hook(post)
    hook_a = lambda g: None  # noqa: E731
    a.register_hook(hook_a)
    steps = {s.node: s for s in backward_run(root)}
    sc = steps[c.grad_fn]
    kinds = [(k, h) for k, h, _, _ in sc.hooks]
    assert kinds == [("tensor", hook_c), ("pre", pre), ("post", post)]
    assert calls == ["pre", "post"]
    _, _, value_in, value_out = sc.hooks[0]
    assert np.array_equal(_np(value_out), 2 * _np(value_in))
    assert len(sc.retained) == 1 and sc.retained[0][0] is c
    assert np.array_equal(_np(sc.retained[0][1]), _np(c.grad))
    assert np.array_equal(_np(sc.grad_outputs[0]), _np(c.grad))
    acc_a = [s for n, s in steps.items() if isinstance(n, AccumulateGrad) and n.variable is a][0]
    assert [(k, h, r) for k, h, _, r in acc_a.hooks] == [("tensor", hook_a, None)]


@needs_torch
def test_step_retained_grad_matches_torch():
    tn, troot = g_mlp(torch)
    mn, mroot = g_mlp(minigrad)
    for name in ("h", "r", "lsm"):
        tn[name].retain_grad()
        mn[name].retain_grad()
    troot.backward()
    retained = {}
    for step in backward_run(mroot):
        for t, g in step.retained:
            retained[next(k for k, v in mn.items() if v is t)] = _np(g)
    assert sorted(retained) == ["h", "lsm", "r"]
    for name, g in retained.items():
        assert _same(g, _np(tn[name].grad)), name


@needs_torch
def test_multi_root_order_matches_torch():
    def build(lib):
        x = _t(lib, [1., 2.])
        y = _t(lib, [3., -1.])
        a = x * y
        b = a.exp()
        c = a.sum()
        d = (b * x).sum()
        return dict(x=x, y=y, a=a, b=b, c=c, d=d), (c, d)

    tn, (tc, td) = build(torch)
    labels = _labels(tn)
    order = []
    seen = set()
    for root in (tc, td):
        for node in _all_nodes(root.grad_fn):
            if id(node) not in seen:
                seen.add(id(node))
                lab = _label(node, labels)
                node.register_prehook(lambda go, lab=lab: order.append(lab))
    torch.autograd.backward([tc, td])
    mn, (mc, md) = build(minigrad)
    mlabels = _labels(mn)
    got = [_label(s.node, mlabels) for s in backward_run([mc, md])]
    assert got == order
    assert _same(_np(mn["x"].grad), _np(tn["x"].grad)) and _same(_np(mn["y"].grad), _np(tn["y"].grad))


def test_backward_run_errors_are_raised_eagerly():
    x = minigrad.tensor([1., 2.], requires_grad=True)
    y = x * 2
    with pytest.raises(RuntimeError, match="grad can be implicitly created only for scalar outputs"):
        backward_run(y)
    with pytest.raises(RuntimeError, match="does not require grad and does not have a grad_fn"):
        backward_run(minigrad.tensor(1.))


@needs_torch
@pytest.mark.parametrize("build", GRAPHS, ids=lambda f: f.__name__)
def test_backward_inputs_steps_match_torch(build):
    """backward(inputs=[first leaf]) runs what leads to it, then its AccumulateGrad: in PyTorch's
    order, and the stepper sees the accumulation as that node's step."""
    tnamed, troot = build(torch)
    leaf = next(name for name, t in tnamed.items() if t.is_leaf and t.requires_grad)
    labels = _labels(tnamed, troot)
    order = []
    for node in _all_nodes(troot.grad_fn):
        lab = _label(node, labels)
        node.register_prehook(lambda go, lab=lab: order.append(lab))
    troot.backward(inputs=[tnamed[leaf]])
    named, root = build(minigrad)
    mlabels = _labels(named, root)
    steps = list(backward_run(root, inputs=[named[leaf]]))
    assert [_label(s.node, mlabels) for s in steps] == order
    (acc,) = [s for s in steps if s.accumulated]
    assert acc.accumulated[0][0] is named[leaf] and acc.accumulated[0][2] is named[leaf].grad
    assert _same(_np(named[leaf].grad), _np(tnamed[leaf].grad))
    assert all(t.grad is None for name, t in named.items()
               if name != leaf and t.is_leaf and t.requires_grad)
