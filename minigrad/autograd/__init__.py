"""minigrad.autograd: backward(), grad(), custom Functions, gradcheck, grad-mode switches,
and autograd.functional (jacobian, hessian, vjp, jvp, vhp, hvp)."""
import gc
import math
import warnings
from collections.abc import Mapping

import numpy as np

from .._warnings import warn_once
from ..dtypes import Size
from ..tensor import Tensor
from . import grad_mode
from .anomaly_mode import detect_anomaly, set_detect_anomaly  # noqa: F401
from .engine import backward_steps
from .function import Function  # noqa: F401
from . import graph  # noqa: F401
from .graph import GradientEdge
from .grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled  # noqa: F401
from .grad_mode import inference_mode  # noqa: F401
from .grad_mode import is_multithreading_enabled, set_multithreading_enabled  # noqa: F401
from .gradcheck import gradcheck, gradgradcheck  # noqa: F401
from .variable import Variable  # noqa: F401


def _as_tuple(x):
    return (x,) if isinstance(x, (Tensor, GradientEdge)) else tuple(x)


def _edge(t):
    """Where t's gradient flows: a tensor's grad_fn (or AccumulateGrad), or a GradientEdge."""
    return (t.node, t.output_nr) if isinstance(t, GradientEdge) else t._edge()


def _inputs_tuple(inputs, caller):
    """`inputs` as a tuple: a tensor, a sequence of them, or a dict (model.named_parameters())."""
    if type(inputs) is dict:
        inputs = tuple(inputs.values())
    elif isinstance(inputs, Mapping):
        raise TypeError(f"`inputs` argument to `{caller}()` must be a dict, not "
                        f"{type(inputs).__name__}. Other Mapping types are not supported.")
    inputs = _as_tuple(inputs)
    if not inputs:
        raise RuntimeError(f"`inputs` argument to `{caller}()` cannot be empty.")
    for t in inputs:
        if not isinstance(t, (Tensor, GradientEdge)):
            raise RuntimeError("all inputs have to be Tensors or GradientEdges, but got "
                               f"{type(t).__name__}")
    return inputs


def _make_grads(outputs, grad_outputs, is_grads_batched=False):
    """The seed gradients: given ones, checked for shape (batched: each row), or ones for
    one-element outputs."""
    grads = []
    for i, (out, g) in enumerate(zip(outputs, grad_outputs)):
        if isinstance(out, GradientEdge):  # the shape and dtype its node expects
            shape, dtype = out.node._input_metadata[out.output_nr]
            requires_grad = True
        else:
            shape, dtype, requires_grad = out._data.shape, out._data.dtype, out.requires_grad
        if g is None:
            if requires_grad:
                if math.prod(shape) != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                g = Tensor._make(np.ones(shape, dtype))
        elif not isinstance(g, Tensor):
            raise TypeError("gradients can be either Tensors or None, but got "
                            f"{type(g).__name__}")
        elif is_grads_batched and g[0].shape != tuple(shape):  # (an empty batch fails here, as
            raise RuntimeError(  # PyTorch's g[0]; it names the first row's shape less a dim)
                "If `is_grads_batched=True`, we interpret the first dimension of each grad_output "
                "as the batch dimension. The sizes of the remaining dimensions are expected to "
                f"match the shape of corresponding output, but a mismatch was detected: grad_output"
                f"[{i}] has a shape of {g.shape[1:][1:]} and output[{i}] has a shape of "
                f"{Size(shape)}. If you only want some tensors in `grad_output` to be considered "
                "batched, consider using vmap.")
        elif not is_grads_batched and g._data.shape != tuple(shape):
            raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {g.shape} and "
                               f"output[{i}] has a shape of {Size(shape)}.")
        grads.append(g)
    return grads


def _root_edges(outputs):
    edges = []
    for i, out in enumerate(outputs):
        edge = _edge(out)
        if edge[0] is None:
            raise RuntimeError(f"element {i} of tensors does not require grad and does not have a "
                               "grad_fn")
        edges.append(edge)
    return edges


def _seed(outputs, grad_outputs, is_grads_batched=False):
    """The root edges and their seed gradients, checked as PyTorch checks them."""
    if grad_outputs is None:
        grad_outputs = [None] * len(outputs)
    elif isinstance(grad_outputs, Tensor):
        grad_outputs = [grad_outputs]
    grads = _make_grads(outputs, tuple(grad_outputs), is_grads_batched)  # (zipped: extra
    # gradients are dropped, missing ones refused)
    if len(grads) != len(outputs):
        raise RuntimeError(f"got {len(outputs)} tensors and {len(grads)} gradients")
    return _root_edges(outputs), grads


def _capturing(edges, grads, retain_graph, create_graph, inputs, captured):
    """Run backward capturing the gradients of `inputs` into `captured` (index -> gradient)."""
    for step in backward_steps(edges, grads, retain_graph, create_graph,
                               [_edge(t) for t in inputs], accumulate_grad=False):
        captured.update(step.captured)
        yield step


def _captured(edges, grads, retain_graph, create_graph, inputs):
    """One backward run, for autograd.grad: the gradients of `inputs` (index -> gradient)."""
    captured = {}
    with _no_gc_passes():
        for _ in _capturing(edges, grads, retain_graph, create_graph, inputs, captured):
            pass
    return captured


