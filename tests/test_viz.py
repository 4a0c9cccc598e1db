"""Pictures of autograd graphs (minigrad.viz): what they show, how they render, that they're stable.

PyTorch is the reference for what a picture shows: the same code run on both libraries must give
byte-identical DOT (tests that need it skip without torch). Rendering is checked with a `dot`
program, with pygraphviz only, and with neither.
"""
import os
import re
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import minigrad
from minigrad import viz
from minigrad.viz import graph as vgraph
from minigrad.viz import render as vrender

TESTS_DIR = Path(__file__).resolve().parent
ROOT = TESTS_DIR.parent
SVG_NS = "{http://www.w3.org/2000/svg}"

pygraphviz = pytest.importorskip("pygraphviz", reason="the kit's pygraphviz renders the pictures")


def both(code):
    """Run `code` with `torch` bound to minigrad and to PyTorch; the two namespaces."""
    torch = pytest.importorskip("torch", reason="PyTorch is the reference for what a picture shows")
    spaces = []
    for module in (minigrad, torch):
        ns = {"torch": module}
        exec(textwrap.dedent(code).strip(), ns)
        spaces.append(ns)
    return spaces


def labels(source):
    """{DOT id: (label text, attributes)} of the node statements of a DOT text."""
    found = {}
    for line in source.splitlines():
        m = re.match(r'\t(n\d+) \[label=("(?:[^"\\]|\\.)*"|\S+)(.*)\]$', line)
        if m:
            found[m.group(1)] = (m.group(2).strip('"').replace("\\n", "\n"), m.group(3))
    return found


def edges(source):
    return re.findall(r"\t(n\d+) -> (n\d+)(?: \[(.*)\])?$", source, re.M)


def svg_texts(svg):
    return [t.text for t in ET.fromstring(svg).iter(SVG_NS + "text")]


# --- what a picture shows, against PyTorch ----------------------------------------------------
KINDS = {
    "leaf, grad_fn, AccumulateGrad, root": """
        x = torch.tensor([[1., -1.], [1., 1.]], requires_grad=True)
        out1 = x.pow(2)
        out2 = out1.sum()
    """,
    ".grad once computed": """
        x = torch.tensor([1., 2., 3.], requires_grad=True)
        y = (x * x).sum()
        y.backward()
    """,
    "retained tensor": """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x * 3
        y.retain_grad()
        z = y.exp().sum()
        z.backward()
    """,
    "hooks on a leaf and on a non-leaf": """
        x = torch.tensor([1., 2.], requires_grad=True)
        y = x + 1
        hx = x.register_hook(lambda g: g * 2)
        hy = y.register_hook(lambda g: g)
        z = (y * y).mean()
    """,
    "CopySlices after an in-place op on a view": """
        x = torch.tensor([1., -2., 3.], requires_grad=True)
        z = x * 1
        z[1:] = 0.
        s = z.sum()
    """,
    "detached and no_grad tensors stay out": """
        x = torch.tensor([1., 2.], requires_grad=True)
        d = x.detach()
        with torch.no_grad():
            e = x * 3
        y = x * d + e
    """,
    "two roots sharing a node, big tensors by shape": """
        w = torch.ones(3, 4, requires_grad=True)
        h = w.tanh()
        a = h.sum()
        b = (h * 2).mean()
    """,
}


@pytest.mark.parametrize("case", sorted(KINDS))
def test_picture_matches_pytorch(case):
    """Same code, same picture: every kind of node is labelled as PyTorch's graph has it."""
    mini, ref = both(KINDS[case])
    roots = [k for k in ("out2", "y", "z", "s", "a", "b") if hasattr(mini.get(k), "grad_fn")]
    for options in ({}, {"show_values": False}, {"show_saved": True}, {"show_grads": False}):
        got = viz.draw(*[mini[k] for k in roots], names=mini, **options).source
        want = viz.draw(*[ref[k] for k in roots], names=ref, **options).source
        assert got == want


