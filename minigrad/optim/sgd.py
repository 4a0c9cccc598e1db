"""SGD: plain gradient descent, with optional momentum and weight decay."""
from ..autograd.grad_mode import set_grad_enabled
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
        super().__init__(params, dict(
            lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
            nesterov=nesterov, maximize=maximize, foreach=foreach, differentiable=differentiable,
            fused=fused))
        if fused and differentiable:
            raise RuntimeError("`fused` does not support `differentiable`")
        if fused and foreach:
            raise RuntimeError("`fused` and `foreach` cannot be `True` together.")
        if fused or (foreach and differentiable):
            raise NotImplementedError("minigrad: SGD(fused=...) and SGD(foreach=True, "
                                      "differentiable=True) are not implemented")

    def step(self, closure=None):
        """One update of every parameter that has a .grad; `closure` (re)computes and returns
        the loss first. The arithmetic is torch/optim/sgd.py's, op for op, so the float32
        results agree to the last bit (foreach=True: PyTorch's _foreach ops on CPU run these
        same ops tensor by tensor, with the same bits). Recorded only if differentiable=True,
        for a gradient through the update itself (meta-learning; the params then can't be
        leaves that require grad, as in-place ops on those are refused)."""
        loss = _closure_loss(closure)
        with set_grad_enabled(self.defaults["differentiable"]):
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
