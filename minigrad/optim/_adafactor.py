"""Adafactor: Adam's per-coordinate step sizes with far less memory for the squared gradients."""
import numpy as np

from .. import derivatives as d
from ..ops import zeros
from ..tensor import Tensor
from .adam import _lerp_, _write
from .optimizer import Optimizer, _step_tensor


def _norm_item(a):
    """The 2-norm of a whole NumPy array, as a Python float: x.norm(2).item()."""
    return float(d._norm(a, 2, None, False))


def _mean_square(grad, dim):
    """norm(grad, dim=dim, keepdim=True).square_().div_(grad.size(dim)): the mean of the squares
    along dim, without making the array of squares (in PyTorch)."""
    norm = d._norm(grad, 2, dim, True)
    return (norm * norm) / grad.dtype.type(grad.shape[dim])


class Adafactor(Optimizer):
    """Adafactor (Shazeer and Stern): RMSprop-like steps without a momentum, where a matrix
    parameter keeps only the running means of its squared gradients along rows (row_var) and
    columns (col_var), m + n numbers instead of m * n; their outer product, divided by the mean
    row value, estimates every coordinate's. The step is relative: the parameter's own RMS times
    rho = min(lr, 1 / sqrt(step)), and the running means forget faster early on
    (1 - beta2 = step ** beta2_decay)."""

    def __init__(self, params, lr=1e-2, beta2_decay=-0.8, eps=(None, 1e-3), d=1.0,
                 weight_decay=0.0, *, foreach=None, maximize=False):
        if isinstance(lr, Tensor):
            raise NotImplementedError("minigrad: Adafactor with a Tensor lr is not implemented")
        if not 0.0 <= lr:
            raise ValueError(f"Learning rate should be >= 0 but is: {lr}")
        if not 0.0 >= beta2_decay:
            raise ValueError(f"beta2_decay should be <= 0 but is: {beta2_decay}")
        if eps[0] is not None and not 0.0 <= eps[0]:
            raise ValueError(f"epsilon1 should be >= 0 but is: {eps[0]}")
        if not 0.0 <= eps[1]:
            raise ValueError(f"epsilon2 should be >= 0 but is: {eps[1]}")
        if not 1.0 <= d:
            raise ValueError(f"Clipping threshold d should be >= 1 but is: {d}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"weight_decay should be >= 0 but is: {weight_decay}")
        super().__init__(params, dict(
            lr=lr, beta2_decay=beta2_decay, eps=eps, d=d, weight_decay=weight_decay,
            foreach=foreach, maximize=maximize))

    def _update(self, p, group):
        """The update of one parameter, in _single_tensor_adafactor's order (the comments name
        its ops). Its float32 results can differ from PyTorch's in the last bit: the 2-norms
        behind the RMS and the row/column means (minigrad's norm) add the squares in another
        order than PyTorch's vectorized norm kernel."""
        lr, weight_decay, (eps1, eps2) = group["lr"], group["weight_decay"], group["eps"]
        k = p._data.dtype.type  # Python floats -> p's dtype
        if eps1 is None:  # machine epsilon, of the dtype of the group's first updated parameter
            first = next(q for q in group["params"] if q.grad is not None)  # (PyTorch sets it once)
            eps1 = float(np.finfo(first._data.dtype).eps)
        state = self.state[p]
        if len(state) == 0:
            state["step"] = _step_tensor()
            if p.grad.dim() > 1:  # a factored second moment: one value per row, one per column
                shape = list(p.grad.shape)
                state["row_var"] = zeros(shape[:-1] + [1], dtype=p.grad.dtype)
                state["col_var"] = zeros(shape[:-2] + [1, shape[-1]], dtype=p.grad.dtype)
            else:
                state["variance"] = zeros(list(p.grad.shape), dtype=p.grad.dtype)
        grad = p.grad._data if not group["maximize"] else -p.grad._data
        state["step"].add_(1)
        step = state["step"].item()
        one_minus_beta2_t = step ** group["beta2_decay"]
        rho_t = min(lr, 1 / (step ** 0.5))
        alpha = max(eps2, _norm_item(p._data) / (p.numel() ** 0.5)) * rho_t  # RMS(p) * rho
        if weight_decay != 0:  # decoupled, as AdamW's
            _write(p, p._data * k(1 - lr * weight_decay))
        if grad.ndim > 1:
            row_var, col_var = state["row_var"], state["col_var"]
            _lerp_(row_var, _mean_square(grad, -1), one_minus_beta2_t)
            _lerp_(col_var, _mean_square(grad, -2), one_minus_beta2_t)
            var_estimate = row_var._data * col_var._data  # row_var @ col_var: an outer product
            # var_estimate.div_(row_var.mean(dim=-2, keepdim=True).clamp_(min=eps1))
            var_estimate = var_estimate / np.maximum(d._mean(row_var._data, -2, True), k(eps1))
        else:
            _lerp_(state["variance"], grad * grad, one_minus_beta2_t)
            var_estimate = state["variance"]._data
        # update = var_estimate.clamp_(min=eps1 * eps1).rsqrt_().mul_(grad)
        update = k(1) / np.sqrt(np.maximum(var_estimate, k(eps1 * eps1))) * grad
        # clipping: the update's RMS at most d
        denom = max(1.0, _norm_item(update) / ((update.size ** 0.5) * group["d"]))
        _write(p, d._add_scaled(p._data, update, -alpha / denom))  # p.add_(update, alpha=...)
