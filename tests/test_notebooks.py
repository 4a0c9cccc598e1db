"""The lesson notebooks against PyTorch, and what strict nbval cannot check by itself.

``python -m pytest`` also runs ``--nbval`` on ``notebooks/`` (see pyproject.toml): every cell
is re-executed in a fresh kernel and its output must equal the stored one. This file adds:

* every cell not tagged ``minigrad-only`` prints the same under ``import torch`` (PyTorch 2.13),
  run notebook-style by ``tests/oracle/harness.py`` with the stored outputs as expectation;
* the cells tagged ``nbval-ignore-output`` (graph pictures and backward steppers, whose SVG
  layout and widget views cannot be stable) show PyTorch's graph: a picture's DOT text is the one
  minigrad.viz draws from PyTorch's tensors for the same code, its stored output is that picture,
  and a stepper runs the nodes in the order PyTorch's engine runs them, stopping at the same error;
* every exercise's self-check accepts an answer computed with PyTorch and rejects a wrong one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from oracle import harness

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
ONLY, IGNORE = "minigrad-only", "nbval-ignore-output"
SLIDE_TYPES = {"slide", "subslide", "fragment", "skip", "notes", "-"}


def _load(path):
    return nbformat.read(path, as_version=4)


def _code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def _tags(cell):
    return set(cell.metadata.get("tags", ()))


# --------------------------------------------------------------------------
# notebook cells as harness cells: `import torch` instead of `import minigrad as torch`
# --------------------------------------------------------------------------
_OWN = ("viz", "exercises")  # minigrad's own modules, no PyTorch twin: imported as they are
_IMPORT = re.compile(r"^(import minigrad as torch|from minigrad((?:\.\w+)*) import (\w+))", re.M)


def _to_torch(match):
    if match.group(1) == "import minigrad as torch":
        return "import torch"
    module = (match.group(2) or "").lstrip(".").split(".")[0] or match.group(3)
    return match.group(0) if module in _OWN else f"from torch{match.group(2)} import {match.group(3)}"


def as_torch(source: str) -> str:
    """The cell as a PyTorch user writes it (the harness maps it back to minigrad when asked)."""
    return _IMPORT.sub(_to_torch, source)


def test_as_torch_rewrites_only_torch_mirrors():
    src = ("import minigrad as torch\nfrom minigrad.nn import functional as F\n"
           "from minigrad.autograd import grad\nfrom minigrad.exercises import check_leaves\n"
           "from minigrad import viz\nx = 'import minigrad as torch'")
    assert as_torch(src) == ("import torch\nfrom torch.nn import functional as F\n"
                             "from torch.autograd import grad\nfrom minigrad.exercises import check_leaves\n"
                             "from minigrad import viz\nx = 'import minigrad as torch'")


# Picture and stepper cells run with these stand-ins under both libraries: minigrad.viz draws
# PyTorch's tensors too, so a picture's DOT text can be compared whole; a stepper becomes the list
# of nodes it runs, and under PyTorch pre-hooks on every node record the engine's order.
PRELUDE = r'''
import re as _re
from minigrad import viz as _viz
from minigrad.autograd.engine import _graph  # the engine's own walk; PyTorch's graphs too


def _draw(*roots, **options):
    picture = _viz.draw(*roots, **options)
    print("picture:", _re.search(r"\d+ nodes, \d+ edges", repr(picture)).group())
    print(picture.source)


def _step(root, gradient=None, retain_graph=False, **options):
    error = None
    if type(root).__module__.split(".")[0] == "minigrad":
        stepper = _viz.BackwardStepper(root, gradient, retain_graph, **options)
        stepper.run()
        assert stepper.done
        names, error = [event.name for event in stepper.events], stepper.error
    else:
        names = []
        for node in [root.grad_fn, *_graph([root.grad_fn])]:
            node.register_prehook(lambda grads, node=node: names.append(node.name()))
        try:
            root.backward(gradient, retain_graph=retain_graph)
        except RuntimeError as exc:
            error = exc
    print("steps:", " ".join(names))
    if error is not None:
        print("error:", type(error).__name__, error)
'''


def _is_picture(cell):
    return "viz.draw(" in cell.source


def _is_stepper(cell):
    return "viz.BackwardStepper(" in cell.source


def harness_cells(nb):
    """(harness cells, matching notebook cells): untagged cells as PyTorch code, pictures and
    steppers through the stand-ins, other minigrad-only cells (environment checks) left out."""
    cells, sources = [PRELUDE], [None]
    for cell in _code_cells(nb):
        if ONLY in _tags(cell):
            if not (_is_picture(cell) or _is_stepper(cell)):
                continue
            code = re.sub(r"^from minigrad import viz\n", "", cell.source, flags=re.M)
            code = code.replace("viz.draw(", "_draw(").replace("viz.BackwardStepper(", "_step(")
        else:
            code = cell.source
        cells.append(as_torch(code))
        sources.append(cell)
    return cells, sources


def stored(cell) -> dict:
    """A notebook cell's stored outputs in the harness's terms (normalised as a minigrad run)."""
    out = {"stdout": "", "stderr": "", "display": None, "error": None, "warnings": []}
    for o in cell.outputs:
        if o.output_type == "stream":
            out[o.name] += o.text
        elif o.output_type == "execute_result":
            out["display"] = o.data.get("text/plain")
        elif o.output_type == "error":
            out["error"] = f"{o.ename}: {o.evalue}"
    return {k: (harness.normalize(v, "minigrad") if isinstance(v, str) else v) for k, v in out.items()}


_RUNS = {}


def run(path, backend):
    """The notebook's harness cells run in a fresh interpreter (cached: each run is a kernel's worth)."""
    key = (path.name, backend)
    if key not in _RUNS:
        cells, _ = harness_cells(_load(path))
        _RUNS[key] = harness.run_cells_isolated(cells, backend)
    return _RUNS[key]


def _torch():
    pytest.importorskip("torch", reason="PyTorch 2.13 not installed: notebook cells not compared with PyTorch")


def _ids(paths):
    return [p.stem for p in paths]


# --------------------------------------------------------------------------
# the notebooks as committed
# --------------------------------------------------------------------------
def test_lessons_present():
    assert [p.stem[:2] for p in NOTEBOOKS] == [f"{i:02d}" for i in range(9)]


def test_readme_lesson_map_lists_every_notebook():
    """README.md's Lessons section maps every lesson, in order."""
    rows = re.findall(r"^\| `(\d\d_\w+)` \|", (ROOT / "README.md").read_text(encoding="utf-8"), re.M)
    assert rows == [p.stem for p in NOTEBOOKS]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_committed_executed_in_order(path):
    """Outputs are stored, from one top-to-bottom run (execution counts 1, 2, 3, ...)."""
    cells = _code_cells(_load(path))
    counts = [c.execution_count for c in cells if c.source.strip()]
    assert counts == list(range(1, len(counts) + 1)), f"{path.name}: re-execute it in a fresh kernel"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_cell_metadata(path):
    """Slideshow metadata on every cell; minigrad-only cells say so in their first line;
    ignore-output only on minigrad-only pictures and steppers;
    lessons import minigrad as torch; the lesson ends with an exercise checked by minigrad.exercises."""
    nb = _load(path)
    for cell in nb.cells:
        assert cell.metadata.get("slideshow", {}).get("slide_type") in SLIDE_TYPES, cell.source[:60]
    for cell in _code_cells(nb):
        assert (ONLY in _tags(cell)) == cell.source.startswith("# minigrad only\n"), (
            f"{path.name}: students see the tag only as a first line `# minigrad only`: {cell.source[:60]}")
        if IGNORE in _tags(cell):
            assert ONLY in _tags(cell) and (_is_picture(cell) or _is_stepper(cell)), cell.source[:60]
        if ONLY not in _tags(cell):
            assert "viz" not in cell.source, f"{path.name}: a cell using viz must be tagged {ONLY}"
    assert _code_cells(nb)[0].source.startswith("import") and "import minigrad as torch" in "\n".join(
        c.source for c in _code_cells(nb)[:2])
    assert any("from minigrad.exercises import check_" in c.source for c in _code_cells(nb))


