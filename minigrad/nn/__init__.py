"""Neural-network pieces: the functional forms, Parameter, and the Modules built on them."""
import importlib as _importlib

from . import functional  # noqa: F401
from . import init, utils  # noqa: F401
from .parameter import Buffer, Parameter  # noqa: F401

# The Module classes, from nn/modules/ (one file a concept, as torch.nn.modules)
_MODULES = frozenset("""
    AdaptiveAvgPool1d AdaptiveAvgPool2d AdaptiveAvgPool3d AdaptiveMaxPool1d AdaptiveMaxPool2d
    AdaptiveMaxPool3d AlphaDropout AvgPool1d AvgPool2d AvgPool3d BCELoss BCEWithLogitsLoss
    BatchNorm1d BatchNorm2d BatchNorm3d Bilinear CELU ChannelShuffle CircularPad1d CircularPad2d
    CircularPad3d ConstantPad1d ConstantPad2d ConstantPad3d Conv1d Conv2d Conv3d ConvTranspose1d
    ConvTranspose2d ConvTranspose3d CosineEmbeddingLoss CosineSimilarity CrossEntropyLoss
    Dropout Dropout1d Dropout2d Dropout3d ELU Embedding EmbeddingBag FeatureAlphaDropout Flatten
    Fold GELU GLU GRU GRUCell GaussianNLLLoss GroupNorm Hardshrink Hardsigmoid Hardswish
    Hardtanh HingeEmbeddingLoss HuberLoss Identity InstanceNorm1d InstanceNorm2d InstanceNorm3d
    KLDivLoss L1Loss LPPool1d LPPool2d LPPool3d LSTM LSTMCell LayerNorm LeakyReLU Linear
    LocalResponseNorm LogSigmoid LogSoftmax MSELoss MarginRankingLoss MaxPool1d MaxPool2d
    MaxPool3d MaxUnpool1d MaxUnpool2d MaxUnpool3d Mish Module ModuleDict ModuleList
    MultiLabelMarginLoss MultiLabelSoftMarginLoss MultiMarginLoss MultiheadAttention NLLLoss
    NLLLoss2d
    PReLU PairwiseDistance ParameterDict ParameterList PixelShuffle PixelUnshuffle
    PoissonNLLLoss RMSNorm RNN RNNBase RNNCell RNNCellBase RReLU ReLU ReLU6 ReflectionPad1d
    ReflectionPad2d ReflectionPad3d ReplicationPad1d ReplicationPad2d ReplicationPad3d SELU
    Sequential SiLU Sigmoid SmoothL1Loss SoftMarginLoss Softmax Softmax2d Softmin Softplus
    Softshrink Softsign Tanh Tanhshrink Threshold Transformer TransformerDecoder
    TransformerDecoderLayer TransformerEncoder TransformerEncoderLayer TripletMarginLoss
    TripletMarginWithDistanceLoss Unflatten Unfold Upsample UpsamplingBilinear2d
    UpsamplingNearest2d ZeroPad1d ZeroPad2d ZeroPad3d
    FractionalMaxPool2d FractionalMaxPool3d
    CTCLoss
""".split())


def __getattr__(name):
    """The Module classes (nn.Linear, ...) are read on first use (PEP 562), so that `import
    minigrad` need not read the twenty files of nn/modules/ (a sixth of its import time)."""
    if name == "modules" or name in _MODULES:
        modules = _importlib.import_module(".modules", __name__)
        if name == "modules":
            return modules
        value = globals()[name] = getattr(modules, name)
        return value
    raise AttributeError(f"module 'minigrad.nn' has no attribute '{name}'")


def __dir__():
    return sorted({*globals(), *_MODULES, "modules"})
