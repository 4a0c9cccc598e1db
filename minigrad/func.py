"""minigrad.func: torch.func's function transforms, built on autograd.grad.

`grad(f)` is a new function that returns f's gradient; transforms compose, so grad(grad(f)) is the
second derivative. PyTorch implements them with "levels": each transform wraps its inputs in a
fresh layer of autograd, runs f, differentiates within that layer only, then unwraps the results.
minigrad has one tape, so a transform here
  1. gives f a fresh tensor per differentiated input (a detached leaf; or an alias, when the
     input already requires grad outside, so the outer graph stays connected: AliasBackward0
     passes the gradient through unchanged, adding no step to it),
  2. differentiates with create_graph=True (an enclosing transform may differentiate again),
  3. "unwraps": a result whose graph reaches no tensor from outside (only this call's fresh
     inputs) is detached, so it prints without grad_fn as PyTorch's does.
jvp and jacfwd run forward-mode AD (autograd/forward_ad.py) inside a dual level; minigrad has
one, so forward-mode transforms do not nest (jvp of jvp, jacfwd of jacfwd raise).
Not reproduced: level semantics on the tape itself (f calling .backward(), or .grad, inside a
transform), and vmap's batching rules (see vmap).
"""
from .derivatives import alias
from .autograd.engine import AccumulateGrad, _graph
from .autograd.function import _set_fw_grad
from .autograd.functional import _autograd_grad, _basis_rows
from .autograd.grad_mode import enable_grad, is_grad_enabled
from .ops import stack, zeros, zeros_like
from .tensor import Tensor

__all__ = ["grad", "grad_and_value", "vjp", "jacrev", "jvp", "jacfwd", "hessian", "vmap",
           "functional_call"]


# --------------------------------------------------------------------------------------------
# pytrees: tuples, lists and dicts of leaves (what torch.utils._pytree handles most often)
# --------------------------------------------------------------------------------------------
def _tree_flatten(tree):
    """(leaves, spec): spec is None for a leaf, else (type, keys, child specs)."""
    if isinstance(tree, (tuple, list)):
        kind, keys, children = type(tree), None, list(tree)
    elif isinstance(tree, dict):
        kind, keys, children = dict, list(tree), list(tree.values())
    else:
        return [tree], None
    leaves, specs = [], []
    for child in children:
        child_leaves, child_spec = _tree_flatten(child)
        leaves += child_leaves
        specs.append(child_spec)
    return leaves, (kind, keys, specs)


def _tree_unflatten(leaves, spec):
    it = iter(leaves)

    def build(spec):
        if spec is None:
            return next(it)
        kind, keys, specs = spec
        children = [build(s) for s in specs]
        return dict(zip(keys, children)) if kind is dict else kind(children)
    return build(spec)


def _spec_str(spec):
    """A spec as torch.utils._pytree.treespec_pprint shows it: a leaf is *."""
    if spec is None:
        return "*"
    kind, keys, specs = spec
    parts = [_spec_str(s) for s in specs]
    if kind is dict:
        return "{" + ", ".join(f"{k!r}: {p}" for k, p in zip(keys, parts)) + "}"
    if kind is list:
        return "[" + ", ".join(parts) + "]"
    return "(" + ", ".join(parts) + (",)" if len(parts) == 1 else ")")


def _spec_repr(spec, indent=0):
    """A spec as repr(TreeSpec) shows it (vmap's structure errors print it)."""
    if spec is None:
        return "*"
    kind, keys, specs = spec
    children = [_spec_repr(c, indent + 2) for c in specs]
    return (f"TreeSpec({kind.__name__}, {keys}, ["
            + (",\n" + " " * (indent + 2)).join(children) + "])")


# --------------------------------------------------------------------------------------------
# argnums, fresh inputs, unwrapping
# --------------------------------------------------------------------------------------------
def _validate_argnum(argnum, num_args):
    if not isinstance(argnum, int):
        raise RuntimeError(f"argnum must be int, got: {type(argnum)}")
    if 0 <= argnum < num_args:
        return argnum
    if -num_args <= argnum < 0:
        return argnum + num_args
    raise RuntimeError(f"Got argnum={argnum}, but only {num_args} positional inputs")


