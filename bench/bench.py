"""What minigrad's readable Python costs: minigrad against hand-written NumPy (and PyTorch).

Every workload runs its candidates interleaved (NumPy, minigrad, torch, NumPy, ...), on one thread
each; we report medians and ratios to NumPy. Times are the process's CPU time (for imports: the
child interpreter's), not wall time, so that a busy neighbour on a shared machine does not add
its time slices to whichever candidate happened to be running.

    python bench/bench.py                  # print the markdown table
    python bench/bench.py --quick          # fewer repetitions
    python bench/bench.py --update-readme  # also put the table in README.md
"""
import os

# One thread each, set before NumPy loads its BLAS, which reads these once.
for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[var] = "1"

import argparse
import platform
import re
import resource
import statistics
import subprocess
import sys
import time
import timeit
import tracemalloc
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not
import minigrad  # noqa: E402

try:
    import torch
except ImportError:
    torch = None
else:
    torch.set_num_threads(1)

# Targets for minigrad/NumPy, by workload.
TARGETS = {"overhead": 3.0, "mlp": 1.10, "chain 100000": 4.0, "import": 1.5}


# ---------------------------------------------------------------- workloads
# Each builder returns a function doing one step; data is made once, outside the timing.

def tiny_numpy():
    """((x*2+1)*x).sum() and its gradient, written out by hand."""
    x = np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32)

    def step():
        a = x * 2
        b = a + 1
        c = b * x
        c.sum()
        gc = np.ones_like(c)  # d sum / dc
        gb, gx = gc * x, gc * b  # c = b * x
        gx = gx + gb * 2  # b = x*2 + 1
        return gx

    return step


def tiny_autograd(lib):
    x = lib.tensor([1.0, 2.0, 3.0, 4.0], dtype=lib.float32, requires_grad=True)

    def step():
        x.grad = None
        ((x * 2 + 1) * x).sum().backward()

    return step


BATCH, IN, HIDDEN, OUT, LR = 256, 784, 128, 10, 0.01


def mlp_data():
    """The same inputs and starting weights for every candidate."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((BATCH, IN), dtype=np.float32)
    y = rng.integers(0, OUT, BATCH)  # int64 class labels
    params = [
        rng.standard_normal((IN, HIDDEN), dtype=np.float32) * np.float32(IN**-0.5),
        np.zeros(HIDDEN, dtype=np.float32),
        rng.standard_normal((HIDDEN, OUT), dtype=np.float32) * np.float32(HIDDEN**-0.5),
        np.zeros(OUT, dtype=np.float32),
    ]
    return x, y, params


def mlp_numpy():
    """One SGD step of a 784-128-10 relu MLP with softmax cross-entropy, by hand."""
    x, y, (W1, b1, W2, b2) = mlp_data()
    rows = np.arange(BATCH)

    def step():
        z1 = x @ W1 + b1
        h = np.maximum(z1, 0)
        logits = h @ W2 + b2
        shifted = logits - logits.max(axis=1, keepdims=True)
        logp = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
        loss = -logp[rows, y].mean()
        g = np.exp(logp)  # d loss / d logits = (softmax - onehot) / batch
        g[rows, y] -= 1
        g /= BATCH
        gW2, gb2 = h.T @ g, g.sum(axis=0)
        gz1 = (g @ W2.T) * (z1 > 0)
        gW1, gb1 = x.T @ gz1, gz1.sum(axis=0)
        for p, gp in ((W1, gW1), (b1, gb1), (W2, gW2), (b2, gb2)):
            p -= LR * gp
        return loss

    return step


def mlp_autograd(lib):
    x, y, params = mlp_data()
    x, y = lib.tensor(x), lib.tensor(y)
    W1, b1, W2, b2 = params = [lib.tensor(p, requires_grad=True) for p in params]
    cross_entropy = lib.nn.functional.cross_entropy

    def step():
        loss = cross_entropy((x @ W1 + b1).relu() @ W2 + b2, y)
        loss.backward()
        with lib.no_grad():
            for p in params:
                p -= LR * p.grad
        for p in params:
            p.grad = None  # what optimizer.zero_grad() does by default
        return loss

    return step


def chain_numpy(n):
    """n multiplications forward, then the same n backward by hand."""
    x = np.ones(4, dtype=np.float32)

    def step():
        y = x
        for _ in range(n):
            y = y * 1.0001
        y.sum()
        g = np.ones_like(y)
        for _ in range(n):
            g = g * 1.0001
        return g

    return step


def chain_autograd(lib, n):
    x = lib.tensor([1.0, 1.0, 1.0, 1.0], dtype=lib.float32, requires_grad=True)

    def step():
        x.grad = None
        y = x
        for _ in range(n):
            y = y * 1.0001
        y.sum().backward()

    return step


# ---------------------------------------------------------------- measuring

def interleaved(steps, reps, per=1):
    """Median seconds per step (divided by per) of each candidate, timed in turns."""
    # gc stays on: autograd graphs make garbage the way real training does.
    timers = {name: timeit.Timer(step, "gc.enable()", timer=time.process_time)
              for name, step in steps.items()}
    numbers = {name: t.autorange()[0] for name, t in timers.items()}  # also warms up
    times = {name: [] for name in steps}
    for _ in range(reps):
        for name, t in timers.items():
            times[name].append(t.timeit(numbers[name]) / numbers[name] / per)
    return {name: statistics.median(ts) for name, ts in times.items()}


def candidates(numpy_step, autograd_step, *args):
    """NumPy floor, minigrad, and torch when it is installed."""
    steps = {"NumPy": numpy_step(*args), "minigrad": autograd_step(minigrad, *args)}
    if torch is not None:
        steps["torch"] = autograd_step(torch, *args)
    return steps


def peak_bytes(step):
    """Peak bytes allocated during one step (after a warm-up), as tracemalloc sees them."""
    step()
    tracemalloc.start()
    step()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def import_seconds(modules, reps):
    """Median CPU time of `python -c "import M"` in fresh interpreters, taken in turns.

    As on any machine after the first import, the modules' bytecode is cached (pip compiled
    NumPy's when it installed it): PYTHONDONTWRITEBYTECODE, which some machines set, would
    otherwise make every run recompile minigrad from source and time the compiler."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = {m: [] for m in modules}
    for m in modules:  # writes the bytecode cache
        subprocess.run([sys.executable, "-c", f"import {m}"], cwd=ROOT, env=env, check=True)
    for _ in range(reps):
        for m in modules:
            start = children_cpu_seconds()
            subprocess.run([sys.executable, "-c", f"import {m}"], cwd=ROOT, env=env, check=True)
            times[m].append(children_cpu_seconds() - start)
    return {m: statistics.median(ts) for m, ts in times.items()}


