"""Step through backward one node at a time: the real engine, paused between nodes.

`BackwardStepper` drives the very generator that `backward()` consumes
(`minigrad.autograd.backward_run`), so what a student watches is what backward does. Each step
taken is recorded with the state it changed (leaves' `.grad`, retained grads, freed buffers), so
`back()` and `reset()` can undo it, and stepping forward again replays the record instead of
running the node a second time: hooks fire once per real pass and nothing accumulates twice.
"""
import html

import numpy as np

from .. import autograd
from ..autograd.engine import AccumulateGrad, _graph
from ..tensor import Tensor
from .graph import _values


class StepEvent:
    """One step of the pass: the engine's `Step` for the node that ran, or the error it raised.

    `before`/`after` hold the state the node owns (see `_owned_state`) at the start of the pass
    and right after its step: undoing the step restores the first, replaying it the second.
    """

    __slots__ = ("index", "node", "step", "error", "before", "after", "labels", "panel")

    def __init__(self, index, node, step, error, before, after):
        self.index, self.node, self.step, self.error = index, node, step, error
        self.before, self.after = before, after
        self.labels = self.panel = None  # edge labels and panel text, made once when first shown

    @property
    def name(self):
        return self.node.name() if self.node is not None else "?"

    def __repr__(self):
        what = f"error {type(self.error).__name__}" if self.error is not None else "ran"
        return f"<StepEvent {self.index + 1}: {self.name} {what}>"


def _owned_tensors(node):
    """Tensors whose `.grad` only this node's step writes: its leaf, and outputs that retain grad."""
    owned = [node.variable] if isinstance(node, AccumulateGrad) else []
    for ref in (node._retains_grad or {}).values():
        tensor = ref()
        if tensor is not None:
            owned.append(tensor)
    return owned


def _owned_state(node):
    """What a step of `node` can change, copied: each owned tensor's grad (object, values,
    version; accumulation adds in place) and the node's saved tensors (freed after it runs)."""
    grads = []
    for tensor in _owned_tensors(node):
        g = tensor._grad
        grads.append((tensor, g, None if g is None else g._data.copy(),
                      None if g is None else g._version_counter.value))
    return grads, dict(node._saved_tensors)


def _restore(node, state):
    grads, saved = state
    for tensor, g, data, version in grads:
        if g is not None:  # in place, as accumulation was: a reference to .grad sees it too
            np.copyto(g._data, data)
            g._version_counter.value = version
        tensor._grad = g
    node._saved_tensors = dict(saved)


