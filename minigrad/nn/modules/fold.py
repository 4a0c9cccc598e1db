"""Fold and Unfold: F.fold / F.unfold (col2im / im2col) with their arguments kept."""
from .. import functional as F
from .module import Module


class Fold(Module):
    """Columns of sliding blocks (N, C * prod(kernel_size), L) summed back into (N, C, *output_size)."""

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size, self.kernel_size = output_size, kernel_size
        self.dilation, self.padding, self.stride = dilation, padding, stride

    def forward(self, input):
        return F.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding,
                      self.stride)

    def extra_repr(self):
        return (f"output_size={self.output_size}, kernel_size={self.kernel_size}, "
                f"dilation={self.dilation}, padding={self.padding}, stride={self.stride}")


class Unfold(Module):
    """Each sliding block of (N, C, H, W) as a column of (N, C * prod(kernel_size), L)."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size, self.dilation, self.padding, self.stride = (kernel_size, dilation,
                                                                      padding, stride)

    def forward(self, input):
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return (f"kernel_size={self.kernel_size}, dilation={self.dilation}, padding={self.padding},"
                f" stride={self.stride}")