def _slice_argnums(args, argnums):
    """The differentiated arguments: args[argnums] (an int), or a tuple of them."""
    if not isinstance(argnums, (int, tuple)):
        raise RuntimeError(f"argnums must be int or Tuple[int, ...], got: {type(argnums)}")
    if isinstance(argnums, int):
        argnum = _validate_argnum(argnums, len(args))
        return argnum, args[argnum]
    argnums = tuple(_validate_argnum(a, len(args)) for a in argnums)
    if len(argnums) == 0:
        raise RuntimeError("argnums must be non-empty")
    if len(set(argnums)) != len(argnums):
        raise RuntimeError(f"argnums elements must be unique, got {argnums}")
    return argnums, tuple(args[i] for i in argnums)


class _Level:
    """One transform's fresh inputs, and how to take its results back out."""

    def __init__(self, diff):
        self.outer_grad = is_grad_enabled()  # under no_grad outside, results carry no graph
        flat, self.spec = _tree_flatten(diff)
        for t in flat:
            if not isinstance(t, Tensor):
                raise ValueError(f"Thing passed to transform API must be Tensor, got {type(t)}")
        self.originals = flat
        with enable_grad():
            self.inputs = [alias(t) if t.requires_grad
                           else _detach(t).requires_grad_() for t in flat]

    def diff(self):
        return _tree_unflatten(self.inputs, self.spec)

    def grads(self, outputs, grad_outputs, retain_graph, create_graph):
        """autograd.grad to the fresh inputs; an input f did not use gets zeros, as in PyTorch."""
        res = _autograd_grad(outputs, self.inputs, grad_outputs, retain_graph=retain_graph,
                             create_graph=create_graph)
        res = [zeros_like(i) if g is None else g for g, i in zip(res, self.inputs)]
        return _tree_unflatten(res, self.spec)

    def _reaches_outside(self, t):
        """Does t's graph reach a leaf that is not one of this level's fresh inputs?"""
        if t.grad_fn is None:  # a leaf itself
            return not any(t is i for i in self.inputs)
        return any(isinstance(n, AccumulateGrad) and not any(n.variable is i for i in self.inputs)
                   for n in _graph([t.grad_fn]))

    def unwrap(self, tree, strict_tensors=False):
        """PyTorch's unwrapping: aux (strict_tensors) may hold only tensors."""
        leaves, spec = _tree_flatten(tree)
        out = []
        for t in leaves:
            if isinstance(t, Tensor):
                for inner, orig in zip(self.inputs, self.originals):
                    if t is inner:
                        t = orig
                        break
                else:
                    if t.requires_grad and not (self.outer_grad and self._reaches_outside(t)):
                        t = _detach(t)
            elif strict_tensors:
                raise RuntimeError(f"Expected tensors, got unsupported type {type(t)}")
            out.append(t)
        return _tree_unflatten(out, spec)


def _detach(t):
    """t.detach(), keeping t's tangent: inside jvp or jacfwd (jacfwd(jacrev(f)), say), a
    transform's fresh inputs and unwrapped results stay dual, as PyTorch's wrappers do. The
    tangent is unwrapped too (its formulas were recorded on this level's inputs)."""
    out = t.detach()
    if t._fw_grad is not None:
        tangent = t._fw_grad
        _set_fw_grad(out, _detach(tangent) if tangent.requires_grad else tangent)
    return out


def _with_diff(args, argnums, level):
    """args with the differentiated ones replaced by the level's fresh inputs."""
    new = level.diff()
    if isinstance(argnums, int):
        return tuple(new if i == argnums else a for i, a in enumerate(args))
    return tuple(new[argnums.index(i)] if i in argnums else a for i, a in enumerate(args))


