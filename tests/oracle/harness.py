"""Notebook-style runner used to compare minigrad against PyTorch.

``run_cells(cells, backend)`` executes a list of code cells (strings) one after
the other in a single fresh namespace, the way a Jupyter kernel would, and
returns for every cell what a student would see:

* ``stdout`` / ``stderr``: text printed while the cell ran (hooks included);
* ``display``: ``repr()`` of the value of a final expression statement, unless
  it is ``None`` (IPython displayhook behaviour, without the pretty printer);
* ``error``: ``"TypeName: message"`` of an exception; the rest of that cell is
  skipped, later cells still run (like a notebook);
* ``warnings``: ``"Category: message"`` for every warning raised in the cell
  (``warnings.simplefilter("always")``).

Memory addresses ``0x1234abcd`` are normalised to ``0x...``.

``backend="torch"`` runs the cells against the real PyTorch.
``backend="minigrad"`` makes ``import torch``, ``import torch.nn.functional as F``,
``from torch.autograd import grad`` ... resolve to ``minigrad`` (and its
submodules) by aliasing entries of ``sys.modules`` for the duration of the run;
``sys.modules`` is restored afterwards.  In minigrad runs every occurrence of
the word ``minigrad`` in the captured text is rewritten to ``torch``.

``run_cells_isolated`` does the same in a fresh Python process (one notebook
kernel per lesson): PyTorch has process-wide state (e.g. warn-once messages,
the default RNG), so recordings and comparisons use it.

The module is also a small CLI used by ``run_cells_isolated``::

    python harness.py INPUT.json OUTPUT.json
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import importlib
import io
import json
import os
import pkgutil
import re
import subprocess
import sys
import warnings
from pathlib import Path

BACKENDS = ("torch", "minigrad")
REFERENCE_TORCH = "2.13"  # the version recordings are made with


def reference_torch_version() -> str:
    """The installed torch's version, refusing to record with anything but the reference."""
    import torch

    if not torch.__version__.startswith(REFERENCE_TORCH):
        raise SystemExit(f"expected PyTorch {REFERENCE_TORCH}.x, found {torch.__version__}")
    return torch.__version__
REPO_ROOT = Path(__file__).resolve().parents[2]

_ADDRESS_RE = re.compile(r"0x[0-9a-fA-F]+")
DEFAULT_PACKAGE = "minigrad"
CELL_KEYS = ("code", "stdout", "stderr", "display", "error", "warnings")


# --------------------------------------------------------------------------
# text normalisation
# --------------------------------------------------------------------------
def normalize(text: str | None, backend: str, package: str = DEFAULT_PACKAGE) -> str | None:
    """Make captured text comparable between runs and libraries.

    Addresses become ``0x...``; in non-torch runs the word *package*
    (``minigrad``) becomes ``torch``.
    """
    if text is None:
        return None
    text = _ADDRESS_RE.sub("0x...", text)
    if backend != "torch":
        text = re.sub(r"\b%s\b" % re.escape(package), "torch", text)
    return text


# --------------------------------------------------------------------------
# module aliasing: ``torch`` -> ``minigrad``
# --------------------------------------------------------------------------
def _is_torch_name(name: str) -> bool:
    return name == "torch" or name.startswith("torch.")


def _import_all_submodules(package) -> None:
    """Import every submodule of *package* so that each can be aliased.

    A submodule that fails to import is skipped: a lesson cell that needs it
    will then fail with the ordinary import error, which is what we want to see.
    """
    path = getattr(package, "__path__", None)
    if path is None:
        return
    for info in pkgutil.walk_packages(path, prefix=package.__name__ + ".", onerror=lambda name: None):
        try:
            importlib.import_module(info.name)
        except Exception:  # pragma: no cover - depends on the state of minigrad
            pass


@contextlib.contextmanager
def torch_is_minigrad(package: str = DEFAULT_PACKAGE):
    """Within the block, ``import torch[.x.y]`` gives ``minigrad[.x.y]``.

    Every ``torch``/``torch.*`` entry of ``sys.modules`` is saved and removed,
    ``minigrad`` and all its submodules are imported and registered under the
    ``torch`` names; on exit the ``torch`` entries are put back exactly as they
    were (the ``minigrad`` modules stay imported under their own names).
    """
    saved = {name: mod for name, mod in sys.modules.items() if _is_torch_name(name)}
    for name in saved:
        del sys.modules[name]
    try:
        if str(REPO_ROOT) not in sys.path:
            sys.path.insert(0, str(REPO_ROOT))
        root = importlib.import_module(package)
        _import_all_submodules(root)
        for name, mod in list(sys.modules.items()):
            if name == package or name.startswith(package + "."):
                sys.modules["torch" + name[len(package):]] = mod
        yield root
    finally:
        for name in [n for n in sys.modules if _is_torch_name(n)]:
            del sys.modules[name]
        sys.modules.update(saved)


@contextlib.contextmanager
def backend_modules(backend: str, package: str = DEFAULT_PACKAGE):
    if backend == "minigrad":
        with torch_is_minigrad(package):
            yield
    elif backend == "torch":
        mod = sys.modules.get("torch")
        if mod is not None and getattr(mod, "__name__", "torch") != "torch":
            raise RuntimeError("sys.modules['torch'] is aliased to %r" % mod.__name__)
        yield
    else:
        raise ValueError(f"unknown backend {backend!r}, expected one of {BACKENDS}")