def _stack(grads):
    """A batch's rows of one input's gradient (all None when it was unused)."""
    from ..ops import stack
    return None if grads[0] is None else stack(grads)


def backward_run(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None):
    """The step generator behind `backward()`: the stepper drives this same generator."""
    edges, grads = _seed(_as_tuple(tensors), grad_tensors)
    retain_graph = create_graph if retain_graph is None else retain_graph
    if inputs is None:
        return backward_steps(edges, grads, retain_graph, create_graph)
    return _backward_into(edges, grads, retain_graph, create_graph, inputs)


def _backward_into(edges, grads, retain_graph, create_graph, inputs):
    """backward(inputs=...): only what leads to these tensors runs, then their own nodes: a leaf's
    AccumulateGrad fills its .grad; a non-leaf retains its grad from now on (as in PyTorch)."""
    tensors = [t for t in inputs if isinstance(t, Tensor)]
    for t in tensors:  # (PyTorch retains each input's grad in turn: all checked before any)
        if not t.requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
    for t in tensors:
        t.retain_grad()
    return backward_steps(edges, grads, retain_graph, create_graph, [_edge(t) for t in inputs])


class _no_gc_passes:
    """Backward makes many short-lived objects that reference counting frees at once; pausing the
    cyclic collector meanwhile saves it from re-scanning a large graph again and again."""

    def __enter__(self):
        self.enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc):
        if self.enabled:
            gc.enable()


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None):
    """Compute gradients of `tensors` and accumulate them into the leaves' .grad."""
    if create_graph:  # (inputs= or not: backward accumulates into .grad)
        warn_once(
            "Using backward() with create_graph=True will create a reference cycle between the "
            "parameter and its gradient which can cause a memory leak. We recommend using "
            "autograd.grad when creating the graph to avoid this. If you have to use this "
            "function, make sure to reset the .grad fields of your parameters to None after use to "
            "break the cycle and avoid the leak. (Triggered internally at "
            "/__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)", stacklevel=3)
    if inputs is not None:
        inputs = _inputs_tuple(inputs, "backward")
    with _no_gc_passes():
        for _ in backward_run(tensors, grad_tensors, retain_graph, create_graph, inputs):
            pass


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """Gradients of `outputs` with respect to `inputs`, returned (never stored in .grad).
    only_inputs is a leftover PyTorch still accepts: False asks for nothing else now.
    is_grads_batched: each grad_output holds a batch of them along its first dim; the gradients
    come back batched alike (PyTorch maps one backward over the batch with vmap; here it runs
    once per row, and the rows are stacked)."""
    if not only_inputs:
        warnings.warn("only_inputs argument is deprecated and is ignored now (defaults to True). To "
                      "accumulate gradient for other parts of the graph, please use "
                      "minigrad.autograd.backward.", FutureWarning, stacklevel=2)
    if materialize_grads and allow_unused is False:
        raise ValueError("Expected allow_unused to be True or not passed when materialize_grads="
                         "True, but got: allow_unused=False.")
    names = inputs.keys() if type(inputs) is dict else None  # a dict in, a dict out
    outputs, inputs = _as_tuple(outputs), _inputs_tuple(inputs, "grad")
    if allow_unused is None:
        allow_unused = materialize_grads
    edges, grads = _seed(outputs, grad_outputs, is_grads_batched)  # (the outputs checked first)
    for t in inputs:
        if not isinstance(t, GradientEdge) and not t.requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    retain_graph = create_graph if retain_graph is None else retain_graph
    if is_grads_batched:
        if any(g is not None and g.dim() == 0 for g in grads):
            raise ValueError("vmap(vjp, in_dims=0, ...)(<inputs>): Got in_dim=0 for some input, "
                             "but that input is a Tensor of dimensionality 0 so expected in_dim "
                             "to satisfy 0 <= in_dim < 0.")
        n = grads[0].shape[0] if grads else 0
        rows = [_captured(edges, [g[b] for g in grads], retain_graph or b < n - 1, create_graph,
                          inputs) for b in range(n)]
        captured = {i: _stack([r[i] for r in rows]) for i in rows[0]} if rows else {}
    else:
        captured = _captured(edges, grads, retain_graph, create_graph, inputs)
    result = []
    for i, t in enumerate(inputs):
        g = captured.get(i)
        if g is None:
            if not allow_unused:
                raise RuntimeError(f"The differentiated Tensor at index {i} appears to not have "
                                   "been used in the graph. Set allow_unused=True if this is the "
                                   "desired behavior.")
            if materialize_grads:
                if isinstance(t, GradientEdge):
                    raise RuntimeError("materialize_grads cannot be used when the given input is "
                                       "a GradientEdge")
                g = Tensor._make(np.zeros(t._data.shape, t._data.dtype),
                                 requires_grad=create_graph)
        result.append(g)
    return tuple(result) if names is None else dict(zip(names, result))


from . import functional  # noqa: E402  (built on grad above)


def __getattr__(name):
    """autograd.forward_ad (dual tensors) is read on first use (PEP 562), as minigrad.func is:
    `import minigrad` need not read it."""
    if name == "forward_ad":
        import importlib
        return importlib.import_module(".forward_ad", __name__)
    raise AttributeError(f"module 'minigrad.autograd' has no attribute '{name}'")
