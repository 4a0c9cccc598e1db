"""minigrad.autograd.functional: jacobian, hessian, vjp, jvp, vhp, hvp, all built on autograd.grad.

Each one is a few calls of `grad` (PyTorch's torch/autograd/functional.py, shortened): the function
is run on fresh copies of the inputs, then `grad` walks its graph backward once per row needed.
Forward-mode products (jvp, hvp) use the "double backward trick": backward is linear in its seed,
so differentiating the backward pass with respect to the seed gives J @ v with reverse mode only.
Only jacobian(strategy="forward-mode") (and hessian's forward-over-reverse) uses dual tensors.
"""
from ..ops import stack, zeros_like
from ..tensor import Tensor
from . import grad
from .grad_mode import enable_grad, is_grad_enabled, set_grad_enabled

__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]


# --------------------------------------------------------------------------------------------
# helpers: tuples in and out, fresh inputs, None gradients
# --------------------------------------------------------------------------------------------
def _as_tuple(inp, arg_name, fn_name):
    """Everything works on tuples of tensors; remember whether the user gave a tuple."""
    is_tuple = isinstance(inp, tuple)
    inp = inp if is_tuple else (inp,)
    for i, el in enumerate(inp):
        if not isinstance(el, Tensor):
            where = f"the value at index {i}" if is_tuple else f"the given {arg_name}"
            raise TypeError(f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple "
                            f"of Tensors but {where} has type {type(el)}.")
    return is_tuple, inp


def _tuple_postprocess(res, to_unpack):
    """Undo `_as_tuple`: unwrap one level (or two, for jacobian's outputs x inputs nesting)."""
    if isinstance(to_unpack, tuple):
        if not to_unpack[1]:
            res = tuple(el[0] for el in res)
        to_unpack = to_unpack[0]
    return res if to_unpack else res[0]


def _grad_preprocess(inputs, create_graph, need_graph):
    """New tensor objects for func to use, so grads are taken w.r.t. these and nothing else.

    With create_graph they stay connected to the user's tensors (a view); otherwise detached."""
    return tuple(t.view(t.shape) if create_graph and t.requires_grad
                 else t.detach().requires_grad_(need_graph) for t in inputs)


def _grad_postprocess(res, create_graph):
    """Hand back results without history unless the user asked for a graph."""
    if isinstance(res[0], Tensor):
        return res if create_graph else tuple(t.detach() for t in res)
    return tuple(_grad_postprocess(r, create_graph) for r in res)


def _validate_v(v, other, is_other_tuple):
    if len(other) != len(v):
        if is_other_tuple:
            raise RuntimeError(f"v is a tuple of invalid length: should be {len(other)} but got "
                               f"{len(v)}.")
        raise RuntimeError("The given v should contain a single Tensor.")
    for i, (el_v, el_other) in enumerate(zip(v, other)):
        if el_v.size() != el_other.size():
            prepend = f"Entry {i} in " if is_other_tuple else ""
            raise RuntimeError(f"{prepend}v has invalid size: should be {el_other.size()} but got "
                               f"{el_v.size()}.")


_INDEPENDENT = {
    "outputs": "Output {i} of the user-provided function does not require gradients. The outputs "
               "must be computed in a differentiable manner from the input when running in strict "
               "mode.",
    "grad_inputs": "The gradient with respect to input {i} is independent of the inputs of the "
                   "user-provided function. This is not allowed in strict mode.",
    "jacobian": "While computing the hessian, found that the jacobian of the user-provided "
                "function with respect to input {i} is independent of the input. This is not "
                "allowed in strict mode. You should ensure that your function is twice "
                "differentiable and that the jacobian depends on the inputs (this would be "
                "violated by a linear function for example).",
    "hessian": "The hessian of the user-provided function with respect to input {i} is "
               "independent of the input. This is not allowed in strict mode. You should ensure "
               "that your function is thrice differentiable and that the hessian depends on the "
               "inputs.",
}


