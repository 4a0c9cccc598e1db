"""Activations as modules: each forward is the nn.functional function of the same name."""
import warnings

from ...ops import empty
from .. import functional as F, init as nn_init
from ..parameter import Parameter
from .linear import NonDynamicallyQuantizableLinear
from .module import Module


class ReLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.relu(input, inplace=self.inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class Sigmoid(Module):
    def forward(self, input):
        return input.sigmoid()


class Tanh(Module):
    def forward(self, input):
        return input.tanh()


class LeakyReLU(Module):
    """x for x > 0, negative_slope * x below: negative inputs keep a small gradient."""

    def __init__(self, negative_slope=1e-2, inplace=False):
        super().__init__()
        self.negative_slope, self.inplace = negative_slope, inplace

    def forward(self, input):
        return F.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self):
        return f"negative_slope={self.negative_slope}" + (", inplace=True" if self.inplace else "")


class RReLU(Module):
    """Leaky ReLU whose negative slope is drawn from [lower, upper] per element while training
    and is their mean in eval (part decoder)."""

    def __init__(self, lower=1.0 / 8, upper=1.0 / 3, inplace=False):
        super().__init__()
        self.lower, self.upper, self.inplace = lower, upper, inplace

    def forward(self, input):
        return F.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self):
        return f"lower={self.lower}, upper={self.upper}" + (", inplace=True" if self.inplace else "")


class Softmax(Module):
    """exp(x) / sum(exp(x)) along `dim`: scores become probabilities that sum to 1."""

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmax(input, self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"


class LogSoftmax(Softmax):
    """log(softmax(x)) along `dim`, computed stably (feeds NLLLoss)."""

    def forward(self, input):
        return F.log_softmax(input, self.dim)


# --- part act2: modules for the other activations in nn.functional (PyTorch's reprs) ---------
def _inplace_repr(inplace, sep=""):
    return sep + "inplace=True" if inplace else ""


# (private bases share __init__ and extra_repr; public classes stay unrelated, as in PyTorch)
class _AlphaModule(Module):
    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha, self.inplace = alpha, inplace

    def extra_repr(self):
        return f"alpha={self.alpha}" + _inplace_repr(self.inplace, ", ")


class ELU(_AlphaModule):
    """x for x > 0, alpha * (exp(x) - 1) below."""

    def forward(self, input):
        return F.elu(input, self.alpha, self.inplace)


class CELU(_AlphaModule):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1))."""

    def forward(self, input):
        return F.celu(input, self.alpha, self.inplace)


class _InplaceModule(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def extra_repr(self):
        return _inplace_repr(self.inplace)


class SELU(_InplaceModule):
    """scale * elu(x, alpha) with fixed constants (self-normalizing networks)."""

    def forward(self, input):
        return F.selu(input, self.inplace)


class SiLU(_InplaceModule):
    """x * sigmoid(x)."""

    def forward(self, input):
        return F.silu(input, inplace=self.inplace)


class Mish(_InplaceModule):
    """x * tanh(softplus(x))."""

    def forward(self, input):
        return F.mish(input, inplace=self.inplace)


class Hardsigmoid(_InplaceModule):
    """clamp(x / 6 + 1/2, 0, 1). (PyTorch's repr shows no inplace here.)"""

    def extra_repr(self):
        return ""

    def forward(self, input):
        return F.hardsigmoid(input, self.inplace)


class Hardswish(_InplaceModule):
    """x * hardsigmoid(x). (No inplace in PyTorch's repr either.)"""

    def extra_repr(self):
        return ""

    def forward(self, input):
        return F.hardswish(input, self.inplace)


class GELU(Module):
    """x * Phi(x), Phi the standard normal CDF (or its tanh approximation)."""

    def __init__(self, approximate="none"):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return F.gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return f"approximate={self.approximate!r}"


class Hardtanh(Module):
    """x clamped to [min_val, max_val]."""

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False, min_value=None, max_value=None):
        super().__init__()
        if min_value is not None:  # the old names still work, with PyTorch's warning
            warnings.warn("keyword argument `min_value` is deprecated and renamed to `min_val`",
                          FutureWarning, stacklevel=2)
            min_val = min_value
        if max_value is not None:
            warnings.warn("keyword argument `max_value` is deprecated and renamed to `max_val`",
                          FutureWarning, stacklevel=2)
            max_val = max_value
        self.min_val, self.max_val, self.inplace = min_val, max_val, inplace
        if self.max_val <= self.min_val:
            raise AssertionError(f"max_val ({self.max_val}) must be greater than min_val "
                                 f"({self.min_val})")

    def forward(self, input):
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self):
        return f"min_val={self.min_val}, max_val={self.max_val}" + _inplace_repr(self.inplace, ", ")