def _split_aux(output, has_aux, api):
    if not has_aux:
        return output, None
    if not (isinstance(output, tuple) and len(output) == 2):
        raise RuntimeError(f"{api}: output of function f should be a tuple: (output, aux) if "
                           "has_aux is True")
    return output


# --------------------------------------------------------------------------------------------
# grad, grad_and_value
# --------------------------------------------------------------------------------------------
def grad_and_value(func, argnums=0, has_aux=False):
    """A function returning (gradient of func's scalar output w.r.t. args[argnums], the output).

    The gradient is built with create_graph=True, so grad(grad(f)) differentiates it again."""
    def wrapper(*args, **kwargs):
        index, diff = _slice_argnums(args, argnums)
        level = _Level(diff)
        with enable_grad():
            output = func(*_with_diff(args, index, level), **kwargs)
            output, aux = _split_aux(output, has_aux, "grad_and_value(f)(*args)")
            if not isinstance(output, Tensor):
                raise RuntimeError("grad_and_value(f)(*args): Expected f(*args) to return a "
                                   f"Tensor, got {type(output)}")
            if output.dim() != 0:
                raise RuntimeError("grad_and_value(f)(*args): Expected f(*args) to return a "
                                   f"scalar Tensor, got tensor with {output.dim()} dims. Maybe "
                                   "you wanted to use the vjp or jacrev APIs instead?")
            # (retain_graph: on one tape, the forward graph is also the outer levels' graph)
            g = level.grads((output,), None, retain_graph=True, create_graph=True)
        g, output = level.unwrap(g), level.unwrap(output)
        if has_aux:
            return g, (output, level.unwrap(aux, strict_tensors=True))
        return g, output
    return _named(wrapper, func)


def grad(func, argnums=0, has_aux=False):
    """A function returning the gradient of func's scalar output w.r.t. args[argnums]
    (a tuple of gradients for a tuple of argnums; (gradient, aux) with has_aux)."""
    g_and_v = grad_and_value(func, argnums, has_aux)

    def wrapper(*args, **kwargs):
        g, value = g_and_v(*args, **kwargs)
        return (g, value[1]) if has_aux else g
    return _named(wrapper, func)


def _named(wrapper, func):
    """functools.wraps, for functions and for callables without a __name__."""
    for attr in ("__module__", "__name__", "__qualname__", "__doc__"):
        if hasattr(func, attr):
            setattr(wrapper, attr, getattr(func, attr))
    return wrapper


# --------------------------------------------------------------------------------------------
# vjp, jacrev, hessian
# --------------------------------------------------------------------------------------------
def vjp(func, *primals, has_aux=False):
    """(func(*primals), vjp_fn[, aux]): vjp_fn(cotangents) is a backward pass seeded with them,
    one gradient per primal (a tuple, as the primals are). vjp_fn can be called many times."""
    return _vjp(func, primals, None, has_aux)


def _vjp(func, primals, argnums, has_aux):
    """vjp, optionally differentiating only primals[argnums] (what jacrev needs)."""
    if argnums is None:
        index, diff = None, primals
    else:
        index, diff = _slice_argnums(primals, argnums)
    level = _Level(diff)
    with enable_grad():
        args = level.diff() if argnums is None else _with_diff(primals, index, level)
        output = func(*args)
        output, aux = _split_aux(output, has_aux, "vjp(f, *primals)")
        flat_out, out_spec = _tree_flatten(output)
        if (len(flat_out) == 1 and flat_out[0] is None) or len(flat_out) < 1:
            raise RuntimeError("vjp(f, *primals): Expected f to be a function that has non-empty "
                               f"output (got output = {flat_out})")
        for o in flat_out:
            if not isinstance(o, Tensor):
                raise RuntimeError("vjp(f, *primals): expected f(*primals) to return only "
                                   f"tensors, got unsupported type {type(o)}")
        for o in flat_out:
            if not (o.is_floating_point() or o.is_complex()):
                raise RuntimeError("vjp(f, ...): All outputs of f must be floating-point or "
                                   f"complex Tensors, got Tensor with dtype {o.dtype}")

    def vjp_fn(cotangents, retain_graph=True, create_graph=None):
        if create_graph is None:
            create_graph = is_grad_enabled()
        flat_cot, cot_spec = _tree_flatten(cotangents)
        if cot_spec != out_spec:
            raise RuntimeError("Expected pytree structure of cotangents to be the same as pytree "
                               "structure of outputs to the function. cotangents: "
                               f"{_spec_str(cot_spec)}, primal output: {_spec_str(out_spec)}")
        with enable_grad():
            res = level.grads(flat_out, flat_cot, retain_graph, create_graph)
        return level.unwrap(res)

    result = (level.unwrap(output), vjp_fn)
    return result + (level.unwrap(aux, strict_tensors=True),) if has_aux else result


