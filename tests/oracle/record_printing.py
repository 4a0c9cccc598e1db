"""Record PyTorch's printed text for a fixed list of tensors into printing.json.

Run it (with PyTorch 2.13 installed) from the repository root:

    python tests/oracle/record_printing.py

tests/test_printing.py then checks minigrad against the file without needing
PyTorch. The cases are seeded, so re-running gives the same file.
Each case stores its inputs so that they can be rebuilt exactly: the dtype,
the shape, the values in C order (floats as repr() strings, which round-trip
exactly and also spell nan/inf/-0.0), the autograd suffix, the print options
(keyword arguments of set_printoptions, or null) and PyTorch's text.
"""

import json
import math
import pathlib

import numpy as np
import torch

OUT = pathlib.Path(__file__).with_name("printing.json")
SEED = 2013
DTYPES = ("float32", "float64", "int64", "bool")
NUMPY = {"float32": np.float32, "float64": np.float64, "int64": np.int64, "bool": np.bool_}

# Values that sit on the edges of PyTorch's style choice (int/fixed/scientific
# mode, the 1e-4 and 1e8 limits, the 1000x ratio) or of rounding to 4 decimals.
SPECIAL_FLOATS = [
    0.0, -0.0, math.nan, math.inf, -math.inf, 0.1, 0.5, 1.0, -1.0, 2.0, 2.5, -3.0,
    1e-4, 9.999e-5, 1e-5, 1e8, 1.0000001e8, 123456.7, 1000.0, 999.9, 0.00005,
    0.00015, 3.14159265, 1e20, -1e-20, 5e-324, 1.7e308, 65504.0, 1e-8, 0.99995,
]
SPECIAL_INTS = [0, 1, -1, 7, -12, 1000, 2**31, -(2**40), 2**63 - 1, -(2**63)]


def named_cases():
    """Hand-picked cases: the examples of the spec and PyTorch's special layouts."""
    f32, f64, i64, b = np.float32, np.float64, np.int64, np.bool_
    return [
        (np.array(0.1, f32), {}),
        (np.array(3.0, f32), {}),
        (np.array(-0.0, f32), {}),
        (np.array(math.nan, f64), {}),
        (np.array(7, i64), {}),
        (np.array(True), {}),
        (np.array([0.1], f32), {}),
        (np.array([1e-5], f32), {}), (np.array([1e-5], f64), {}),
        (np.array([1e8], f32), {}), (np.array([1e8], f64), {}),
        (np.array([123456.7], f32), {}), (np.array([123456.7], f64), {}),
        (np.array([1e-5, 1e8, 123456.7], f32), {}),
        # exactly on the limits of scientific mode: smallest 1e-4, largest 1e8, ratio 1000
        (np.array([1e-4], f64), {}), (np.array([1e-4, 0.05], f64), {}),
        (np.array([1e8, 2e5], f64), {}), (np.array([1e8, 2e5 - 1], f64), {}),
        (np.array([1.0, 1000.0], f32), {}), (np.array([0.5, -500.0], f32), {}),
        (np.array([0.5, 500.5], f64), {}),
        (np.array([1.0, 2.0, -3.0], f32), {}),
        (np.array([-0.0, 0.0], f32), {}),
        (np.array([-0.0, 1.0], f32), {}),
        (np.array([0.0, 0.0], f64), {}),
        (np.array([math.nan, math.inf, -math.inf], f32), {}),
        (np.array([math.nan, 1.5, -math.inf], f32), {}),
        (np.array([math.nan, 1e-9, 2.0], f64), {}),
        (np.array([True, False]), {}),
        (np.array([[1, -20], [300, 4]], i64), {}),
        (np.zeros((0,), f32), {}), (np.zeros((0,), f64), {}),
        (np.zeros((0,), i64), {}), (np.zeros((0,), b), {}),
        (np.zeros((2, 0), f32), {}), (np.zeros((0, 3, 1), i64), {}),
        (np.zeros((1, 0), b), {}),
        (np.arange(1001, dtype=f32), {}),
        (np.arange(1000, dtype=f32), {}),
        (np.arange(1200, dtype=i64).reshape(40, 30), {}),
        (np.arange(1008, dtype=f64).reshape(2, 3, 8, 21) / 7, {}),
        (np.arange(30, dtype=f32) / 3, {}),
        (np.arange(24, dtype=f32).reshape(2, 3, 4), {}),
        (np.arange(48, dtype=i64).reshape(2, 2, 3, 4), {}),
        (np.ones((1, 1, 1, 1, 1), f32), {}),
        (np.arange(10, dtype=i64), {"threshold": 5}),
        (np.array([1.12345], f32), {"precision": 2}),
        (np.array([1.12345, 1e-6], f32), {"sci_mode": False}),
        (np.array([1.0, 2.0], f32), {"sci_mode": True}),
        (np.arange(20, dtype=f32), {"threshold": 5, "edgeitems": 0}),
        (np.arange(20, dtype=f32).reshape(4, 5), {"edgeitems": 0}),
        (np.arange(100, dtype=f64), {"linewidth": 30}),
        (np.arange(100, dtype=f64), {"profile": "short", "threshold": 10}),
        (np.arange(1100, dtype=f32), {"profile": "full"}),
    ]


