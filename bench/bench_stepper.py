"""How live the backward stepper feels: seconds per step, widgets included, by graph size.

Each step is what a click on "step" costs: the engine runs one node, then the picture (DOT,
layout and SVG by Graphviz) and the panel are redrawn. Also timed: "back" (a replayed picture)
and a step after "back" (a replay, no engine). Target: median under 0.2 s up to 200 nodes.
It is a script, not a test: timings on a shared machine are too noisy to fail a build on.

    python bench/bench_stepper.py            # sizes 10, 50, 100, 200
    python bench/bench_stepper.py --quick    # 10 and 200, fewer steps
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not
import minigrad as torch  # noqa: E402
from minigrad.viz import BackwardStepper  # noqa: E402

TARGET = 0.2  # seconds per step


def mlp(n_nodes, seed=0):
    """A scalar MLP written neuron by neuron (micrograd's lesson) of about `n_nodes` nodes."""
    def nodes(sizes):  # per neuron: a Mul, an Add and a weight's AccumulateGrad per input,
        # the bias's AccumulateGrad and a Tanh; then the loss's Mul
        return sum(b * (3 * a + 2) for a, b in zip(sizes, sizes[1:])) + 1
    shapes = [(i, *[w] * depth, 1) for i in range(1, 5) for w in range(1, 12) for depth in (1, 2)]
    sizes = min(shapes, key=lambda s: (abs(nodes(s) - n_nodes), s))
    rng = np.random.default_rng(seed)
    names, xs = {}, [torch.tensor(float(v)) for v in rng.uniform(-1, 1, sizes[0])]
    for layer, (a, b) in enumerate(zip(sizes, sizes[1:])):
        out = []
        for j in range(b):
            bias = torch.tensor(float(rng.uniform(-1, 1)), requires_grad=True)
            names[f"b{layer}_{j}"], acc = bias, bias
            for i in range(a):
                w = torch.tensor(float(rng.uniform(-1, 1)), requires_grad=True)
                names[f"w{layer}_{j}_{i}"] = w
                acc = acc + w * xs[i]
            out.append(acc.tanh())
        xs = out
    loss = xs[0] * xs[0]
    names["loss"] = loss
    return loss, names


def residual(n_nodes, seed=0):
    """A chain of random ops on a 3-vector, each also taking one of the last few results or a
    leaf (skip connections), every 25th result retaining its grad: about `n_nodes` nodes."""
    rng = np.random.default_rng(seed)
    leaves = [torch.tensor(rng.uniform(-1, 1, 3).astype(np.float32), requires_grad=True)
              for _ in range(max(2, n_nodes // 10))]
    names = {f"w{i}": t for i, t in enumerate(leaves)}
    recent, t, count = [leaves[0]], leaves[0], 1  # count: nodes so far (leaves[0]'s sink)
    unused = list(leaves[1:])
    while count < n_nodes - 1:  # the final sum() is one more
        op = int(rng.integers(4))
        if op < 2:
            other = unused.pop() if unused and rng.random() < 0.5 else \
                recent[-int(rng.integers(1, min(5, len(recent)) + 1))]
            count += other.grad_fn is None and other._grad_accumulator is None
            t = t * other if op == 0 else t + other
        else:
            t = t.tanh() if op == 2 else t.sigmoid()
        count += 1
        recent.append(t)
        if count % 25 == 0:
            t.retain_grad()
            names[f"h{count}"] = t
    loss = t.sum()
    names["loss"] = loss
    return loss, names


GRAPHS = {"scalar MLP": mlp, "residual chain": residual}


def measure(kind, n_nodes, max_steps):
    loss, names = GRAPHS[kind](n_nodes)
    stepper = BackwardStepper(loss, names=names)
    stepper.widget  # build the UI: from now on every step redraws, as in a notebook
    ui = stepper._ui
    steps, backs, replays = [], [], []
    while not stepper.done and len(steps) < max_steps:
        t0 = time.perf_counter()
        ui.buttons["step"].click()
        steps.append(time.perf_counter() - t0)
    for _ in range(min(10, len(steps))):
        t0 = time.perf_counter()
        ui.buttons["back"].click()
        backs.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        ui.buttons["step"].click()
        replays.append(time.perf_counter() - t0)
        ui.buttons["back"].click()
    return len(stepper._nodes), steps, backs, replays


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    sizes, max_steps = ([10, 200], 20) if args.quick else ([10, 50, 100, 200], 1000)
    print("| graph | nodes | steps timed | step median (s) | step max (s) | back median (s) "
          "| replayed step median (s) | target |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    worst = 0.0
    for kind in GRAPHS:
        for size in sizes:
            nodes, steps, backs, replays = measure(kind, size, max_steps)
            med = statistics.median(steps)
            worst = max(worst, med)
            print(f"| {kind} | {nodes} | {len(steps)} | {med:.3f} | {max(steps):.3f} | "
                  f"{statistics.median(backs):.3f} | {statistics.median(replays):.3f} | "
                  f"< {TARGET} {'ok' if med < TARGET else 'MISSED'} |", flush=True)
    return 0 if worst < TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