def jacrev(func, argnums=0, *, has_aux=False, chunk_size=None, _preallocate_and_copy=False):
    """A function returning the Jacobian of func w.r.t. args[argnums], by reverse mode.

    One vjp per output element, seeded with the standard basis (PyTorch vmaps vjp_fn over the
    basis; here it is a loop): row k is the gradient of output element k. The rows are stacked
    and viewed as output.shape + input.shape. chunk_size only says how PyTorch batches the rows;
    the values do not depend on it."""
    if not (chunk_size is None or chunk_size > 0):
        raise ValueError("jacrev: `chunk_size` should be greater than 0.")

    def wrapper(*args):
        res = _vjp(func, args, argnums, has_aux)
        output, vjp_fn = res[0], res[1]
        flat_out, out_spec = _tree_flatten(output)
        _, diff = _slice_argnums(args, argnums)
        flat_primals, primals_spec = _tree_flatten(diff if isinstance(argnums, tuple) else (diff,))
        numels = [o.numel() for o in flat_out]
        # rows[k]: the gradients of flat output element k, one per flat primal
        rows = [_tree_flatten(vjp_fn(_tree_unflatten(basis, out_spec)))[0]
                for basis in _basis_rows(flat_out)]
        per_output = [[] for _ in flat_out]  # per_output[j][p]: d flat_out[j] / d primal p
        for p, primal in enumerate(flat_primals):
            stacked = stack([r[p] for r in rows]) if rows else zeros((0,) + tuple(primal.shape))
            splits = stacked.split(numels, dim=0)
            for j, (split, out) in enumerate(zip(splits, flat_out)):
                per_output[j].append(split.view(tuple(out.shape) + tuple(primal.shape)))
        jac = [_tree_unflatten(ins, primals_spec) for ins in per_output]
        if isinstance(argnums, int):
            jac = [j[0] for j in jac]
        jac = _tree_unflatten(jac, out_spec)
        return (jac, res[2]) if has_aux else jac
    return _named(wrapper, func)


def hessian(func, argnums=0):
    """The Hessian: the forward-mode Jacobian of jacrev(func, argnums), as in PyTorch
    (jacfwd(jacrev(func))). Its forward Jacobian is computed with the double-vjp trick of
    autograd.functional.jvp, not with jacfwd: u -> J^T u is linear in u, so the vjp of that map,
    seeded with e_k, is J e_k (column k). Every op with a twice-differentiable backward works
    so, while jacfwd needs each op's forward derivative, which only some rows have yet (see
    derivatives.py's `result=`). Forward-over-reverse's values and zero signs, at the cost of
    one backward pass per input element."""
    return _jacfwd_double_vjp(jacrev(func, argnums), argnums)


