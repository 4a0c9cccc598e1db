"""Differential tests: random autograd programs must behave the same on minigrad and PyTorch.

hypothesis writes small programs (tests/differential_programs.py explains how); each runs once
on PyTorch and once on minigrad, and the two traces must agree:

* values and gradients within a float tolerance of the dtype (float32: rtol 1e-5, atol 1e-6,
  float64: rtol 1e-10, atol 1e-12; atol scaled by the tensor's largest magnitude);
* everything else exactly: dtypes, shapes, requires_grad, is_leaf, grad_fn names, version
  counters, which hooks ran in which order, error types and texts, warnings;
* ``repr`` text exactly when the two tensors hold bitwise-equal values. When the values differ
  in the last bits (allowed above), the printed digits may legitimately differ too; then
  minigrad's text must be what PyTorch prints *for minigrad's values* (so the printer is still
  checked exactly, on values it was actually given).

PyTorch's text has ``torch`` replaced by ``minigrad`` before comparing.

A failure prints the program as a script (``Program.source()`` adds the hook helpers): it is its
own reproduction. Known minigrad bugs are listed in KNOWN_DIVERGENCES with a minimal repro each;
programs that hit one are counted (hypothesis ``event``) and not compared, and every repro runs
as an xfail(strict) test, so fixing the bug turns that test into a failure saying "remove me".

Example count: MINIGRAD_HYPOTHESIS_EXAMPLES (default 1500, about 75 s on 2 cores).
"""
import dataclasses
import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import Phase, HealthCheck, event, given, settings

torch = pytest.importorskip(
    "torch", reason="PyTorch 2.13 not installed: differential tests need the live oracle")

import minigrad  # noqa: E402

from differential_programs import (Obs, Program, as_minigrad_text, programs,  # noqa: E402
                                   run_program, without_local_constants)

EXAMPLES = int(os.environ.get("MINIGRAD_HYPOTHESIS_EXAMPLES", "1500"))

TOLERANCE = {  # dtype -> (rtol, atol relative to max(1, largest |value|))
    "float32": (1e-5, 1e-6),
    "float64": (1e-10, 1e-12),
}

# Warnings PyTorch gives once per process: whether a program sees them depends on what ran
# before it, so the random programs drop them and test_warn_once_warnings checks them in fresh
# processes instead.
WARN_ONCE = ("Using backward() with create_graph=True will create a reference cycle",
             "The use of `x.T` on tensors of dimension other than 2",
             "Tensor.T is deprecated on 0-D tensors")


# ------------------------------------------------------------------------------------------------
# Known divergences: minigrad bugs found by this file, each with a minimal repro
# ------------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Divergence:
    """A known minigrad bug. Narrow on purpose: only what matches is let through.

    `program(p)`: random programs that hit it are not compared at all (counted as an event).
    `tensor(mine, theirs)`: this difference in a tensor's grad_fn name or version counter is the
    known one; the tensor's values are still compared, and its text must be PyTorch's text for
    minigrad's values and name. (If other flags differ too, the comparison of the program stops.)
    `event(mine, theirs)`: this differing trace event (an error or warning) is the known one; the
    comparison of that program stops there.
    """
    id: str
    repro: str                     # a few lines using `torch` names; the last line is observed
    program: object = None
    tensor: object = None
    event: object = None


def _view_rebased_by_other_inplace(program):
    changed = {n for st in program.steps if st.kind == "inplace" for n in st.outputs}
    return any(e[0] in ("final", "tensor") and e[2] is not None
               and e[2].grad_fn == "AsStridedBackward0" and e[1].split(":")[-1] not in changed
               for e in program.torch_trace)


def _has_step(pred):
    return lambda program: any(pred(s) for s in program.steps)


KNOWN_DIVERGENCES = [
    # --- found, but not waived: the random test still fails on these until they are fixed ---
    # --- found and waived narrowly, so that the random test can look past them ---
]


# ------------------------------------------------------------------------------------------------
# Comparing traces
# ------------------------------------------------------------------------------------------------


class Mismatch(AssertionError):
    pass


_PRECISION = {"mixed": False}
FLOAT32_NAMES = ("float32", "torch.float32", "minigrad.float32")
FLOAT64_NAMES = ("float64", "torch.float64", "minigrad.float64")


