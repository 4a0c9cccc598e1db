"""Grad mode: one global switch that decides whether operations are recorded on the tape."""
import functools
import inspect
import sys

_enabled = True     # are ops recorded? (backward sets it to create_graph while it runs)
_inference = False  # inference_mode: new tensors are inference tensors, and nothing is recorded
_wanted = True      # grad mode as last set: inside inference mode it is reported, not obeyed


def is_grad_enabled():
    return _wanted if _inference else _enabled


def _set_grad(mode):
    global _enabled, _wanted
    _wanted, _enabled = mode, mode and not _inference


def _state():
    return _enabled, _wanted, _inference


def _restore(state):
    global _enabled, _wanted, _inference
    _enabled, _wanted, _inference = state


def is_inference_mode_enabled():
    return _inference


def context_decorator(make_context, func):
    """func run inside make_context(); a generator function's generator runs each of its steps
    inside it (the caller's mode applies between them), as PyTorch's decorators do."""
    if not inspect.isgeneratorfunction(func):
        @functools.wraps(func)
        def decorate_context(*args, **kwargs):
            with make_context():
                return func(*args, **kwargs)
        return decorate_context

    @functools.wraps(func)
    def generator_context(*args, **kwargs):
        gen = func(*args, **kwargs)
        try:
            with make_context():
                response = gen.send(None)
            while True:
                try:
                    request = yield response
                except GeneratorExit:  # close() on us: it is closed too, in the mode
                    with make_context():
                        gen.close()
                    raise
                except BaseException:  # throw() on us: thrown on, in the mode, as PyTorch throws
                    with make_context():  # it (the form Python 3.12 deprecates, and warns of)
                        response = gen.throw(*sys.exc_info())
                else:
                    with make_context():
                        response = gen.send(request)
        except StopIteration as e:
            return e.value
    return generator_context


class _GradModeContext:
    """Base for no_grad / enable_grad / set_grad_enabled: a context manager that also decorates."""

    mode = True

    def __enter__(self):
        self._prev = _state()
        _set_grad(self.mode)

    def __exit__(self, *exc):
        _restore(self._prev)

    def __call__(self, fn):
        return context_decorator(self.__class__, fn)


class _NoParamContext(_GradModeContext):
    """Also usable as a bare decorator, `@no_grad` without parentheses, as in PyTorch."""

    def __new__(cls, orig_func=None):
        self = super().__new__(cls)
        return self if orig_func is None else self(orig_func)


class no_grad(_NoParamContext):
    """Inside, nothing is recorded: results have no grad_fn (inference, weight updates)."""

    mode = False


class enable_grad(_NoParamContext):
    """Turns recording back on inside a no_grad block."""

    mode = True


class set_grad_enabled(_GradModeContext):
    """Sets grad mode right away (like PyTorch); as a context manager it restores it on exit."""

    def __init__(self, mode):
        if mode.__class__ is not bool:
            raise TypeError("set_grad_enabled(): argument 'enabled' (position 1) must be bool, not "
                            f"{type(mode).__name__}")
        self.mode = mode
        self._prev = _state()
        _set_grad(self.mode)

    def __enter__(self):
        pass

    def __repr__(self):  # (what a notebook shows after a bare `torch.set_grad_enabled(True)`)
        return f"minigrad.autograd.grad_mode.set_grad_enabled(mode={self.mode})"

    def __call__(self, fn):
        _restore(self._prev)  # used as a decorator: undo the immediate switch
        return context_decorator(lambda: set_grad_enabled(self.mode), fn)


class inference_mode(_GradModeContext):
    """no_grad, taken further: tensors made inside are *inference tensors*, which PyTorch spares
    the version counter. The price comes later: outside, autograd may not save them for backward
    and they may not be changed in place (clone() gives a normal tensor). inference_mode(False)
    switches it off again, and turns grad mode on."""

    def __new__(cls, mode=True):
        self = super().__new__(cls)
        return self if isinstance(mode, bool) else self(mode)  # @inference_mode bare decorator

    def __init__(self, mode=True):
        self.mode = mode

    def __enter__(self):
        self._prev = _state()
        _restore((not self.mode, not self.mode, self.mode))

    def __exit__(self, *exc):
        _restore(self._prev)

    def __call__(self, fn):
        return context_decorator(lambda: inference_mode(self.mode), fn)


_multithreading = True


def is_multithreading_enabled():
    """Whether backward may run nodes on worker threads: minigrad's engine runs every node on
    the caller's thread whatever this says; the flag is kept for code that sets and reads it."""
    return _multithreading


class set_multithreading_enabled:
    """Sets the flag right away (as set_grad_enabled does); `with` restores it on exit."""

    def __init__(self, mode):
        global _multithreading
        self.prev, self.mode, _multithreading = _multithreading, mode, mode

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        global _multithreading
        _multithreading = self.prev

    def clone(self):
        return self.__class__(self.mode)

    def __call__(self, fn):
        return context_decorator(self.clone, fn)