class BackwardStepper:
    """Run `root.backward(gradient, retain_graph)` one node at a time, forwards and back.

    `step()` runs the next node (or replays it after `back()`), `back()` undoes one step,
    `reset()` undoes them all, `run()` steps to the end; `events` lists the steps taken, `done`
    says no step is left (the pass finished, or stopped at an error, see `error`).
    Displaying the stepper shows the widgets; `presentation=True` starts in projector mode.
    """

    def __init__(self, root, gradient=None, retain_graph=False, names=None, presentation=False):
        self.root, self.names = root, names
        self._node_names = _names(names)
        # backward_run checks the seed now (PyTorch's errors at once); the pass starts at step().
        self._run = autograd.backward_run(root, gradient, retain_graph=retain_graph)
        self._next = root._edge()[0]  # backward starts at the root's node; each Step names the next
        self._nodes = [self._next, *_graph([self._next])]  # every node the pass can run
        self._history = []   # every event taken from the engine in this pass
        self._pos = 0        # how many of them are applied now
        self._start = None   # node -> its owned state before the pass
        self._finished = False
        self._presentation = presentation
        self._ui = None
        self._pictures = {}  # position -> Picture (the graph's state at a position is fixed)

    # -- programmatic API (what the buttons call) ------------------------------------------------

    @property
    def events(self):
        """The steps taken so far, oldest first."""
        return tuple(self._history[:self._pos])

    @property
    def done(self):
        """True when no step is left: backward finished, or stopped at an error."""
        return self._pos == len(self._history) and self._finished

    @property
    def error(self):
        """The exception of the current step, if backward raised it there."""
        return self._history[self._pos - 1].error if self._pos else None

    @property
    def next_node(self):
        """The node the next `step()` runs (None when done)."""
        if self._pos < len(self._history):
            return self._history[self._pos].node
        return None if self._finished else self._next

    def step(self):
        """Run the next node; returns its StepEvent (None when done)."""
        if not self._advance():
            return None
        self._refresh()
        return self._history[self._pos - 1]

    def back(self):
        """Undo the last step; returns the event undone (None at the start)."""
        if self._pos == 0:
            return None
        self._retreat()
        self._refresh()
        return self._history[self._pos]

    def reset(self):
        """Undo every step: the graph and the grads are as before the pass."""
        self.goto(0)

    def run(self):
        """Step to the end (or to the error that stops backward)."""
        while self._advance():
            pass
        self._refresh()

    def goto(self, position):
        """Step forwards or back until `position` steps are applied (or no step is left)."""
        while self._pos > position:
            self._retreat()
        while self._pos < position and self._advance():
            pass
        self._refresh()

    # -- the engine ----------------------------------------------------------------------------

    def _take(self):
        """Pull one Step from the engine's generator and record it (or the error it raised)."""
        if self._start is None:  # the pass starts: remember what each node's step may change
            self._start = {node: _owned_state(node) for node in self._nodes}
        node = self._next
        try:
            step = next(self._run)
        except StopIteration:
            self._finished = True
            return None
        except Exception as exc:  # noqa: BLE001 -- shown at its step; the stepper stays usable
            self._finished = True
            step, error = None, exc
        else:
            node, error = step.node, None
            self._next = step.next
            if self._next is None:  # nothing left: let the engine finish (and clean up) now
                next(self._run, None)
                self._finished = True
        event = StepEvent(len(self._history), node, step, error,
                          self._start[node], _owned_state(node))
        self._history.append(event)
        return event

    def _advance(self):
        """One step forward, without redrawing: a replay of the record, else the engine's next
        step; False when none is left."""
        if self._pos < len(self._history):
            event = self._history[self._pos]
            _restore(event.node, event.after)  # hooks and accumulation happened already
        elif self.done or self._take() is None:
            return False
        self._pos += 1
        return True

    def _retreat(self):
        """One step back, without redrawing: the node's state as before the pass."""
        self._pos -= 1
        event = self._history[self._pos]
        _restore(event.node, event.before)

    # -- what the widgets show -----------------------------------------------------------------

    def _name(self, node):
        """A node's label in the panel: PyTorch's name, and the user's name for its tensor."""
        label = self._node_names.get(node)
        return type(node).__name__ + (f" ({label})" if label else "")

    def _labels(self, event):
        """Edge labels of one step: the gradient it sent along each edge to an input."""
        if event.labels is None:
            event.labels = {}
            if event.step is not None:
                for (child, _), g in zip(event.node.next_functions, event.step.grad_inputs):
                    if child is not None and g is not None:
                        key = (event.node, child)
                        text = _short(g)
                        event.labels[key] = event.labels[key] + "; " + text \
                            if key in event.labels else text
        return event.labels

    def picture(self):
        """The graph now: the node about to run highlighted, gradients on the edges they took."""
        from . import draw
        picture = self._pictures.get(self._pos)
        if picture is None:
            labels = {}
            for event in self._history[:self._pos]:
                labels.update(self._labels(event))
            error = self.error
            next_node = self.next_node
            picture = draw(self.root, names=self.names,
                           highlight=() if next_node is None else (next_node,),
                           edge_labels=labels,
                           error=None if error is None else self._history[self._pos - 1].node,
                           show_saved=error is not None)
            self._pictures[self._pos] = picture
        return picture

    def panel(self):
        """HTML describing the current step (what the panel widget shows)."""
        next_node = self.next_node
        head = f"step {self._pos} of {len(self._nodes)}"
        if next_node is not None:
            head += f" &middot; next: <b>{html.escape(self._name(next_node))}</b>"
        elif self.done and self.error is None:
            head += " &middot; backward finished"
        if self._pos == 0:
            return f"<div class='mg-head'>{head}</div><p>Press <b>step</b> to run the first node."
        event = self._history[self._pos - 1]
        if event.panel is None:
            event.panel = self._describe(event)
        return f"<div class='mg-head'>{head}</div>{event.panel}"

    def _describe(self, event):
        esc = html.escape
        rows = [f"<h4>{event.index + 1}. {esc(self._name(event.node))}</h4>"]
        if event.error is not None:
            rows.append(f"<pre class='mg-error'>{esc(type(event.error).__name__)}: "
                        f"{esc(str(event.error))}</pre>")
            return "".join(rows)
        step = event.step

        def item(title, lines):
            if lines:
                rows.append(f"<div class='mg-section'><b>{title}</b><ul>"
                            + "".join(f"<li>{line}</li>" for line in lines) + "</ul></div>")

        item("gradient received", [_pre(g) for g in step.grad_outputs])
        item("passes to its inputs", [
            f"{i}: &rarr; {esc(self._name(child))} {_pre(g)}"
            for i, ((child, _), g) in enumerate(zip(event.node.next_functions, step.grad_inputs))
            if child is not None])
        item("hooks fired", [
            f"{kind} hook <code>{esc(getattr(hook, '__name__', repr(hook)))}</code> returned "
            + ("None" if out is None else _pre(out))
            for kind, hook, _, out in step.hooks])
        for leaf, before, _ in step.accumulated:
            item(f"{esc(self._node_names.get(event.node) or 'leaf')}.grad", [
                "before: " + _pre(before), "after: " + _pre(_grad_value(event.after, leaf))])
        item("retained grads", [f"{esc(self._node_names.get(event.node) or 'output')}.grad = "
                                + _pre(_grad_value(event.after, t)) for t, _ in step.retained])
        saved = [k for k in event.before[1]]
        if saved:
            item("saved tensors", [("freed: " if step.freed else "kept (retain_graph=True): ")
                                   + ", ".join(esc(k) for k in saved)])
        return "".join(rows)

    # -- widgets -------------------------------------------------------------------------------

    @property
    def widget(self):
        """The ipywidgets box (built on first use, so programmatic use never renders)."""
        if self._ui is None:
            self._ui = _Widgets(self)
            self._refresh()
        return self._ui.box

    def _refresh(self):
        if self._ui is not None:
            self._ui.refresh()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self):
        return f"<BackwardStepper step {self._pos} of {len(self._nodes)}>"