def close(mine, theirs, dtype):
    """Values within the dtype's tolerance; NaN where NaN, the same infinities."""
    a, b = np.asarray(mine, dtype=np.float64), np.asarray(theirs, dtype=np.float64)
    if a.shape != b.shape:
        return False
    if dtype not in TOLERANCE:  # integers and bools: exactly
        return np.array_equal(a, b)
    if not np.array_equal(np.isnan(a), np.isnan(b)):
        return False
    inf_a, inf_b = np.isinf(a), np.isinf(b)
    if not np.array_equal(inf_a, inf_b) or not np.array_equal(a[inf_a], b[inf_b]):
        return False
    finite = np.isfinite(b)
    if not finite.any():
        return True
    if _PRECISION["mixed"] and dtype in FLOAT64_NAMES:
        dtype = next(d for d in TOLERANCE if d in FLOAT32_NAMES)
    rtol, atol = TOLERANCE[dtype]
    scale = max(1.0, float(np.abs(b[finite]).max()))
    return bool(np.all(np.abs(a[finite] - b[finite]) <= atol * scale + rtol * np.abs(b[finite])))


class _TorchPrinter:
    """PyTorch's text for given values, dtype and flags, without running the op that made them.

    A grad_fn name can't be chosen freely in PyTorch, but the printer only uses its *length*
    (to decide where the suffix wraps): a custom Function whose node name is as long as the
    wanted one is printed, then the name is swapped in.
    """

    _functions = {}

    @classmethod
    def _function_of_length(cls, n):
        if n not in cls._functions:
            def forward(ctx, x):
                return x.clone()

            def backward(ctx, g):
                return g
            name = "Q" * (n - len("Backward"))   # node class name: name + "Backward"
            cls._functions[n] = type(name, (torch.autograd.Function,), {
                "forward": staticmethod(forward), "backward": staticmethod(backward)})
        return cls._functions[n]

    @classmethod
    def text(cls, obs):
        t = torch.from_numpy(np.array(obs.raw, copy=True))
        if obs.grad_fn is not None and len(obs.grad_fn) > len("Backward"):
            fn = cls._function_of_length(len(obs.grad_fn))
            t = fn.apply(t.requires_grad_(True))
            text = repr(t).replace(f"grad_fn=<{type(t.grad_fn).__name__}>",
                                   f"grad_fn=<{obs.grad_fn}>")
        else:
            text = repr(t.requires_grad_(True) if obs.requires_grad else t)
        return as_minigrad_text(text)


class KnownStop(Exception):
    """A known divergence changed what the rest of the program sees: stop comparing it."""


def _known_tensor_difference(mine, theirs):
    for known in KNOWN_DIVERGENCES:
        if known.tensor is not None and known.tensor(mine, theirs):
            _event(f"known divergence allowed: {known.id}")
            if mine.meta()[:4] != theirs.meta()[:4]:
                raise KnownStop(known.id)
            return known
    return None


def _known_event_difference(mine, theirs):
    if mine[0] == theirs[0] and mine[1:] == theirs[1:]:  # both errors/warnings: plain tuples
        return None
    for known in KNOWN_DIVERGENCES:
        if known.event is not None and known.event(mine, theirs):
            return known
    return None


def _event(text):
    try:
        event(text)
    except Exception:  # noqa: BLE001 - outside a hypothesis test (the self-tests)
        pass


def compare_obs(where, mine, theirs):
    if (mine is None) != (theirs is None):
        raise Mismatch(f"{where}: minigrad gives {_short(mine)}, torch gives {_short(theirs)}")
    if mine is None:
        return
    known = _known_tensor_difference(mine, theirs) if mine.meta() != theirs.meta() else None
    if known is not None:
        if not close(mine.raw, theirs.raw, theirs.dtype):
            raise Mismatch(f"{where}: values differ\nminigrad: {mine.raw!r}\n"
                           f"torch:    {theirs.raw!r}")
        compare_text(where, mine, theirs, mine.repr, None)
        return
    if mine.meta() != theirs.meta():
        fields = ("dtype", "shape", "requires_grad", "is_leaf", "grad_fn", "_version")
        diffs = [f"{f}: minigrad {m!r} vs torch {t!r}"
                 for f, m, t in zip(fields, mine.meta(), theirs.meta()) if m != t]
        raise Mismatch(f"{where}: " + "; ".join(diffs))
    if not close(mine.raw, theirs.raw, theirs.dtype):
        raise Mismatch(f"{where}: values differ\nminigrad: {mine.raw!r}\ntorch:    {theirs.raw!r}")
    compare_text(where, mine, theirs, mine.repr, theirs.repr)


