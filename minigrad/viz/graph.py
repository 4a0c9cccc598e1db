"""Walk an autograd graph and describe it in DOT, in PyTorch's vocabulary.

The walk starts at the roots' `grad_fn` and follows `next_functions`, exactly what backward
follows, so a tensor outside the graph (detached, made under no_grad) can never show up. It is a
breadth-first loop, not a recursion (graphs may be 100,000 nodes deep), and DOT ids are positions
in that walk (`n0`, `n1`, ...), never `id()`: the same graph always gives the same text.

The same walk reads real PyTorch tensors: both libraries expose `grad_fn`, `next_functions`,
`AccumulateGrad.variable`, `_saved_*` attributes and `_backward_hooks`.
"""
import collections
import re

import numpy as np

try:
    import graphviz
except ImportError as e:  # the kit is optional: `import minigrad` works without it
    raise ImportError("minigrad.viz needs the graphviz package: pip install 'minigrad[kit]'") from e

from ..autograd.engine import FREED, Node
from .render import Picture

# Colours as in torchviz, so pictures look like the ones students meet elsewhere.
FILL = {"node": "lightgrey", "leaf": "lightblue", "root": "darkolivegreen1",
        "retained": "khaki1", "saved": "orange", "summary": "white"}
STALE, FREED_FILL, HIGHLIGHT, ERROR = "#ff6b6b", "#e8e8e8", "gold", "#ff6b6b"
SMALL = 8  # tensors with at most this many values show them

_VERSIONS = re.compile(r"is at version (\d+); expected version (\d+)")


class Graph:
    """The nodes reachable from some tensors, in breadth-first order, and the edges between them.

    `nodes[i]` is an autograd node; `edges` lists (consumer, input) position pairs, one per
    entry of `consumer.next_functions` (an input used twice, as in `x * x`, gives two edges).
    """

    def __init__(self, roots):
        self.roots = list(roots)
        self.nodes, self.position, self.edges = [], {}, []
        queue = collections.deque()
        for t in self.roots:
            self._visit(t.grad_fn, queue)
        while queue:
            node = queue.popleft()
            here = self.position[node]
            for child, _ in node.next_functions:
                if child is not None:
                    self._visit(child, queue)
                    self.edges.append((here, self.position[child]))

    def _visit(self, node, queue):
        if node is not None and node not in self.position:
            self.position[node] = len(self.nodes)
            self.nodes.append(node)
            queue.append(node)


def draw(*roots, names=None, show_values=True, show_grads=True, show_saved=False, rankdir="BT",
         max_nodes=60, highlight=(), edge_labels=None, error=None):
    """A picture of the autograd graph behind `roots` (minigrad or PyTorch tensors).

    names: a dict such as `locals()`; tensors found in it (by identity) are labelled by name,
    others by shape. show_saved: draw what each node saved for backward, with its version then
    and now (a stale one in red, a freed one grey). max_nodes: above this many autograd nodes
    (tensor boxes don't count), chains, repeated blocks and the far end of the graph collapse
    into "... N more nodes" (None: never; dot then takes minutes on some 1,000-node graphs).
    highlight, edge_labels, error: for the stepper, the node about to run, the gradient that
    flowed along an edge `(node, next_node)`, a node whose step raised.
    Edges point the way the forward pass went (input -> op); with rankdir "BT" the inputs are
    at the bottom and the loss on top. A highlighted edge points the other way: gradients flow
    back.
    """
    if rankdir not in ("BT", "TB", "LR", "RL"):
        raise ValueError(f"rankdir must be one of 'BT', 'TB', 'LR', 'RL', got {rankdir!r}")
    if max_nodes is not None and max_nodes < 1:
        raise ValueError(f"max_nodes must be a positive number or None, got {max_nodes!r}")
    if not roots:
        raise TypeError("draw() needs at least one tensor")
    for t in roots:
        if not hasattr(t, "grad_fn") or not hasattr(t, "requires_grad"):
            raise TypeError(f"draw() expects tensors, got {type(t).__name__}")
    if names is not None and not hasattr(names, "items"):
        raise TypeError(f"names must be a dict such as locals(), got {type(names).__name__}")
    graph = Graph(roots)
    highlight, edge_labels = list(highlight), dict(edge_labels or {})
    pinned = {graph.position[n] for n in [*highlight, error, *(n for e in edge_labels for n in e)]
              if n is not None and n in graph.position}
    unit = _collapse(graph, max_nodes, pinned)
    return Picture(_Dot(graph, _Names(names, roots), unit, show_values, show_grads, show_saved,
                        rankdir, highlight, edge_labels, error).source)


