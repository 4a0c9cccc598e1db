"""Conv1d, Conv2d, Conv3d: layers that slide a learned kernel over a sequence, an image or a
volume; ConvTranspose1d, 2d, 3d: their input gradients as layers (learned upsampling)."""
import math
from collections.abc import Iterable

from ...ops import empty
from .. import functional as F, init
from ..parameter import Parameter
from .module import Module


def _ntuple(n):
    """An int as n copies of it; a tuple (or list) as a tuple (torch.nn.modules.utils')."""
    return lambda x: tuple(x) if isinstance(x, Iterable) else (x,) * n


_single, _pair, _triple = _ntuple(1), _ntuple(2), _ntuple(3)


class _ConvNd(Module):
    """What Conv1d and Conv2d share: the checks, the parameters, their start, the repr."""

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation,
                 transposed, output_padding, groups, bias, padding_mode, device=None, dtype=None):
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        valid_padding_strings = {"same", "valid"}
        if isinstance(padding, str):
            if padding not in valid_padding_strings:
                raise ValueError(f"Invalid padding string {padding!r}, should be one of "
                                 f"{valid_padding_strings}")
            if padding == "same" and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        valid_padding_modes = {"zeros", "reflect", "replicate", "circular"}
        if padding_mode not in valid_padding_modes:
            raise ValueError(f"padding_mode must be one of {valid_padding_modes}, but got "
                             f"padding_mode='{padding_mode}'")
        self.in_channels, self.out_channels, self.kernel_size = in_channels, out_channels, kernel_size
        self.stride, self.padding, self.dilation = stride, padding, dilation
        self.transposed, self.output_padding = transposed, output_padding
        self.groups, self.padding_mode = groups, padding_mode
        # F.pad's amounts (last dim first), for a padding_mode other than zeros
        if isinstance(padding, str):
            self._reversed_padding_repeated_twice = [0, 0] * len(kernel_size)
            if padding == "same":
                for d, k, i in zip(dilation, kernel_size, range(len(kernel_size) - 1, -1, -1)):
                    total_padding = d * (k - 1)
                    self._reversed_padding_repeated_twice[2 * i:2 * i + 2] = [
                        total_padding // 2, total_padding - total_padding // 2]
        else:
            self._reversed_padding_repeated_twice = tuple(p for p in reversed(padding) for _ in "lr")
        factory_kwargs = {"device": device, "dtype": dtype}
        shape = ((in_channels, out_channels // groups) if transposed  # (the input gradient's)
                 else (out_channels, in_channels // groups))
        self.weight = Parameter(empty((*shape, *kernel_size), **factory_kwargs))
        if bias:
            self.bias = Parameter(empty(out_channels, **factory_kwargs))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        """As Linear's: kaiming_uniform_ with a=sqrt(5), i.e. uniform on +-1/sqrt(fan_in), where
        fan_in = in_channels / groups * kernel pixels; the bias uses that bound too."""
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def extra_repr(self):
        s = "{in_channels}, {out_channels}, kernel_size={kernel_size}, stride={stride}"
        if self.padding != (0,) * len(self.padding):
            s += ", padding={padding}"
        if self.dilation != (1,) * len(self.dilation):
            s += ", dilation={dilation}"
        if self.output_padding != (0,) * len(self.output_padding):
            s += ", output_padding={output_padding}"
        if self.groups != 1:
            s += ", groups={groups}"
        if self.bias is None:
            s += ", bias=False"
        if self.padding_mode != "zeros":
            s += ", padding_mode={padding_mode}"
        return s.format(**self.__dict__)

    def forward(self, input):
        if self.padding_mode != "zeros":  # F.pad first (reflect, replicate, circular)
            input = F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode)
            return self._conv(input, self.weight, self.bias, self.stride, 0, self.dilation,
                              self.groups)
        return self._conv(input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                          self.groups)


class Conv1d(_ConvNd):
    """Slides out_channels kernels of shape (in_channels / groups, kernel_size) along the last
    dim of an (N, C, L) input: y[n, o] = bias[o] + sum over c, k of weight[o, c, k] * x[n, c, ...]."""

    _conv = staticmethod(F.conv1d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True, padding_mode="zeros", device=None, dtype=None):
        super().__init__(in_channels, out_channels, _single(kernel_size), _single(stride),
                         padding if isinstance(padding, str) else _single(padding),
                         _single(dilation), False, _single(0), groups, bias, padding_mode,
                         device=device, dtype=dtype)


class Conv2d(_ConvNd):
    """Slides out_channels kernels of shape (in_channels / groups, kH, kW) over the last two dims
    of an (N, C, H, W) image: each output pixel is a weighted sum of a kH x kW window."""

    _conv = staticmethod(F.conv2d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True, padding_mode="zeros", device=None, dtype=None):
        super().__init__(in_channels, out_channels, _pair(kernel_size), _pair(stride),
                         padding if isinstance(padding, str) else _pair(padding),
                         _pair(dilation), False, _pair(0), groups, bias, padding_mode,
                         device=device, dtype=dtype)


class Conv3d(_ConvNd):
    """Conv2d over volumes (N, C, D, H, W): kernels (in_channels / groups, kD, kH, kW)."""

    _conv = staticmethod(F.conv3d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, bias=True, padding_mode="zeros", device=None, dtype=None):
        super().__init__(in_channels, out_channels, _triple(kernel_size), _triple(stride),
                         padding if isinstance(padding, str) else _triple(padding),
                         _triple(dilation), False, _triple(0), groups, bias, padding_mode,
                         device=device, dtype=dtype)


class _ConvTransposeNd(_ConvNd):
    """What ConvTranspose1d and ConvTranspose2d share: zeros padding only, and output_size."""

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation,
                 transposed, output_padding, groups, bias, padding_mode, device=None, dtype=None):
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for {self.__class__.__name__}')
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         transposed, output_padding, groups, bias, padding_mode, device=device,
                         dtype=dtype)

    def _output_padding(self, input, output_size, stride, padding, kernel_size, num_spatial_dims,
                        dilation=None):
        """output_padding, or the one that gives output_size: a strided convolution maps
        stride sizes to one, so the transposed one must be told which it came from."""
        if output_size is None:
            return _single(self.output_padding)
        non_spatial = 2 if input.dim() == num_spatial_dims + 2 else 1
        if len(output_size) == non_spatial + num_spatial_dims:
            output_size = output_size[non_spatial:]
        if len(output_size) != num_spatial_dims:
            raise ValueError(f"ConvTranspose{num_spatial_dims}D: for {input.dim()}D input, output_size "
                             f"must have {num_spatial_dims} or {non_spatial + num_spatial_dims} "
                             f"elements (got {len(output_size)})")
        min_sizes = [(input.size(d + non_spatial) - 1) * stride[d] - 2 * padding[d]
                     + (dilation[d] if dilation is not None else 1) * (kernel_size[d] - 1) + 1
                     for d in range(num_spatial_dims)]
        max_sizes = [m + s - 1 for m, s in zip(min_sizes, stride)]
        for size, lo, hi in zip(output_size, min_sizes, max_sizes):
            if size < lo or size > hi:
                raise ValueError(f"requested an output size of {output_size}, but valid sizes range "
                                 f"from {min_sizes} to {max_sizes} (for an input of "
                                 f"{input.size()[2:]})")
        return [size - lo for size, lo in zip(output_size, min_sizes)]

    def forward(self, input, output_size=None):
        if self.padding_mode != "zeros":
            raise ValueError(f"Only `zeros` padding mode is supported for {type(self).__name__}")
        output_padding = self._output_padding(input, output_size, self.stride, self.padding,
                                              self.kernel_size, len(self.kernel_size), self.dilation)
        return self._conv(input, self.weight, self.bias, self.stride, self.padding, output_padding,
                          self.groups, self.dilation)


class ConvTranspose1d(_ConvTransposeNd):
    """Each input position adds its value times a kernel (in_channels, out_channels / groups,
    kernel_size) to the output, stride apart: Conv1d's input gradient as a layer."""

    _conv = staticmethod(F.conv_transpose1d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, bias=True, dilation=1, padding_mode="zeros",
                 device=None, dtype=None):
        super().__init__(in_channels, out_channels, _single(kernel_size), _single(stride),
                         _single(padding), _single(dilation), True, _single(output_padding),
                         groups, bias, padding_mode, device=device, dtype=dtype)


class ConvTranspose2d(_ConvTransposeNd):
    """ConvTranspose1d over images: upsamples (N, C, H, W) by stride, a learned kernel painting
    each input pixel into a window of the output."""

    _conv = staticmethod(F.conv_transpose2d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, bias=True, dilation=1, padding_mode="zeros",
                 device=None, dtype=None):
        super().__init__(in_channels, out_channels, _pair(kernel_size), _pair(stride),
                         _pair(padding), _pair(dilation), True, _pair(output_padding),
                         groups, bias, padding_mode, device=device, dtype=dtype)


class ConvTranspose3d(_ConvTransposeNd):
    """ConvTranspose2d over volumes: upsamples (N, C, D, H, W) by stride."""

    _conv = staticmethod(F.conv_transpose3d)

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 output_padding=0, groups=1, bias=True, dilation=1, padding_mode="zeros",
                 device=None, dtype=None):
        super().__init__(in_channels, out_channels, _triple(kernel_size), _triple(stride),
                         _triple(padding), _triple(dilation), True, _triple(output_padding),
                         groups, bias, padding_mode, device=device, dtype=dtype)
