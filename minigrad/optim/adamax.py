"""Adamax: Adam with the root mean square replaced by a running maximum (the infinity norm)."""
import numpy as np

from ..ops import zeros_like
from ..tensor import Tensor
from .adam import _check_adam_args, _lerp_, _write
from .optimizer import Optimizer, _l2_grad, _step_tensor


def _check_not_implemented(name, capturable, differentiable):
    if capturable or differentiable:  # (foreach=True: the same bits on CPU)
        raise NotImplementedError(f"minigrad: {name}(capturable=..., differentiable=...) is not "
                                  "implemented")


class Adamax(Optimizer):
    """Adamax: as Adam, a running mean of the gradients (exp_avg), but divided by exp_inf, a
    running maximum of |gradient| that decays by beta2 at each step: no square root, and no
    bias correction needed for it."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 foreach=None, *, maximize=False, differentiable=False, capturable=False):
        _check_adam_args("Adamax", lr, betas, eps, weight_decay)
        _check_not_implemented("Adamax", capturable, differentiable)
        super().__init__(params, dict(
            lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach,
            maximize=maximize, differentiable=differentiable, capturable=capturable))

    def _update(self, p, group):
        """The update of one parameter, in _single_tensor_adamax's order, op for op."""
        (beta1, beta2), k = group["betas"], p._data.dtype.type  # Python floats -> p's dtype
        state = self.state[p]
        if len(state) == 0:
            state["step"] = _step_tensor()
            state["exp_avg"], state["exp_inf"] = zeros_like(p), zeros_like(p)
        exp_avg, exp_inf = state["exp_avg"], state["exp_inf"]
        state["step"].add_(1)
        grad = _l2_grad(p, group)
        _lerp_(exp_avg, grad, 1 - beta1)
        # torch.maximum(exp_inf.mul_(beta2), grad.abs().add_(eps), out=exp_inf)
        _write(exp_inf, exp_inf._data * k(beta2))
        _write(exp_inf, np.maximum(exp_inf._data, np.abs(grad) + k(group["eps"])))
        clr = group["lr"] / (1 - beta1 ** state["step"].item())
        _write(p, p._data + k(-clr) * exp_avg._data / exp_inf._data)  # p.addcdiv_(...)