def compare_text(where, mine, theirs, mine_text, theirs_text):
    """Printed tensor text: exact for identical values, else PyTorch's text for our values."""
    if theirs_text is not None and (mine.raw.dtype == theirs.raw.dtype
                                    and mine.raw.tobytes() == theirs.raw.tobytes()):
        expected = theirs_text
    else:
        expected = _TorchPrinter.text(mine)
        if mine_text.endswith("\n"):  # printed by a hook: print() adds a newline
            expected += "\n"
    if mine_text != expected:
        raise Mismatch(f"{where}: printed text differs\nminigrad:\n{mine_text}\n"
                       f"torch (for minigrad's values):\n{expected}")


def _short(x):
    if isinstance(x, Obs):
        return f"tensor(shape={x.shape}, dtype={x.dtype})"
    return repr(x)


def _drop_warn_once(trace):
    return [e for e in trace
            if not (e[0] == "warning" and e[2][1].startswith(WARN_ONCE))]


def compare_traces(mine, theirs):
    try:
        _compare_traces(mine, theirs)
    except KnownStop:
        pass


def _compare_traces(mine, theirs):
    mine, theirs = _drop_warn_once(mine), _drop_warn_once(theirs)
    # A float64 value computed from float32 ones (mixed programs) is only as exact as float32:
    # float32 kernels may differ by an ulp (PyTorch's float32 sqrt is not always correctly rounded).
    _PRECISION["mixed"] = any(getattr(e[2], "dtype", None) in FLOAT32_NAMES
                              for e in theirs if len(e) > 2)
    last_obs = {}
    for i, (m, t) in enumerate(zip(mine, theirs)):
        if m[0] in ("error", "warning") or t[0] in ("error", "warning"):
            known = _known_event_difference(m, t)
            if known is not None:
                _event(f"known divergence allowed: {known.id}")
                return
        if m[:2] != t[:2]:
            raise Mismatch(f"event {i}: minigrad has {m[0]} {m[1]} {_payload(m)}, torch has "
                           f"{t[0]} {t[1]} {_payload(t)}")
        kind, where = t[0], f"{t[0]} {t[1]}"
        if kind in ("tensor", "grad", "final", "hook"):
            compare_obs(where, m[2], t[2])
            last_obs[t[1]] = (m[2], t[2])
        elif kind == "printed":
            mo, to = last_obs[t[1]]
            waived = mo.grad_fn != to.grad_fn  # a known grad_fn difference (else raised above)
            compare_text(where, mo, to, m[2], None if waived else t[2])
        elif m[2] != t[2]:
            raise Mismatch(f"{where}:\nminigrad: {m[2]}\ntorch:    {t[2]}")
    if len(mine) != len(theirs):
        n = min(len(mine), len(theirs))
        longer, who = (mine, "minigrad") if len(mine) > n else (theirs, "torch")
        raise Mismatch(f"only {who} goes on, with {longer[n][0]} {longer[n][1]} "
                       f"{_payload(longer[n])}")


def _payload(event_):
    p = event_[2]
    return _short(p) if isinstance(p, Obs) or p is None else repr(p)


def check_program(program):
    theirs = run_program(torch, program)
    mine = run_program(minigrad, program)
    try:
        compare_traces(mine, theirs)
    except Mismatch as e:
        raise Mismatch(f"{e}\n\n--- program (runs on PyTorch as is) ---\n{program.source()}") \
            from None


# ------------------------------------------------------------------------------------------------
# The tests
# ------------------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def default_printoptions():
    torch.set_printoptions(profile="default")
    minigrad.set_printoptions(profile="default")


# No shrinking: torch 2.13 itself can segfault in register_hook while hypothesis shrinks a
# failing program; the unshrunk program is still printed in full, as a script that runs on torch.
# without_local_constants: the programs depend on the seed only, not on what the process imported
# (tests/test_differential_determinism.py checks).
@without_local_constants
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          phases=(Phase.explicit, Phase.reuse, Phase.generate),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.filter_too_much])
@given(programs(torch))
def test_random_programs(program):
    for known in KNOWN_DIVERGENCES:
        if known.program is not None and known.program(program):
            event(f"skipped: known divergence {known.id}")
            return
    kinds = {s.kind for s in program.steps}
    for k in ("backward", "grad", "inplace", "hook"):
        if k in kinds:
            event(f"has {k}")
    if any(s.kind == "backward" and "inputs=" in s.code for s in program.steps):
        event("has backward(inputs=...)")
    event("float64" if any("float64" in s.code for s in program.steps) else "float32 only")
    check_program(program)


