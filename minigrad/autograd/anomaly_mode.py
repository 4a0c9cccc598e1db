"""Anomaly mode: a debugging switch for backward errors.

While it is on, every node records the stack of the forward call that made it (in
`node.metadata["traceback_"]`, as PyTorch does); when a node fails in backward, a warning shows
that stack, so you see which line of *your* forward pass the failing backward belongs to. With
check_nan, a node that returns a nan gradient is an error. Off, it costs one flag check per node.
"""
import os
import traceback
import warnings

_enabled = False
_check_nan = True
_parent = None  # the node backward is running while it records a graph (create_graph)
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def is_anomaly_enabled():
    return _enabled


def is_anomaly_check_nan_enabled():
    return _check_nan


def set_anomaly_enabled(enabled, check_nan=True):
    global _enabled, _check_nan
    if enabled.__class__ is not bool:
        raise TypeError("set_anomaly_enabled(): argument 'enabled' (position 1) must be bool, not "
                        f"{type(enabled).__name__}")
    _enabled, _check_nan = enabled, bool(check_nan)


class detect_anomaly:
    """`with detect_anomaly():` turns anomaly mode on inside the block (and warns that it is slow)."""

    def __init__(self, check_nan=True):
        self.prev, self.prev_check_nan = _enabled, _check_nan
        self.check_nan = check_nan
        warnings.warn("Anomaly Detection has been enabled. This mode will increase the runtime and "
                      "should only be enabled for debugging.", UserWarning, stacklevel=2)

    def __enter__(self):
        set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *exc):
        set_anomaly_enabled(self.prev, self.prev_check_nan)


class set_detect_anomaly:
    """Sets anomaly mode right away; as a context manager it restores the old mode on exit."""

    def __init__(self, mode, check_nan=True):
        self.prev, self.prev_check_nan = _enabled, _check_nan
        set_anomaly_enabled(mode, check_nan)

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        set_anomaly_enabled(self.prev, self.prev_check_nan)


def forward_stack():
    """The formatted stack of the forward call, without minigrad's own frames (they stand for
    PyTorch's C++ code, which a Python traceback does not show either)."""
    frames = [f for f in traceback.extract_stack() if not f.filename.startswith(_PACKAGE_DIR)]
    return traceback.format_list(frames)


def warn_error(node):
    """The warnings PyTorch gives before re-raising an error from `node` in backward: where the
    node was made; for a node made by an earlier backward (create_graph), where each node that
    made it was made in turn (its "parent_")."""
    _warn_stack(node, "Error detected in {}. Traceback of forward call that caused the error:\n",
                122)
    parent = node.metadata.get("parent_")
    while parent is not None:
        _warn_stack(parent, "\n\nPrevious calculation was induced by {}. Traceback of forward call "
                    "that induced the previous calculation:\n", 129)
        parent = parent.metadata.get("parent_")


def _warn_stack(node, heading, line):
    stack = node.metadata.get("traceback_")
    if stack is None:
        message = (f"Error detected in {node.name()}. No forward pass information available. "
                   "Enable detect anomaly during forward pass for more information.")
        line = 100
    else:
        message = heading.format(node.name()) + "".join(stack)
    warnings.warn(f"{message} (Triggered internally at "
                  f"/__w/pytorch/pytorch/torch/csrc/autograd/python_anomaly_mode.cpp:{line}.)",
                  UserWarning, stacklevel=5)