# --------------------------------------------------------------------------
# running cells
# --------------------------------------------------------------------------
def _compile_cell(code: str, filename: str):
    """Split a cell like IPython: statements to exec + an optional final expression."""
    tree = ast.parse(code, filename=filename, mode="exec")
    last_expr = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last_expr = ast.Expression(tree.body.pop().value)
    body = compile(tree, filename, "exec")
    expr = compile(last_expr, filename, "eval") if last_expr is not None else None
    return body, expr


def _format_exception(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def new_namespace() -> dict:
    return {"__name__": "__main__", "__builtins__": builtins}


def run_cell(code: str, namespace: dict, index: int = 0) -> dict:
    """Run one cell in *namespace*; return the raw (un-normalised) capture."""
    out, err = io.StringIO(), io.StringIO()
    display = error = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                body, expr = _compile_cell(code, f"<cell {index}>")
                exec(body, namespace)
                if expr is not None:
                    value = eval(expr, namespace)
                    if value is not None:
                        namespace["_"] = value
                        display = repr(value)
            except Exception as exc:  # a notebook shows the error and goes on
                error = _format_exception(exc)
    return {
        "code": code,
        "stdout": out.getvalue(),
        "stderr": err.getvalue(),
        "display": display,
        "error": error,
        "warnings": [f"{w.category.__name__}: {w.message}" for w in caught],
    }


def run_cells(cells: list[str], backend: str = "torch", package: str = DEFAULT_PACKAGE) -> list[dict]:
    """Run *cells* notebook-style in this process; JSON-able list of per-cell dicts.

    *package* is the module that stands in for ``torch`` when
    ``backend="minigrad"`` (only the harness self-tests change it).
    """
    results = []
    with backend_modules(backend, package):
        namespace = new_namespace()
        for i, code in enumerate(cells):
            raw = run_cell(code, namespace, i)
            cell = {"code": code}
            for key in CELL_KEYS[1:]:
                value = raw[key]
                if key == "warnings":
                    cell[key] = [normalize(w, backend, package) for w in value]
                else:
                    cell[key] = normalize(value, backend, package)
            results.append(cell)
        # Print options are process-wide: a case that changes them must not change the next
        # case's text (each case stands for a fresh kernel).
        reset = getattr(sys.modules.get("torch"), "set_printoptions", None)
        if reset is not None:  # (the harness's own tests stand a bare package in for torch)
            reset(profile="default")
    return results


def run_cells_isolated(cells: list[str], backend: str = "torch", timeout: float = 300) -> list[dict]:
    """Like :func:`run_cells`, in a fresh interpreter (a fresh notebook kernel)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        src, dst = Path(tmp, "in.json"), Path(tmp, "out.json")
        src.write_text(json.dumps({"cells": cells, "backend": backend}))
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(REPO_ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
        )
        proc = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), str(src), str(dst)],
            cwd=str(REPO_ROOT), env=env, capture_output=True, text=True, timeout=timeout,
        )
        if proc.returncode != 0 or not dst.exists():
            raise RuntimeError(
                f"harness subprocess failed (exit {proc.returncode}) for backend {backend!r}:\n"
                f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"
            )
        return json.loads(dst.read_text())


# --------------------------------------------------------------------------
# comparison helpers
# --------------------------------------------------------------------------
def _show(value) -> str:
    if value is None:
        return "None"
    if isinstance(value, list):
        return "[" + ", ".join(repr(v) for v in value) + "]" if value else "[]"
    return value if "\n" not in value else "\n" + value


def diff_cells(expected: list[dict], got: list[dict], expected_name="expected", got_name="got") -> str:
    """Human-readable per-cell diff; empty string when identical."""
    parts = []
    if len(expected) != len(got):
        parts.append(f"number of cells differs: {expected_name}={len(expected)} {got_name}={len(got)}")
    for i, (exp, act) in enumerate(zip(expected, got)):
        keys = [k for k in CELL_KEYS if exp.get(k) != act.get(k)]
        if not keys:
            continue
        lines = [f"=== cell {i} ===", "code:"]
        lines += ["    " + line for line in exp.get("code", "").splitlines()]
        for k in keys:
            lines.append(f"--- {k} ({expected_name}): {_show(exp.get(k))}")
            lines.append(f"+++ {k} ({got_name}): {_show(act.get(k))}")
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def assert_same(expected, got, expected_name, got_name, what):
    """In a test: fail with the per-cell diff when two runs of the same cells differ."""
    diff = diff_cells(expected, got, expected_name, got_name)
    if diff:
        import pytest  # only tests call this; the recorders run without pytest
        pytest.fail(f"{what}: {got_name} differs from {expected_name}\n\n{diff}", pytrace=False)


def write_recording(path: Path, data: dict, kind: str) -> None:
    """Write a recording as stable JSON and say what it holds (data[kind]: name -> cells)."""
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                    encoding="utf-8")
    n_cells = sum(len(cells) for cells in data[kind].values())
    print(f"wrote {path} ({len(data[kind])} {kind}, {n_cells} cells, torch {data['torch_version']})")


def _main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    spec = json.loads(Path(argv[0]).read_text())
    results = run_cells(spec["cells"], spec.get("backend", "torch"))
    Path(argv[1]).write_text(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