def test_node_kinds_in_pytorch_vocabulary():
    mini, ref = both(textwrap.dedent(KINDS["retained tensor"]) + "h = x.register_hook(lambda g: g)")
    found = labels(viz.draw(mini["z"], names=mini).source)
    by_text = {text.split("\n")[0]: attrs for text, attrs in found.values()}
    want = [type(n).__name__ for n in (ref["z"].grad_fn, ref["z"].grad_fn.next_functions[0][0])]
    assert want[0] in by_text and want[1] in by_text
    leaf = next(t for t, a in found.values() if t.startswith("x (2)"))
    assert leaf.split("\n") == ["x (2)", *vgraph._values(ref["x"]), "requires_grad=True",
                                "grad=" + vgraph._values(ref["x"].grad)[0], "hooks: 1"]
    retained = next((t, a) for t, a in found.values() if t.startswith("y (2)"))
    assert "retains_grad" in retained[0] and "khaki1" in retained[1]
    assert "peripheries=2" in next(a for t, a in found.values() if t.startswith("x (2)"))
    root = next(a for t, a in found.values() if t.startswith("z ()"))
    assert "darkolivegreen1" in root


def test_detached_tensors_never_appear():
    mini, _ = both(KINDS["detached and no_grad tensors stay out"])
    texts = [t for t, _ in labels(viz.draw(mini["y"], names=mini).source).values()]
    assert not any(t.startswith(("d ", "e ")) for t in texts)
    assert sum(t.startswith("x ") for t in texts) == 1


def test_a_detached_root_is_shown_outside_any_graph():
    t = minigrad.tensor([1., 2.], requires_grad=True).detach()
    found = labels(viz.draw(t, names={"t": t}).source)
    assert list(found.values())[0][0].endswith("requires_grad=False: not in a graph")
    assert edges(viz.draw(t).source) == []


def test_names_else_shapes():
    mini, _ = both(KINDS["leaf, grad_fn, AccumulateGrad, root"])
    texts = [t for t, _ in labels(viz.draw(mini["out2"]).source).values()]
    assert "x" not in " ".join(texts) and any(t.startswith("(2, 2)\n") for t in texts)
    named = [t for t, _ in labels(viz.draw(mini["out2"], names=mini).source).values()]
    assert any(t.startswith("x (2, 2)\n") for t in named) and "PowBackward0\nout1" in named


def saved_states(root):
    """(node name, attribute, version saved, version now, state) of every saved value."""
    return [(type(n).__name__, a, then, now, state)
            for n in vgraph.Graph([root]).nodes for a, _, then, now, state in vgraph._saved(n)]


def test_saved_tensors_versions_stale_and_freed_as_pytorch_reports():
    code = """
        a = torch.tensor([1., 2.], requires_grad=True)
        b = a.exp()
        c = b * b
        with torch.no_grad():
            b.add_(1)
        x = torch.tensor([1., 2.], requires_grad=True)
        y = (x * 2).sigmoid().sum()
        y.backward()
    """
    mini, ref = both(code)
    # stale: PyTorch's unpack error names the versions; freed: its second-backward error
    assert saved_states(mini["c"]) == saved_states(ref["c"])
    assert {s[-1] for s in saved_states(mini["c"])} == {"stale"}
    assert saved_states(mini["y"]) == saved_states(ref["y"])
    assert {s[-1] for s in saved_states(mini["y"])} == {"freed"}
    stale = labels(viz.draw(mini["c"], names=mini, show_saved=True).source)
    red = [t for t, a in stale.values() if vgraph.STALE in a]
    assert len(red) == len(saved_states(ref["c"])) == 3  # b*b: self, other; exp: its result
    then, now = saved_states(ref["c"])[0][2:4]
    assert f"self: b (2)\nsaved at version {then}, now {now}" in red
    freed = labels(viz.draw(mini["y"], show_saved=True).source)
    assert [t for t, a in freed.values() if vgraph.FREED_FILL in a] == (
        ["result\nfreed by backward", "other\nfreed by backward"])
    fresh, _ = both("x = torch.tensor([1., 2.], requires_grad=True)\ny = x.exp()")
    ok = [t for t, a in labels(viz.draw(fresh["y"], show_saved=True).source).values()
          if vgraph.FILL["saved"] in a]
    assert ok == ["result (2)\nsaved at version 0, now 0"]


def test_node_hooks_are_marked():
    x = minigrad.tensor([1., 2.], requires_grad=True)
    y = x.exp()
    y.grad_fn.register_prehook(lambda g: g)
    y.grad_fn.register_hook(lambda gi, go: gi)
    text, attrs = labels(viz.draw(y).source)["n0"]
    assert text == "ExpBackward0\nhooks: 2" and "peripheries=2" in attrs


