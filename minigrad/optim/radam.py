"""RAdam: Adam that takes plain momentum steps until its variance estimate can be trusted."""
import numpy as np

from .. import derivatives as d
from ..ops import zeros_like
from .adam import _fma, _lerp_, _write
from .adam import _check_adam_args
from .adamax import _check_not_implemented
from .optimizer import Optimizer, _step_tensor


class RAdam(Optimizer):
    """Rectified Adam (Liu et al.): in the first steps the running mean of squared gradients
    rests on too few samples, and Adam's steps can be erratic. RAdam measures that (rho_t, the
    length of the average) and, while it is 5 or below, steps by the bias-corrected mean alone;
    after, by Adam's step times a rectification factor that tends to 1."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 decoupled_weight_decay=False, *, foreach=None, maximize=False,
                 capturable=False, differentiable=False):
        _check_adam_args("RAdam", lr, betas, eps, weight_decay)
        _check_not_implemented("RAdam", capturable, differentiable)
        super().__init__(params, dict(
            lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, maximize=maximize,
            foreach=foreach, capturable=capturable, decoupled_weight_decay=decoupled_weight_decay,
            differentiable=differentiable))

    def _update(self, p, group):
        """The update of one parameter, in _single_tensor_radam's order, op for op: float32
        results agree to the last bit but where sqrt rounds differently (see Adam._update)."""
        lr, (beta1, beta2), k = group["lr"], group["betas"], p._data.dtype.type
        weight_decay = group["weight_decay"]
        state = self.state[p]
        if len(state) == 0:
            state["step"] = _step_tensor()
            state["exp_avg"], state["exp_avg_sq"] = zeros_like(p), zeros_like(p)
        exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
        grad = p.grad._data if not group["maximize"] else -p.grad._data
        state["step"].add_(1)
        step = state["step"].item()
        if weight_decay != 0:
            if group["decoupled_weight_decay"]:  # as AdamW: shrink p itself
                _write(p, p._data * k(1 - lr * weight_decay))
            else:  # L2 penalty: weight_decay * p joins the gradient
                grad = d._add_scaled(grad, p._data, weight_decay)
        _lerp_(exp_avg, grad, 1 - beta1)
        # exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        _write(exp_avg_sq, exp_avg_sq._data * k(beta2))
        _write(exp_avg_sq, _fma(k(1 - beta2) * grad, grad, exp_avg_sq._data))
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        bias_corrected_exp_avg = exp_avg._data / k(bias_correction1)
        rho_inf = 2 / (1 - beta2) - 1  # the length of the average, in the limit and now
        rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
        if rho_t > 5.0:  # Adam's step, rectified
            rect = ((rho_t - 4) * (rho_t - 2) * rho_inf
                    / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
            adaptive_lr = k(bias_correction2 ** 0.5) / (np.sqrt(exp_avg_sq._data) + k(group["eps"]))
            _write(p, p._data - bias_corrected_exp_avg * k(lr) * adaptive_lr * k(rect))
        else:  # momentum alone
            _write(p, p._data - bias_corrected_exp_avg * k(lr))