def _jacfwd_double_vjp(func, argnums):
    """jacfwd, column by column with the double-vjp trick (not public: PyTorch's jacfwd runs
    forward-mode AD, whose errors and corner cases this does not reproduce)."""
    def wrapper(*args):
        index, diff = _slice_argnums(args, argnums)
        level = _Level(diff)
        with enable_grad():
            output = func(*_with_diff(args, index, level))
            flat_out, out_spec = _tree_flatten(output)
            u = [zeros_like(o, requires_grad=True) for o in flat_out]  # any value works
            jtu = _tree_flatten(level.grads(flat_out, u, True, True))[0]  # J^T u, per input
            columns = [[] for _ in flat_out]  # columns[j]: J_j e_k for every input element k
            for seeds in _basis_rows(jtu):
                cols = _autograd_grad(jtu, u, seeds, retain_graph=True, create_graph=True)
                for j, (c, o) in enumerate(zip(cols, flat_out)):
                    columns[j].append(zeros_like(o) if c is None else c)
        jac = []
        for cols, out in zip(columns, flat_out):
            per_input, start = [], 0
            for inp in level.inputs:
                block = stack(cols[start:start + inp.numel()], dim=-1)
                per_input.append(block.view(tuple(out.shape) + tuple(inp.shape)))
                start += inp.numel()
            per_input = _tree_unflatten(per_input, level.spec)
            jac.append(per_input)
        return level.unwrap(_tree_unflatten(jac, out_spec))
    return _named(wrapper, func)


# --------------------------------------------------------------------------------------------
# jvp, jacfwd: forward-mode AD (autograd/forward_ad.py)
# --------------------------------------------------------------------------------------------
_JVP = "jvp(f, primals, tangents)"


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    """(func(*primals), J @ tangents[, aux]): one forward pass on dual tensors, inside a dual
    level of its own. minigrad has one level: a jvp inside another (or inside a dual_level)
    raises where PyTorch would nest."""
    return _jvp(func, primals, tangents, None, strict, has_aux)


def _list_of_tensors(flat, argname):
    if len(flat) == 0:
        raise RuntimeError(f"{_JVP}: Expected {argname} to contain at least one Tensor.")
    for t in flat:
        if not isinstance(t, Tensor):
            raise RuntimeError(f"{_JVP}: Expected {argname} to only contain Tensors, got {type(t)}")


def _jvp(func, primals, tangents, argnums, strict, has_aux):
    """jvp, with tangents for primals[argnums] only when argnums is given (jacfwd's)."""
    from .autograd import forward_ad as fwAD
    if not isinstance(primals, tuple):
        raise RuntimeError(f"{_JVP}: Expected primals to be a tuple. E.g. it should be valid to "
                           "call f(*primals).")
    if argnums is None:
        diff = primals
    else:
        index, diff = _slice_argnums(primals, argnums)
        diff = diff if isinstance(argnums, tuple) else (diff,)
    flat_primals, primals_spec = _tree_flatten(diff)
    flat_tangents, tangents_spec = _tree_flatten(tangents)
    if primals_spec != tangents_spec:
        raise RuntimeError(
            f"{_JVP}: Expected primals and tangents to have the same python structure. For "
            "example, if primals is a tuple of 3 tensors, tangents also must be. Got primals with "
            f"structure {_spec_repr(primals_spec)} and tangents with structure "
            f"{_spec_repr(tangents_spec)}")
    _list_of_tensors(flat_primals, "primals")
    _list_of_tensors(flat_tangents, "tangents")
    with fwAD.dual_level():
        duals = _tree_unflatten([fwAD.make_dual(p, t) for p, t in zip(flat_primals, flat_tangents)],
                                primals_spec)
        if argnums is not None:
            duals = _with_diff(primals, index, _Given(duals if isinstance(argnums, tuple)
                                                      else duals[0]))
        output = func(*duals)
        output, aux = _split_aux(output, has_aux, _JVP)
        for t in _tree_flatten(aux)[0] if has_aux else ():
            if not isinstance(t, Tensor):
                raise RuntimeError(f"Expected tensors, got unsupported type {type(t)}")
        flat_out, out_spec = _tree_flatten(output)
        if (len(flat_out) == 1 and flat_out[0] is None) or len(flat_out) < 1:
            raise RuntimeError(f"{_JVP}: Expected f to be a function that has non-empty output "
                               f"(got output = {flat_out})")
        for o in flat_out:
            if not isinstance(o, Tensor):
                raise RuntimeError(f"{_JVP}: expected f(*primals) to return only tensors, got "
                                   f"unsupported type {type(o)}")
        primals_out, tangents_out = [], []
        for o in flat_out:
            primal, tangent = fwAD.unpack_dual(o)
            if tangent is None:
                if strict:
                    raise RuntimeError(
                        "jvp(f, primals, tangents, strict=True): The output of f is independent "
                        "of the inputs. This is not allowed with strict=True.")
                tangent = zeros_like(primal)
            primals_out.append(primal)
            tangents_out.append(tangent)
    result = _tree_unflatten(primals_out, out_spec), _tree_unflatten(tangents_out, out_spec)
    return result + (aux,) if has_aux else result