# --- the lessons, side by side with PyTorch ---------------------------------------------------
def lesson_graphs(cells, backend):
    """After each cell, the DOT of every tensor that requires grad in the namespace."""
    from oracle import harness
    ns, shots = harness.new_namespace(), []
    with harness.backend_modules(backend):
        for i, code in enumerate(cells):
            harness.run_cell(code, ns, i)
            random = "rand" in code  # the lessons' one RNG cell: values differ, graph doesn't
            shots.append({k: viz.draw(v, names=ns, show_values=not random).source
                          for k, v in list(ns.items())
                          if not k.startswith("_") and hasattr(v, "grad_fn") and v.requires_grad})
    return shots


@pytest.mark.parametrize("lesson", ["it_raschka_relu_autograd", "ko_variable_and_autograd",
                                    "zh_autograd"])
def test_lesson_graphs_match_pytorch_node_for_node(lesson):
    pytest.importorskip("torch", reason="PyTorch is the reference")
    from lesson_cases import LESSONS
    mini, ref = lesson_graphs(LESSONS[lesson], "minigrad"), lesson_graphs(LESSONS[lesson], "torch")
    assert sum(len(s) for s in ref) > 20
    assert mini == ref


# --- stepper interface ------------------------------------------------------------------------
def test_highlight_edge_labels_and_error():
    x = minigrad.tensor([1., 2.], requires_grad=True)
    y = x.exp()
    z = (y * x).sum()
    mul = z.grad_fn.next_functions[0][0]
    exp, acc = mul.next_functions[0][0], mul.next_functions[1][0]
    source = viz.draw(z, highlight=[mul], edge_labels={(mul, exp): "grad [1., 2.]"}, error=acc,
                      names=locals()).source
    found = labels(source)
    ids = {text.split("\n")[0]: i for i, (text, _) in found.items()}
    assert "fillcolor=gold" in found[ids["MulBackward0"]][1]
    assert "color=red" in found[ids["AccumulateGrad"]][1]
    labelled = [e for e in edges(source) if e[2] and "label" in e[2]]
    assert labelled == [(ids["ExpBackward0"], ids["MulBackward0"],
                         'label="grad [1., 2.]" color=blue dir=back fontcolor=blue penwidth=2.5')]
    plain = viz.draw(z, names=locals()).source
    assert "gold" not in plain and "dir=back" not in plain and "red" not in plain


def test_highlighted_nodes_stay_visible_in_a_collapsed_graph():
    x = minigrad.tensor([1.], requires_grad=True)
    y = x
    for _ in range(200):
        y = y * 1.5
    deep = vgraph.Graph([y]).nodes[150]
    found = labels(viz.draw(y, highlight=iter([deep]), max_nodes=20).source)
    assert sum("gold" in a for _, a in found.values()) == 1


# --- escaping ---------------------------------------------------------------------------------
AWKWARD = ['say "hi"', "<b>bold</b>", "a & b &amp; c", "{braces} [x]", "π·∂x 中文 ✓",
           "back\\slash \\n", "<>", "x;y->z", "\\"]


def test_awkward_names_are_drawn_literally():
    ts = [minigrad.tensor([float(i)], requires_grad=True) for i in range(len(AWKWARD))]
    total = ts[0]
    for t in ts[1:]:
        total = total + t
    names = dict(zip(AWKWARD, ts))
    picture = viz.draw(total, names=names)
    texts = svg_texts(picture.svg)
    for name in AWKWARD:
        assert f"{name} (1)" in texts, name
    assert pygraphviz.AGraph(string=picture.source).number_of_nodes() == len(labels(picture.source))


# --- rendering: dot, pygraphviz, neither --------------------------------------------------------
def small_picture():
    x = minigrad.tensor([1., 2.], requires_grad=True)
    return viz.draw((x * x).sum(), names=locals())


@pytest.fixture
def no_dot(monkeypatch, tmp_path):
    """A PATH without Graphviz's dot (CI's fresh machine)."""
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


@pytest.fixture
def fake_dot(monkeypatch, tmp_path):
    """A `dot` program on PATH (a stand-in doing the layout with pygraphviz); logs its calls."""
    bindir, log = tmp_path / "bin", tmp_path / "dot.log"
    bindir.mkdir()
    script = bindir / "dot"
    script.write_text(textwrap.dedent(f"""\
        #!{sys.executable}
        import sys, pygraphviz
        fmt = [a[2:] for a in sys.argv[1:] if a.startswith("-T")][0]
        open({str(log)!r}, "a").write(" ".join(sys.argv[1:]) + "\\n")
        graph = pygraphviz.AGraph(string=sys.stdin.read())
        sys.stdout.buffer.write(graph.draw(format=fmt, prog="dot"))
    """))
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(bindir))
    return log


