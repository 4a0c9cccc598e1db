"""BatchNorm1d: each feature normalized with statistics of the batch (training) or with running
estimates of them, kept as buffers (eval)."""
from ...ops import ones, tensor, zeros
from ... import dtypes
from .. import functional as F
from .module import Module
from .normalization import _affine_parameters, _reset_affine


class _NormBase(Module):
    """The parameters (weight, bias: one per channel) and buffers (running_mean, running_var,
    num_batches_tracked) of a batch normalization layer."""

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True,
                 track_running_stats=True, device=None, dtype=None, *, bias=True):
        super().__init__()
        factory_kwargs = {"device": device, "dtype": dtype}
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        _affine_parameters(self, affine, bias, num_features, **factory_kwargs)
        if track_running_stats:
            self.register_buffer("running_mean", zeros(num_features, **factory_kwargs))
            self.register_buffer("running_var", ones(num_features, **factory_kwargs))
            self.register_buffer("num_batches_tracked", tensor(0, dtype=dtypes.long,
                                                                device=device))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)
        self.reset_parameters()

    def reset_running_stats(self):
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def reset_parameters(self):
        self.reset_running_stats()
        _reset_affine(self)

    def extra_repr(self):
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"affine={self.affine}, bias={self.bias is not None}, "
                f"track_running_stats={self.track_running_stats}")


class _BatchNorm(_NormBase):
    def forward(self, input):
        """Training: the batch's statistics, and the running ones updated (momentum None: their
        plain average over all batches so far). Eval: the running ones, if tracked."""
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            self.num_batches_tracked.add_(1)
            factor = (1.0 / float(self.num_batches_tracked) if self.momentum is None
                      else self.momentum)
        bn_training = self.training or (self.running_mean is None and self.running_var is None)
        use_buffers = not self.training or self.track_running_stats
        return F.batch_norm(input, self.running_mean if use_buffers else None,
                            self.running_var if use_buffers else None, self.weight, self.bias,
                            bn_training, factor, self.eps)


class BatchNorm1d(_BatchNorm):
    """Batch normalization of (N, C) or (N, C, L) inputs, per channel C."""

    def _check_input_dim(self, input):
        if input.dim() != 2 and input.dim() != 3:
            raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")


class BatchNorm2d(_BatchNorm):
    """Batch normalization of (N, C, H, W) images, per channel C (statistics over N, H, W)."""

    def _check_input_dim(self, input):
        if input.dim() != 4:
            raise ValueError(f"expected 4D input (got {input.dim()}D input)")


class BatchNorm3d(_BatchNorm):
    """Batch normalization of (N, C, D, H, W) volumes, per channel C."""

    def _check_input_dim(self, input):
        if input.dim() != 5:
            raise ValueError(f"expected 5D input (got {input.dim()}D input)")
