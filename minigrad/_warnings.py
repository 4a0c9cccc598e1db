"""Warnings PyTorch gives once per process (TORCH_WARN_ONCE), whatever the warning filters say."""
import warnings

_given = set()


def warn_once(message, stacklevel=2):
    """Warn `message` the first time only: later calls are silent even under "always"."""
    if message not in _given:
        _given.add(message)
        warnings.warn(message, UserWarning, stacklevel=stacklevel + 1)
