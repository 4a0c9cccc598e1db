"""Helpers shared by the distributions (torch.distributions.utils)."""
from numbers import Number

import minigrad
import minigrad.nn.functional as F

__all__ = ["broadcast_all", "logits_to_probs", "clamp_probs", "probs_to_logits", "lazy_property"]

euler_constant = 0.57721566490153286060


def broadcast_all(*values):
    """Tensors broadcast against each other; a Python number becomes a tensor of the first
    tensor's dtype (or the default dtype when all are numbers), so Normal(0., 1.) has float32
    parameters and Normal(minigrad.zeros(3, dtype=minigrad.float64), 1.) float64 ones."""
    if not all(isinstance(v, (minigrad.Tensor, Number)) for v in values):
        raise ValueError(
            "Input arguments must all be instances of Number, "
            "minigrad.Tensor or objects implementing __torch_function__."
        )
    if not all(isinstance(v, minigrad.Tensor) for v in values):
        options = dict(dtype=minigrad.get_default_dtype())
        for value in values:
            if isinstance(value, minigrad.Tensor):
                options = dict(dtype=value.dtype)
                break
        values = [v if isinstance(v, minigrad.Tensor) else minigrad.tensor(v, **options) for v in values]
    return minigrad.broadcast_tensors(*values)


def _standard_normal(shape, dtype, device=None):
    return minigrad.empty(shape, dtype=dtype).normal_()


def _sum_rightmost(value, dim):
    """Sum out the `dim` rightmost dims (an event's dims)."""
    if dim == 0:
        return value
    return value.reshape(value.shape[:-dim] + (-1,)).sum(-1)


def logits_to_probs(logits, is_binary=False):
    """Log-odds -> probability (sigmoid), or unnormalized log-probabilities -> softmax."""
    if is_binary:
        return minigrad.sigmoid(logits)
    return F.softmax(logits, dim=-1)


def clamp_probs(probs):
    """Into [eps, 1 - eps], so that the logs below stay finite."""
    eps = minigrad.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs, is_binary=False):
    ps_clamped = clamp_probs(probs)
    if is_binary:
        return minigrad.log(ps_clamped) - minigrad.log1p(-ps_clamped)
    return minigrad.log(ps_clamped)


class lazy_property:
    """Computed on first read, then stored on the instance (so it shadows this descriptor):
    a Bernoulli given probs computes its logits only when asked, and once.  It is computed with
    grad enabled so the cached tensor stays on the graph even if first read under no_grad."""

    def __init__(self, wrapped):
        self.wrapped = wrapped
        self.__doc__ = wrapped.__doc__
        self.__name__ = wrapped.__name__

    def __get__(self, instance, obj_type=None):
        if instance is None:
            return self
        with minigrad.enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value
