"""gradcheck: compare autograd's Jacobian with finite differences, as torch.autograd.gradcheck."""
import warnings

import numpy as np

from ..tensor import Tensor


class GradcheckError(RuntimeError):
    """Raised when the analytical and numerical Jacobians disagree."""


def _differentiable_inputs(inputs):
    return [(i, t) for i, t in enumerate(inputs) if isinstance(t, Tensor) and t.requires_grad]


def _outputs(func, inputs):
    out = func(*inputs)
    return (out,) if isinstance(out, Tensor) else tuple(out)


def _numerical_jacobians(func, inputs, eps):
    """Central differences, perturbing each input element in place: J[k][i] is d out_k / d in_i."""
    outs = _outputs(func, inputs)
    jac = [[np.zeros((t.numel(), o.numel())) for _, t in _differentiable_inputs(inputs)]
           for o in outs]
    # grad mode stays on: `func` may itself call autograd.grad
    for n, (_, t) in enumerate(_differentiable_inputs(inputs)):
        flat = t._data.reshape(-1)  # a view: perturbs t itself
        for j in range(flat.size):
            orig = flat[j]
            flat[j] = orig - eps
            lo = [o._data.astype(np.float64).copy() for o in _outputs(func, inputs)]
            flat[j] = orig + eps
            hi = [o._data.astype(np.float64).copy() for o in _outputs(func, inputs)]
            flat[j] = orig
            for k in range(len(outs)):
                jac[k][n][j] = ((hi[k] - lo[k]) / (2 * eps)).reshape(-1)
    return jac


def _analytical_jacobians(func, inputs):
    """One autograd.grad call per output element (a row of the Jacobian, transposed)."""
    from . import grad
    diff = [t for _, t in _differentiable_inputs(inputs)]
    outs = _outputs(func, inputs)
    jac = [[np.zeros((t.numel(), o.numel())) for t in diff] for o in outs]
    for k, o in enumerate(outs):
        for j in range(o.numel()):
            seed = np.zeros(o._data.size, o._data.dtype)
            seed[j] = 1
            grads = grad(o, diff, Tensor._make(seed.reshape(o._data.shape)), retain_graph=True,
                         allow_unused=True)
            for n, g in enumerate(grads):
                if g is not None:
                    jac[k][n][:, j] = g._data.reshape(-1)
    return jac


def _fmt(a):
    from .. import ops
    return repr(ops.tensor(a, dtype=None).double())


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True,
              nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False,
              check_batched_grad=False, check_batched_forward_grad=False, check_forward_ad=False,
              check_backward_ad=True, fast_mode=False, masked=None):
    """True if autograd's gradients match finite differences for every input and output."""
    inputs = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
    diff = _differentiable_inputs(inputs)
    if not diff:
        raise ValueError("gradcheck expects at least one input tensor to require gradient, but "
                         "none of them have requires_grad=True.")
    for i, t in diff:
        if t._data.dtype != np.float64:
            warnings.warn(
                f"Input #{i} requires gradient and is not a double precision floating point or "
                "complex. This check will likely fail if all the inputs are not of double "
                "precision floating point or complex. ", UserWarning, stacklevel=2)
    numerical = _numerical_jacobians(func, inputs, eps)
    analytical = _analytical_jacobians(func, inputs)
    for k, (num_k, ana_k) in enumerate(zip(numerical, analytical)):
        for n, (num, ana) in enumerate(zip(num_k, ana_k)):
            if not np.allclose(ana, num, rtol=rtol, atol=atol):
                if not raise_exception:
                    return False
                raise GradcheckError(
                    f"Jacobian mismatch for output {k} with respect to input {diff[n][0]},\n"
                    f"numerical:{_fmt(num)}\nanalytical:{_fmt(ana)}\n")
    return True