# ---------------------------------------------------------------- report

def measure(quick):
    """Rows of (workload, unit, scale, {candidate: median}, target key)."""
    reps = 5 if quick else 15
    rows = [
        ("overhead: `((x*2+1)*x).sum()` fwd+bwd, 4 floats", "µs/step", 1e6,
         interleaved(candidates(tiny_numpy, tiny_autograd), reps), "overhead"),
        ("MLP 784-128-10 SGD step, batch 256", "ms/step", 1e3,
         interleaved(candidates(mlp_numpy, mlp_autograd), reps), "mlp"),
    ]
    for n in (1_000, 10_000, 100_000):
        chain_reps = max(3, reps // (3 if n == 100_000 else 2))
        rows.append((f"chain of {n:,} multiplications", "µs/node", 1e6,
                     interleaved(candidates(chain_numpy, chain_autograd, n), chain_reps, per=n),
                     f"chain {n}"))
    memory = {"NumPy": peak_bytes(mlp_numpy()), "minigrad": peak_bytes(mlp_autograd(minigrad))}
    rows.append(("peak memory of one MLP step (tracemalloc)", "MiB", 2**-20, memory, "memory"))
    modules = ["numpy", "minigrad"] + (["torch"] if torch is not None else [])
    imports = dict(zip(["NumPy", "minigrad", "torch"], import_seconds(modules, reps).values()))
    rows.append(("`python -c \"import M\"`", "ms", 1e3, imports, "import"))
    return rows


def table(rows):
    """A markdown table; each ratio is to NumPy, with minigrad's target beside it."""
    lines = [
        "| workload | unit | NumPy | minigrad | minigrad/NumPy | target | torch | torch/NumPy |",
        "| --- | --- | ---: | ---: | ---: | --- | ---: | ---: |",
    ]
    for name, unit, scale, medians, key in rows:
        floor = medians["NumPy"]
        ratio = medians["minigrad"] / floor
        target = TARGETS.get(key)
        verdict = "" if target is None else f"≤ {target:.2f} {'met' if ratio <= target else 'MISSED'}"
        if "torch" in medians:
            torch_cells = f"{medians['torch'] * scale:.3g} | {medians['torch'] / floor:.2f}"
        else:
            torch_cells = "n/a | n/a"
        lines.append(f"| {name} | {unit} | {floor * scale:.3g} | {medians['minigrad'] * scale:.3g}"
                     f" | {ratio:.2f} | {verdict} | {torch_cells} |")
    versions = f"NumPy {np.__version__}" + (f", torch {torch.__version__}" if torch else "")
    lines += [
        "",
        f"Medians of interleaved runs (CPU time), one thread, {time.strftime('%Y-%m-%d')}, Python"
        f" {platform.python_version()}, {versions}, {platform.machine()}."
        " torch's memory is n/a: tracemalloc does not see its allocator.",
    ]
    return "\n".join(lines)


def update_readme(text):
    """Replace what lies between the bench-table markers in README.md."""
    readme = ROOT / "README.md"
    pattern = re.compile(r"(<!-- bench-table -->\n).*?(<!-- /bench-table -->)", re.S)
    old = readme.read_text()
    if not pattern.search(old):
        sys.exit("README.md has no <!-- bench-table --> ... <!-- /bench-table --> block")
    readme.write_text(pattern.sub(lambda m: m[1] + text + "\n" + m[2], old))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions, noisier numbers")
    parser.add_argument("--update-readme", action="store_true", help="write the table into README.md")
    args = parser.parse_args()
    text = table(measure(args.quick))
    print(text)
    if args.update_readme:
        update_readme(text)


if __name__ == "__main__":
    main()