def check_svg(svg):
    assert svg.lstrip().startswith("<?xml") and "x (2)" in svg_texts(svg)


def test_renders_with_dot_on_path(fake_dot):
    assert vrender.renderer() == "dot"
    picture = small_picture()
    check_svg(picture.svg)
    assert fake_dot.read_text().split() == ["-Kdot", "-Tsvg"]


def test_renders_in_process_without_dot(no_dot):
    assert vrender.renderer() == "pygraphviz"
    picture = small_picture()
    bundle = picture._repr_mimebundle_()
    check_svg(bundle["image/svg+xml"])
    assert bundle["text/plain"] == "<minigrad.viz.Picture: 5 nodes, 5 edges>"  # x * x: two edges


@pytest.mark.parametrize("how", ["dot", "pygraphviz"])
def test_save_svg_png_pdf(how, request, tmp_path):
    request.getfixturevalue("fake_dot" if how == "dot" else "no_dot")
    picture = small_picture()
    magic = {"svg": b"<?xml", "png": b"\x89PNG", "pdf": b"%PDF"}
    for fmt, start in magic.items():
        path = picture.save(tmp_path / f"g.{fmt.upper() if fmt == 'pdf' else fmt}")
        assert path.read_bytes().startswith(start)
    assert picture.save(tmp_path / "g.dot").read_text() == picture.source
    with pytest.raises(ValueError, match="unknown picture format '.jpeg'"):
        picture.save(tmp_path / "g.jpeg")


def test_neither_renderer_shows_dot_and_a_hint(no_dot, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "pygraphviz", None)  # import pygraphviz raises ImportError
    assert vrender.renderer() is None
    picture = small_picture()
    assert picture.svg is None
    bundle = picture._repr_mimebundle_()
    assert list(bundle) == ["text/plain"]
    text = bundle["text/plain"]
    assert text.startswith(picture.source) and text.count("\n") == picture.source.count("\n") + 1
    assert "pip install pygraphviz" in text.splitlines()[-1]
    with pytest.raises(vrender.RendererNotFound, match="pip install pygraphviz"):
        picture.save(tmp_path / "g.png")