def _check_requires_grad(tensors, kind, strict):
    """strict=True: refuse a result that does not depend on the inputs (None or no grad)."""
    if not strict:
        return
    for i, t in enumerate(tensors):
        if t is None:
            raise RuntimeError(f"The output of the user-provided function is independent of input "
                               f"{i}. This is not allowed in strict mode.")
        if not t.requires_grad:
            raise RuntimeError(_INDEPENDENT[kind].format(i=i))


def _autograd_grad(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None,
                   is_grads_batched=False):
    """autograd.grad that skips outputs without a graph (None or no grad) and allows unused inputs."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    pairs = [(out, g) for out, g in zip(outputs, grad_outputs)
             if out is not None and out.requires_grad]
    if not pairs:
        return (None,) * len(inputs)  # nothing to differentiate: every input is unused
    outs, grads = zip(*pairs)
    return grad(outs, inputs, grads, allow_unused=True, create_graph=create_graph,
                retain_graph=retain_graph, is_grads_batched=is_grads_batched)


_NO_GRAD = {
    "back": "The output of the user-provided function is independent of input {i}. This is not "
            "allowed in strict mode.",
    "back_trick": "The gradient with respect to the input is independent of entry {i} in the "
                  "grad_outputs when using the double backward trick to compute forward mode "
                  "gradients. This is not allowed in strict mode.",
    "double_back": "The jacobian of the user-provided function is independent of input {i}. This "
                   "is not allowed in strict mode.",
    "double_back_trick": "The hessian of the user-provided function is independent of entry {i} "
                         "in the grad_jacobian. This is not allowed in strict mode as it prevents "
                         "from using the double backward trick to replace forward mode AD.",
}


def _fill_in_zeros(grads, refs, strict, create_graph, stage):
    """A None gradient means "does not depend": zeros shaped like `refs` (or an error if strict)."""
    res = []
    for i, (g, ref) in enumerate(zip(grads, refs)):
        if g is None:
            if strict:
                raise RuntimeError(_NO_GRAD[stage].format(i=i))
            g = zeros_like(ref)
        elif strict and create_graph and not g.requires_grad:
            what = "hessian" if "double" in stage else "jacobian"
            raise RuntimeError(f"The {what} of the user-provided function is independent of input "
                               f"{i}. This is not allowed in strict mode when create_graph=True.")
        res.append(g)
    return tuple(res)


def _run(func, inputs, v, create_graph, strict, name, v_like_outputs):
    """Shared start of vjp/jvp/vhp/hvp: fresh inputs, the checked v, and func's outputs."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", name)
    inputs = _grad_preprocess(inputs, create_graph, need_graph=True)
    if not v_like_outputs:  # v is checked before func runs
        v = _prepare_v(v, inputs, is_inputs_tuple, create_graph, name)
    is_outputs_tuple, outputs = _as_tuple(func(*inputs), "outputs of the user-provided function",
                                          name)
    _check_requires_grad(outputs, "outputs", strict)
    if v_like_outputs:  # vjp: v has the outputs' shapes
        v = _prepare_v(v, outputs, is_outputs_tuple, create_graph, name)
    if name in ("vhp", "hvp"):
        if is_outputs_tuple:
            raise RuntimeError(f"The function given to {name} should return a single Tensor")
        if outputs[0].nelement() != 1:
            raise RuntimeError(f"The Tensor returned by the function given to {name} should "
                               "contain a single element")
    return is_inputs_tuple, inputs, v, is_outputs_tuple, outputs


def _prepare_v(v, like, is_like_tuple, create_graph, name):
    if v is None:
        if len(like) != 1 or like[0].nelement() != 1:
            what = ("user-provided function returns" if name == "vjp"
                    else "input to the user-provided function is")
            raise RuntimeError(f"The vector v can only be None if the {what} a single Tensor "
                               "with a single element.")
        return None
    _, v = _as_tuple(v, "v", name)
    v = _grad_preprocess(v, create_graph, need_graph=False)
    _validate_v(v, like, is_like_tuple)
    return v