class ReLU6(Hardtanh):
    """min(max(x, 0), 6): Hardtanh(0, 6)."""

    def __init__(self, inplace=False):
        super().__init__(0.0, 6.0, inplace)

    def extra_repr(self):
        return _inplace_repr(self.inplace)


class LogSigmoid(Module):
    def forward(self, input):
        return F.logsigmoid(input)


class Softplus(Module):
    """log(1 + exp(beta x)) / beta, linear past the threshold."""

    def __init__(self, beta=1.0, threshold=20.0):
        super().__init__()
        self.beta, self.threshold = beta, threshold

    def forward(self, input):
        return F.softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return f"beta={self.beta}, threshold={self.threshold}"


class Softsign(Module):
    def forward(self, input):
        return F.softsign(input)


class Tanhshrink(Module):
    def forward(self, input):
        return F.tanhshrink(input)


class Softmin(Module):
    """softmax(-x) along `dim`."""

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def extra_repr(self):
        return f"dim={self.dim}"

    def forward(self, input):
        return F.softmin(input, self.dim, _stacklevel=5)


class _LambdModule(Module):
    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def extra_repr(self):
        return str(self.lambd)


class Softshrink(_LambdModule):
    """0 in [-lambd, lambd], else x moved lambd toward 0."""

    def forward(self, input):
        return F.softshrink(input, self.lambd)


class Hardshrink(_LambdModule):
    """0 in [-lambd, lambd], x itself outside."""

    def forward(self, input):
        return F.hardshrink(input, self.lambd)


class Threshold(Module):
    """value where x <= threshold, x elsewhere."""

    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold, self.value, self.inplace = threshold, value, inplace

    def forward(self, input):
        return F.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self):
        return f"threshold={self.threshold}, value={self.value}" + _inplace_repr(self.inplace, ", ")