def test_rendering_leaves_stderr_clean():
    """The bundled fontconfig warns on its first use, on fd 2: none of it may get out."""
    code = ("import minigrad, minigrad.viz as viz\n"
            "x = minigrad.tensor([1.], requires_grad=True)\n"
            "print(len(viz.draw((x * 2).sum()).svg) > 0)")
    env = {**os.environ, "PATH": "/nonexistent", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert (out.stdout, out.stderr) == ("True\n", "")


def test_notebook_output_has_the_svg_and_no_stderr(monkeypatch):
    """In a real Jupyter kernel, which forwards fd 2 to the cell's output."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(textwrap.dedent("""\
        import minigrad as torch, minigrad.viz as viz
        x = torch.tensor([1., 2.], requires_grad=True)
        viz.draw((x.exp() * x).sum(), names=locals(), show_saved=True)"""))])
    # the kernel inherits our environment: a PATH without dot, this checkout first
    monkeypatch.setenv("PATH", os.pathsep.join(
        p for p in os.environ.get("PATH", "").split(os.pathsep) if not (Path(p) / "dot").exists()))
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.delenv("PYTEST_CURRENT_TEST")  # else ipykernel doesn't forward fd 2 at all
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = nb.cells[0].outputs
    assert [o.output_type for o in outputs] == ["execute_result"], outputs
    assert "x (2)" in svg_texts(outputs[0].data["image/svg+xml"])


# --- determinism and size ---------------------------------------------------------------------
DETERMINISM = """
import minigrad as torch, minigrad.viz as viz
w = torch.tensor([[0.5, -1.], [2., 0.25]], requires_grad=True)
b = torch.tensor([0.1, 0.2], requires_grad=True)
x = torch.tensor([[1., 2.], [3., 4.]])
h = (x.mm(w) + b).relu()
h.retain_grad()
loss = (h * h).sum() + h.mean()
other = (w * 3).sum()
for t in range(40):
    b = b * 1.01
deep = b.sum()
print(viz.draw(loss, other, deep, names=locals(), show_saved=True, max_nodes=30).source)
"""


def test_same_graph_gives_byte_identical_dot_across_runs():
    runs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        out = subprocess.run([sys.executable, "-c", DETERMINISM], capture_output=True, env=env)
        assert out.returncode == 0, out.stderr
        runs.append(out.stdout)
    assert runs[0] == runs[1] and b"more nodes" in runs[0] and b"MmBackward0" in runs[0]


def unrolled(steps):
    """`steps` iterations of y = tanh(y * w + b): 3 nodes per step, w and b shared by all."""
    w = minigrad.tensor([0.5], requires_grad=True)
    b = minigrad.tensor([0.1], requires_grad=True)
    y = minigrad.tensor([1.0], requires_grad=True)
    for _ in range(steps):
        y = (y * w + b).tanh()
    return y


def drawn_nodes(source):
    """Autograd nodes a DOT text stands for: drawn ones plus those summarised."""
    found = labels(source)
    shown = sum(f"fillcolor={vgraph.FILL['node']}" in a for _, a in found.values())
    hidden = [int(m) for t, _ in found.values() for m in re.findall(r"^\.\.\. (\d+) more nodes", t)]
    return shown, hidden


def test_a_thousand_node_graph_collapses_and_draws():
    y = unrolled(333)
    total = len(vgraph.Graph([y]).nodes)
    assert total == 1002
    picture = viz.draw(y)
    shown, hidden = drawn_nodes(picture.source)
    assert shown + len(hidden) <= 60 and shown + sum(hidden) == total
    assert "TanhBackward0 \u00d7" in picture.source
    svg_texts(picture.svg)  # renders, and is well-formed XML
    full = viz.draw(y, max_nodes=None).source
    assert drawn_nodes(full) == (total, [])


def test_long_chains_keep_both_ends():
    x = minigrad.tensor([1.], requires_grad=True)
    y = x
    for _ in range(1000):
        y = y * 1.0001
    root = y.sum()
    source = viz.draw(root, names={"x": x}).source
    shown, hidden = drawn_nodes(source)
    assert len(hidden) == 1 and shown + 1 <= 60 and shown + hidden[0] == 1002
    texts = [t for t, _ in labels(source).values()]
    assert texts[-2].startswith("x (1)") and "AccumulateGrad" in texts  # the far end is there
    shown, hidden = drawn_nodes(viz.draw(root, max_nodes=10).source)
    assert len(hidden) == 1 and shown + 1 <= 10 and shown + hidden[0] == 1002


def test_deep_graphs_do_not_recurse():
    y = unrolled(4000)  # 12,000 nodes deep: any recursion would hit Python's limit
    shown, hidden = drawn_nodes(viz.draw(y).source)
    assert shown + sum(hidden) == len(vgraph.Graph([y]).nodes) == 3 * 4000 + 3


# --- bad input --------------------------------------------------------------------------------
def test_bad_input_gets_a_clear_error():
    x = minigrad.tensor([1.], requires_grad=True)
    with pytest.raises(TypeError, match="draw\\(\\) expects tensors, got int"):
        viz.draw(3)
    with pytest.raises(ValueError, match="rankdir must be one of"):
        viz.draw(x, rankdir="UP")
    with pytest.raises(ValueError, match="max_nodes must be a positive number or None"):
        viz.draw(x, max_nodes=0)
    with pytest.raises(TypeError, match="draw\\(\\) needs at least one tensor"):
        viz.draw()
    with pytest.raises(TypeError, match="names must be a dict such as locals\\(\\), got list"):
        viz.draw(x, names=[x])


def test_stepper_is_exported_lazily():
    code = ("import sys, minigrad.viz as viz\n"
            "print(sorted(m for m in ('minigrad.viz.stepper', 'ipywidgets') if m in sys.modules))\n"
            "print(viz.draw.__module__, viz.Picture.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines = out.stdout.split("\n")
    assert lines[:2] == ["[]", "minigrad.viz.graph minigrad.viz.render"], out.stderr
    assert "BackwardStepper" in viz.__all__
    with pytest.raises(AttributeError, match="has no attribute 'Stepper'"):
        viz.Stepper
