"""ASGD: SGD that also keeps a running average of the parameters it visits."""
from .. import derivatives as d
from ..ops import tensor, zeros_like
from ..tensor import Tensor
from .adam import _write
from .optimizer import Optimizer, _l2_grad, _step_tensor


class ASGD(Optimizer):
    """Averaged SGD (Polyak-Juditsky): SGD with a step size eta that decays as
    lr / (1 + lambd * lr * step) ** alpha (and weight decay lambd * eta), plus state 'ax', the
    average of the parameters from step t0 on (before, a copy of the last one). ax is the
    answer; the parameters themselves keep the plain SGD iterate."""

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0,
                 foreach=None, maximize=False, differentiable=False, capturable=False):
        if isinstance(lr, Tensor):
            raise NotImplementedError("minigrad: ASGD with a Tensor lr is not implemented")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if capturable or differentiable:  # (foreach=True: the same bits on CPU)
            raise NotImplementedError("minigrad: ASGD(capturable=..., differentiable=...) is not "
                                      "implemented")
        super().__init__(params, dict(
            lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay, foreach=foreach,
            maximize=maximize, differentiable=differentiable, capturable=capturable))

    def _update(self, p, group):
        """The update of one parameter, in _single_tensor_asgd's order, op for op."""
        lr, lambd, k = group["lr"], group["lambd"], p._data.dtype.type
        state = self.state[p]
        if len(state) == 0:
            state["step"] = _step_tensor()
            state["eta"] = tensor(lr, dtype=state["step"].dtype)
            state["mu"] = tensor(1.0, dtype=state["step"].dtype)
            state["ax"] = zeros_like(p)
        eta, mu, ax = state["eta"], state["mu"], state["ax"]
        state["step"].add_(1)
        grad = _l2_grad(p, group)
        eta_value = eta.item()
        _write(p, p._data * k(1 - lambd * eta_value))  # decay
        _write(p, d._add_scaled(p._data, grad, -eta_value))  # the SGD step
        if mu.item() != 1:  # ax.add_(param.sub(ax).mul_(mu)): the running average
            _write(ax, ax._data + (p._data - ax._data) * mu._data.astype(p._data.dtype))
        else:  # (before t0: ax follows p)
            _write(ax, p._data)
        step = state["step"].item()
        eta.copy_(tensor(lr / ((1 + lambd * lr * step) ** group["alpha"])))
        mu.copy_(tensor(1 / max(1, step - group["t0"])))
