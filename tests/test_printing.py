"""minigrad prints tensors exactly as PyTorch 2.13 does.

Two kinds of test:
- recorded: tests/oracle/printing.json holds PyTorch's text for a fixed list of
  tensors (made by tests/oracle/record_printing.py); these run without PyTorch.
- live: hypothesis makes tensors, PyTorch prints them, and minigrad must print
  the same text; these are skipped when PyTorch 2.13 is not installed.
Only "dtype=torch." becomes "dtype=minigrad." before comparing.
"""

import json
import math
import pathlib

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minigrad._tensor_str import get_printoptions, set_printoptions, tensor_str

try:
    import torch
except ImportError:
    torch = None

TORCH_VERSION = None if torch is None else torch.__version__
needs_torch = pytest.mark.skipif(
    TORCH_VERSION is None or not TORCH_VERSION.startswith("2.13."),
    reason="PyTorch 2.13 not installed: live oracle tests skipped"
    + ("" if TORCH_VERSION is None else f" (found {TORCH_VERSION})"),
)

DTYPES = ("float32", "float64", "int64", "bool")
RECORDED = pathlib.Path(__file__).parent / "oracle" / "printing.json"


def as_minigrad(torch_text):
    """PyTorch's text with the package name changed, the only allowed difference."""
    return torch_text.replace("dtype=torch.", "dtype=minigrad.")


@pytest.fixture(autouse=True)
def default_printoptions():
    """Every test starts and ends with the default options, in minigrad and in torch."""
    set_printoptions(profile="default")
    if torch is not None:
        torch.set_printoptions(profile="default")
    yield
    set_printoptions(profile="default")
    if torch is not None:
        torch.set_printoptions(profile="default")


# ---------------------------------------------------------------- recorded

def load_cases():
    """The recorded cases, with a readable id each."""
    cases = json.loads(RECORDED.read_text())["cases"]
    ids = [f"{i:03d}-{c['dtype']}-{'x'.join(map(str, c['shape'])) or 'scalar'}" for i, c in enumerate(cases)]
    return cases, ids


def decode_values(values, dtype, shape):
    """The array a case stores: floats are strings that read back exactly."""
    if dtype in ("float32", "float64"):
        values = [float(v) for v in values]
        return np.array(values, dtype=np.float64).astype(dtype).reshape(shape)
    return np.array(values, dtype=dtype).reshape(shape)


def decode_options(options):
    """Options as stored: an infinite threshold is the string 'inf'."""
    return {k: (math.inf if v == "inf" else v) for k, v in options.items()}


CASES, CASE_IDS = load_cases()


