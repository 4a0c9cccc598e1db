"""The backward stepper: the real engine one node at a time, forwards and back.

The reference is minigrad's own `backward()` on an identical twin graph (its equivalence with
PyTorch is what the rest of the suite checks): stepping to the end must give the same `.grad`
bit for bit, and the same hook calls, however the student went back and forth on the way.
"""
import gc
import re

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import minigrad as torch
from minigrad.viz.stepper import BackwardStepper

# ------------------------------------------------------------------------------------------------
# Random graphs, built twice from one recipe
# ------------------------------------------------------------------------------------------------

UNARY = {"sigmoid": lambda a: a.sigmoid(), "tanh": lambda a: a.tanh(), "exp": lambda a: (a * 0.5).exp(),
         "scale": lambda a: a * 3.0, "relu": lambda a: a.relu()}
BINARY = {"add": lambda a, b: a + b, "mul": lambda a, b: a * b, "sub": lambda a, b: a - b}


@st.composite
def recipes(draw):
    n_leaves = draw(st.integers(1, 3))
    ops = draw(st.lists(st.tuples(st.sampled_from(sorted(UNARY) + sorted(BINARY)),
                                  st.integers(0, 50), st.integers(0, 50)), min_size=1, max_size=8))
    n = n_leaves + len(ops)
    return {
        "seed": draw(st.integers(0, 2**32 - 1)),
        "leaves": n_leaves,
        "ops": ops,
        # (tensor index, "log" observes / "double" replaces the gradient)
        "hooks": draw(st.lists(st.tuples(st.integers(0, n - 1), st.sampled_from(["log", "double"])),
                               max_size=4)),
        "retain": draw(st.lists(st.integers(n_leaves, n - 1), max_size=3)),
        "node_hooks": draw(st.lists(st.tuples(st.integers(n_leaves, n - 1),
                                              st.sampled_from(["pre", "post"])), max_size=2)),
        # leaves that already hold a .grad from an earlier backward (accumulation across runs)
        "warm": draw(st.lists(st.integers(0, n_leaves - 1), max_size=3)),
        "retain_graph": draw(st.booleans()),
    }


class Graph:
    """One build of a recipe: leaves, every tensor, the loss, and a log of hook calls."""

    def __init__(self, recipe):
        rng = np.random.default_rng(recipe["seed"])
        self.calls = []
        self.leaves = [torch.tensor(rng.uniform(-1, 1, 3).astype(np.float32), requires_grad=True)
                       for _ in range(recipe["leaves"])]
        for i in recipe["warm"]:
            (self.leaves[i] * self.leaves[i]).sum().backward()
        tensors = list(self.leaves)
        for op, i, j in recipe["ops"]:
            a, b = tensors[i % len(tensors)], tensors[j % len(tensors)]
            tensors.append(UNARY[op](a) if op in UNARY else BINARY[op](a, b))
        for k, (i, kind) in enumerate(recipe["hooks"]):
            tensors[i].register_hook(self._hook(f"h{k}", kind))
        self.retained = []
        for i in recipe["retain"]:
            tensors[i].retain_grad()
            self.retained.append(tensors[i])
        for k, (i, kind) in enumerate(recipe["node_hooks"]):
            node = tensors[i].grad_fn
            log = self.calls
            if kind == "pre":
                node.register_prehook(lambda grads, k=k: log.append((f"pre{k}", _values(grads))))
            else:
                node.register_hook(lambda gi, go, k=k: log.append((f"post{k}", _values(go))))
        self.tensors = tensors
        self.loss = sum(t.sum() for t in tensors[recipe["leaves"]:]) if recipe["ops"] else \
            tensors[0].sum()

    def _hook(self, name, kind):
        def hook(grad):
            self.calls.append((name, grad._data.tobytes()))
            return grad * 2 if kind == "double" else None
        return hook

    def grads(self):
        """Every .grad the pass writes, as (dtype, bytes) so equality is bit for bit."""
        return [None if t._grad is None else (str(t._grad._data.dtype), t._grad._data.tobytes())
                for t in self.leaves + self.retained]


def _values(grads):
    return tuple(None if g is None else g._data.tobytes() for g in grads)


def step_all(stepper):
    """Step to the end one step() at a time, checking each node is the one announced."""
    events = []
    while not stepper.done:
        expected = stepper.next_node
        event = stepper.step()
        assert event.node is expected
        events.append(event)
    assert stepper.step() is None and stepper.next_node is None
    return events


