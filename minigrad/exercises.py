"""Self-checks for the lessons' exercises: each ``check_*`` prints a friendly verdict.

The expected answers are computed here with minigrad itself (never typed in), so a check can only
agree with what autograd really does. Answers are read through plain methods (``.tolist()``,
``.requires_grad``), so the checks accept PyTorch's tensors too: a student may run a lesson with
``import torch`` and still use them. Checks that need to build tensors take the student's ``torch``
module as an argument for the same reason.
"""
import math

import minigrad

CORRECT = "✅ Correct!"
NOT_YET = "❌ Not yet:"
TODO = "✋ Replace the ... with your answer, then run this cell again."


def _plain(value):
    """Tensors (minigrad's or PyTorch's) become nested lists of numbers; other values pass."""
    return value.tolist() if hasattr(value, "tolist") else value


def _close(got, expected, tol=1e-6):
    if isinstance(expected, (list, tuple)):
        return (isinstance(got, (list, tuple)) and len(got) == len(expected)
                and all(_close(g, e, tol) for g, e in zip(got, expected)))
    if isinstance(expected, str):
        return got == expected
    if isinstance(expected, bool) or expected is None:
        return got is expected or got == expected and type(got) is type(expected)
    try:
        return math.isclose(float(got), float(expected), rel_tol=tol, abs_tol=tol)
    except (TypeError, ValueError):
        return False


def _verdict(answer, expected, why, hint, tol=1e-6):
    """Print one verdict: right, not yet (with a hint), or still to do."""
    if answer is ...:
        print(TODO)
        return
    if _close(_plain(answer), expected, tol):
        print(CORRECT, why)
        return
    print(NOT_YET, f"you gave {_plain(answer)!r}.", "Hint:", hint)


# --------------------------------------------------------------------------- lesson 00
def check_square_grad(answer):
    """The gradient of (x * x).sum() at x = [-1., 0., 5.]."""
    x = minigrad.tensor([-1., 0., 5.], requires_grad=True)
    (x * x).sum().backward()
    _verdict(answer, x.grad.tolist(), "The derivative of x² is 2x, element by element.",
                    "differentiate x² and evaluate it at each element.")


# --------------------------------------------------------------------------- lesson 01
def check_leaves(answers):
    """answers = {"a": (requires_grad, is_leaf), "b": ..., "c": ..., "d": ...} for lesson 01's snippet."""
    a = minigrad.ones(2)
    b = minigrad.ones(2, requires_grad=True)
    c = a * b
    d = c.sum().detach()
    expected = {name: (t.requires_grad, t.is_leaf) for name, t in zip("abcd", (a, b, c, d))}
    if answers is ...:
        print(TODO)
        return
    wrong = [name for name in "abcd" if not _close(list(answers.get(name, ())), list(expected[name]))]
    if not wrong:
        print(CORRECT, "Only tensors computed from something that requires grad get a grad_fn;"
              " everything else is a leaf.")
        return
    print(NOT_YET, "look again at", ", ".join(wrong) + ".",
          "Hint: a tensor is a leaf unless an operation on a tensor that requires grad made it.")


# --------------------------------------------------------------------------- lesson 02
def check_accumulated(answer):
    """x.grad after three backward() calls of (x * x).sum() at x = [1., 2.]."""
    x = minigrad.tensor([1., 2.], requires_grad=True)
    for _ in range(3):
        (x * x).sum().backward()
    _verdict(answer, x.grad.tolist(), "Each backward() adds 2x to x.grad: 3 calls give 6x.",
                    "the gradient of (x * x).sum() is 2x, and .grad keeps a running sum.")


def check_fixed_loop(grads):
    """grads: the gradient seen at each of several epochs of the fixed training loop."""
    weights = minigrad.ones(4, requires_grad=True)
    (weights * 3).sum().backward()
    one_step = weights.grad.tolist()
    if grads is ...:
        print(TODO)
        return
    grads = [_plain(g) for g in grads]
    _verdict(grads, [one_step] * max(len(grads), 2),
                    "Every epoch sees the gradient of its own step only.",
                    "zero weights.grad after each update (or set it to None) so steps don't add up.")


# --------------------------------------------------------------------------- lesson 03
def check_pick_middle(v):
    """v such that z.backward(v) gives the gradient of z[1] alone, for a 3-element z."""
    _verdict(v, [0., 1., 0.], "A one-hot v picks one row of the Jacobian.",
                    "backward(v) computes v @ J: which v keeps only the row of z[1]?")


def check_silu_grad(by_hand):
    """by_hand: the derivative of x * sigmoid(x), written by hand, at x = [-2., 0., 1., 3.]."""
    x = minigrad.tensor([-2., 0., 1., 3.], requires_grad=True)
    (x * minigrad.sigmoid(x)).sum().backward()
    _verdict(by_hand, x.grad.tolist(), "Your formula agrees with autograd.",
                    "product rule: s(x) + x * s(x) * (1 - s(x)), with s = sigmoid.", tol=1e-5)


