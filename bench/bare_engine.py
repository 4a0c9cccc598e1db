"""The least Python a reverse-mode engine can spend per op: a yardstick for minigrad's overhead.

This is not part of minigrad. It keeps only the mechanisms of PyTorch's engine that any faithful
engine must pay for on every op: a node with edges to its inputs, a sequence number, saved
tensors checked against version counters, a grad mode switch, dependency counting, a ready queue
ordered by sequence number, un-broadcasting, leaf accumulation, and no recursion. It leaves out
everything else minigrad does per op: dtype promotion, PyTorch's order of float32 sums (its
exact bits), hooks, retain_grad, anomaly mode, forward AD, error checks and messages, and the
step events that the stepper watches.

bench.py's own workloads run on it unchanged (it answers to `lib.tensor`, `lib.no_grad`, ...).

    python bench/bare_engine.py          # NumPy vs this engine vs minigrad, ratios to NumPy
    python bench/bare_engine.py --quick  # fewer repetitions
"""
import heapq
import itertools

import bench  # (first: it sets one BLAS thread before NumPy loads)
import numpy as np

float32 = np.float32
_grad_enabled = True
_sequence = itertools.count()  # PyTorch's sequence_nr: later nodes run first in backward


class no_grad:
    def __enter__(self):
        global _grad_enabled
        self.prev, _grad_enabled = _grad_enabled, False

    def __exit__(self, *exc):
        global _grad_enabled
        _grad_enabled = self.prev


class Node:
    """One recorded op: where its input gradients go (`inputs`), and how to make them."""
    __slots__ = ("inputs", "backward", "saved", "seq")

    def __init__(self, inputs, backward, saved):
        self.inputs, self.backward, self.saved, self.seq = inputs, backward, saved, next(_sequence)


class AccumulateGrad:
    __slots__ = ("variable", "seq")

    def __init__(self, variable):
        self.variable, self.seq = variable, next(_sequence)


class Tensor:
    __slots__ = ("data", "grad", "grad_fn", "requires_grad", "version", "_accumulator")

    def __init__(self, data, requires_grad=False):
        self.data, self.requires_grad = data, requires_grad
        self.grad = self.grad_fn = self._accumulator = None
        self.version = [0]  # a list, so that views could share it

    def edge(self):
        """The node this tensor's gradient flows into, or None."""
        if self.grad_fn is not None:
            return self.grad_fn
        if self.requires_grad:
            if self._accumulator is None:
                self._accumulator = AccumulateGrad(self)
            return self._accumulator
        return None

    def saved(self):
        """Saved with its version: backward refuses it if it was changed in place since."""
        return self, self.version[0]

    def __mul__(self, other):
        o = other.data if other.__class__ is Tensor else other
        return _record(Tensor(self.data * o), (self, other), _mul_backward,
                       (self.saved(), other.saved() if other.__class__ is Tensor else (other, 0)))

    __rmul__ = __mul__

    def __add__(self, other):
        o = other.data if other.__class__ is Tensor else other
        return _record(Tensor(self.data + o), (self, other), _add_backward,
                       (self.data.shape, np.shape(o)))

    def __matmul__(self, other):
        return _record(Tensor(self.data @ other.data), (self, other), _mm_backward,
                       (self.saved(), other.saved()))

    def __isub__(self, other):
        self.data -= other.data if other.__class__ is Tensor else other
        self.version[0] += 1
        return self

    def relu(self):
        out = Tensor(np.maximum(self.data, 0))
        return _record(out, (self,), _relu_backward, out.saved())

    def sum(self):
        return _record(Tensor(self.data.sum()), (self,), _sum_backward, self.data.shape)

    def backward(self):
        run_backward(self.grad_fn, np.ones_like(self.data))


def tensor(data, dtype=None, requires_grad=False):
    return Tensor(np.array(data, dtype=dtype), requires_grad)


def _record(out, inputs, backward, saved):
    """Give `out` a node if grad mode is on and an input needs a gradient."""
    if _grad_enabled:
        edges = tuple(t.edge() if t.__class__ is Tensor else None for t in inputs)
        if edges.count(None) != len(edges):
            out.grad_fn = Node(edges, backward, saved)
    return out


def _unpack(saved):
    t, version = saved
    if t.__class__ is not Tensor:  # a Python number
        return t
    if t.version[0] != version:
        raise RuntimeError("one of the variables needed for gradient computation has been "
                           "modified by an inplace operation")
    return t.data


