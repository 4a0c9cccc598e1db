"""Rprop: each coordinate's step grows while its gradient keeps its sign, shrinks when it flips."""
import numpy as np

from .. import derivatives as d
from ..ops import full_like, zeros_like
from ..tensor import Tensor
from .adam import _write
from .optimizer import Optimizer, _step_tensor


class Rprop(Optimizer):
    """Resilient backpropagation: only the sign of the gradient is used. Each coordinate has its
    own step size (from lr), multiplied by etaplus while the gradient keeps its sign and by
    etaminus when it flips (the step then skipped), kept within step_sizes. Meant for
    full-batch training, where gradient signs are reliable."""

    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        if isinstance(lr, Tensor):
            raise NotImplementedError("minigrad: Rprop with a Tensor lr is not implemented")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        if capturable or differentiable:  # (foreach=True: the same bits on CPU)
            raise NotImplementedError("minigrad: Rprop(capturable=..., differentiable=...) is "
                                      "not implemented")
        super().__init__(params, dict(
            lr=lr, etas=etas, step_sizes=step_sizes, foreach=foreach, maximize=maximize,
            differentiable=differentiable, capturable=capturable))

    def _update(self, p, group):
        """The update of one parameter, in _single_tensor_rprop's order, op for op."""
        (etaminus, etaplus), (step_size_min, step_size_max) = group["etas"], group["step_sizes"]
        k = p._data.dtype.type
        state = self.state[p]
        if len(state) == 0:
            state["step"] = _step_tensor()
            state["prev"] = zeros_like(p)
            state["step_size"] = full_like(p.grad, group["lr"])
        prev, step_size = state["prev"], state["step_size"]
        state["step"].add_(1)
        grad = p.grad._data if not group["maximize"] else -p.grad._data
        sign = d._sign(grad * prev._data)  # +1: the same sign as last time, -1: flipped
        sign[sign > 0] = etaplus
        sign[sign < 0] = etaminus
        sign[sign == 0] = 1
        # step_size.mul_(sign).clamp_(step_size_min, step_size_max)
        _write(step_size, step_size._data * sign)
        _write(step_size, np.clip(step_size._data, k(step_size_min), k(step_size_max)))
        grad = np.where(sign == k(etaminus), k(0), grad)  # after a flip: no step, and no memory
        _write(p, p._data - d._sign(grad) * step_size._data)  # p.addcmul_(grad.sign(), ...)
        _write(prev, grad)
