"""Adadelta: steps whose size comes from running means of past gradients and past steps."""
import numpy as np

from .. import derivatives as d
from ..ops import zeros_like
from ..tensor import Tensor
from .adam import _fma, _write
from .optimizer import Optimizer, _l2_grad, _step_tensor


class Adadelta(Optimizer):
    """Adadelta (Zeiler): each coordinate steps by g * RMS(past steps) / RMS(past gradients),
    two running means (acc_delta, square_avg) with decay rho. The ratio has the parameter's
    units, so lr (default 1) only scales it."""

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *,
                 capturable=False, maximize=False, differentiable=False):
        if isinstance(lr, Tensor):
            raise NotImplementedError("minigrad: Adadelta with a Tensor lr is not implemented")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if capturable or differentiable:  # (foreach=True: the same bits on CPU)
            raise NotImplementedError("minigrad: Adadelta(capturable=..., differentiable=...) "
                                      "is not implemented")
        super().__init__(params, dict(
            lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize,
            capturable=capturable, foreach=foreach, differentiable=differentiable))

    def _update(self, p, group):
        """The update of one parameter, in _single_tensor_adadelta's order, op for op: float32
        results agree to the last bit but where sqrt rounds differently (see Adam._update)."""
        rho, eps, k = group["rho"], group["eps"], p._data.dtype.type
        state = self.state[p]
        if len(state) == 0:
            state["step"] = _step_tensor()
            state["square_avg"], state["acc_delta"] = zeros_like(p), zeros_like(p)
        square_avg, acc_delta = state["square_avg"], state["acc_delta"]
        state["step"].add_(1)
        grad = _l2_grad(p, group)
        # square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
        _write(square_avg, square_avg._data * k(rho))
        _write(square_avg, _fma(k(1 - rho) * grad, grad, square_avg._data))
        std = np.sqrt(square_avg._data + k(eps))
        delta = np.sqrt(acc_delta._data + k(eps)) / std * grad
        # acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
        _write(acc_delta, acc_delta._data * k(rho))
        _write(acc_delta, _fma(k(1 - rho) * delta, delta, acc_delta._data))
        _write(p, d._add_scaled(p._data, delta, -group["lr"]))  # p.add_(delta, alpha=-lr)
