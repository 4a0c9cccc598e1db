"""Turn DOT text into SVG/PNG/PDF on whatever this machine has, and show it in notebooks.

Renderers, first that works: Graphviz's `dot` program on PATH (through the graphviz package),
else pygraphviz, whose wheels bundle the Graphviz libraries and lay out in-process, so a
pip-only laptop draws too; with neither, a picture shows its DOT text and how to install one.
"""
import contextlib
import os
import re
import shutil
import sys
from pathlib import Path

import graphviz

INSTALL_HINT = ("(no Graphviz renderer found: `pip install pygraphviz` bundles one, "
                "or install Graphviz's `dot` from https://graphviz.org/download/)")
FORMATS = ("svg", "png", "pdf")


class RendererNotFound(RuntimeError):
    """Neither a `dot` program nor pygraphviz is available."""


def renderer():
    """'dot' if Graphviz's program is on PATH, else 'pygraphviz' if importable, else None."""
    if shutil.which("dot"):
        return "dot"
    try:
        import pygraphviz  # noqa: F401
    except ImportError:
        return None
    return "pygraphviz"


def render(source, format="svg"):
    """The bytes of DOT `source` laid out by dot and rendered in `format`."""
    how = renderer()
    if how == "dot":
        return graphviz.pipe("dot", format, source.encode("utf-8"), quiet=True)
    if how == "pygraphviz":
        import pygraphviz
        with _quiet_fd2():
            return pygraphviz.AGraph(string=source).draw(format=format, prog="dot")
    raise RendererNotFound(INSTALL_HINT.strip("()"))


@contextlib.contextmanager
def _quiet_fd2():
    """Keep C libraries' chatter out of notebooks: the bundled fontconfig warns on first use
    ("Fontconfig warning: ... unknown element"), straight to file descriptor 2, which a Jupyter
    kernel forwards to the cell's output. Like `dot` run quietly, what Graphviz says there is
    dropped: a failed layout raises in pygraphviz anyway."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (AttributeError, ValueError, OSError):  # no stderr at all (pythonw): nothing to hide
        yield
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Picture:
    """A drawn graph: `.source` (DOT), `.svg`, `.save(path)`; shows itself in notebooks."""

    def __init__(self, source):
        self.source = source
        self._svg = None

    @property
    def svg(self):
        """The SVG text, or None when this machine has no renderer."""
        if self._svg is None:
            try:
                self._svg = render(self.source, "svg").decode("utf-8")
            except RendererNotFound:
                return None
        return self._svg

    def save(self, path):
        """Write the picture; the format comes from the suffix (.svg, .png, .pdf, or .dot/.gv)."""
        path = Path(path)
        fmt = path.suffix.lower().lstrip(".")
        if fmt in ("dot", "gv"):
            path.write_text(self.source, encoding="utf-8")
        elif fmt in FORMATS:
            svg = self.svg if fmt == "svg" else None
            path.write_bytes(svg.encode("utf-8") if svg is not None else render(self.source, fmt))
        else:
            raise ValueError(f"unknown picture format {path.suffix!r}: use one of "
                             + ", ".join("." + f for f in FORMATS + ("dot",)))
        return path

    def _repr_mimebundle_(self, include=None, exclude=None):
        """SVG for JupyterLab, Notebook 7 and VS Code; DOT text and a hint when it can't render."""
        try:
            svg = self.svg
        except Exception as e:  # a notebook shows a picture or text, never a traceback
            return {"text/plain": f"{self.source}\n(Graphviz failed: {type(e).__name__}: {e})"}
        if svg is None:
            return {"text/plain": f"{self.source}\n{INSTALL_HINT}"}
        return {"image/svg+xml": svg, "text/plain": repr(self)}

    def __repr__(self):
        lines = self.source.splitlines()
        edges = sum(" -> " in line for line in lines)
        nodes = sum(re.match(r"\tn\d+ \[", line) is not None for line in lines)
        return f"<minigrad.viz.Picture: {nodes} nodes, {edges} edges>"
