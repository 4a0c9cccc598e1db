"""Optimizer, the base of every optimizer: what to do with the gradients left in .grad.

An optimizer holds `param_groups` (lists of parameters, each with its own settings such as lr)
and a `state` per parameter (SGD's momentum buffer). `step()` changes the parameters in place,
without recording (under no_grad); `zero_grad()` clears .grad for the next backward.
"""
import copy
import warnings
from collections import defaultdict

from .. import derivatives as d
from ..autograd.grad_mode import enable_grad, no_grad
from ..dtypes import float32, float64
from ..nn.modules.module import _typename, _zero_grads
from ..ops import get_default_dtype, tensor
from ..tensor import Tensor


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
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group)}")
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
                                + _typename(param))
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

    def step(self, closure=None):
        """One update of every parameter that has a .grad, without recording: each optimizer's
        `_update(p, group)`, its arithmetic PyTorch's _single_tensor_* one op for op."""
        loss = _closure_loss(closure)
        with no_grad():
            for group in self.param_groups:
                for p in group["params"]:
                    if p.grad is not None:
                        self._update(p, group)
        return loss

    def _update(self, p, group):
        """Update the parameter p from its .grad: what each optimizer defines."""
        raise NotImplementedError

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


def _l2_grad(p, group):
    """The gradient an update follows: negated to maximize, then with the L2 penalty
    weight_decay * p added (the old form of weight decay, before AdamW's)."""
    grad = p.grad._data if not group["maximize"] else -p.grad._data
    if group["weight_decay"] != 0:
        grad = d._add_scaled(grad, p._data, group["weight_decay"])
    return grad


def _step_tensor():
    """state['step'], a 0-dim tensor counting the updates: float64 under a float64 default dtype,
    float32 otherwise (PyTorch's _get_scalar_dtype)."""
    return tensor(0.0, dtype=float64 if get_default_dtype() == float64 else float32)


def _closure_loss(closure):
    """step(closure): closure re-runs forward and backward and returns the loss (grad on, even
    if step is called under no_grad)."""
    if closure is None:
        return None
    with enable_grad():
        return closure()