# --------------------------------------------------------------------------
# every untagged cell prints what PyTorch prints
# --------------------------------------------------------------------------
@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_untagged_cells_match_pytorch(path):
    _torch()
    nb = _load(path)
    cells, sources = harness_cells(nb)
    live = run(path, "torch")
    expected, got = [], []
    for code, cell, result in zip(cells, sources, live):
        if cell is None or ONLY in _tags(cell):
            continue
        expected.append({"code": code, **stored(cell)})
        got.append(result)
    harness.assert_same(expected, got, f"{path.name} (stored)", "PyTorch", path.name)


# --------------------------------------------------------------------------
# the ignore-output cells, asserted here
# --------------------------------------------------------------------------
TAGGED = [(p, i) for p in NOTEBOOKS for i, c in enumerate(_code_cells(_load(p))) if IGNORE in _tags(c)]


def _tagged_id(item):
    path, index = item
    return f"{path.stem}:{_code_cells(_load(path))[index].id}"


# Known divergences of the core, found by this test (strict: an XPASS means the core was fixed and
# the entry must go). cell id -> reason.
KNOWN_CORE_DIVERGENCES = {}


def _tagged_param(item):
    reason = KNOWN_CORE_DIVERGENCES.get(_code_cells(_load(item[0]))[item[1]].id)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(item, marks=marks, id=_tagged_id(item))