class GLU(Module):
    """The first half of the input along dim, gated by the sigmoid of the second half."""

    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.glu(input, self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"



class PReLU(Module):
    """leaky_relu whose negative slope is learned: one Parameter shared by all channels
    (num_parameters=1) or one per channel (dim 1), each starting at `init`."""

    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        self.num_parameters = num_parameters
        super().__init__()
        self.init = init
        self.weight = Parameter(empty(num_parameters, device=device, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self):
        nn_init.constant_(self.weight, self.init)

    def forward(self, input):
        return F.prelu(input, self.weight)

    def extra_repr(self):
        return f"num_parameters={self.num_parameters}"


class Softmax2d(Module):
    """softmax over the channels (dim -3) at each position of a (C, H, W) or (N, C, H, W) input."""

    def forward(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f"Softmax2d: expected input to be 3D or 4D, got {input.dim()}D instead")
        return F.softmax(input, -3, _stacklevel=5)


class MultiheadAttention(Module):
    """Attention with num_heads heads over embed_dim features: query, key and value are each
    projected (in_proj_weight packs the three (E, E) weights; q/k/v_proj_weight when key or
    value have other widths, kdim and vdim), attended per head, concatenated and projected by
    out_proj. Inputs are (L, N, E), or (N, L, E) with batch_first."""

    __constants__ = ["batch_first"]

    def __init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False,
                 add_zero_attn=False, kdim=None, vdim=None, batch_first=False, device=None,
                 dtype=None):
        if embed_dim <= 0 or num_heads <= 0:
            raise ValueError(f"embed_dim and num_heads must be greater than 0, got embed_dim="
                             f"{embed_dim} and num_heads={num_heads} instead")
        factory_kwargs = {"device": device, "dtype": dtype}
        super().__init__()
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads, self.dropout, self.batch_first = num_heads, dropout, batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != self.embed_dim:
            raise AssertionError("embed_dim must be divisible by num_heads")
        if not self._qkv_same_embed_dim:
            self.q_proj_weight = Parameter(empty((embed_dim, embed_dim), **factory_kwargs))
            self.k_proj_weight = Parameter(empty((embed_dim, self.kdim), **factory_kwargs))
            self.v_proj_weight = Parameter(empty((embed_dim, self.vdim), **factory_kwargs))
            self.register_parameter("in_proj_weight", None)
        else:
            self.in_proj_weight = Parameter(empty((3 * embed_dim, embed_dim), **factory_kwargs))
            self.register_parameter("q_proj_weight", None)
            self.register_parameter("k_proj_weight", None)
            self.register_parameter("v_proj_weight", None)
        if bias:
            self.in_proj_bias = Parameter(empty(3 * embed_dim, **factory_kwargs))
        else:
            self.register_parameter("in_proj_bias", None)
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias,
                                                        **factory_kwargs)
        if add_bias_kv:
            self.bias_k = Parameter(empty((1, 1, embed_dim), **factory_kwargs))
            self.bias_v = Parameter(empty((1, 1, embed_dim), **factory_kwargs))
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self._reset_parameters()

    def _reset_parameters(self):
        """Projections xavier_uniform_, biases 0 (out_proj's too), bias_k/bias_v xavier_normal_."""
        if self._qkv_same_embed_dim:
            nn_init.xavier_uniform_(self.in_proj_weight)
        else:
            nn_init.xavier_uniform_(self.q_proj_weight)
            nn_init.xavier_uniform_(self.k_proj_weight)
            nn_init.xavier_uniform_(self.v_proj_weight)
        if self.in_proj_bias is not None:
            nn_init.constant_(self.in_proj_bias, 0.0)
            nn_init.constant_(self.out_proj.bias, 0.0)
        if self.bias_k is not None:
            nn_init.xavier_normal_(self.bias_k)
        if self.bias_v is not None:
            nn_init.xavier_normal_(self.bias_v)

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                average_attn_weights=True, is_causal=False):
        """(attn_output, attn_output_weights or None): F.multi_head_attention_forward on the
        (L, N, E) layout (batch_first inputs transposed in and the output back out). (PyTorch's
        inference fast path, _native_multi_head_attention, is not taken: same values.)"""
        is_batched = query.dim() == 3
        key_padding_mask = F._canonical_mask(key_padding_mask, "key_padding_mask",
                                             F._none_or_dtype(attn_mask), "attn_mask", query.dtype)
        attn_mask = F._canonical_mask(attn_mask, "attn_mask", None, "", query.dtype,
                                      check_other=False)
        if self.batch_first and is_batched:
            if key is value:
                if query is key:
                    query = key = value = query.transpose(1, 0)
                else:
                    query, key = (x.transpose(1, 0) for x in (query, key))
                    value = key
            else:
                query, key, value = (x.transpose(1, 0) for x in (query, key, value))
        separate = {} if self._qkv_same_embed_dim else dict(
            use_separate_proj_weight=True, q_proj_weight=self.q_proj_weight,
            k_proj_weight=self.k_proj_weight, v_proj_weight=self.v_proj_weight)
        attn_output, attn_output_weights = F.multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight,
            self.in_proj_bias, self.bias_k, self.bias_v, self.add_zero_attn, self.dropout,
            self.out_proj.weight, self.out_proj.bias, training=self.training,
            key_padding_mask=key_padding_mask, need_weights=need_weights, attn_mask=attn_mask,
            average_attn_weights=average_attn_weights, is_causal=is_causal, **separate)
        if self.batch_first and is_batched:
            return attn_output.transpose(1, 0), attn_output_weights
        return attn_output, attn_output_weights