def _grad_value(state, tensor):
    for t, _, data, _ in state[0]:
        if t is tensor:
            return data
    return None


def _names(names):
    """node -> the user's name for the tensor it belongs to (a leaf's AccumulateGrad, or the
    grad_fn of a non-leaf), from a dict like locals()."""
    out = {}
    for name, value in (names or {}).items():
        if isinstance(value, Tensor) and value.requires_grad:
            node = value._edge()[0]
            if node is not None and node not in out:
                out[node] = name
    return out


def _short(g):
    """A gradient small enough for an edge label: its values (as the picture prints a leaf's)
    if few, else its shape."""
    data = g._data if isinstance(g, Tensor) else np.asarray(g)
    if data.size > 4:
        return "\u00d7".join(map(str, data.shape))
    return " ".join(_values(data))


def _pre(value):
    """A tensor (or array) printed as PyTorch prints it, for the panel (in the panel's size)."""
    if value is None:
        return "None"
    if isinstance(value, tuple):
        return "(" + ", ".join(_pre(v) for v in value) + ")"
    if not isinstance(value, Tensor):
        value = Tensor._make(np.asarray(value))
    return f"<code style='white-space:pre;font-size:inherit'>{html.escape(repr(value))}</code>"


class _Layouts:
    """Graphviz lays out each shape of graph once; a step only restyles it and draws it again.

    Laying out is the slow part (edge labels make it slower still), while most steps change
    colours and edge labels, not the shape: so each shape (node ids, the size of their labels,
    edges) is laid out once without edge labels, and every picture of that shape keeps those
    positions and is drawn by Graphviz's `nop2`, which places the edge labels on the edges.
    (A leaf's box grows when it gets its .grad: a new shape, laid out anew.)
    """

    def __init__(self):
        import pygraphviz  # bundles Graphviz: the kit's renderer on a pip-only machine
        self._pgv = pygraphviz
        self._cache = {}

    def svg(self, source):
        from .render import _quiet_fd2
        graph = self._pgv.AGraph(string=source)
        nodes, edges = graph.nodes(), graph.edges()
        key = (tuple((str(n), _size(n.attr["label"])) for n in nodes),
               tuple((str(u), str(v)) for u, v in edges))
        laid = self._cache.get(key)
        if laid is None:
            plain = self._pgv.AGraph(string=source)
            for edge in plain.edges():
                for attr in ("label", "dir", "penwidth"):
                    if edge.attr.get(attr):
                        edge.attr[attr] = ""
            with _quiet_fd2():
                plain.layout(prog="dot")
            laid = self._cache[key] = (plain.graph_attr["bb"],
                                       [n.attr["pos"] for n in plain.nodes()],
                                       [e.attr["pos"] for e in plain.edges()])
        graph.graph_attr["bb"] = laid[0]
        for node, pos in zip(nodes, laid[1]):
            node.attr["pos"] = pos
        for edge, pos in zip(edges, laid[2]):
            edge.attr["pos"] = _arrow_at_start(pos) if edge.attr.get("dir") == "back" else pos
        with _quiet_fd2():
            return graph.draw(format="svg", prog="nop2").decode("utf-8")


def _size(label):
    """A node label's size, roughly: its lines, and its longest line in steps of 8 characters."""
    lines = label.replace("\\n", "\n").split("\n")
    return len(lines), max(map(len, lines)) // 8


