"""Neural-network pieces: the functional forms, Parameter, and the Modules built on them."""
from . import functional  # noqa: F401
from . import init, utils  # noqa: F401
from .parameter import Parameter  # noqa: F401
from .modules import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, Dropout, Flatten,  # noqa: F401
                      HuberLoss, Identity, L1Loss, LeakyReLU, Linear, LogSoftmax, Module, MSELoss,
                      NLLLoss, ReLU, Sequential, Sigmoid, SmoothL1Loss, Softmax, Tanh)
from .modules import (CELU, ELU, GELU, SELU, Hardshrink, Hardsigmoid, Hardswish,  # noqa: F401
                      Hardtanh, LogSigmoid, Mish, ReLU6, SiLU, Softmin, Softplus, Softshrink, Softsign,
                      Tanhshrink, Threshold)  # (part act2)
