"""Layers as objects that own their Parameters, one file a concept as in torch.nn.modules."""
from .activation import LeakyReLU, LogSoftmax, ReLU, Sigmoid, Softmax, Tanh  # noqa: F401
from .activation import (CELU, ELU, GELU, GLU, SELU, Hardshrink,  # noqa: F401
                         Hardsigmoid, Hardswish, Hardtanh, LogSigmoid, Mish, PReLU, ReLU6, SiLU,
                         Softmax2d, Softmin, Softplus, Softshrink, Softsign, Tanhshrink,
                         Threshold)
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d  # noqa: F401
from .conv import Conv1d, Conv2d  # noqa: F401
from .container import (ModuleDict, ModuleList, ParameterDict, ParameterList,  # noqa: F401
                        Sequential)
from .dropout import Dropout  # noqa: F401
from .flatten import Flatten, Unflatten  # noqa: F401
from .instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d  # noqa: F401
from .linear import Identity, Linear  # noqa: F401
from .loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, L1Loss,  # noqa: F401
                   MSELoss, NLLLoss, SmoothL1Loss)
from .loss import (CosineEmbeddingLoss, GaussianNLLLoss, HingeEmbeddingLoss,  # noqa: F401
                   KLDivLoss, MarginRankingLoss, MultiLabelSoftMarginLoss, PoissonNLLLoss,
                   SoftMarginLoss)
from .module import Module  # noqa: F401
from .normalization import GroupNorm, LayerNorm, RMSNorm  # noqa: F401
from .padding import (CircularPad1d, CircularPad2d, CircularPad3d, ConstantPad1d,  # noqa: F401
                      ConstantPad2d, ConstantPad3d, ReflectionPad1d, ReflectionPad2d,
                      ReflectionPad3d, ReplicationPad1d, ReplicationPad2d, ReplicationPad3d,
                      ZeroPad1d, ZeroPad2d, ZeroPad3d)
from .pooling import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveMaxPool1d,  # noqa: F401
                      AdaptiveMaxPool2d, AvgPool1d, AvgPool2d, MaxPool1d, MaxPool2d)
from .upsampling import Upsample, UpsamplingBilinear2d, UpsamplingNearest2d  # noqa: F401
from .dropout import AlphaDropout, Dropout1d, Dropout2d, Dropout3d, FeatureAlphaDropout  # noqa: F401
from .fold import Fold, Unfold  # noqa: F401
from .pixelshuffle import PixelShuffle, PixelUnshuffle  # noqa: F401
from .pooling import MaxUnpool1d, MaxUnpool2d  # noqa: F401
from .conv import ConvTranspose1d, ConvTranspose2d  # noqa: F401
from .conv import Conv3d, ConvTranspose3d  # noqa: F401  (part conv3d)
from .pooling import (AdaptiveAvgPool3d, AdaptiveMaxPool3d, AvgPool3d, LPPool1d,  # noqa: F401
                      LPPool2d, LPPool3d, MaxPool3d, MaxUnpool3d)
from .distance import CosineSimilarity, PairwiseDistance  # noqa: F401
from .loss import TripletMarginLoss  # noqa: F401
from .rnn import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell, RNNCellBase  # noqa: F401
from .sparse import Embedding  # noqa: F401
from .linear import Bilinear  # noqa: F401  (part dist)
from .loss import MultiLabelMarginLoss, MultiMarginLoss  # noqa: F401  (part dist)
from .channelshuffle import ChannelShuffle  # noqa: F401  (part dist)
from .normalization import LocalResponseNorm  # noqa: F401  (part dist)
from .loss import NLLLoss2d  # noqa: F401  (part nnalias)
from .loss import CTCLoss  # noqa: F401  (part ctc)


from .activation import MultiheadAttention  # noqa: F401
from .transformer import TransformerEncoderLayer  # noqa: F401
from .transformer import (Transformer, TransformerDecoder, TransformerDecoderLayer,  # noqa: F401
                          TransformerEncoder)  # (part decoder)
from .linear import NonDynamicallyQuantizableLinear  # noqa: F401
from .activation import RReLU  # noqa: F401  (part decoder)
from .loss import TripletMarginWithDistanceLoss  # noqa: F401  (part decoder)
from .sparse import EmbeddingBag  # noqa: F401  (part decoder)
from .pooling import FractionalMaxPool2d, FractionalMaxPool3d  # noqa: F401  (part gridsample)
