"""SGD: plain gradient descent, with optional momentum and weight decay."""
from ..autograd.grad_mode import no_grad
from .optimizer import Optimizer, _closure_loss


class SGD(Optimizer):
    """Stochastic gradient descent: p -= lr * g, where g is the gradient, plus optional weight
    decay (g += weight_decay * p) and momentum (a running buffer b = momentum * b + g)."""

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False,
                 *, maximize=False, foreach=None, differentiable=False, fused=None):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        if foreach or fused or differentiable:
            raise NotImplementedError("minigrad: SGD(foreach=..., fused=..., differentiable=...) "
                                      "is not implemented")
        super().__init__(params, dict(
            lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
            nesterov=nesterov, maximize=maximize, foreach=foreach, differentiable=differentiable,
            fused=fused))

    def step(self, closure=None):
        """One update of every parameter that has a .grad; `closure` (re)computes and returns
        the loss first. The arithmetic is torch/optim/sgd.py's, op for op, so the float32
        results agree to the last bit."""
        loss = _closure_loss(closure)
        with no_grad():
            for group in self.param_groups:
                lr, momentum, dampening = group["lr"], group["momentum"], group["dampening"]
                weight_decay = group["weight_decay"]
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    grad = p.grad if not group["maximize"] else -p.grad
                    if weight_decay != 0:
                        grad = grad.add(p, alpha=weight_decay)
                    if momentum != 0:
                        buf = self.state[p].get("momentum_buffer")
                        if buf is None:
                            buf = self.state[p]["momentum_buffer"] = grad.detach().clone()
                        else:
                            buf.mul_(momentum).add_(grad, alpha=1 - dampening)
                        grad = grad.add(buf, alpha=momentum) if group["nesterov"] else buf
                    p.add_(grad, alpha=-lr)
        return loss
