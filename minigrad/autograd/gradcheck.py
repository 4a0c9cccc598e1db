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
    """Central differences, perturbing each input element in place: J[k][i] is d out_k / d in_i,
    in the input's dtype (float32 inputs give coarse differences: hence the float64 advice)."""
    outs = _outputs(func, inputs)
    jac = [[np.zeros((t.numel(), o.numel()), t._data.dtype)
            for _, t in _differentiable_inputs(inputs)] for o in outs]
    # grad mode stays on: `func` may itself call autograd.grad
    for n, (_, t) in enumerate(_differentiable_inputs(inputs)):
        flat = t._data.reshape(-1)  # a view: perturbs t itself
        for j in range(flat.size):
            orig = flat[j]
            flat[j] = orig - eps
            lo = [o.detach().clone() for o in _outputs(func, inputs)]
            flat[j] = orig + eps
            hi = [o.detach().clone() for o in _outputs(func, inputs)]
            flat[j] = orig
            for k in range(len(outs)):
                jac[k][n][j] = ((hi[k] - lo[k]) / (2 * eps))._data.reshape(-1)  # (tensor ops:
                # PyTorch's error for a bool output)
    return jac


def _analytical_jacobians(func, inputs):
    """One autograd.grad call per element of each output that requires grad (a row of the
    Jacobian, transposed)."""
    from . import grad
    diff = [t for _, t in _differentiable_inputs(inputs)]
    outs = [o for o in _outputs(func, inputs) if o.requires_grad]
    jac = [[np.zeros((t.numel(), o.numel()), o._data.dtype) for t in diff] for o in outs]
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


def _forward_jacobians(func, inputs):
    """Forward mode: one pass per input element, on dual tensors whose tangent is that element's
    one-hot (the inputs detached, as PyTorch's check does): the outputs' tangents are column j of
    the Jacobian. An output that gets no tangent does not depend on the inputs: zeros."""
    from . import forward_ad as fwAD
    diff = _differentiable_inputs(inputs)
    outs = _outputs(func, inputs)
    jac = [[np.zeros((t.numel(), o.numel()), o._data.dtype) for _, t in diff] for o in outs]
    for n, (i, t) in enumerate(diff):
        for j in range(t.numel()):
            with fwAD.dual_level():
                args = list(inputs)
                for m, (k, u) in enumerate(diff):
                    tangent = np.zeros(u._data.size, u._data.dtype)
                    if m == n:
                        tangent[j] = 1
                    args[k] = fwAD.make_dual(u.detach(), Tensor._make(
                        tangent.reshape(u._data.shape)))
                for k, o in enumerate(_outputs(func, args)):
                    tangent = fwAD.unpack_dual(o).tangent
                    if tangent is not None:
                        jac[k][n][j] = tangent._data.reshape(-1)
    return jac


def _fmt(a):
    from .. import ops
    return repr(ops.tensor(a))


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
    try:
        _check_jacobians(func, inputs, diff, eps, atol, rtol)
        if check_forward_ad:
            _check_forward_jacobians(func, inputs, diff, eps, atol, rtol)
    except GradcheckError:
        if raise_exception:
            raise
        return False
    return True


def _check_jacobians(func, inputs, diff, eps, atol, rtol):
    """Raise GradcheckError where autograd's Jacobian and the numerical one disagree."""
    numerical = _numerical_jacobians(func, inputs, eps)
    differentiable = [o.requires_grad for o in _outputs(func, inputs)]
    if not any(differentiable):  # nothing for autograd to get wrong: the function must be flat
        if any(j.any() for jac in numerical for j in jac):
            raise GradcheckError("Numerical gradient for function expected to be zero")
        return
    numerical = [jac for jac, d in zip(numerical, differentiable) if d]
    analytical = _analytical_jacobians(func, inputs)
    for k, (num_k, ana_k) in enumerate(zip(numerical, analytical)):
        for n, (num, ana) in enumerate(zip(num_k, ana_k)):
            if not np.allclose(ana, num, rtol=rtol, atol=atol):
                raise GradcheckError(
                    f"Jacobian mismatch for output {k} with respect to input {diff[n][0]},\n"
                    f"numerical:{_fmt(num)}\nanalytical:{_fmt(ana)}\n")


def _check_forward_jacobians(func, inputs, diff, eps, atol, rtol):
    """check_forward_ad: forward mode's Jacobian (the rows' `result` rules) against the numerical
    one, with PyTorch's words for a mismatch."""
    numerical = _numerical_jacobians(func, inputs, eps)
    for k, (num_k, fw_k) in enumerate(zip(numerical, _forward_jacobians(func, inputs))):
        for n, (num, fw) in enumerate(zip(num_k, fw_k)):
            if not np.allclose(fw, num, rtol=rtol, atol=atol):
                raise GradcheckError(
                    f"Jacobian computed with forward mode mismatch for output {k} with respect "
                    f"to input {diff[n][0]},\nnumerical:{_fmt(num)}\nanalytical:{_fmt(fw)}\n")


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0,
                  check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
                  check_fwd_over_rev=False, check_rev_over_rev=True, fast_mode=False, masked=False):
    """gradcheck of backward itself: the function checked maps (inputs, grad_outputs) to the
    gradients autograd.grad builds with create_graph=True, so its Jacobian is the second
    derivative. grad_outputs default to random values in [-1, 1) that require grad."""
    from . import grad
    from .. import ops
    if not (check_fwd_over_rev or check_rev_over_rev):
        raise AssertionError(
            "Expected at least one of check_fwd_over_rev or check_rev_over_rev to be True")
    if check_undefined_grad and not check_rev_over_rev:
        raise AssertionError(
            "Setting check_undefined_grad=True requires check_rev_over_rev to be True")
    if check_batched_grad and not check_rev_over_rev:
        raise AssertionError(
            "Setting check_batched_grad=True requires check_rev_over_rev to be True")
    inputs = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
    if grad_outputs is None:  # as torch.testing.make_tensor(low=-1, high=1) makes them
        grad_outputs = tuple(
            ops.empty(o.shape, dtype=o.dtype if o.is_floating_point() else ops.float64)
            .uniform_(-1, 1).requires_grad_() for o in _outputs(func, inputs) if o.requires_grad)
    else:
        grad_outputs = (grad_outputs,) if isinstance(grad_outputs, Tensor) else tuple(grad_outputs)
    n_out = len(grad_outputs)
    diff_inputs = {i for i, _ in _differentiable_inputs(inputs)}

    def new_func(*args):
        xs, gs = args[:-n_out], args[-n_out:]
        # (forward over reverse: the forward check passes the inputs detached, as dual tensors)
        xs = tuple(x.requires_grad_() if i in diff_inputs else x for i, x in enumerate(xs))
        outs = [o for o in _outputs(func, xs) if o.requires_grad]
        grads = grad(outs, [x for i, x in enumerate(xs) if i in diff_inputs], list(gs),
                     create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(new_func, inputs + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception, nondet_tol=nondet_tol,
                     check_undefined_grad=check_undefined_grad,
                     check_grad_dtypes=check_grad_dtypes, check_batched_grad=check_batched_grad,
                     fast_mode=fast_mode, check_forward_ad=check_fwd_over_rev,
                     check_backward_ad=check_rev_over_rev, masked=masked)