@pytest.mark.parametrize("item", [_tagged_param(t) for t in TAGGED])
def test_ignored_cell_shows_pytorchs_graph(item):
    path, index = item
    cell = _code_cells(_load(path))[index]
    cells, sources = harness_cells(_load(path))
    at = sources.index(cell)
    mine = run(path, "minigrad")[at]
    assert mine["error"] is None and mine["warnings"] == [], mine
    if _is_picture(cell):
        # the stored output is this picture: same node and edge counts, an SVG naming its nodes
        counts = re.search(r"picture: (.*)\n", mine["stdout"]).group(1)
        text = cell.outputs[-1].data["text/plain"]
        assert text.endswith(f": {counts}>"), (text, counts)
        svg = cell.outputs[-1].data["image/svg+xml"]
        ops = re.findall(r"\[label=(\w+) ", mine["stdout"])
        assert ops and all(op in svg for op in ops), (ops, svg[:200])
    else:
        assert mine["stdout"].startswith("steps: ") or "\nsteps: " in mine["stdout"], mine
        assert "application/vnd.jupyter.widget-view+json" in cell.outputs[-1].data
    _torch()
    live = run(path, "torch")[at]
    assert live["error"] is None, live
    assert mine["stdout"] == live["stdout"], f"minigrad:\n{mine['stdout']}\nPyTorch:\n{live['stdout']}"


