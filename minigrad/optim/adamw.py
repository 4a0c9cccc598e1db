"""AdamW: Adam with decoupled weight decay."""
from .adam import Adam


class AdamW(Adam):
    """Adam with decoupled weight decay: p shrinks by lr * weight_decay * p at each step instead
    of weight_decay * p joining the gradient, where Adam's scaling would weaken it."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False, foreach=None, capturable=False,
                 differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach,
                         maximize=maximize, capturable=capturable, differentiable=differentiable,
                         fused=fused, decoupled_weight_decay=True)