# ------------------------------------------------------------------------------------------------
# Equivalence with backward()
# ------------------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(recipes())
def test_stepping_to_the_end_equals_backward(recipe):
    real, stepped = Graph(recipe), Graph(recipe)
    real.loss.backward(retain_graph=recipe["retain_graph"])
    stepper = BackwardStepper(stepped.loss, retain_graph=recipe["retain_graph"])
    events = step_all(stepper)
    assert stepped.grads() == real.grads()
    assert stepped.calls == real.calls
    assert [e.node.name() for e in events] == [e.node.name() for e in stepper.events]
    assert len(events) == len(stepper._nodes)


@settings(max_examples=60, deadline=None)
@given(recipes(), st.lists(st.sampled_from(["step", "step", "step", "back", "reset", "run",
                                            "goto"]), max_size=14), st.randoms())
def test_back_and_reset_restore_and_replay_never_reruns(recipe, actions, rnd):
    real, stepped = Graph(recipe), Graph(recipe)
    real.loss.backward(retain_graph=recipe["retain_graph"])
    start = stepped.grads()
    stepper = BackwardStepper(stepped.loss, retain_graph=recipe["retain_graph"])
    seen = {0: start}  # position -> the grads when that position was first reached
    for action in actions:
        if action == "goto":
            stepper.goto(rnd.randint(0, len(stepper._nodes)))
        else:
            getattr(stepper, action)()
        pos = len(stepper.events)
        assert seen.setdefault(pos, stepped.grads()) == stepped.grads()
        # each hook fires at most once per real pass, whatever the back-and-forth
        assert stepped.calls == real.calls[:len(stepped.calls)]
    stepper.run()
    assert stepper.done
    assert stepped.grads() == real.grads()
    assert stepped.calls == real.calls
    stepper.reset()
    assert stepped.grads() == start and stepper.events == ()
    stepper.run()  # a second time through: replayed, so no hook fires again
    assert stepped.grads() == real.grads() and stepped.calls == real.calls


def test_a_stepper_dropped_mid_pass_leaves_grad_mode_alone():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    for mode in (True, False):
        stepper = BackwardStepper((x.tanh() * x).sum())
        stepper.step()
        with torch.set_grad_enabled(mode):
            del stepper
            gc.collect()  # closes the paused engine, whose cleanup sets grad mode
            assert torch.is_grad_enabled() is mode
        assert torch.is_grad_enabled()


def test_reset_restores_freed_buffers_so_a_real_backward_still_works():
    def build():
        x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
        y = x.exp() * x
        return x, y.sum()
    x, loss = build()
    stepper = BackwardStepper(loss)
    stepper.run()
    assert all(e.step.freed for e in stepper.events if e.step.node._saved_tensors)
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        loss.backward()
    stepper.reset()
    assert x.grad is None
    loss.backward()  # the buffers are back: the graph is as before the pass
    x2, loss2 = build()
    loss2.backward()
    assert np.array_equal(x.grad._data, x2.grad._data)


def test_accumulating_leaf_grad_is_undone_in_place():
    """Accumulation adds into the existing .grad tensor; back() restores that same tensor."""
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x * 3).sum().backward()
    grad = x.grad
    before = grad._data.copy()
    version = grad._version
    stepper = BackwardStepper((x * x).sum())
    stepper.run()
    assert x.grad is grad and not np.array_equal(grad._data, before)
    stepper.reset()
    assert x.grad is grad and np.array_equal(grad._data, before) and grad._version == version
    stepper.run()
    x2 = torch.tensor([1.0, 2.0], requires_grad=True)
    (x2 * 3).sum().backward()
    (x2 * x2).sum().backward()
    assert np.array_equal(x.grad._data, x2.grad._data)


def test_two_passes_with_retain_graph_accumulate_like_two_backwards():
    def build():
        x = torch.tensor([0.3, -0.7], requires_grad=True)
        y = x.sigmoid() * x
        y.retain_grad()
        return x, y, (y * y).sum()
    x, y, loss = build()
    BackwardStepper(loss, retain_graph=True).run()
    second = BackwardStepper(loss, retain_graph=True)
    second.run()
    x2, y2, loss2 = build()
    loss2.backward(retain_graph=True)
    loss2.backward(retain_graph=True)
    assert np.array_equal(x.grad._data, x2.grad._data)
    assert np.array_equal(y.grad._data, y2.grad._data)
    second.reset()  # undoes the second pass only
    x3, y3, loss3 = build()
    loss3.backward()
    assert np.array_equal(x.grad._data, x3.grad._data)
    assert np.array_equal(y.grad._data, y3.grad._data)


def test_grad_mode_is_the_notebooks_between_steps():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    stepper = BackwardStepper((x.sigmoid() * 2).sum())
    stepper.step()
    assert torch.is_grad_enabled()
    assert (x * 2).requires_grad  # a cell run between steps still records its graph
    with torch.no_grad():
        stepper.step()
        assert not torch.is_grad_enabled()
    stepper.run()
    assert torch.is_grad_enabled() and x.grad.grad_fn is None and not x.grad.requires_grad