# --------------------------------------------------------------------------
# the exercises' self-checks
# --------------------------------------------------------------------------
# For each answer cell: code computing the answer with (minigrad or) PyTorch, then wrong answers
# (the mistakes students make, or that a lax check would let through).
SOLUTIONS = {
    "00-ex1-answer": (
        "x = torch.tensor([-1., 0., 5.], requires_grad=True)\n(x * x).sum().backward()\nanswer = x.grad",
        "answer = [-1., 0., 5.]"),
    "01-ex1-answer": (
        "a = torch.ones(2)\nb = torch.ones(2, requires_grad=True)\nc = a * b\nd = c.sum().detach()\n"
        "answers = {k: (t.requires_grad, t.is_leaf) for k, t in zip('abcd', (a, b, c, d))}",
        "answers = {k: (True, True) for k in 'abcd'}"),
    "02-ex1-answer": (
        "x = torch.tensor([1., 2.], requires_grad=True)\nfor _ in range(3):\n    (x * x).sum().backward()\n"
        "answer = x.grad",
        "answer = [2., 4.]"),
    "02-ex2-answer": (
        "weights = torch.ones(4, requires_grad=True)\nseen = []\nfor epoch in range(3):\n"
        "    (weights * 3).sum().backward()\n    seen.append(weights.grad.clone())\n    weights.grad.zero_()",
        "weights = torch.ones(4, requires_grad=True)\nseen = []\nfor epoch in range(3):\n"
        "    (weights * 3).sum().backward()\n    seen.append(weights.grad.clone())"),
    "03-ex1-answer": (
        "x = torch.zeros(3, requires_grad=True)\n(x * torch.arange(3.)).sum().backward()\n"
        "v = (x.grad == 1).to(torch.float32)",
        "v = [1., 1., 1.]"),
    "03-ex2-answer": (
        "x = torch.tensor([-2., 0., 1., 3.], requires_grad=True)\n(x * torch.sigmoid(x)).sum().backward()\n"
        "by_hand = x.grad",
        "x = torch.tensor([-2., 0., 1., 3.])\nby_hand = torch.sigmoid(x)"),
    "04-ex1-answer": (
        "answer = []\nfor way in ('detach', 'data'):\n    a = torch.tensor([1., 2., 3.], requires_grad=True)\n"
        "    b = a.exp()\n    (b.detach() if way == 'detach' else b.data).zero_()\n    try:\n"
        "        b.sum().backward()\n    except RuntimeError:\n        answer.append(way)\nanswer = answer[0]",
        "answer = 'data'"),
    "04-ex2-answer": (
        "a = torch.tensor([1., 2., 3.], requires_grad=True)\nb = a.exp()\nsafe = b.detach().clone()",
        "a = torch.tensor([1., 2., 3.], requires_grad=True)\nb = a.exp()\nsafe = b.detach()",
        "a = torch.tensor([1., 2., 3.], requires_grad=True)\nb = a.exp()\nsafe = b.clone()",
        "a = torch.tensor([1., 2., 3.], requires_grad=True)\nb = a.exp()\nsafe = torch.zeros(3)"),
    "05-ex1-answer": (
        "x = torch.tensor([0.5, 1., 2.], requires_grad=True)\ny = x * x\n"
        "y.register_hook(lambda g: g.clamp(-1., 1.))\n(y * y).sum().backward()\nanswer = x.grad",
        "x = torch.tensor([0.5, 1., 2.], requires_grad=True)\ny = x * x\n(y * y).sum().backward()\n"
        "answer = x.grad"),
    "05-ex2-answer": (
        "x = torch.tensor([1., 2.])\nw = torch.tensor([3., 4.], requires_grad=True)\ny = x * w\n"
        "(answer,) = torch.autograd.grad((y ** 2).sum(), y)",
        "x = torch.tensor([1., 2.])\nw = torch.tensor([3., 4.], requires_grad=True)\ny = x * w\n"
        "(answer,) = torch.autograd.grad((y ** 2).sum(), w)",
        "x = torch.tensor([1., 2.])\nw = torch.tensor([3., 4.], requires_grad=True)\nanswer = x * w"),
    "06-ex1-answer": (
        "class LeakyReLU(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, z):\n"
        "        ctx.save_for_backward(z)\n        return torch.where(z > 0, z, 0.1 * z)\n\n    @staticmethod\n"
        "    def backward(ctx, g):\n        (z,) = ctx.saved_tensors\n        return torch.where(z > 0, g, 0.1 * g)\n\n"
        "x = torch.tensor([-2., -0.5, 0., 1.5], requires_grad=True)\noutput = LeakyReLU.apply(x)\n"
        "output.sum().backward()",
        "x = torch.tensor([-2., -0.5, 0., 1.5], requires_grad=True)\noutput = torch.relu(x)\n"
        "output.sum().backward()",
        "x = torch.tensor([-2., -0.5, 0., 1.5], requires_grad=True)\n"
        "output = torch.where(x > 0, x, 0.1 * x)"),  # right forward, backward not run
    "07-ex1-answer": (
        "def accuracy(logits, labels):\n    return (logits.max(dim=1).indices == labels).double().mean()",
        "def accuracy(logits, labels):\n    return (logits.max(dim=1).values > 0).double().mean()",
        "def accuracy(logits, labels):\n    return (logits.min(dim=1).indices == labels).double().mean()",
        "def accuracy(logits, labels):\n    return 0.5"),
    "08-ex1-answer": (
        "x = torch.tensor(2., requires_grad=True)\ng = x ** 4\nfor _ in range(3):\n"
        "    (g,) = torch.autograd.grad(g, x, create_graph=True)\nanswer = g",
        "x = torch.tensor(2., requires_grad=True)\n(g,) = torch.autograd.grad(x ** 4, x, create_graph=True)\n"
        "answer = g"),
}


