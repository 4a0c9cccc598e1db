"""Optimizers: what to do with the gradients backward() left in .grad.

An optimizer holds `param_groups` (lists of parameters, each with its own settings such as lr)
and a `state` per parameter (SGD's momentum buffer). `step()` changes the parameters in place,
without recording (under no_grad); `zero_grad()` clears .grad for the next backward.
"""
import copy
import warnings
from collections import defaultdict

import numpy as np

from . import derivatives as d
from .autograd.grad_mode import enable_grad, no_grad
from .nn.modules.module import _zero_grads
from .dtypes import float32, float64
from .ops import get_default_dtype, tensor, zeros_like
from .tensor import Tensor


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        if isinstance(params, Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of "
                            "Tensors or dicts, but got " + params.type())
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def add_param_group(self, param_group):
        """Add a dict {'params': [...], 'lr': ...}; settings it leaves out come from defaults.
        Params given as (name, tensor) pairs (named_parameters()) keep their names in
        'param_names'."""
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters need to be organized in ordered collections, "
                            "but the ordering of tensors in sets will change between runs. Please "
                            "use a list instead.")
        else:
            param_group["params"] = list(params)
        names = [p[0] for p in param_group["params"] if isinstance(p, tuple)]  # named_parameters()
        if names:
            if len(names) != len(param_group["params"]):
                raise ValueError("all optimizer params should be with/without names. Some param "
                                 "names are missing")
            param_group["params"] = [p for _, p in param_group["params"]]
            param_group["param_names"] = names
        for param in param_group["params"]:
            if not isinstance(param, Tensor):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is "
                                + type(param).__qualname__)
            if not (param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            param_group.setdefault(name, default)
        if len({id(p) for p in param_group["params"]}) != len(param_group["params"]):
            warnings.warn("optimizer contains a parameter group with duplicate parameters; in "
                          "future, this will cause an error; see "
                          "github.com/pytorch/pytorch/issues/40967 for more information",
                          stacklevel=3)
        for group in self.param_groups:
            if ("param_names" in param_group) != ("param_names" in group):
                raise ValueError("all optimizer param groups should be with/without names. cannot "
                                 "add param group " + ("with names" if "param_names" in param_group
                                                       else "without names") + " to the optimizer")
            if any(p is q for p in group["params"] for q in param_group["params"]):
                raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none=True):
        """Clear every parameter's .grad (None by default, so the next backward starts afresh)."""
        _zero_grads((p for group in self.param_groups for p in group["params"]), set_to_none)

    def state_dict(self):
        """{'state': {i: per-parameter state}, 'param_groups': [settings + 'params': [i, ...]]}.
        A parameter is named by its position across the groups, not saved: the dict then loads
        into a new optimizer over other parameters of the same shapes. As in PyTorch, the state
        tensors are the live ones, not copies."""
        index, start, groups = {}, 0, []
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != "params"}
            for i, p in enumerate(group["params"], start):
                index.setdefault(p, i)
            packed["params"] = [index[p] for p in group["params"]]
            start += len(packed["params"])
            groups.append(packed)
        state = {(index[k] if isinstance(k, Tensor) else k): v for k, v in self.state.items()}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict):
        """Take the settings and state of `state_dict` (from state_dict()), matching its parameter
        numbers with this optimizer's parameters in order. State tensors are cast to their
        parameter's dtype (a no-op, so shared, when it already fits); 'step' is kept as it is."""
        saved_groups = copy.deepcopy(state_dict["param_groups"])
        if len(self.param_groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"])
               for g, s in zip(self.param_groups, saved_groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match the "
                             "size of optimizer's group")
        params = {i: p for g, s in zip(self.param_groups, saved_groups)
                  for i, p in zip(s["params"], g["params"])}
        state = defaultdict(dict)
        for k, v in state_dict["state"].items():
            if k not in params:
                state[k] = v
                continue
            p = params[k]
            state[p] = {key: value.to(dtype=p.dtype) if isinstance(value, Tensor) and key != "step"
                        and p.is_floating_point() else value for key, value in v.items()}
        for g, s in zip(self.param_groups, saved_groups):
            s["params"] = g["params"]
            if "param_names" in g:
                s.setdefault("param_names", g["param_names"])
        self.state, self.param_groups = state, saved_groups

    def __repr__(self):
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        return text + ")"


def _closure_loss(closure):
    """step(closure): closure re-runs forward and backward and returns the loss (grad on, even
    if step is called under no_grad)."""
    if closure is None:
        return None
    with enable_grad():
        return closure()


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


def _write(t, value):
    """Store a NumPy result in t's memory: one in-place op in PyTorch, so one version bump."""
    np.copyto(t._data, value, casting="unsafe")
    t._version_counter.value += 1


def _fma(a, b, c):
    """a * b + c rounded once, as PyTorch's vectorized CPU kernels (fmadd) compute it."""
    return d._rounded(lambda a, b, c: a * b + c, a, b, c)


class Adam(Optimizer):
    """Adam: each coordinate steps by a running mean of its gradients (exp_avg) divided by the
    root of a running mean of their squares (exp_avg_sq), so each gets its own step size. Both
    means start at zero, which the bias corrections 1 - beta**step make up for early on."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None, decoupled_weight_decay=False):
        if isinstance(lr, Tensor) or any(isinstance(b, Tensor) for b in betas):
            raise NotImplementedError("minigrad: Adam with Tensor lr or betas is not implemented")
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not (isinstance(betas[0], float) and isinstance(betas[1], float)):
            raise ValueError("betas must be either both floats or both Tensors")
        super().__init__(params, dict(
            lr=lr, betas=tuple(betas), eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
            maximize=maximize, foreach=foreach, capturable=capturable,
            differentiable=differentiable, fused=fused,
            decoupled_weight_decay=decoupled_weight_decay))
        if fused and differentiable:
            raise RuntimeError("`fused` does not support `differentiable`")
        if fused and foreach:
            raise RuntimeError("`fused` and `foreach` cannot be `True` together.")
        if foreach or fused or capturable or differentiable:
            raise NotImplementedError(f"minigrad: {type(self).__name__}(foreach=..., fused=..., "
                                      "capturable=..., differentiable=...) is not implemented")

    def step(self, closure=None):
        """One update of every parameter that has a .grad. The arithmetic is PyTorch's CPU one
        (torch/optim/adam.py, _single_tensor_adam) op for op, in the parameter's dtype, so the
        float32 results agree with it to the last bit, but for sqrt: NumPy's is correctly
        rounded, PyTorch's CPU float32 one is up to 0.75 ulp off (1 value in 6 differs)."""
        loss = _closure_loss(closure)
        with no_grad():
            for group in self.param_groups:
                for p in group["params"]:
                    if p.grad is not None:
                        self._update(p, group)
        return loss

    def _update(self, p, group):
        """The update of one parameter, in _single_tensor_adam's order (the comments name its
        in-place ops: each bumps the version of the tensor it writes, as there)."""
        lr, (beta1, beta2), eps = group["lr"], group["betas"], group["eps"]
        weight_decay, k = group["weight_decay"], p._data.dtype.type  # Python floats -> p's dtype
        state = self.state[p]
        if len(state) == 0:
            state["step"] = tensor(0.0, dtype=float64 if get_default_dtype() == float64
                                   else float32)
            state["exp_avg"], state["exp_avg_sq"] = zeros_like(p), zeros_like(p)
            if group["amsgrad"]:
                state["max_exp_avg_sq"] = zeros_like(p)
        exp_avg, exp_avg_sq = state["exp_avg"]._data, state["exp_avg_sq"]._data
        state["step"].add_(1)
        grad = p.grad._data if not group["maximize"] else -p.grad._data
        if weight_decay != 0:
            if group["decoupled_weight_decay"]:  # AdamW: shrink p itself, apart from the means
                _write(p, p._data * k(1 - lr * weight_decay))
            else:  # Adam's L2 penalty: weight_decay * p joins the gradient
                grad = d._add_scaled(grad, p._data, weight_decay)
        # exp_avg.lerp_(grad, 1 - beta1): PyTorch's lerp is one fused multiply-add
        w = k(1 - beta1)
        diff = grad - exp_avg
        _write(state["exp_avg"], _fma(w, diff, exp_avg) if abs(w) < 0.5
               else _fma(w - 1, diff, grad))
        # exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        _write(state["exp_avg_sq"], exp_avg_sq * k(beta2))
        _write(state["exp_avg_sq"], _fma(k(1 - beta2) * grad, grad, exp_avg_sq))
        step = state["step"].item()
        bias_correction1 = 1 - beta1 ** step
        bias_correction2_sqrt = (1 - beta2 ** step) ** 0.5
        step_size = lr / bias_correction1
        if group["amsgrad"]:  # the largest exp_avg_sq so far: the step size can only shrink
            _write(state["max_exp_avg_sq"], np.maximum(state["max_exp_avg_sq"]._data, exp_avg_sq))
            exp_avg_sq = state["max_exp_avg_sq"]._data
        denom = np.sqrt(exp_avg_sq) / k(bias_correction2_sqrt) + k(eps)
        _write(p, p._data + k(-step_size) * exp_avg / denom)  # p.addcdiv_(exp_avg, denom, ...)


class AdamW(Adam):
    """Adam with decoupled weight decay: p shrinks by lr * weight_decay * p at each step instead
    of weight_decay * p joining the gradient, where Adam's scaling would weaken it."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False, foreach=None, capturable=False,
                 differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach,
                         maximize=maximize, capturable=capturable, differentiable=differentiable,
                         fused=fused, decoupled_weight_decay=True)
