"""RMSprop: each coordinate's step divided by the root of a running mean of its squared
gradients."""
import numpy as np

from .. import derivatives as d
from ..ops import zeros_like
from ..tensor import Tensor
from .adam import _fma, _lerp_, _write
from .optimizer import Optimizer, _l2_grad, _step_tensor


class RMSprop(Optimizer):
    """RMSprop (Hinton): a running mean of the squared gradients (square_avg, decay alpha)
    scales each coordinate's step, so steep coordinates take small steps. `centered` subtracts
    the squared running mean of the gradients (a variance); `momentum` keeps a buffer of the
    scaled steps."""

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
                 centered=False, capturable=False, foreach=None, maximize=False,
                 differentiable=False):
        if isinstance(lr, Tensor):
            raise NotImplementedError("minigrad: RMSprop with a Tensor lr is not implemented")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= momentum:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= alpha:
            raise ValueError(f"Invalid alpha value: {alpha}")
        if capturable or differentiable:  # (foreach=True: the same bits on CPU)
            raise NotImplementedError("minigrad: RMSprop(capturable=..., differentiable=...) "
                                      "is not implemented")
        super().__init__(params, dict(
            lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
            weight_decay=weight_decay, capturable=capturable, foreach=foreach,
            maximize=maximize, differentiable=differentiable))

    def _update(self, p, group):
        """The update of one parameter, in _single_tensor_rmsprop's order, op for op: float32 results
        agree to the last bit but where sqrt rounds differently (see Adam._update)."""
        lr, alpha, eps, momentum = group["lr"], group["alpha"], group["eps"], group["momentum"]
        k = p._data.dtype.type  # Python floats -> p's dtype, as PyTorch's kernels take them
        state = self.state[p]
        if len(state) == 0:
            state["step"] = _step_tensor()
            state["square_avg"] = zeros_like(p)
            if momentum > 0:
                state["momentum_buffer"] = zeros_like(p)
            if group["centered"]:
                state["grad_avg"] = zeros_like(p)
        grad = _l2_grad(p, group)
        state["step"].add_(1)
        square_avg = state["square_avg"]
        # square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
        _write(square_avg, square_avg._data * k(alpha))
        _write(square_avg, _fma(k(1 - alpha) * grad, grad, square_avg._data))
        if group["centered"]:  # the mean square minus the squared mean: a variance
            grad_avg = state["grad_avg"]
            _lerp_(grad_avg, grad, 1 - alpha)
            avg = np.sqrt(_fma(-grad_avg._data, grad_avg._data, square_avg._data))
        else:
            avg = np.sqrt(square_avg._data)
        avg = avg + k(eps)
        if momentum > 0:  # buf.mul_(momentum).addcdiv_(grad, avg); p.add_(buf, alpha=-lr)
            buf = state["momentum_buffer"]
            _write(buf, buf._data * k(momentum))
            _write(buf, buf._data + grad / avg)
            _write(p, d._add_scaled(p._data, buf._data, -lr))
        else:  # p.addcdiv_(grad, avg, value=-lr)
            _write(p, p._data + k(-lr) * grad / avg)