# --------------------------------------------------------------------------------------------
# the public functions
# --------------------------------------------------------------------------------------------
def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T J): one backward pass seeded with v (what .backward(v) computes)."""
    with enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs = _run(
            func, inputs, v, create_graph, strict, "vjp", v_like_outputs=True)
    with set_grad_enabled(create_graph or is_grad_enabled()):
        grad_res = _autograd_grad(outputs, inputs, v, create_graph=create_graph)
        res = _fill_in_zeros(grad_res, inputs, strict, create_graph, "back")
    return (_tuple_postprocess(_grad_postprocess(outputs, create_graph), is_outputs_tuple),
            _tuple_postprocess(_grad_postprocess(res, create_graph), is_inputs_tuple))


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), J v) by the double backward trick.

    g -> J^T g (one backward with a seed g that requires grad) is linear in g, so its
    vector-Jacobian product with v is (J^T)^T v = J v: a second backward, to g, gives it."""
    with enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs = _run(
            func, inputs, v, create_graph, strict, "jvp", v_like_outputs=False)
        # Any finite seed works (the result does not depend on its value): zeros.
        grad_outputs = tuple(zeros_like(out, requires_grad=True) for out in outputs)
        grad_inputs = _autograd_grad(outputs, inputs, grad_outputs, create_graph=True)
        _check_requires_grad(grad_inputs, "grad_inputs", strict)
    with set_grad_enabled(create_graph or is_grad_enabled()):
        grad_res = _autograd_grad(grad_inputs, grad_outputs, v, create_graph=create_graph)
        res = _fill_in_zeros(grad_res, outputs, strict, create_graph, "back_trick")
    return (_tuple_postprocess(_grad_postprocess(outputs, create_graph), is_outputs_tuple),
            _tuple_postprocess(_grad_postprocess(res, create_graph), is_outputs_tuple))


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False,
             strategy="reverse-mode"):
    """The Jacobian, one backward pass per output element (each gives one row), or with
    strategy="forward-mode" one forward pass per input element (each gives one column).

    jacobian[i][j] has shape outputs[i].shape + inputs[j].shape; the tuple levels are dropped
    where the user gave a single tensor."""
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode". '
                             'Hint: If your function has more outputs than inputs, "forward-mode" '
                             'tends to be more performant. Otherwise, prefer to use '
                             '"reverse-mode".')
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError("minigrad.autograd.functional.jacobian: `create_graph=True` "
                                      'and `strategy="forward-mode"` are not supported together '
                                      "(yet). Please either set `create_graph=False` or "
                                      '`strategy="reverse-mode"`.')
        return _jacfwd(func, inputs, strict, vectorize)
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _grad_preprocess(inputs, create_graph, need_graph=True)
        is_outputs_tuple, outputs = _as_tuple(func(*inputs),
                                              "outputs of the user-provided function", "jacobian")
        _check_requires_grad(outputs, "outputs", strict)
        if vectorize:
            if strict:
                raise RuntimeError("minigrad.autograd.functional.jacobian: `strict=True` and "
                                   "`vectorized=True` are not supported together. Please either "
                                   "set `strict=False` or `vectorize=False`.")
            jac = _jacrev_batched(outputs, inputs, create_graph)
        else:
            jac = _jacrev_rows(outputs, inputs, create_graph, strict)
        jac = _grad_postprocess(jac, create_graph)
        return _tuple_postprocess(jac, (is_outputs_tuple, is_inputs_tuple))


