"""Adam: per-coordinate step sizes from running means of the gradients and their squares."""
import numpy as np

from .. import derivatives as d
from ..autograd import function
from ..autograd.function import _broadcast_shape, _check_output_shape
from ..ops import zeros_like
from ..tensor import Tensor
from .optimizer import Optimizer, _step_tensor


def _check_adam_args(name, lr, betas, eps, weight_decay):
    """The argument checks Adam and its family (Adamax, NAdam, RAdam) share, in PyTorch's order."""
    if isinstance(lr, Tensor):
        raise NotImplementedError(f"minigrad: {name} with a Tensor lr is not implemented")
    if not 0.0 <= lr:
        raise ValueError(f"Invalid learning rate: {lr}")
    if not 0.0 <= eps:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if not 0.0 <= weight_decay:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


def _write(t, value):
    """Store a NumPy result in t's memory: one in-place op in PyTorch, so one version bump (and
    its error if the result, broadcast, is larger than t)."""
    _check_output_shape(t._data.shape, value.shape)
    function.write_untracked(t, value)


_fma = d._fma  # a * b + c rounded once, as PyTorch's vectorized CPU kernels (fmadd) compute it


def _lerp_(t, end, weight):
    """t.lerp_(end, weight): PyTorch's lerp is one fused multiply-add, from whichever end is
    nearer (weight below or above 0.5)."""
    _broadcast_shape(t._data.shape, end.shape)  # (its error for state of another shape)
    w, start = t._data.dtype.type(weight), t._data
    diff = end - start
    _write(t, _fma(w, diff, start) if abs(w) < 0.5 else _fma(w - 1, diff, end))


class Adam(Optimizer):
    """Adam: each coordinate steps by a running mean of its gradients (exp_avg) divided by the
    root of a running mean of their squares (exp_avg_sq), so each gets its own step size. Both
    means start at zero, which the bias corrections 1 - beta**step make up for early on."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None, decoupled_weight_decay=False):
        if isinstance(lr, Tensor) or any(isinstance(b, Tensor) for b in betas):
            raise NotImplementedError("minigrad: Adam with Tensor lr or betas is not implemented")
        _check_adam_args("Adam", lr, betas, eps, weight_decay)
        if not (isinstance(betas[0], float) and isinstance(betas[1], float)):
            raise ValueError("betas must be either both floats or both Tensors")
        super().__init__(params, dict(
            lr=lr, betas=tuple(betas), eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
            maximize=maximize, foreach=foreach, capturable=capturable,
            differentiable=differentiable, fused=fused,
            decoupled_weight_decay=decoupled_weight_decay))
        if fused and differentiable:
            raise RuntimeError("`fused` does not support `differentiable`")
        if fused and foreach:
            raise RuntimeError("`fused` and `foreach` cannot be `True` together.")
        if fused or capturable or differentiable:  # (foreach=True: the same bits on CPU)
            raise NotImplementedError(f"minigrad: {type(self).__name__}(fused=..., "
                                      "capturable=..., differentiable=...) is not implemented")

    def _update(self, p, group):
        """The update of one parameter, in _single_tensor_adam's order (the comments name its
        in-place ops: each bumps the version of the tensor it writes, as there), in the
        parameter's dtype: float32 results agree with PyTorch's to the last bit but for sqrt:
        NumPy's is correctly rounded, PyTorch's CPU float32 one is up to 0.75 ulp off."""
        lr, (beta1, beta2), eps = group["lr"], group["betas"], group["eps"]
        weight_decay, k = group["weight_decay"], p._data.dtype.type  # Python floats -> p's dtype
        state = self.state[p]
        if len(state) == 0:
            state["step"] = _step_tensor()
            state["exp_avg"], state["exp_avg_sq"] = zeros_like(p), zeros_like(p)
            if group["amsgrad"]:
                state["max_exp_avg_sq"] = zeros_like(p)
        exp_avg, exp_avg_sq = state["exp_avg"]._data, state["exp_avg_sq"]._data
        state["step"].add_(1)
        grad = p.grad._data if not group["maximize"] else -p.grad._data
        if weight_decay != 0:
            if group["decoupled_weight_decay"]:  # AdamW: shrink p itself, apart from the means
                _write(p, p._data * k(1 - lr * weight_decay))
            else:  # Adam's L2 penalty: weight_decay * p joins the gradient
                grad = d._add_scaled(grad, p._data, weight_decay)
        _lerp_(state["exp_avg"], grad, 1 - beta1)
        # exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        _write(state["exp_avg_sq"], exp_avg_sq * k(beta2))
        _write(state["exp_avg_sq"], _fma(k(1 - beta2) * grad, grad, exp_avg_sq))
        step = state["step"].item()
        bias_correction1 = 1 - beta1 ** step
        bias_correction2_sqrt = (1 - beta2 ** step) ** 0.5
        step_size = lr / bias_correction1
        if group["amsgrad"]:  # the largest exp_avg_sq so far: the step size can only shrink
            _write(state["max_exp_avg_sq"], np.maximum(state["max_exp_avg_sq"]._data, exp_avg_sq))
            exp_avg_sq = state["max_exp_avg_sq"]._data
        denom = np.sqrt(exp_avg_sq) / k(bias_correction2_sqrt) + k(eps)
        _write(p, p._data + k(-step_size) * exp_avg / denom)  # p.addcdiv_(exp_avg, denom, ...)