class _Given:
    """Stands in for a _Level in _with_diff: the differentiated arguments, already made."""

    def __init__(self, new):
        self.new = new

    def diff(self):
        return self.new


def jacfwd(func, argnums=0, has_aux=False, *, randomness="error"):
    """A function returning the Jacobian of func w.r.t. args[argnums], by forward mode.

    One jvp per input element, its tangent a standard basis vector (PyTorch vmaps jvp over the
    basis; here it is a loop): the jvp is column k of the Jacobian. The columns are stacked along
    a last dim, split per input and unflattened to output.shape + input.shape."""
    def wrapper(*args):
        _, diff = _slice_argnums(args, argnums)
        flat_primals, primals_spec = _tree_flatten(diff if isinstance(argnums, tuple) else (diff,))
        numels = [p.numel() for p in flat_primals]
        columns, aux = None, None
        for basis in _basis_rows(flat_primals):
            out = _jvp(func, args, _tree_unflatten(basis, primals_spec), argnums, False, has_aux)
            if aux is None and has_aux:
                aux = out[2]
            flat_out, out_spec = _tree_flatten(out[1])
            columns = [[] for _ in flat_out] if columns is None else columns
            for column, jvp_out in zip(columns, flat_out):
                column.append(jvp_out)
        jac = []
        for column in columns:
            per_input = []
            for primal, block in zip(flat_primals, stack(column, dim=-1).split(numels, dim=-1)):
                per_input.append(block.squeeze(-1) if primal.dim() == 0
                                 else block.unflatten(-1, primal.shape))
            per_input = _tree_unflatten(per_input, primals_spec)
            jac.append(per_input[0] if isinstance(argnums, int) else per_input)
        jac = _tree_unflatten(jac, out_spec)
        return (jac, aux) if has_aux else jac
    return _named(wrapper, func)


# --------------------------------------------------------------------------------------------
# vmap: per slice, then stacked
# --------------------------------------------------------------------------------------------
def _func_name(func):
    if hasattr(func, "__name__"):
        return func.__name__
    import functools
    if isinstance(func, functools.partial):
        return f"functools.partial({_func_name(func.func)}, ...)"
    return repr(func)


def _broadcast_dims(dims, spec):
    """in_dims/out_dims (an int/None for a whole subtree, or a tree matching it), flattened."""
    if not isinstance(dims, (tuple, list, dict)):  # one value for the whole subtree
        return [dims] * _num_leaves(spec)
    if spec is None or type(dims) is not spec[0]:
        return None
    kind, keys, specs = spec
    children = list(dims.values()) if kind is dict else list(dims)
    if len(children) != len(specs) or (kind is dict and list(dims) != keys):
        return None
    out = []
    for d, s in zip(children, specs):
        sub = _broadcast_dims(d, s)
        if sub is None:
            return None
        out += sub
    return out