def test_seed_errors_are_pytorchs_and_raised_at_once():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    for root, gradient in [(x * 2, None), (torch.tensor(1.0), None),
                           (x * 2, torch.ones(3))]:
        with pytest.raises(RuntimeError) as expected:
            root.backward(gradient)
        with pytest.raises(RuntimeError) as got:
            BackwardStepper(root, gradient)
        assert str(got.value) == str(expected.value)


def test_gradient_and_leaf_root():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    g = torch.tensor([0.5, -2.0])
    stepper = BackwardStepper(x * x, gradient=g)
    stepper.run()
    x2 = torch.tensor([1.0, 2.0], requires_grad=True)
    (x2 * x2).backward(g)
    assert np.array_equal(x.grad._data, x2.grad._data)
    leaf = torch.tensor(3.0, requires_grad=True)
    stepper = BackwardStepper(leaf)
    assert [type(e.node).__name__ for e in step_all(stepper)] == ["AccumulateGrad"]
    assert leaf.grad.item() == 1.0


# ------------------------------------------------------------------------------------------------
# Errors raised during backward become an event at their step
# ------------------------------------------------------------------------------------------------


def _inplace_case():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    w = x * 1
    y = w.exp()
    z = (y * w).sum()
    w.add_(1)  # y's ExpBackward saved nothing of w, but MulBackward saved w at version 0
    return x, z


def _freed_case():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    z = (x.exp() * x).sum()
    z.backward()
    return x, z


def _hook_shape_case():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    y.register_hook(lambda g: g.sum())
    return x, (y * y).sum()


@pytest.mark.parametrize("case", [_inplace_case, _freed_case, _hook_shape_case])
def test_errors_appear_at_their_step_and_the_stepper_stays_usable(case):
    x, loss = case()
    with pytest.raises(RuntimeError) as expected:
        loss.backward(retain_graph=True)
    x, loss = case()
    start = None if x.grad is None else x.grad._data.copy()
    stepper = BackwardStepper(loss)
    announced = []
    while not stepper.done:
        announced.append(stepper.next_node)
        stepper.step()
    event = stepper.events[-1]
    assert isinstance(event.error, RuntimeError) and str(event.error) == str(expected.value)
    assert stepper.error is event.error and event.step is None
    assert event.node is announced[-1]
    assert stepper.step() is None and len(stepper.events) == len(announced)
    assert stepper.back() is event and stepper.error is None and not stepper.done
    assert stepper.step() is event and stepper.error is event.error  # replayed, not re-raised
    stepper.reset()
    assert stepper.events == () and (x.grad is None if start is None
                                     else np.array_equal(x.grad._data, start))


def test_inplace_error_names_the_node_whose_saved_tensor_is_stale():
    x, loss = _inplace_case()
    stepper = BackwardStepper(loss)
    stepper.run()
    assert stepper.events[-1].node.name() == "MulBackward0"
    assert "modified by an inplace operation" in str(stepper.error)


# ------------------------------------------------------------------------------------------------
# The widgets: every control drives the API above
# ------------------------------------------------------------------------------------------------

pytest.importorskip("ipywidgets")
from xml.etree import ElementTree  # noqa: E402

from minigrad.viz.graph import ERROR, HIGHLIGHT  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def filled(svg, colour):
    """First text line of each node box of the SVG filled with `colour`."""
    found = []
    for g in ElementTree.fromstring(svg).iter(SVG + "g"):
        if g.get("class") == "node":
            shape = g.find(SVG + "polygon")
            if shape is not None and shape.get("fill") == colour:
                found.append(g.find(SVG + "text").text)
    return found


def small_graph():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    w = torch.tensor([3.0, -1.0], requires_grad=True)
    h = x * w
    h.retain_grad()
    h.register_hook(lambda g: g * 2)
    loss = (h.tanh() * x).sum()
    return x, w, h, loss


def test_displaying_the_stepper_shows_its_widget_box():
    *_, loss = small_graph()
    stepper = BackwardStepper(loss)
    bundle = stepper._repr_mimebundle_()
    view = bundle["application/vnd.jupyter.widget-view+json"]
    assert view["model_id"] == stepper.widget.model_id
    assert stepper.widget.children[0] is stepper._ui.controls