def random_values(rng, dtype, n):
    """n values of one of several kinds, so the formatter meets every style."""
    if dtype == "bool":
        return rng.random(n) < rng.random()
    if dtype == "int64":
        kind = rng.integers(4)
        if kind == 0:
            values = rng.integers(-10, 10, n)
        elif kind == 1:
            values = rng.integers(0, 10 ** int(rng.integers(1, 18)), n)
        elif kind == 2:
            values = rng.integers(-(2**63), 2**63 - 1, n, endpoint=True)
        else:
            values = rng.choice(SPECIAL_INTS, n)
        return values.astype(np.int64)
    kind = rng.integers(5)
    if kind == 0:  # ordinary numbers at one scale
        values = rng.standard_normal(n) * 10.0 ** rng.integers(-10, 12)
    elif kind == 1:  # whole numbers
        values = rng.integers(-(10 ** int(rng.integers(1, 12))), 10 ** int(rng.integers(1, 12)), n)
    elif kind == 2:  # few decimals, e.g. 0.1 or 2.25
        values = np.round(rng.standard_normal(n) * 10.0 ** rng.integers(0, 4), rng.integers(0, 6))
    elif kind == 3:  # many scales at once
        values = rng.standard_normal(n) * 10.0 ** rng.integers(-30, 30, n)
    else:
        values = rng.choice(SPECIAL_FLOATS, n)
    values = values.astype(np.float64)
    specials = rng.random(n) < rng.choice([0.0, 0.05, 0.3])
    values[specials] = rng.choice(SPECIAL_FLOATS, int(specials.sum()))
    with np.errstate(over="ignore"):
        return values.astype(NUMPY[dtype])