def exercise_cells(path):
    """[(answer cell id, import cells, the check cell)] of one notebook."""
    cells = _code_cells(_load(path))
    imports = [c.source for c in cells if c.source.startswith("import") or "\nimport minigrad" in c.source][:1]
    found = []
    for i, cell in enumerate(cells):
        if cell.id.endswith("-answer"):
            found.append((cell.id, imports, cells[i + 1].source))
    return found


EXERCISES = [(p, cid) for p in NOTEBOOKS for cid, _, _ in exercise_cells(p)]


def test_every_exercise_has_a_solution():
    assert sorted(cid for _, cid in EXERCISES) == sorted(SOLUTIONS)


def _verdicts(backend):
    from minigrad import exercises

    cells, where = [], []
    for path, cid in EXERCISES:
        (_, imports, check), = [e for e in exercise_cells(path) if e[0] == cid]
        for k, answer in enumerate(SOLUTIONS[cid]):
            kind = "right" if k == 0 else f"wrong {k}"
            cells += [as_torch(c) for c in imports] + [as_torch(answer), as_torch(check)]
            where.append((cid, kind, len(cells) - 1))
    results = harness.run_cells_isolated(cells, backend)
    for cid, kind, at in where:
        expected = exercises.CORRECT if kind == "right" else exercises.NOT_YET
        result = results[at]
        assert result["error"] is None and result["stdout"].startswith(expected), (cid, kind, result)


def test_exercise_checks_minigrad():
    _verdicts("minigrad")


def test_exercise_checks_pytorch():
    _torch()
    _verdicts("torch")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_exercises_left_for_students(path):
    """The committed answer cells hold `...`; their checks ask for an answer."""
    from minigrad import exercises

    cells = _code_cells(_load(path))
    for i, cell in enumerate(cells):
        if cell.id.endswith("-answer"):
            assert "..." in cell.source
            assert "".join(o.get("text", "") for o in cells[i + 1].outputs).startswith(exercises.TODO)


# --------------------------------------------------------------------------
# instructors present the lessons as slides
# --------------------------------------------------------------------------
def test_slides():
    """`jupyter nbconvert --to slides` makes one slide per "slide" cell (reveal.js nests a section
    for each slide and for each of its subslides)."""
    from nbconvert import SlidesExporter

    exporter = SlidesExporter()
    for path in NOTEBOOKS:
        nb = _load(path)
        kinds = [c.metadata["slideshow"]["slide_type"] for c in nb.cells]
        assert kinds[0] == "slide", path.name
        body, _ = exporter.from_notebook_node(nb)
        assert body.count("<section") == 2 * kinds.count("slide") + kinds.count("subslide"), path.name