def test_recording_is_varied():
    """The recorded file covers what it claims to, so the test below means something."""
    assert len(CASES) >= 300
    assert {c["dtype"] for c in CASES} == set(DTYPES)
    assert {len(c["shape"]) for c in CASES} >= {0, 1, 2, 3, 4, 5}
    texts = [c["expected"] for c in CASES]
    for piece in ["...", "e+", "e-", "nan", "inf", "-0.", "True", "size=(", "dtype=torch.float64",
                  "dtype=torch.int64", "grad_fn=<", "requires_grad=True", ",\n       grad_fn"]:
        assert any(piece in text for text in texts), piece
    assert any(c["options"] for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_recorded(case):
    array = decode_values(case["values"], case["dtype"], case["shape"])
    if case["options"] is not None:
        set_printoptions(**decode_options(case["options"]))
        assert get_printoptions() == decode_options(case["options_after"])
    text = tensor_str(array, case["dtype"], grad_fn_name=case["grad_fn_name"],
                      requires_grad=case["requires_grad"])
    assert text == as_minigrad(case["expected"])


# ---------------------------------------------------------------- live

def assert_prints_like_torch(t):
    """minigrad's text for the values, dtype and autograd state of t is torch's repr(t)."""
    grad_fn = None if t.grad_fn is None else type(t.grad_fn).__name__
    dtype = str(t.dtype).removeprefix("torch.")
    text = tensor_str(t.detach().numpy(), dtype, grad_fn_name=grad_fn, requires_grad=t.requires_grad)
    assert text == as_minigrad(repr(t))


_FUNCTIONS = {}


def with_autograd(t, how, name):
    """The same values as a leaf that requires grad, or as the output of a grad_fn."""
    if how is None:
        return t
    leaf = t.clone().requires_grad_()
    if how == "requires_grad":
        return leaf
    if how == "mul":
        return leaf * 1  # MulBackward0
    if how == "view":
        return leaf.view_as(leaf)  # ViewBackward0
    # A custom autograd.Function named N gives grad_fn=<NBackward>, of any length.
    if name not in _FUNCTIONS:
        _FUNCTIONS[name] = type(name, (torch.autograd.Function,), {
            "forward": staticmethod(lambda ctx, x: x.clone()),
            "backward": staticmethod(lambda ctx, grad: grad),
        })
    return _FUNCTIONS[name].apply(leaf)


FLOAT_EDGES = [
    0.0, -0.0, math.nan, math.inf, -math.inf, 0.1, 0.5, 1.0, 2.0, -1.0, 1e-4, 9.9999e-5,
    1e-5, 1e8, 100000001.0, 123456.7, 1000.0, 0.00005, 0.99995, 1e20, 5e-324, 1.7e308,
]

float_values = st.one_of(
    st.sampled_from(FLOAT_EDGES),
    st.integers(-10**6, 10**6).map(float),  # whole numbers: "2." style
    st.integers(-10**6, 10**6).map(lambda i: (i + 0.5) / 10**4),  # halfway at 4 decimals
    st.floats(-100, 100),
    st.builds(lambda m, e: m * 10.0**e, st.floats(-10, 10), st.integers(-15, 15)),  # any scale
    st.floats(),  # anything, nan and inf too
)
int_values = st.one_of(
    st.integers(-10, 10),
    st.integers(-(2**63), 2**63 - 1),
    st.sampled_from([0, -1, 1000, 2**63 - 1, -(2**63)]),
)


def values_for(dtype):
    """A strategy for single values of the dtype (floats as Python floats)."""
    return {"bool": st.booleans(), "int64": int_values}.get(dtype, float_values)


@st.composite
def shapes(draw):
    """Small shapes (often empty or with size-1 dims), long rows, or over 1000 elements."""
    kind = draw(st.sampled_from(["small", "small", "small", "rows", "large"]))
    ndim = draw(st.integers(0, 4))
    if kind == "small":
        return tuple(draw(st.lists(st.integers(0, 4), min_size=ndim, max_size=ndim)))
    if kind == "rows":
        return (draw(st.integers(1, 3)),) * (ndim > 1) + (draw(st.integers(6, 40)),)
    ndim = max(ndim, 1)
    target = draw(st.integers(900, 1200))
    sides = draw(st.lists(st.integers(1, 12), min_size=ndim - 1, max_size=ndim - 1))
    return tuple(sides) + (max(1, target // math.prod(sides)),)


@st.composite
def arrays(draw, dtypes=DTYPES):
    """An array of one dtype: element by element when small, else seeded from a few drawn values."""
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(shapes())
    size = math.prod(shape)
    if size <= 40:
        values = draw(st.lists(values_for(dtype), min_size=size, max_size=size))
    else:
        palette = draw(st.lists(values_for(dtype), min_size=1, max_size=6))
        rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
        values = [palette[i] for i in rng.integers(len(palette), size=size)]
        if dtype.startswith("float") and draw(st.booleans()):  # mix in noise at one scale
            noise = rng.standard_normal(size) * 10.0 ** draw(st.integers(-12, 12))
            values = np.where(rng.random(size) < 0.7, noise, values).tolist()
    with np.errstate(over="ignore"):  # huge doubles become inf in float32, as in torch
        array = np.array(values, dtype=np.float64 if dtype.startswith("float") else dtype)
        return array.astype(dtype).reshape(shape)


autograd_kinds = st.sampled_from([None, None, "requires_grad", "mul", "view", "custom"])
custom_names = st.text(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"),
                       min_size=1, max_size=70)


@needs_torch
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(array=arrays(), how=autograd_kinds, name=custom_names)
def test_live_against_torch(array, how, name):
    t = torch.from_numpy(array.copy())
    if t.dtype.is_floating_point:  # only float tensors can require grad
        t = with_autograd(t, how, name)
    assert_prints_like_torch(t)


printoptions = st.fixed_dictionaries({}, optional={
    "profile": st.sampled_from(["default", "short", "full"]),
    "precision": st.integers(0, 10),
    "threshold": st.one_of(st.integers(0, 60), st.just(math.inf)),
    "edgeitems": st.integers(0, 5),
    "linewidth": st.integers(0, 160),
    "sci_mode": st.sampled_from([None, True, False]),
})


@needs_torch
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=printoptions, array=arrays(), how=autograd_kinds, name=custom_names)
def test_live_printoptions_against_torch(options, array, how, name):
    torch.set_printoptions(**options)
    set_printoptions(**options)
    assert get_printoptions() == torch._tensor_str.get_printoptions()
    t = torch.from_numpy(array.copy())
    if t.dtype.is_floating_point:
        t = with_autograd(t, how, name)
    assert_prints_like_torch(t)


@needs_torch
def test_printoptions_persist_and_restore_like_torch():
    """Options stay until changed; leaving sci_mode out resets it; get/set round-trips."""
    t = torch.tensor([1.12345, 2.5, 1e-6]).double()
    for step in [dict(precision=2, sci_mode=False), dict(linewidth=20), dict(profile="short"),
                 dict(sci_mode=True), dict(profile="full", edgeitems=1), dict(profile="default")]:
        torch.set_printoptions(**step)
        set_printoptions(**step)
        assert get_printoptions() == torch._tensor_str.get_printoptions()
        assert_prints_like_torch(t)
        assert_prints_like_torch(torch.arange(2000.0))
    saved = get_printoptions()
    set_printoptions(precision=7, threshold=3)
    set_printoptions(**saved)
    assert get_printoptions() == saved


BRIEF_CASES = {
    "0.1 float32": (np.float32, 0.1),
    "whole float": (np.float32, [2.0, -3.0]),
    "spec values float32": (np.float32, [1e-5, 1e8, 123456.7]),
    "spec values float64": (np.float64, [1e-5, 1e8, 123456.7]),
    "1e-5 float32": (np.float32, [1e-5]),
    "1e8 float64": (np.float64, [1e8]),
    "123456.7 float32": (np.float32, [123456.7]),
    "nan inf": (np.float32, [math.nan, math.inf, -math.inf, 1.5]),
    "negative zero": (np.float32, [-0.0, 1.0]),
    "bools": (np.bool_, [True, False]),
    "0-dim": (np.float32, 3.0),
    "0-dim int": (np.int64, -7),
    "empty": (np.float32, []),
    "empty 2x0": (np.float32, np.zeros((2, 0))),
    "empty int": (np.int64, []),
    "empty bool": (np.bool_, np.zeros((0, 3))),
    "empty float64": (np.float64, []),
    "summarised": (np.float32, np.arange(1001)),
    "summarised 3-d": (np.int64, np.arange(3000).reshape(10, 15, 20)),
    "wrapped": (np.float64, np.arange(40) / 3),
}


@needs_torch
@pytest.mark.parametrize("name", list(BRIEF_CASES))
def test_live_named_cases(name):
    dtype, values = BRIEF_CASES[name]
    t = torch.from_numpy(np.array(values, dtype=dtype))
    assert_prints_like_torch(t)
    if t.dtype.is_floating_point:
        for how in ["requires_grad", "mul", "custom"]:
            assert_prints_like_torch(with_autograd(t, how, "A" * 50))
