"""Neural-network pieces: the functional forms, Parameter, and the Modules built on them."""
from . import functional  # noqa: F401
from . import init, utils  # noqa: F401
from .parameter import Parameter  # noqa: F401
from .modules import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, Dropout, Flatten,  # noqa: F401
                      HuberLoss, Identity, L1Loss, LeakyReLU, Linear, LogSoftmax, Module, MSELoss,
                      NLLLoss, ReLU, Sequential, Sigmoid, SmoothL1Loss, Softmax, Tanh)
from .modules import (CELU, ELU, GELU, GLU, SELU, Hardshrink, Hardsigmoid,  # noqa: F401  (part act2)
                      Hardswish, Hardtanh, LogSigmoid, Mish, ReLU6, SiLU, Softmin, Softplus,
                      Softshrink, Softsign, Tanhshrink, Threshold)
