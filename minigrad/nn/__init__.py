"""Neural-network pieces: the functional forms, Parameter, and the Modules built on them."""
from . import functional  # noqa: F401
from . import utils  # noqa: F401
from .parameter import Parameter  # noqa: F401
from .modules import (CrossEntropyLoss, Linear, Module, MSELoss, ReLU, Sequential,  # noqa: F401
                      Sigmoid, Tanh)
