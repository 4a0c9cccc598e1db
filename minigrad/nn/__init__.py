"""Neural-network pieces: the functional forms, Parameter, and the Modules built on them."""
from . import functional  # noqa: F401
from . import init, utils  # noqa: F401
from .parameter import Buffer, Parameter  # noqa: F401
from .modules import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, Dropout, Flatten,  # noqa: F401
                      HuberLoss, Identity, L1Loss, LeakyReLU, Linear, LogSoftmax, Module, MSELoss,
                      ModuleDict, ModuleList, NLLLoss, ParameterDict, ParameterList, ReLU,
                      Sequential, Sigmoid, SmoothL1Loss, Softmax, Tanh, Unflatten)
from .modules import (BatchNorm1d, BatchNorm2d, BatchNorm3d, Embedding, LayerNorm,  # noqa: F401
                      GroupNorm, InstanceNorm1d, InstanceNorm2d, RMSNorm)
from .modules import (CELU, ELU, GELU, GLU, SELU, Hardshrink, Hardsigmoid,  # noqa: F401
                      Hardswish, Hardtanh, LogSigmoid, Mish, PReLU, ReLU6, SiLU, Softmin, Softplus,
                      Softmax2d, Softshrink, Softsign, Tanhshrink, Threshold)
from .modules import (CosineEmbeddingLoss, GaussianNLLLoss, HingeEmbeddingLoss,  # noqa: F401
                      KLDivLoss, MarginRankingLoss, MultiLabelSoftMarginLoss, PoissonNLLLoss,
                      SoftMarginLoss)
from .modules import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveMaxPool1d,  # noqa: F401
                      AdaptiveMaxPool2d, AvgPool1d, AvgPool2d, MaxPool1d, MaxPool2d)
from .modules import Conv1d, Conv2d  # noqa: F401
from .modules import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell, RNNCellBase  # noqa: F401
from .modules import (CircularPad1d, CircularPad2d, CircularPad3d, ConstantPad1d,  # noqa: F401
                      ConstantPad2d, ConstantPad3d, ReflectionPad1d, ReflectionPad2d,
                      ReflectionPad3d, ReplicationPad1d, ReplicationPad2d, ReplicationPad3d,
                      ZeroPad1d, ZeroPad2d, ZeroPad3d)
from .modules import Upsample, UpsamplingBilinear2d, UpsamplingNearest2d  # noqa: F401
from .modules import (AlphaDropout, Dropout1d, Dropout2d, Dropout3d,  # noqa: F401
                      FeatureAlphaDropout, Fold, MaxUnpool1d, MaxUnpool2d, PixelShuffle,
                      PixelUnshuffle, Unfold)
from .modules import ConvTranspose1d, ConvTranspose2d  # noqa: F401
from .modules import (AdaptiveAvgPool3d, AdaptiveMaxPool3d, AvgPool3d, Conv3d,  # noqa: F401
                      ConvTranspose3d, InstanceNorm3d, LPPool1d, LPPool2d, LPPool3d, MaxPool3d,
                      MaxUnpool3d)  # (part conv3d)
from .modules import CosineSimilarity, PairwiseDistance, TripletMarginLoss  # noqa: F401
from .modules import Bilinear  # noqa: F401  (part dist)
from .modules import MultiLabelMarginLoss, MultiMarginLoss  # noqa: F401  (part dist)
from .modules import ChannelShuffle, LocalResponseNorm  # noqa: F401  (part dist)


from .modules import MultiheadAttention, TransformerEncoderLayer  # noqa: F401
from .modules import EmbeddingBag, RReLU, TripletMarginWithDistanceLoss  # noqa: F401  (part decoder)
from .modules import (Transformer, TransformerDecoder, TransformerDecoderLayer,  # noqa: F401
                      TransformerEncoder)  # (part decoder)
