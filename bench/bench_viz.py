"""How long a picture takes: draw() (graph walk + DOT) and the SVG render, medians.

The target (issue 3): a 1,000-node graph draws, DOT + SVG, in under 1 s. It is a script, not a
test: timings on a shared machine are too noisy to fail a build on. (Drawing every node of a
graph whose shared parameters feed hundreds of ops is what max_nodes prevents: dot's layout of
such long edges takes minutes.)

    python bench/bench_viz.py            # 7 repetitions per workload
    python bench/bench_viz.py --quick    # 3
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout
import minigrad  # noqa: E402
from minigrad import viz  # noqa: E402
from minigrad.viz.graph import Graph  # noqa: E402
from minigrad.viz.render import renderer  # noqa: E402


def unrolled(steps):
    """y = tanh(y * w + b), `steps` times: an unrolled RNN, 3 nodes a step, w and b shared."""
    w = minigrad.tensor([0.5], requires_grad=True)
    b = minigrad.tensor([0.1], requires_grad=True)
    y = minigrad.tensor([1.0], requires_grad=True)
    for _ in range(steps):
        y = (y * w + b).tanh()
    return y


def chain(n):
    """y = y * 1.0001, n times, then a sum: a long chain."""
    y = minigrad.tensor([1.0], requires_grad=True)
    for _ in range(n):
        y = y * 1.0001
    return y.sum()


def sum_of_products(k):
    """x0*2 + x1*2 + ...: k leaves, each with its own op: a wide graph, no long chain."""
    xs = [minigrad.tensor([float(i)], requires_grad=True) for i in range(k)]
    total = xs[0] * 2
    for x in xs[1:]:
        total = total + x * 2
    return total


def mlp():
    """A 2-layer MLP's loss, the size of a lesson's example."""
    x = minigrad.randn(4, 3)
    w1 = minigrad.randn(3, 5, requires_grad=True)
    w2 = minigrad.randn(5, 1, requires_grad=True)
    return ((x.mm(w1).relu().mm(w2) - 1) ** 2).mean()


WORKLOADS = [  # (name, root, draw keyword arguments)
    ("1,000-node unrolled RNN (default max_nodes)", lambda: unrolled(333), {}),
    ("1,000-node chain (default max_nodes)", lambda: chain(999), {}),
    ("1,000-node sum of products (default max_nodes)", lambda: sum_of_products(334), {}),
    ("1,000-node chain, every node drawn (max_nodes=None)", lambda: chain(999),
     {"max_nodes": None}),
    ("lesson-size MLP, show_saved", mlp, {"show_saved": True}),
]


def measure(root, kwargs, repeat):
    dots, svgs = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        picture = viz.draw(root, **kwargs)
        t1 = time.perf_counter()
        picture.svg
        t2 = time.perf_counter()
        dots.append(t1 - t0)
        svgs.append(t2 - t1)
    return statistics.median(dots), statistics.median(svgs), statistics.median(
        [a + b for a, b in zip(dots, svgs)])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 repetitions instead of 7")
    args = parser.parse_args()
    repeat = 3 if args.quick else 7
    t0 = time.perf_counter()
    viz.draw(mlp()).svg  # first use loads Graphviz and fontconfig
    cold = time.perf_counter() - t0
    print(f"renderer: {renderer()}; first picture in this process: {cold * 1e3:.0f} ms; "
          f"then medians of {repeat} runs\n")
    print("| workload | autograd nodes | draw (walk + DOT) | SVG | total |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, make, kwargs in WORKLOADS:
        root = make()
        dot, svg, total = measure(root, kwargs, repeat)
        n = len(Graph([root]).nodes)
        print(f"| {name} | {n} | {dot * 1e3:.1f} ms | {svg * 1e3:.1f} ms | {total * 1e3:.1f} ms |")


if __name__ == "__main__":
    main()