def random_shape(rng):
    """A shape of 0 to 5 dims: small, empty, size-1, wide rows, or over the threshold."""
    kind = rng.choice(5, p=[0.05, 0.2375, 0.2375, 0.2375, 0.2375])
    ndim = int(rng.integers(0, 5))
    if kind == 0:  # large: about 900-1300 elements, often summarised
        target = int(rng.integers(900, 1300))
        ndim = max(ndim, 1)
        sides = [int(rng.integers(1, 12)) for _ in range(ndim - 1)]
        return tuple(sides + [max(1, target // max(1, math.prod(sides)))])
    if kind == 1:  # long rows, which wrap
        return tuple([int(rng.integers(1, 4))] * (ndim > 1) + [int(rng.integers(8, 60))])
    if kind == 2 and ndim > 0:  # empty
        sides = [int(rng.integers(0, 4)) for _ in range(ndim)]
        sides[int(rng.integers(ndim))] = 0
        return tuple(sides)
    if kind == 3 and rng.random() < 0.2:  # many dims
        return tuple(int(rng.integers(1, 3)) for _ in range(int(rng.integers(5, 7))))
    return tuple(int(rng.integers(1, 7 - ndim)) for _ in range(ndim))


def random_options(rng):
    """Keyword arguments for set_printoptions, each one present or not."""
    options = {}
    if rng.random() < 0.3:
        options["profile"] = str(rng.choice(["default", "short", "full"]))
    if rng.random() < 0.5:
        options["precision"] = int(rng.integers(0, 9))
    if rng.random() < 0.5:
        options["threshold"] = int(rng.choice([0, 1, 5, 10, 50, 100]))
    if rng.random() < 0.5:
        options["edgeitems"] = int(rng.integers(0, 5))
    if rng.random() < 0.5:
        options["linewidth"] = int(rng.integers(0, 150))
    if rng.random() < 0.4:
        options["sci_mode"] = bool(rng.random() < 0.5)
    return options


_NAMED_FUNCTIONS = {}


def autograd_version(tensor, how, name="Custom"):
    """The same values with a grad_fn or requires_grad, made the way PyTorch makes them."""
    if how is None:
        return tensor
    leaf = tensor.clone().requires_grad_()
    if how == "requires_grad":
        return leaf
    if how == "clone":
        return leaf.clone()
    if how == "view":
        return leaf.view_as(leaf)
    # A custom autograd.Function named N gives grad_fn=<NBackward>, of any length.
    if name not in _NAMED_FUNCTIONS:
        _NAMED_FUNCTIONS[name] = type(name, (torch.autograd.Function,), {
            "forward": staticmethod(lambda ctx, x: x.clone()),
            "backward": staticmethod(lambda ctx, grad: grad),
        })
    return _NAMED_FUNCTIONS[name].apply(leaf)


def encode_values(array):
    """Flat JSON list of the values: floats as their shortest exact strings, ints and bools as is."""
    if array.dtype.kind != "f":
        return array.ravel().tolist()
    # str() of a numpy float is the shortest text that reads back as the same value
    # (in its own precision), and it also spells nan, inf and -0.0.
    values = [str(v) for v in array.ravel()]
    assert decode_values(values, array.dtype.name, array.shape).tobytes() == array.tobytes()
    return values


def decode_values(values, dtype, shape):
    """The inverse of encode_values (tests/test_printing.py does the same)."""
    if dtype in ("float32", "float64"):
        values = [float(v) for v in values]
    return np.array(values, dtype=np.float64 if dtype.startswith("float") else dtype).astype(dtype).reshape(shape)


def encode_options(options):
    """Options as strict JSON (an infinite threshold as the string 'inf')."""
    return {k: ("inf" if v == math.inf else v) for k, v in options.items()}


def record(array, options, how=None, name="Custom"):
    """One case: build the tensor in torch, print it under the options, keep inputs and text."""
    default = torch._tensor_str.get_printoptions()
    torch.set_printoptions(**options)
    try:
        tensor = autograd_version(torch.from_numpy(array.copy()), how, name)
        text = repr(tensor)
        options_after = torch._tensor_str.get_printoptions()
    finally:
        torch.set_printoptions(**default)
    dtype = str(tensor.dtype).removeprefix("torch.")
    assert dtype == str(array.dtype)
    return {
        "dtype": dtype,
        "shape": list(array.shape),
        "values": encode_values(tensor.detach().numpy()),
        "grad_fn_name": None if tensor.grad_fn is None else type(tensor.grad_fn).__name__,
        "requires_grad": tensor.requires_grad,
        "options": encode_options(options) if options else None,
        "options_after": encode_options(options_after) if options else None,
        "expected": text,
    }


def all_cases():
    """The fixed list: named cases, then seeded random ones (some with options or suffixes)."""
    cases = [record(array, options) for array, options in named_cases()]
    rng = np.random.default_rng(SEED)
    for i in range(320):
        dtype = DTYPES[i % 4]
        shape = random_shape(rng)
        array = random_values(rng, dtype, math.prod(shape)).reshape(shape)
        options = random_options(rng) if rng.random() < 0.25 else {}
        how, name = None, "Custom"
        if dtype.startswith("float") and rng.random() < 0.4:
            how = str(rng.choice(["requires_grad", "clone", "view", "custom"]))
            name = ("Custom" * 12)[: int(rng.integers(1, 70))]
        cases.append(record(array, options, how, name))
    return cases


def main():
    cases = all_cases()
    data = {
        "about": "PyTorch's repr() of tensors, recorded by tests/oracle/record_printing.py",
        "torch_version": torch.__version__,
        "cases": cases,
    }
    # One case per line: readable diffs without a line per value.
    text = json.dumps(data, allow_nan=False).replace('{"dtype"', '\n{"dtype"')
    OUT.write_text(text + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