def _jacrev_rows(outputs, inputs, create_graph, strict):
    """vectorize=False: one grad call per output element, the rows stacked per (output, input)."""
    jac = []
    for i, out in enumerate(outputs):
        rows = [[] for _ in inputs]  # rows[j]: one gradient per element of out, for input j
        for k in range(out.nelement()):
            vj = _autograd_grad((out.reshape(-1)[k],), inputs, retain_graph=True,
                                create_graph=create_graph)
            for j, (g, inp) in enumerate(zip(vj, inputs)):
                if g is None:
                    if strict:
                        raise RuntimeError(f"Output {i} of the user-provided function is "
                                           f"independent of input {j}. This is not allowed "
                                           "in strict mode.")
                    g = zeros_like(inp)
                elif strict and create_graph and not g.requires_grad:
                    raise RuntimeError(f"The jacobian of the user-provided function is "
                                       f"independent of input {i}. This is not allowed in "
                                       "strict mode when create_graph=True.")
                rows[j].append(g)
        jac.append(tuple(stack(r, dim=0).view(tuple(out.shape) + tuple(inp.shape))
                         for r, inp in zip(rows, inputs)))
    return tuple(jac)


def _standard_basis(tensors):
    """The N x N identity (N: the tensors' elements together) cut into one block of columns per
    tensor, in its dtype: row k is the one-hot seed (or tangent) for element k of them all."""
    if len(tensors) == 0:
        raise AssertionError("Expected at least one tensor")
    total = sum(t.numel() for t in tensors)
    blocks, start = [], 0
    for t in tensors:
        block = t.new_zeros(total, t.numel())
        block.diagonal(-start).fill_(1)
        blocks.append(block)
        start += t.numel()
    return tuple(blocks)


def _basis_rows(tensors):
    """Row k of the standard basis of `tensors`, one tensor shaped like each: the one-hot seed
    (or tangent) for element k of them all, for the transforms that loop over it (torch.func's
    jacrev, jacfwd, hessian), where PyTorch vmaps."""
    if tensors:
        blocks = _standard_basis(tensors)
        for k in range(len(blocks[0])):
            yield [block[k].view(t.shape) for block, t in zip(blocks, tensors)]


def _jacrev_batched(outputs, inputs, create_graph):
    """vectorize=True: one grad call seeded with every one-hot row of the standard basis at once
    (is_grads_batched: PyTorch vmaps the backward pass, minigrad's grad runs it row by row).
    Gradient k is row k of the Jacobian of all outputs flattened; the rows are then cut per
    output. An input no output depends on gets zeros (expanded, as PyTorch's)."""
    numels = [out.numel() for out in outputs]
    seeds = _standard_basis(outputs)
    flat_outputs = tuple(out.reshape(-1) for out in outputs)
    grads = _autograd_grad(flat_outputs, inputs, seeds, create_graph=create_graph,
                           is_grads_batched=True)
    jac = []  # jac[j][i]: input j, output i (swapped at the end)
    for g, inp in zip(grads, inputs):
        if g is None:
            g = zeros_like(inp).expand((sum(numels),) + tuple(inp.shape))
        jac.append([rows.view(tuple(out.shape) + tuple(inp.shape))
                    for rows, out in zip(g.split(numels, dim=0), outputs)])
    return tuple(zip(*jac))