# --------------------------------------------------------------------------- lesson 04
def check_which_fails(answer):
    """Which way of zeroing b = a.exp() makes b.sum().backward() raise: "detach" or "data"?"""
    failing = []
    for way in ("detach", "data"):
        a = minigrad.tensor([1., 2., 3.], requires_grad=True)
        b = a.exp()
        (b.detach() if way == "detach" else b.data).zero_()
        try:
            b.sum().backward()
        except RuntimeError:
            failing.append(way)
    _verdict(answer, failing[0] if len(failing) == 1 else failing,
                    "detach() shares the version counter, so autograd notices; .data does not.",
                    "which of the two tells autograd that the memory changed?")


def check_safe_copy(b, safe):
    """`safe` must hold b's values, be off the tape, and have memory of its own: zeroing it (done
    here) must leave b = exp([1., 2., 3.]) as it was."""
    if safe is ...:
        print(TODO)
        return
    expected_b = minigrad.tensor([1., 2., 3.]).exp().tolist()
    if not _close(_plain(safe), expected_b, 1e-6):
        print(NOT_YET, f"safe holds {_plain(safe)!r}, not b's values.", "Hint: start from b itself.")
        return
    if safe.requires_grad:
        print(NOT_YET, "safe is still on the tape (it requires grad).", "Hint: detach() takes it off.")
        return
    with minigrad.no_grad():
        safe.zero_()
    if not _close(_plain(b), expected_b, 1e-6):
        print(NOT_YET, "zeroing your copy changed b too: it still shares b's memory.",
              "Hint: detach() shares memory; what makes new memory?")
        return
    print(CORRECT, "clone() after detach() gives new memory that autograd does not track.")


# --------------------------------------------------------------------------- lesson 05
def check_clipped_grad(answer):
    """x.grad when a hook clamps y's gradient to [-1, 1], for y = x * x, z = (y * y).sum(), x = [0.5, 1., 2.]."""
    x = minigrad.tensor([0.5, 1., 2.], requires_grad=True)
    y = x * x
    y.register_hook(lambda grad: grad.clamp(-1., 1.))
    (y * y).sum().backward()
    _verdict(answer, x.grad.tolist(), "The hook's return value replaced y's gradient before it went on to x.",
                    "dz/dy = 2y, clamped to [-1, 1], then times dy/dx = 2x.")


def check_grad_wrt_y(answer):
    """dz/dy for y = x * w, z = (y ** 2).sum(), x = [1., 2.], w = [3., 4.] (2y: neither y nor x * w)."""
    x = minigrad.tensor([1., 2.])
    w = minigrad.tensor([3., 4.], requires_grad=True)
    y = x * w
    (g,) = minigrad.autograd.grad((y ** 2).sum(), y)
    _verdict(answer, g.tolist(), "autograd.grad returns gradients for any tensor on the path, leaf or not.",
                    "pass y as the `inputs` of minigrad.autograd.grad.")


# --------------------------------------------------------------------------- lesson 06
def check_leaky_relu(output, grad):
    """Forward values and input gradient of a slope-0.1 leaky ReLU at x = [-2., -0.5, 0., 1.5] (sum as loss)."""
    x = minigrad.tensor([-2., -0.5, 0., 1.5], requires_grad=True)
    y = minigrad.where(x > 0, x, x * 0.1)
    y.sum().backward()
    if output is ... or grad is ...:
        print(TODO)
        return
    if not _close(_plain(output), y.tolist(), 1e-6):
        print(NOT_YET, f"forward gave {_plain(output)!r}.", "Hint: x where x > 0, else 0.1 * x.")
        return
    if grad is None:
        print(NOT_YET, "x.grad is None: the backward has not run.",
              "Hint: uncomment output.sum().backward() and run the cell again.")
        return
    _verdict(grad, x.grad.tolist(), "Forward and backward agree with a leaky ReLU (slope 0.1 at x <= 0).",
                    "the backward multiplies grad_output by 1 where x > 0 and by 0.1 elsewhere.")


# --------------------------------------------------------------------------- lesson 07
def check_accuracy_fn(accuracy, torch):
    """accuracy(logits, labels) -> fraction of rows whose largest logit is at the label."""
    if accuracy is ...:
        print(TODO)
        return
    logits = torch.tensor([[2., 1., 0.], [0., 3., 1.], [1., -1., 2.], [0.5, 0.25, 0.]])
    labels = torch.tensor([0, 1, 2, 2])  # three rows right (argmin would score 0.25)
    expected = (logits.argmax(dim=1) == labels).float().mean().item()
    _verdict(accuracy(logits, labels), expected, f"Three of the four rows are right: {expected}.",
                    "compare logits.max(dim=1).indices with labels, then average.")


# --------------------------------------------------------------------------- lesson 08
def check_third_derivative(answer):
    """d³/dx³ of x ** 4 at x = 2."""
    x = minigrad.tensor(2., requires_grad=True)
    g = x ** 4
    for _ in range(3):
        (g,) = minigrad.autograd.grad(g, x, create_graph=True)
    _verdict(answer, g.item(), "Three grad calls with create_graph=True: 4 * 3 * 2 * x = 48.",
                    "each grad call needs create_graph=True so that its result can be differentiated again.")
