import importlib as _importlib

from . import hooks  # noqa: F401


def __getattr__(name):
    """minigrad.utils.data (datasets, DataLoader) is read on first use, as minigrad.optim is."""
    if name == "data":
        return _importlib.import_module(".data", __name__)
    raise AttributeError(f"module 'minigrad.utils' has no attribute '{name}'")
