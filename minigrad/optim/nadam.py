"""NAdam: Adam with Nesterov momentum (the step looks one momentum step ahead)."""
import numpy as np

from .. import derivatives as d
from ..ops import tensor, zeros_like
from .adam import _fma, _lerp_, _write
from .adam import _check_adam_args
from .adamax import _check_not_implemented
from .optimizer import Optimizer, _step_tensor


class NAdam(Optimizer):
    """NAdam (Dozat): Adam whose step mixes this gradient with the running mean of the next
    step, Nesterov's look-ahead. The momentum coefficient mu warms up over the first steps
    (momentum_decay), and state 'mu_product' keeps the product of all mus so far."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 momentum_decay=4e-3, decoupled_weight_decay=False, *, foreach=None,
                 maximize=False, capturable=False, differentiable=False):
        _check_adam_args("NAdam", lr, betas, eps, weight_decay)
        if not 0.0 <= momentum_decay:
            raise ValueError(f"Invalid momentum_decay value: {momentum_decay}")
        _check_not_implemented("NAdam", capturable, differentiable)
        super().__init__(params, dict(
            lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
            momentum_decay=momentum_decay, decoupled_weight_decay=decoupled_weight_decay,
            maximize=maximize, foreach=foreach, capturable=capturable,
            differentiable=differentiable))

    def _update(self, p, group):
        """The update of one parameter, in _single_tensor_nadam's order, op for op: float32
        results agree to the last bit but where sqrt rounds differently (see Adam._update)."""
        lr, (beta1, beta2), k = group["lr"], group["betas"], p._data.dtype.type
        weight_decay, momentum_decay = group["weight_decay"], group["momentum_decay"]
        state = self.state[p]
        if len(state) == 0:
            state["step"] = _step_tensor()
            state["mu_product"] = tensor(1.0, dtype=state["step"].dtype)
            state["exp_avg"], state["exp_avg_sq"] = zeros_like(p), zeros_like(p)
        exp_avg, exp_avg_sq, mu_product = state["exp_avg"], state["exp_avg_sq"], state["mu_product"]
        grad = p.grad._data if not group["maximize"] else -p.grad._data
        state["step"].add_(1)
        step = state["step"].item()
        bias_correction2 = 1 - beta2 ** step
        if weight_decay != 0:
            if group["decoupled_weight_decay"]:  # as AdamW: shrink p itself
                _write(p, p._data * k(1 - lr * weight_decay))
            else:  # L2 penalty: weight_decay * p joins the gradient
                grad = d._add_scaled(grad, p._data, weight_decay)
        mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * momentum_decay)))
        mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
        mu_product.mul_(mu)
        _lerp_(exp_avg, grad, 1 - beta1)
        # exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        _write(exp_avg_sq, exp_avg_sq._data * k(beta2))
        _write(exp_avg_sq, _fma(k(1 - beta2) * grad, grad, exp_avg_sq._data))
        denom = np.sqrt(exp_avg_sq._data / k(bias_correction2)) + k(group["eps"])
        mu_product_next = mu_product.item() * mu_next
        # the gradient's share (weight 1 - mu), then the running mean's (mu_next), as two
        # p.addcdiv_(..., denom, value=...)
        _write(p, p._data + k(-lr * (1.0 - mu) / (1.0 - mu_product.item())) * grad / denom)
        _write(p, p._data + k((-lr * mu_next) / (1.0 - mu_product_next)) * exp_avg._data / denom)