def _num_leaves(spec):
    return 1 if spec is None else sum(_num_leaves(s) for s in spec[2])


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    """func mapped over a batch dimension: in_dims says which dimension of each input is the
    batch (None: not batched, passed whole), out_dims where the batch goes in each output.

    minigrad has no batched tensors: this runs func once per slice (input.select(in_dim, i))
    and stacks the results along out_dim. So the values are PyTorch's, but func runs batch-size
    times (print, or a random op, runs per slice: randomness is not checked); an output with
    out_dim=None must be the same object in every slice; and results that require grad show
    grad_fn=<StackBackward0> (PyTorch records the batched op itself)."""
    if randomness not in ("error", "different", "same"):
        raise RuntimeError("Only allowed values for randomness are 'error', 'different', or "
                           f"'same'. Got {randomness}")
    if not (chunk_size is None or chunk_size > 0):
        raise ValueError(f"vmap: chunk_size should be None or greater than 0. (got {chunk_size})")

    def wrapper(*args, **kwargs):
        name = _func_name(func)
        for d in _tree_flatten(out_dims)[0]:
            if not (d is None or isinstance(d, int)):
                raise ValueError(f"vmap({name}, ..., out_dims={out_dims}): `out_dims` must be an "
                                 "int, None or a python collection of ints representing where in "
                                 "the outputs the vmapped dimension should appear.")
        batch, dims, flat_args, spec = _batched_inputs(name, in_dims, args)
        results = []
        for i in range(batch):
            sliced = [a if d is None else a.select(d, i) for a, d in zip(flat_args, dims)]
            results.append(func(*_tree_unflatten(sliced, spec), **kwargs))
        return _stack_outputs(name, results, out_dims)
    return _named(wrapper, func)


def _batched_inputs(name, in_dims, args):
    if not isinstance(in_dims, (int, tuple)):
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): expected `in_dims` to "
                         "be int or a (potentially nested) tuple matching the structure of "
                         f"inputs, got: {type(in_dims)}.")
    if len(args) == 0:
        raise ValueError(f"vmap({name})(<inputs>): got no inputs. Maybe you forgot to add inputs, "
                         "or you are trying to vmap over a function with no inputs. The latter "
                         "is unsupported.")
    flat_args, spec = _tree_flatten(args)
    dims = _broadcast_dims(in_dims, spec)
    if dims is None:
        raise ValueError(f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): in_dims is not "
                         "compatible with the structure of `inputs`. in_dims has structure "
                         f"{_spec_repr(_tree_flatten(in_dims)[1])} but inputs has structure "
                         f"{_spec_repr(spec)}.")
    for i, (arg, d) in enumerate(zip(flat_args, dims)):
        where = f"vmap({name}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={d} for"
        if d is not None and not isinstance(d, int):
            raise ValueError(f"{where} an input but in_dim must be either an integer dimension "
                             "or None.")
        if isinstance(d, int) and not isinstance(arg, Tensor):
            raise ValueError(f"{where} an input but the input is of type {type(arg)}. We cannot "
                             "vmap over non-Tensor arguments, please use None as the respective "
                             "in_dim")
        if d is not None and not -arg.dim() <= d < arg.dim():
            raise ValueError(f"{where} some input, but that input is a Tensor of dimensionality "
                             f"{arg.dim()} so expected in_dim to satisfy -{arg.dim()} <= in_dim "
                             f"< {arg.dim()}.")
        if d is not None and d < 0:
            dims[i] = d % arg.dim()
    sizes = [a.size(d) for a, d in zip(flat_args, dims) if d is not None]
    if not sizes:
        raise ValueError("vmap: Expected at least one Tensor to vmap over")
    if any(s != sizes[0] for s in sizes):
        raise ValueError("vmap: Expected all tensors to have the same size in the mapped "
                         f"dimension, got sizes {sizes} for the mapped dimension")
    return sizes[0], dims, flat_args, spec


