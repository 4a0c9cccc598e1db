"""Pictures of autograd graphs for notebooks: `draw(loss)`, and a backward stepper.

Only this package imports graphviz (and the stepper, ipywidgets): `import minigrad` stays light.
"""
from .graph import Graph, draw
from .render import Picture

__all__ = ["draw", "Picture", "BackwardStepper"]


def __getattr__(name):
    """`BackwardStepper` is imported on first use: it pulls in the widget machinery."""
    if name == "BackwardStepper":
        from .stepper import BackwardStepper
        return BackwardStepper
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
