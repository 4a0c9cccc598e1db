"""Adagrad: each coordinate's step divided by the root of the sum of all its squared gradients."""
import numpy as np

from ..ops import full_like
from ..tensor import Tensor
from .adam import _fma, _write
from .optimizer import Optimizer, _l2_grad, _step_tensor


class Adagrad(Optimizer):
    """Adagrad: a coordinate's step is lr * g / sqrt(sum of its squared gradients so far), so
    often-updated coordinates slow down and rare ones keep large steps. The sums (state 'sum',
    from initial_accumulator_value) are made for every parameter at construction, as in
    PyTorch."""

    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0,
                 eps=1e-10, foreach=None, *, maximize=False, differentiable=False, fused=None):
        if isinstance(lr, Tensor):
            raise NotImplementedError("minigrad: Adagrad with a Tensor lr is not implemented")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= lr_decay:
            raise ValueError(f"Invalid lr_decay value: {lr_decay}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= initial_accumulator_value:
            raise ValueError(
                f"Invalid initial_accumulator_value value: {initial_accumulator_value}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        super().__init__(params, dict(
            lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
            initial_accumulator_value=initial_accumulator_value, foreach=foreach,
            maximize=maximize, differentiable=differentiable, fused=fused))
        if fused and differentiable:
            raise RuntimeError("`fused` does not support `differentiable`")
        if fused and foreach:
            raise RuntimeError("`fused` and `foreach` cannot be `True` together.")
        if fused or differentiable:  # (foreach=True: the same bits on CPU)
            raise NotImplementedError("minigrad: Adagrad(fused=..., differentiable=...) is not "
                                      "implemented")
        for group in self.param_groups:
            for p in group["params"]:
                self._init_state(p)

    def _init_state(self, p):
        self.state[p]["step"] = _step_tensor()
        self.state[p]["sum"] = full_like(p, self.defaults["initial_accumulator_value"])

    def _update(self, p, group):
        """The update of one parameter, in _single_tensor_adagrad's order, op for op: float32 results
        agree to the last bit but where sqrt rounds differently (see Adam._update)."""
        k = p._data.dtype.type  # Python floats -> p's dtype, as PyTorch's kernels take them
        if len(self.state[p]) == 0:  # a parameter added later, or state loaded without it
            self._init_state(p)
        state_sum, step_t = self.state[p]["sum"], self.state[p]["step"]
        step_t.add_(1)
        step = step_t.item()
        grad = _l2_grad(p, group)
        clr = group["lr"] / (1 + (step - 1) * group["lr_decay"])
        _write(state_sum, _fma(grad, grad, state_sum._data))  # state_sum.addcmul_(grad, grad)
        std = np.sqrt(state_sum._data) + k(group["eps"])
        _write(p, p._data + k(-clr) * grad / std)  # p.addcdiv_(grad, std, value=-clr)