def _stack_outputs(name, results, out_dims):
    """Stack slice i of every output into one tensor, the batch at out_dim."""
    flat, spec = _tree_flatten(results[0])
    columns = list(zip(*(_tree_flatten(r)[0] for r in results)))
    if isinstance(results[0], Tensor):
        dims = (list(out_dims) if isinstance(out_dims, tuple) and len(out_dims) == 1
                else [out_dims] if out_dims is None or isinstance(out_dims, int) else None)
    else:
        dims = _broadcast_dims(out_dims, spec)
    if dims is None:
        raise ValueError(f"vmap({name}, ..., out_dims={out_dims})(<inputs>): out_dims is not "
                         "compatible with the structure of `outputs`. out_dims has structure "
                         f"{_spec_repr(_tree_flatten(out_dims)[1])} but outputs has structure "
                         f"{_spec_repr(spec)}.")
    out = []
    for column, d in zip(columns, dims):
        if d is None:
            if any(c is not column[0] for c in column):
                raise NotImplementedError(f"vmap({name}, ...): minigrad runs {name} per slice and "
                                          "cannot tell whether an output with out_dim=None is "
                                          "batched: it must be the same object in every slice.")
            out.append(column[0])
            continue
        if not isinstance(column[0], Tensor):
            raise ValueError(f"vmap({name}, ...): `{name}` must only return Tensors, got type "
                             f"{type(column[0])}. Did you mean to set out_dims= to None for "
                             "output?")
        out.append(stack(column, dim=d))
    return _tree_unflatten(out, spec)


# --------------------------------------------------------------------------------------------
# functional_call
# --------------------------------------------------------------------------------------------
def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *,
                    tie_weights=True, strict=False):
    """module(*args, **kwargs) with some parameters/buffers replaced by the given tensors.

    The module's own tensors are swapped out for the call and put back afterwards (even if the
    call raises), so grad(lambda p: loss(functional_call(model, p, x)))(params) differentiates
    with respect to the dict `params` without touching the model. tie_weights: a tensor the
    module holds under several names is replaced under all of them."""
    if isinstance(parameter_and_buffer_dicts, dict):
        given = parameter_and_buffer_dicts
    elif isinstance(parameter_and_buffer_dicts, (tuple, list)):
        if not all(isinstance(d, dict) for d in parameter_and_buffer_dicts):
            raise ValueError("Expected all elements of parameter_and_buffer_dicts to be "
                             "dictionaries")
        counts = {}
        for d in parameter_and_buffer_dicts:
            for k in d:
                counts[k] = counts.get(k, 0) + 1
        repeated = [k for k, n in counts.items() if n > 1]
        if repeated:
            raise ValueError(f"{repeated} appeared in multiple dictionaries; behavior of "
                             "functional call is ambiguous")
        given = {k: v for d in parameter_and_buffer_dicts for k, v in d.items()}
    else:
        raise ValueError("Expected parameter_and_buffer_dicts to be a dict, or a list/tuple of "
                         f"dicts, but got {type(parameter_and_buffer_dicts)}")
    named = (list(module.named_parameters(remove_duplicate=False))
             + list(module.named_buffers(remove_duplicate=False)))
    given = dict(given)
    if tie_weights:  # every other name of a replaced tensor gets the same replacement
        for name, t in named:
            if name not in given:
                for other, u in named:
                    if u is t and other in given:
                        given[name] = given[other]
                        break
    if strict:
        known = [name for name, _ in named]
        unexpected = [k for k in given if k not in known]
        missing = [k for k in known if k not in given]
        msgs = []
        if unexpected:
            msgs.append(f"Unexpected key(s): {', '.join(map(repr, unexpected))}.")
        if missing:
            msgs.append(f"Missing key(s): {', '.join(map(repr, missing))}.")
        if msgs:
            raise RuntimeError("Error(s) in reparametrizing for {}:\n\t{}".format(
                type(module).__name__, "\n\t".join(msgs)))
    args = () if args is None else args if isinstance(args, tuple) else (args,)
    saved = []  # (registry dict, name, old value) to put back
    try:
        for key, value in given.items():
            owner, _, attr = key.rpartition(".")
            sub = module.get_submodule(owner)
            registry = next((r for r in (sub._parameters, sub._buffers) if attr in r), None)
            if registry is None:
                raise NotImplementedError(f"minigrad's functional_call replaces only parameters "
                                          f"and buffers; '{key}' is neither")
            saved.append((registry, attr, registry[attr]))
            registry[attr] = value
        return module(*args, **(kwargs or {}))
    finally:
        for registry, attr, old in reversed(saved):
            registry[attr] = old
