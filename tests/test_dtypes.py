"""What minigrad's dtypes leave out says so: complex numbers, and NumPy memory of a type minigrad
has no dtype for (float16, uint16, ...). PyTorch has these, so no recording can be the oracle
here: each case checks minigrad's own error, that nothing changed, and (with PyTorch installed)
that PyTorch does take the input, so the list stays one of true divergences."""
import numpy as np
import pytest

import minigrad
from minigrad.dtypes import NO_COMPLEX

COMPLEX_INPUTS = {
    "tensor(1j)": lambda m, x: m.tensor(1j),
    "tensor([1, 2j])": lambda m, x: m.tensor([1, 2j]),
    "tensor(complex array)": lambda m, x: m.tensor(np.array([1j])),
    "tensor(numpy complex64)": lambda m, x: m.tensor(np.complex64(1.5)),
    "as_tensor(complex array)": lambda m, x: m.as_tensor(np.array([1j])),
    "from_numpy(complex array)": lambda m, x: m.from_numpy(np.array([1j])),
    "full(1j)": lambda m, x: m.full((2,), 1j),
    "x * 1j": lambda m, x: x * 1j,
    "x + (1+2j)": lambda m, x: x + (1 + 2j),
    "x.pow(1j)": lambda m, x: x.pow(1j),
    "where(c, x, 1j)": lambda m, x: m.where(x > 0, x, 1j),
}


@pytest.mark.parametrize("name", COMPLEX_INPUTS)
def test_complex_numbers_are_refused(name):
    x = minigrad.tensor([1., 2.], requires_grad=True)
    with pytest.raises(TypeError) as info:
        COMPLEX_INPUTS[name](minigrad, x)
    assert str(info.value) == NO_COMPLEX
    assert x.tolist() == [1., 2.] and x._version == 0 and x.grad is None


@pytest.mark.parametrize("name", COMPLEX_INPUTS)
def test_pytorch_takes_complex_numbers(name):
    torch = pytest.importorskip("torch", reason="PyTorch 2.13 not installed: the divergence is "
                                                "not checked")
    x = torch.tensor([1., 2.], requires_grad=True)
    assert COMPLEX_INPUTS[name](torch, x).is_complex()


@pytest.mark.parametrize("np_dtype", ["float16", "uint16", "uint32", "uint64"])
def test_from_numpy_without_a_dtype_to_share(np_dtype):
    """from_numpy shares the array's memory, so it cannot store it as the nearest dtype, as
    tensor() and as_tensor() do (copies): it says what to do instead."""
    a = np.array([1, 2], dtype=np_dtype)
    nearest = "float32" if np_dtype == "float16" else "int64"
    with pytest.raises(TypeError, match=rf"^minigrad has no {np_dtype} dtype, so from_numpy\(\) "
                                        rf"cannot share .*array\.astype\(numpy\.{nearest}\)"):
        minigrad.from_numpy(a)
    assert minigrad.tensor(a).dtype is getattr(minigrad, nearest)
    assert minigrad.from_numpy(a.astype(nearest)).tolist() == [1, 2]


def test_pytorch_shares_those_arrays():
    torch = pytest.importorskip("torch", reason="PyTorch 2.13 not installed: the divergence is "
                                                "not checked")
    for np_dtype in ["float16", "uint16", "uint32", "uint64"]:
        assert str(torch.from_numpy(np.ones(2, np_dtype)).dtype) == f"torch.{np_dtype}"