def _sum_to(grad, shape):
    """Undo broadcasting: sum `grad` down to `shape`."""
    if grad.shape == shape:
        return grad
    lead = grad.ndim - len(shape)
    dims = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(shape)
                                      if n == 1 and grad.shape[lead + i] != 1)
    return grad.sum(axis=dims, keepdims=True).reshape(shape)


# Each backward gets the output's gradient, the saved values and which inputs need a gradient.
def _mul_backward(grad, saved, needs):
    a, b = _unpack(saved[0]), _unpack(saved[1])
    return (_sum_to(grad * b, a.shape) if needs[0] else None,
            _sum_to(grad * a, np.shape(b)) if needs[1] else None)


def _add_backward(grad, shapes, needs):
    return (_sum_to(grad, shapes[0]) if needs[0] else None,
            _sum_to(grad, shapes[1]) if needs[1] else None)


def _mm_backward(grad, saved, needs):
    a, b = _unpack(saved[0]), _unpack(saved[1])
    return (grad @ b.T if needs[0] else None, a.T @ grad if needs[1] else None)


def _relu_backward(grad, saved, needs):
    return (grad * (_unpack(saved) > 0),)


def _sum_backward(grad, shape, needs):
    return (np.broadcast_to(grad, shape),)


def run_backward(root, seed):
    """Dependency counting, then nodes in decreasing sequence order once all their gradients
    are in; saved values are freed as each node runs."""
    dependencies, stack = {}, [root]
    while stack:
        node = stack.pop()
        if node.__class__ is Node:
            for child in node.inputs:
                if child is not None:
                    if child not in dependencies:
                        stack.append(child)
                    dependencies[child] = dependencies.get(child, 0) + 1
    buffers, ready = {root: seed}, [(-root.seq, root)]
    while ready:
        node = heapq.heappop(ready)[1]
        grad = buffers.pop(node)
        if node.__class__ is AccumulateGrad:
            v = node.variable
            v.grad = Tensor(grad) if v.grad is None else Tensor(v.grad.data + grad)
            continue
        needs = [child is not None for child in node.inputs]
        grads = node.backward(grad, node.saved, needs)
        node.saved = None
        for child, g in zip(node.inputs, grads):
            if child is not None:
                buffered = buffers.get(child)
                buffers[child] = g if buffered is None else buffered + g
                dependencies[child] -= 1
                if dependencies[child] == 0:
                    heapq.heappush(ready, (-child.seq, child))


def cross_entropy(logits, target):
    """Mean softmax cross-entropy as one node (a fused op, as a fast engine would have)."""
    z, rows, y = logits.data, np.arange(len(target.data)), target.data
    shifted = z - z.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))

    def backward(grad, saved, needs):
        g = np.exp(log_probs)
        g[rows, y] -= 1
        return (g * (grad / len(y)),)
    loss = Tensor(np.asarray(-log_probs[rows, y].mean(), z.dtype))
    return _record(loss, (logits,), backward, None)


class nn:
    class functional:
        cross_entropy = staticmethod(cross_entropy)


def main():
    import argparse
    import sys

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, noisier numbers")
    reps = 5 if parser.parse_args().quick else 15
    engine = sys.modules[__name__]
    print("| workload | NumPy | bare/NumPy | minigrad/NumPy | target |")
    print("| --- | ---: | ---: | ---: | --- |")
    for name, unit, scale, numpy_step, autograd_step, args, target, per in (
            ("overhead", "µs", 1e6, bench.tiny_numpy, bench.tiny_autograd, (), "overhead", 1),
            ("MLP step", "ms", 1e3, bench.mlp_numpy, bench.mlp_autograd, (), "mlp", 1),
            ("chain of 100,000", "µs/node", 1e6, bench.chain_numpy, bench.chain_autograd,
             (100_000,), "chain 100000", 100_000)):
        medians = bench.interleaved({"NumPy": numpy_step(*args),
                                     "bare": autograd_step(engine, *args),
                                     "minigrad": autograd_step(bench.minigrad, *args)},
                                    reps if per == 1 else max(3, reps // 3), per)
        floor = medians["NumPy"]
        print(f"| {name} | {floor * scale:.3g} {unit} | {medians['bare'] / floor:.2f} | "
              f"{medians['minigrad'] / floor:.2f} | ≤ {bench.TARGETS[target]:.2f} |")


if __name__ == "__main__":
    main()
