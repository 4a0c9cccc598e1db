import importlib as _importlib

from . import hooks  # noqa: F401


def __getattr__(name):
    """minigrad.utils.data (datasets, DataLoader) and minigrad.utils.checkpoint are read on first
    use, as minigrad.optim is."""
    if name in ("data", "checkpoint"):
        return _importlib.import_module("." + name, __name__)
    raise AttributeError(f"module 'minigrad.utils' has no attribute '{name}'")