def _jacfwd(func, inputs, strict, vectorize):
    """strategy="forward-mode": one jvp per input element, its tangent a one-hot row of the
    standard basis, run over the basis with vmap (as PyTorch; minigrad's vmap runs it row by
    row). jvp k is column k of the Jacobian: the columns are cut per input and moved last.
    The results are lists, not tuples, and are not detached: as PyTorch's."""
    if strict:
        raise RuntimeError("minigrad.autograd.functional.jacobian: `strict=True` and "
                           '`strategy="forward-mode"` are not supported together (yet). Please '
                           'either set `strict=False` or `strategy="reverse-mode"`.')
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
    if not vectorize:
        raise NotImplementedError("Computing Jacobian using forward-AD or forward-over-reverse "
                                  "Hessian isonly implemented for `vectorize=True`.")
    from ..func import vmap  # (read on first use, as forward_ad is)
    from . import forward_ad
    numels = [inp.numel() for inp in inputs]
    output_info = []

    def jvp(tangents):
        with forward_ad.dual_level():
            duals = tuple(forward_ad.make_dual(inp, t.view_as(inp))
                          for inp, t in zip(inputs, tangents))
            # (PyTorch's check passes no function name: its message says "given to None")
            is_outputs_tuple, outputs = _as_tuple(func(*duals), "outputs", None)
            primals, jv = [], []
            for out in outputs:
                primal, tangent = forward_ad.unpack_dual(out)
                primals.append(primal)
                jv.append(zeros_like(primal) if tangent is None else tangent)
            output_info[:] = [is_outputs_tuple, primals]
            return tuple(jv)

    columns = vmap(jvp)(_standard_basis(inputs))
    is_outputs_tuple, outputs = output_info
    jac = [[col.permute(*range(1, col.dim()), 0).reshape(tuple(out.shape) + tuple(inp.shape))
            for col, inp in zip(cols.split(numels, dim=0), inputs)]
           for cols, out in zip(columns, outputs)]
    return _tuple_postprocess(jac, (is_outputs_tuple, is_inputs_tuple))


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False,
            outer_jacobian_strategy="reverse-mode"):
    """The Hessian of a one-element function: the jacobian of its gradient (built with a graph).

    hessian[i][j] has shape inputs[i].shape + inputs[j].shape."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')

    def single_output_func(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _check_requires_grad(t_out, "outputs", strict)
        if is_out_tuple:
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should "
                               "contain a single element")
        return out.squeeze()

    def jac_func(*inp):
        # create_graph=True: the outer jacobian differentiates through this one. Forward over
        # reverse: dual inputs that require grad are kept as views, which carry their tangents
        # (the inner jacobian would otherwise use detached copies, which carry none).
        if outer_jacobian_strategy == "forward-mode":
            inp = tuple(t.requires_grad_(True) for t in inp)
        jac = jacobian(single_output_func, inp, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict)
        return jac

    res = jacobian(jac_func, inputs, create_graph=create_graph, strict=strict,
                   vectorize=vectorize, strategy=outer_jacobian_strategy)
    return _tuple_postprocess(res, (is_inputs_tuple, is_inputs_tuple))


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), v^T H): backward of the gradient (built with a graph), seeded with v."""
    with enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs = _run(
            func, inputs, v, create_graph, strict, "vhp", v_like_outputs=False)
        jac = _autograd_grad(outputs, inputs, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict)
    with set_grad_enabled(create_graph or is_grad_enabled()):
        grad_res = _autograd_grad(jac, inputs, v, create_graph=create_graph)
        res = _fill_in_zeros(grad_res, inputs, strict, create_graph, "double_back")
    return (_tuple_postprocess(_grad_postprocess(outputs, create_graph), is_outputs_tuple),
            _tuple_postprocess(_grad_postprocess(res, create_graph), is_inputs_tuple))


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), H v): the double backward trick on top of the gradient (slower than vhp,
    and equal to it for twice continuously differentiable functions, where H is symmetric)."""
    with enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs = _run(
            func, inputs, v, create_graph, strict, "hvp", v_like_outputs=False)
        jac = _autograd_grad(outputs, inputs, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict)
        grad_jac = tuple(zeros_like(inp, requires_grad=True) for inp in inputs)
        double_back = _autograd_grad(jac, inputs, grad_jac, create_graph=True)
        _check_requires_grad(jac, "hessian", strict)
    with set_grad_enabled(create_graph or is_grad_enabled()):
        grad_res = _autograd_grad(double_back, grad_jac, v, create_graph=create_graph)
        res = _fill_in_zeros(grad_res, inputs, strict, create_graph, "double_back_trick")
    return (_tuple_postprocess(_grad_postprocess(outputs, create_graph), is_outputs_tuple),
            _tuple_postprocess(_grad_postprocess(res, create_graph), is_inputs_tuple))
