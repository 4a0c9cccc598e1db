"""The random programs of test_random_programs depend on hypothesis's seed only.

The suite runs them in one pytest process after other tests, so anything those tests leave behind
(imported modules, hypothesis's caches, torch's warn-once flags, the global RNGs) must not change
which programs get written: otherwise a program that CI meets may never run on a developer's
machine, and a subset of the suite tests other programs than the whole suite.

This derives the first programs of the real test (its own seed, settings and strategy; only the
comparison is replaced by recording the program text) in two fresh interpreters: one that
derives them straight away, and one that first does what other tests do. The texts must be equal.
"""
import json
import os
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("torch", reason="the programs are written by running them on PyTorch")

TESTS = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = 40

DERIVE = """
import json, sys
sys.path.insert(0, {tests!r})
if sys.argv[1] == "after-other-tests":
    # What earlier tests in the same process do: import all of minigrad (the viz too) and other
    # local modules with constants in their source, run hypothesis, use torch's warn-once
    # warnings and the global RNGs.
    import importlib, pkgutil, random, warnings
    import numpy as np, torch, minigrad, minigrad.viz
    for m in pkgutil.walk_packages(minigrad.__path__, "minigrad."):
        importlib.import_module(m.name)
    sys.path.insert(0, sys.argv[2])
    import other_local_module
    from hypothesis import HealthCheck, given, settings, strategies as st

    # (a busy shared machine is no failure of determinism)
    @settings(max_examples=30, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(0, 999), st.lists(st.sampled_from(range(120))))
    def another_test(n, xs):
        pass
    another_test()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        (x * x).sum().backward(create_graph=True)
        x.T, torch.tensor(1.0).T
    random.random(), np.random.rand(), torch.rand(3)

import test_differential
seen = []
test_differential.KNOWN_DIVERGENCES = []
test_differential.check_program = lambda program: seen.append(repr(program))
test_differential.test_random_programs()
print(json.dumps(seen))
"""

# A local module (not under site-packages) whose source holds numbers a program could draw.
OTHER_LOCAL_MODULE = "SIZES = (100, 128, 255, 256, 500, 512, 999, 1000, 4096, 65536, 2**31 - 1)\n"


def test_programs_depend_on_the_seed_only(tmp_path):
    (tmp_path / "other_local_module.py").write_text(OTHER_LOCAL_MODULE)
    env = dict(os.environ, MINIGRAD_HYPOTHESIS_EXAMPLES=str(EXAMPLES))
    script = DERIVE.format(tests=TESTS)
    runs = {how: subprocess.Popen([sys.executable, "-c", script, how, str(tmp_path)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env=env, cwd=tmp_path)
            for how in ("fresh", "after-other-tests")}
    programs = {}
    for how, proc in runs.items():
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, f"{how}: {err[-3000:]}"
        programs[how] = json.loads(out)
    fresh, after = programs["fresh"], programs["after-other-tests"]
    assert len(fresh) == EXAMPLES
    first = next((i for i, (a, b) in enumerate(zip(fresh, after)) if a != b), None)
    assert fresh == after, (
        f"program {first} differs when other tests ran first:\n"
        + textwrap.indent(f"{fresh[first]}\n--- vs ---\n{after[first]}", "    "))