def _arrow_at_start(pos):
    """Move an edge's arrowhead from its end to its start (for edges drawn `dir=back`).

    A laid-out edge is 'e,<tip> p1 ... pn': a spline from the tail to the arrow's base pn,
    with the tip on the head. Here the spline runs on to the head and the arrow sits at p1.
    """
    if not pos.startswith("e,"):
        return pos
    tip, *points = pos.split(" ")
    (x1, y1), (x2, y2) = (map(float, p.split(",")) for p in points[:2])
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1e-9)
    shift = min(10.0, length) / length
    base = f"{x1 + (x2 - x1) * shift:.3f},{y1 + (y2 - y1) * shift:.3f}"
    return " ".join([f"s,{points[0]}", base, *points[1:-1], tip[2:]])


PRESENTATION_SVG = "width:100%;height:auto;max-height:75vh"


class _Widgets:
    """The stepper's UI: reset / back / step / run to end, Play with a speed slider, a
    presentation toggle, the picture and the panel. Every control calls the stepper's API."""

    def __init__(self, stepper):
        import ipywidgets as w
        self.stepper = stepper
        actions = {"reset": (stepper.reset, "fast-backward"), "back": (stepper.back, "step-backward"),
                   "step": (stepper.step, "step-forward"), "run to end": (stepper.run, "fast-forward")}
        self.buttons = {}
        for name, (action, icon) in actions.items():
            button = w.Button(description=name, icon=icon, tooltip=name)
            button.on_click(lambda _, action=action: action())
            self.buttons[name] = button
        self.play = w.Play(value=0, min=0, max=len(stepper._nodes), step=1, interval=500,
                           tooltip="play the steps")
        self.speed = w.IntSlider(value=2, min=1, max=20, description="steps/s")
        w.dlink((self.speed, "value"), (self.play, "interval"), transform=lambda s: 1000 // s)
        self.play.observe(self._on_play, names="value")
        self.presentation = w.ToggleButton(value=stepper._presentation, description="presentation",
                                           icon="desktop", tooltip="large fonts, compact layout")
        self.presentation.observe(lambda _: self.refresh(), names="value")
        self.picture = w.HTML(layout=w.Layout(overflow="auto", flex="3 1 0"))
        self.panel = w.HTML(layout=w.Layout(flex="2 1 0", padding="0 0 0 12px"))
        self.picture.add_class("mg-picture")
        self.panel.add_class("mg-panel")
        self.controls = w.HBox([*self.buttons.values(), self.play, self.speed, self.presentation],
                               layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.box = w.VBox([self.controls, w.HBox([self.picture, self.panel])])
        self.box.add_class("mg-stepper")
        self._syncing = False
        self._svgs = {}  # position -> SVG: going back and forth redraws nothing
        try:
            self._layouts = _Layouts()
        except ImportError:  # no pygraphviz: each picture is laid out afresh (dot on PATH)
            self._layouts = None

    def _on_play(self, change):
        """Play (or set_state from the front end) moved: go there; stop where no step is left."""
        if self._syncing:
            return
        self.stepper.goto(change["new"])
        if self.stepper._pos != change["new"]:
            self.play.playing = False
            self.refresh()

    def _layout(self, big):
        """Large type for a projector, and everything on one screen: the picture scaled to fit
        its column and 75% of the window's height, the panel beside it."""
        for button in self.buttons.values():
            button.style.font_size = "20px" if big else ""
            button.layout.height = "44px" if big else ""
            button.layout.width = "auto" if big else ""
        self.panel.style.font_size = "20px" if big else ""

    def refresh(self):
        stepper, big = self.stepper, self.presentation.value
        self._layout(big)  # widgets send only the traits that changed
        svg = self._svgs.get(stepper._pos)
        if svg is None:
            picture = stepper.picture()
            svg = self._layouts.svg(picture.source) if self._layouts else picture.svg
            self._svgs[stepper._pos] = svg
        if svg is not None:
            if big:
                svg = svg.replace("<svg ", f"<svg style='{PRESENTATION_SVG}' ", 1)
            self.picture.value = svg
        else:
            self.picture.value = f"<pre>{html.escape(stepper.picture().source)}</pre>"
        self.panel.value = stepper.panel()
        at_start, done = stepper._pos == 0, stepper.done
        self.buttons["reset"].disabled = self.buttons["back"].disabled = at_start
        self.buttons["step"].disabled = self.buttons["run to end"].disabled = done
        self._syncing = True
        try:
            self.play.value = stepper._pos
        finally:
            self._syncing = False