def test_buttons_step_back_run_reset_and_what_they_show():
    x, w, h, loss = small_graph()
    stepper = BackwardStepper(loss, names={"x": x, "w": w, "h": h, "loss": loss})
    stepper.widget
    ui = stepper._ui
    assert ui.buttons["back"].disabled and ui.buttons["reset"].disabled
    assert filled(ui.picture.value, HIGHLIGHT) == [type(stepper.next_node).__name__]
    assert "step 0 of 6" in ui.panel.value  # Sum, Mul, Tanh, Mul, and x's and w's AccumulateGrad
    seen = [(ui.panel.value, ui.picture.value)]
    for k in range(1, 5):
        expected = stepper.next_node
        ui.buttons["step"].click()
        assert stepper.events[-1].node is expected and len(stepper.events) == k
        assert filled(ui.picture.value, HIGHLIGHT) == [type(stepper.next_node).__name__]
        assert f"step {k} of 6" in ui.panel.value and ui.play.value == k
        assert (ui.panel.value, ui.picture.value) not in seen
        seen.append((ui.panel.value, ui.picture.value))
    # the fourth step ran MulBackward0 of h = x * w, after h's hook doubled the gradient
    assert "MulBackward0 (h)" in ui.panel.value and "hooks fired" in ui.panel.value
    assert "retained grads" in ui.panel.value and "freed: other, self" in ui.panel.value
    ui.buttons["back"].click()
    assert len(stepper.events) == 3 and (ui.panel.value, ui.picture.value) == seen[3]
    ui.buttons["run to end"].click()
    assert stepper.done and ui.buttons["step"].disabled and "backward finished" in ui.panel.value
    assert filled(ui.picture.value, HIGHLIGHT) == []
    x2, w2, h2, loss2 = small_graph()
    loss2.backward()
    assert np.array_equal(x.grad._data, x2.grad._data) and np.array_equal(h.grad._data, h2.grad._data)
    assert "x.grad" in ui.panel.value or "w.grad" in ui.panel.value
    ui.buttons["reset"].click()
    assert stepper.events == () and x.grad is None and h.grad is None
    assert (ui.panel.value, ui.picture.value) == seen[0]


def test_every_edge_a_gradient_took_is_labelled_with_it():
    x, w, h, loss = small_graph()
    stepper = BackwardStepper(loss)
    stepper.run()
    source = stepper.picture().source
    flowed = {(e.node, child) for e in stepper.events
              for (child, _), g in zip(e.node.next_functions, e.step.grad_inputs)
              if child is not None and g is not None}
    assert len(re.findall(r"\bcolor=blue", source)) == len(flowed) > 0
    assert 'label="[1., 1.]"' in source  # what SumBackward0 passes on: ones


def test_play_and_speed_slider_step_through_set_state():
    *_, loss = small_graph()
    stepper = BackwardStepper(loss)
    stepper.widget
    ui = stepper._ui
    assert ui.play.max == len(stepper._nodes)
    ui.speed.set_state({"value": 10})
    assert ui.play.interval == 100
    ui.play.set_state({"value": 3})
    assert len(stepper.events) == 3
    ui.play.set_state({"value": 1})
    assert len(stepper.events) == 1
    ui.play.set_state({"value": ui.play.max})
    assert stepper.done and ui.play.value == ui.play.max


def test_play_stops_at_an_error_which_the_picture_shows_in_red():
    x, loss = _inplace_case()
    stepper = BackwardStepper(loss, presentation=False)
    stepper.widget
    ui = stepper._ui
    ui.play.set_state({"playing": True})
    ui.play.set_state({"value": 1})
    assert stepper.error is None and ui.play.playing
    ui.play.set_state({"value": 3})  # the second step raises: play stops there
    assert stepper.error is not None and not ui.play.playing
    assert ui.play.value == len(stepper.events) == 2
    assert filled(ui.picture.value, ERROR)[:1] == ["MulBackward0"]
    assert "modified by an inplace operation" in ui.panel.value
    assert "saved at version 0, now 1" in stepper.picture().source  # the stale saved tensor
    ui.buttons["back"].click()
    assert stepper.error is None and filled(ui.picture.value, ERROR) == []
    assert filled(ui.picture.value, HIGHLIGHT) == ["MulBackward0"]


def test_presentation_mode_large_type_on_one_screen():
    *_, loss = small_graph()
    stepper = BackwardStepper(loss, presentation=True)
    stepper.widget
    ui = stepper._ui
    assert ui.panel.style.font_size == "20px" and ui.buttons["step"].style.font_size == "20px"
    assert "max-height:75vh" in ui.picture.value
    ui.presentation.set_state({"value": False})
    assert ui.panel.style.font_size == "" and ui.buttons["step"].style.font_size == ""
    assert "max-height:75vh" not in ui.picture.value
    ui.buttons["step"].click()
    ui.presentation.set_state({"value": True})
    assert "max-height:75vh" in ui.picture.value and "step 1 of" in ui.panel.value