# --- large graphs ------------------------------------------------------------------------------
def _collapse(graph, max_nodes, pinned):
    """Map each node position to what stands for it: itself, or a summary ('s<first member>').

    First chains collapse: runs of nodes with one consumer and one input, not counting inputs
    shared by many nodes (the parameters of an unrolled loop), so a repeated block is a chain
    too. Each keeps as many nodes at both ends as the budget allows (at least 2). If that is not
    enough, the walk keeps the nodes nearest the roots and the rest becomes one summary.
    """
    n = len(graph.nodes)
    unit = list(range(n))
    if max_nodes is None or n <= max_nodes:
        return unit
    consumers, inputs = [[] for _ in range(n)], [[] for _ in range(n)]
    for consumer, child in graph.edges:
        if not consumers[child] or consumers[child][-1] != consumer:
            consumers[child].append(consumer)
        if child not in inputs[consumer]:
            inputs[consumer].append(child)
    spine = [[c for c in ins if len(consumers[c]) < 3] for ins in inputs]  # not shared widely
    roots = {graph.position[t.grad_fn] for t in graph.roots if t.grad_fn is not None}

    def link(i):  # a node in the middle of a chain, with nothing else worth seeing on it
        return (len(consumers[i]) == 1 and len(spine[i]) == 1 and i not in pinned
                and i not in roots and not _retained(graph.nodes[i])
                and not _node_hooks(graph.nodes[i]))

    chains = []
    for top in range(n):
        if link(top) and not link(consumers[top][0]):
            chain, i = [], top
            while link(i):
                chain.append(i)
                i = spine[i][0]
            chains.append(chain)
    ends = max(2, max_nodes // 2)
    while ends > 2 and n - sum(max(0, len(c) - 2 * ends - 1) for c in chains) > max_nodes:
        ends -= 1
    for chain in chains:
        if len(chain) > 2 * ends + 1:
            for j in chain[ends:-ends]:
                unit[j] = f"s{chain[ends]}"
    shown = list(dict.fromkeys(unit))
    if len(shown) > max_nodes:  # keep the units nearest the roots, summarise the rest
        keep = set(shown[:max_nodes - 1]) | {unit[i] for i in pinned}
        rest = next(u for u in shown if u not in keep)
        rest = f"s{rest}" if isinstance(rest, int) else rest
        unit = [u if u in keep else rest for u in unit]
    return unit


# --- labels ------------------------------------------------------------------------------------
class _Names:
    """Tensor -> name, by identity, from a dict like locals() (names starting with _ skipped)."""

    def __init__(self, names, roots):
        self.by_id, self.keep = {}, []
        for name, value in (names or {}).items():
            if (isinstance(name, str) and not name.startswith("_") and hasattr(value, "grad_fn")
                    and id(value) not in self.by_id):
                self.by_id[id(value)] = name
                self.keep.append(value)  # an id is only meaningful while the object lives
        self.by_node = {}  # grad_fn -> names of the tensors it made
        self.special = {}  # grad_fn -> its retained or hooked tensors found in names
        for value in self.keep:
            fn = value.grad_fn
            if fn is None or any(value is r for r in roots):
                continue  # drawn as a box of their own
            if value.retains_grad or _hook_count(value):
                self.special.setdefault(fn, []).append(value)
            else:
                self.by_node.setdefault(fn, []).append(self.by_id[id(value)])

    def __call__(self, tensor):
        return self.by_id.get(id(tensor))


def _shape(t):
    return "(" + ", ".join(str(d) for d in t.shape) + ")"


def _values(t):
    """The values of a small tensor as one or a few lines, else None."""
    data = np.asarray(t.detach().numpy()) if hasattr(t, "detach") else np.asarray(t)
    if data.size > SMALL:
        return None
    return np.array2string(data, precision=4, separator=", ", max_line_width=48,
                           floatmode="maxprec").split("\n")


def _dtype(t):
    name = str(t.dtype).split(".")[-1]
    return "" if name == "float32" else " " + name


def _hook_count(t):
    return len(getattr(t, "_backward_hooks", None) or {})


def _node_hooks(node):
    """Hooks registered on the node itself (grad_fn.register_hook / register_prehook).

    A tensor's own hooks are marked on its box; PyTorch's nodes don't expose theirs to Python,
    so only minigrad's nodes can show this.
    """
    return sum(len(getattr(node, attr, None) or {}) for attr in ("_pre_hooks", "_post_hooks"))


def _retained(node):
    """Non-leaf tensors that asked for their .grad (retain_grad), when the node knows them."""
    refs = getattr(node, "_retains_grad", None) or {}
    return [t for t in (ref() for _, ref in sorted(refs.items())) if t is not None]


def _saved(node):
    """(attribute name, tensor or None, saved version, version now, state) for each saved value.

    state is "ok", "stale" (changed in place since saved: backward will raise) or "freed"
    (released by backward). minigrad keeps them in `_saved_tensors`; for PyTorch we read the
    `_saved_*` attributes, whose errors tell us the same.
    """
    if isinstance(node, Node):
        for key, s in node._saved_tensors.items():
            name = key if isinstance(key, str) else f"saved_tensors[{key}]"
            if s is None:
                continue
            if s is FREED:
                yield name, None, None, None, "freed"
            elif hasattr(s, "saved_version"):
                counter = s.version_counter if s.tensor is None else s.tensor._version_counter
                state = "ok" if counter.value == s.saved_version else "stale"
                tensor = s.tensor if s.tensor is not None else _Output(s.array)
                yield name, tensor, s.saved_version, counter.value, state
            else:  # a Python number standing for a tensor
                yield name, _Output(np.asarray(s)), 0, 0, "ok"
        return
    for attr in sorted(a for a in dir(node) if a.startswith("_saved_")):
        try:
            value = getattr(node, attr)
        except RuntimeError as e:
            versions = _VERSIONS.search(str(e))
            if versions:
                yield attr[7:], None, int(versions.group(2)), int(versions.group(1)), "stale"
            else:
                yield attr[7:], None, None, None, "freed"
            continue
        if hasattr(value, "_version") and hasattr(value, "shape"):
            yield attr[7:], value, value._version, value._version, "ok"


class _Output:
    """A saved op output (or number): minigrad keeps only its data, enough to label it."""

    def __init__(self, data):
        self.data, self.shape, self.dtype = data, data.shape, data.dtype

    def detach(self):
        return self

    def numpy(self):
        return self.data


def _label(lines):
    """A DOT label: every line literal (no HTML, no escapes, no entities), one per row."""
    rows = []
    for line in lines:
        rows.extend(str(line).split("\n"))
    text = "\\n".join(graphviz.escape(row).replace("&", "&amp;") for row in rows)
    return graphviz.nohtml(text)


class _Dot:
    """Builds the DOT text of a graph: one pass over the units, then the edges."""

    def __init__(self, graph, names, unit, show_values, show_grads, show_saved, rankdir,
                 highlight, edge_labels, error):
        self.names, self.show_values, self.show_grads = names, show_values, show_grads
        self.dot = graphviz.Digraph(
            graph_attr={"rankdir": rankdir},
            node_attr={"shape": "box", "style": "filled", "fontsize": "11", "height": "0.2",
                       "fontname": "Helvetica,Arial,sans-serif"},
            edge_attr={"fontsize": "10", "fontname": "Helvetica,Arial,sans-serif"})
        self.ids = 0
        highlighted = {graph.position[n] for n in highlight if n in graph.position}
        failed = graph.position.get(error) if error is not None else None
        node_id = {}  # unit -> DOT id
        members = collections.Counter(unit)
        kinds = {}
        for i, u in enumerate(unit):
            if u != i:
                kinds.setdefault(u, collections.Counter())[type(graph.nodes[i]).__name__] += 1
        tensor_ids = {}  # id(tensor) -> DOT id, so a tensor drawn once is linked once

        for t in graph.roots:  # the roots first: they are what the student asked about
            if t.grad_fn is None:
                tensor_ids[id(t)] = self._tensor(t, "root" if t.requires_grad else "outside")
        for i, u in enumerate(unit):
            if u in node_id:
                continue
            if u != i:
                node_id[u] = self._summary(members[u], kinds[u])
                continue
            node = graph.nodes[i]
            node_id[u] = self._node(node, i in highlighted, i == failed)
            variable = getattr(node, "variable", None)
            if variable is not None and type(node).__name__ == "AccumulateGrad":
                leaf = tensor_ids.get(id(variable))
                if leaf is None:
                    leaf = tensor_ids[id(variable)] = self._tensor(variable, "leaf")
                self.dot.edge(leaf, node_id[u])
            if show_saved:
                self._saved(node, node_id[u])
        for t in graph.roots:  # a root made by an op hangs off its grad_fn
            i = graph.position.get(t.grad_fn)
            if i is not None and id(t) not in tensor_ids and unit[i] == i:
                tensor_ids[id(t)] = self._tensor(t, "root")
                self.dot.edge(node_id[i], tensor_ids[id(t)])
        for i, u in enumerate(unit):  # retained and hooked intermediate tensors
            if u != i:
                continue
            node = graph.nodes[i]
            for t in _retained(node) + names.special.get(node, []):
                if id(t) not in tensor_ids:
                    tensor_ids[id(t)] = self._tensor(t, "retained")
                    self.dot.edge(node_id[u], tensor_ids[id(t)])

        labelled = {}
        for (node, child), text in edge_labels.items():
            if node in graph.position and child in graph.position:
                labelled[graph.position[node], graph.position[child]] = text
        drawn = set()
        for consumer, child in graph.edges:
            a, b = unit[consumer], unit[child]
            if a == b:
                continue
            if a != consumer or b != child:  # summaries: one edge per pair is enough
                if (a, b) in drawn:
                    continue
                drawn.add((a, b))
            text = labelled.get((consumer, child))
            if text is None:
                self.dot.edge(node_id[b], node_id[a])
            else:
                self.dot.edge(node_id[b], node_id[a], label=_label([text]), dir="back",
                              color="blue", fontcolor="blue", penwidth="2.5")
        if len(node_id) > 30:  # big pictures trade a little polish for a layout in well under 1 s
            self.dot.graph_attr.update(splines="line", nslimit="1", nslimit1="1", mclimit="0.1")
        self.source = self.dot.source

    def _new_id(self):
        self.ids += 1
        return f"n{self.ids - 1}"

    def _node(self, node, highlighted, failed):
        lines = [type(node).__name__]
        lines += self.names.by_node.get(node, [])
        hooks = _node_hooks(node)
        if hooks:
            lines.append(f"hooks: {hooks}")
        attrs = {"fillcolor": FILL["node"]}
        if hooks:
            attrs["peripheries"] = "2"
        if highlighted:
            attrs.update(fillcolor=HIGHLIGHT, penwidth="3")
        if failed:
            attrs.update(fillcolor=ERROR, color="red", penwidth="3")
        name = self._new_id()
        self.dot.node(name, _label(lines), **attrs)
        return name

    def _summary(self, count, kinds):
        common = sorted(kinds.items(), key=lambda kc: (-kc[1], kc[0]))[:3]
        top = ", ".join(f"{k} \u00d7{c}" for k, c in common)
        name = self._new_id()
        self.dot.node(name, _label([f"... {count} more nodes", top]), fillcolor=FILL["summary"],
                      style="dashed")
        return name

    def _tensor(self, t, kind):
        """A tensor box: name, shape, small values, requires_grad, .grad once computed."""
        name = self.names(t)
        lines = [f"{name} {_shape(t)}{_dtype(t)}" if name else _shape(t) + _dtype(t)]
        if self.show_values:
            lines += _values(t) or []
        if kind == "outside":
            lines.append("requires_grad=False: not in a graph")
        elif t.grad_fn is None:
            lines.append("requires_grad=True")
        elif t.retains_grad:
            lines.append("retains_grad")
        if self.show_grads and (t.grad_fn is None or t.retains_grad) and t.grad is not None:
            grad = _values(t.grad) if self.show_values else None
            lines += ["grad=" + (grad[0] if grad else _shape(t.grad))] + (grad or [])[1:]
        hooks = _hook_count(t)
        if hooks:
            lines.append(f"hooks: {hooks}")
        attrs = {"fillcolor": FILL["root" if kind == "outside" else kind]}
        if kind == "outside":
            attrs["style"] = "dashed"
        if hooks:
            attrs["peripheries"] = "2"
        box = self._new_id()
        self.dot.node(box, _label(lines), **attrs)
        return box

    def _saved(self, node, node_id):
        for attr, t, then, now, state in _saved(node):
            lines = [attr]
            if state == "freed":
                lines.append("freed by backward")
                fill = FREED_FILL
            else:
                if t is not None:
                    name = self.names(t)
                    lines[0] += (f": {name} " if name else " ") + _shape(t) + _dtype(t)
                lines.append(f"saved at version {then}, now {now}")
                fill = STALE if state == "stale" else FILL["saved"]
            box = self._new_id()
            attrs = {"fillcolor": fill}
            if state == "freed":
                attrs.update(fontcolor="grey40", color="grey60")
            self.dot.node(box, _label(lines), **attrs)
            self.dot.edge(box, node_id, style="dashed", dir="none")
