"""Neural-network pieces: the functional forms, Parameter, and the Modules built on them."""
from . import functional  # noqa: F401
from . import init, utils  # noqa: F401
from .parameter import Buffer, Parameter  # noqa: F401
from .modules import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, Dropout, Flatten,  # noqa: F401
                      HuberLoss, Identity, L1Loss, LeakyReLU, Linear, LogSoftmax, Module, MSELoss,
                      ModuleDict, ModuleList, NLLLoss, ParameterDict, ParameterList, ReLU,
                      Sequential, Sigmoid, SmoothL1Loss, Softmax, Tanh, Unflatten)
from .modules import BatchNorm1d, BatchNorm2d, BatchNorm3d, Embedding, LayerNorm  # noqa: F401
from .modules import (CELU, ELU, GELU, GLU, SELU, Hardshrink, Hardsigmoid,  # noqa: F401
                      Hardswish, Hardtanh, LogSigmoid, Mish, ReLU6, SiLU, Softmin, Softplus,
                      Softshrink, Softsign, Tanhshrink, Threshold)
from .modules import Conv1d, Conv2d  # noqa: F401