def _run_repro(lib, code):
    """Run a repro: every line but the last is executed, the last one's value is observed."""
    *body, last = textwrap.dedent(code).strip().splitlines()
    ns = {"torch": lib, "F": lib.nn.functional}
    try:
        exec("\n".join(body), ns)
        value = eval(last, ns)
        return ("value", as_minigrad_text(repr(value)))
    except Exception as e:  # noqa: BLE001
        return ("error", type(e).__name__, as_minigrad_text(str(e)))


@pytest.mark.parametrize("known", KNOWN_DIVERGENCES, ids=lambda k: k.id)
@pytest.mark.xfail(strict=True, reason="known minigrad divergence (see KNOWN_DIVERGENCES)")
def test_known_divergence(known):
    """Each known divergence's repro; XPASS means it is fixed: remove it from the list."""
    assert _run_repro(minigrad, known.repro) == _run_repro(torch, known.repro)


WARN_ONCE_SCRIPT = """
import re, warnings, {lib} as torch
seen = []
for code in ["(x * x).sum().backward(create_graph=True, inputs=[x])",
             "(x * x).sum().backward(create_graph=True)", "x.T", "x.T", "s.T", "s.T",
             # a .grad assigned against the layout contract, added into: once per place in
             # PyTorch's AccumulateGrad (in place; create_graph), whatever the sizes
             "(m * 2).sum().backward()", "(m * 2).sum().backward()",
             "n = torch.ones(4, 3, requires_grad=True); n.grad = torch.zeros(3, 4).t(); "
             "(n * 2).sum().backward()",
             "(m * 2).sum().backward(create_graph=True)", "(m * 2).sum().backward(inputs=[m])"]:
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    s = torch.tensor(1.0)
    m = torch.ones(2, 3, requires_grad=True)
    m.grad = torch.zeros(3, 2).t()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        exec(code)
    seen.append((code, [re.sub(r" \\(Triggered internally at [^)]*\\)", "",
                               str(m.message)).replace("{lib}", "LIB") for m in w]))
print(repr(seen))
"""


def _fresh_process(lib):
    out = subprocess.run([sys.executable, "-c", WARN_ONCE_SCRIPT.format(lib=lib)],
                         capture_output=True, text=True, check=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return out.stdout


def test_warn_once_warnings():
    """PyTorch warns once per process for these: only the first call in a fresh process."""
    assert _fresh_process("minigrad") == _fresh_process("torch")


def test_comparison_is_not_vacuous():
    """The comparison must catch a wrong value, a wrong name and a wrong text."""
    program = Program([])
    from differential_programs import Step
    program.steps = [Step("t0 = torch.tensor([1.5, -2.25], requires_grad=True)", ("t0",), "leaf",
                          {"dtype": "float32", "exact32": True}),
                     Step("t1 = (t0 * 2).sum()", ("t1",)),
                     Step("t1.backward()", (), "backward")]
    trace = run_program(torch, program)
    compare_traces(run_program(torch, program), trace)
    bad = [list(e) for e in trace]
    for e in bad:
        if e[0] == "grad":
            obs = e[2]
            e[2] = dataclasses.replace(obs, raw=obs.raw * 1.001)
    with pytest.raises(Mismatch, match="values differ"):
        compare_traces([tuple(e) for e in bad], trace)
    bad = [(k, w, dataclasses.replace(o, grad_fn="MulBackward0")) if k == "tensor" and
           o.grad_fn else (k, w, o) for k, w, o in trace]
    with pytest.raises(Mismatch, match="grad_fn"):
        compare_traces(bad, trace)
    bad = [(k, w, dataclasses.replace(o, repr=o.repr.replace("tensor(", "tensor( "))) if k == "tensor" and
           o is not None else (k, w, o) for k, w, o in trace]
    with pytest.raises(Mismatch, match="printed text"):
        compare_traces(bad, trace)


def test_printer_for_other_values():
    """_TorchPrinter reproduces PyTorch's own text, suffix wrapping included."""
    x = torch.tensor([[1.123456, -2.5, 3.0, 4.25, 5.5, 6.75]] * 3, dtype=torch.float64,
                     requires_grad=True)
    for t in (x, x * 1.0001, x.sum(1), x.t(), x.detach()):
        from differential_programs import observe
        obs = observe(t)
        assert _TorchPrinter.text(obs) == obs.repr
    assert re.search("grad_fn=<MulBackward0>", _TorchPrinter.text(observe(x * 1.0001)))
