"""Warnings PyTorch gives once per process (TORCH_WARN_ONCE), whatever the warning filters say."""
import warnings

_given = set()
_warn_always = False  # set_warn_always(True): warnings given once are given every time


def set_warn_always(b, /):
    """Have the warnings PyTorch gives once per process (deprecations, ...) given every time."""
    global _warn_always
    if b.__class__ is not bool:
        raise RuntimeError(f"setWarnOnlyOnce expects a bool, but got {type(b).__name__}")
    _warn_always = b


def is_warn_always_enabled():
    return _warn_always


def warn_once(message, stacklevel=2, key=None):
    """Warn `message` the first time only: later calls are silent even under "always". (`key`:
    one warning per key, where PyTorch's place warns once whatever the message says.)"""
    key = message if key is None else key
    if key not in _given or _warn_always:
        _given.add(key)
        warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)
