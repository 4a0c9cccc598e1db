"""Distribution: the base class of torch.distributions (torch.distributions.distribution).

Shapes: a distribution holds a batch of independent distributions (`batch_shape`), each over
events of `event_shape`; `sample(sample_shape)` has shape sample_shape + batch_shape + event_shape.

Two ways to get gradients through randomness meet here:
- `rsample` (only where `has_rsample`): the reparameterization trick, a sample written as a
  differentiable function of the parameters and parameter-free noise (loc + eps * scale);
- `sample`: drawn under no_grad, never on the graph; gradients then come from `log_prob`
  (the score function, REINFORCE: grad E[f] = E[f * grad log p]).

Validation (on by default, as `assert` is: off under `python -O`) checks the parameters against
`arg_constraints` when the distribution is made and values against `support` in log_prob/cdf.
"""
import warnings

import minigrad

from . import constraints
from .utils import lazy_property

__all__ = ["Distribution"]


class Distribution:
    has_rsample = False
    has_enumerate_support = False
    _validate_args = __debug__

    @staticmethod
    def set_default_validate_args(value):
        """Turn validation on or off for every distribution made without validate_args=."""
        if value not in [True, False]:
            raise ValueError
        Distribution._validate_args = value

    def __init__(self, batch_shape=minigrad.Size(), event_shape=minigrad.Size(), validate_args=None):
        self._batch_shape = batch_shape
        self._event_shape = event_shape
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            try:
                arg_constraints = self.arg_constraints
            except NotImplementedError:
                arg_constraints = {}
                warnings.warn(
                    f"{self.__class__} does not define `arg_constraints`. "
                    + "Please set `arg_constraints = {}` or initialize the distribution "
                    + "with `validate_args=False` to turn off validation.",
                    stacklevel=2,
                )
            for param, constraint in arg_constraints.items():
                if constraints.is_dependent(constraint):
                    continue  # cannot be checked
                if param not in self.__dict__ and isinstance(getattr(type(self), param), lazy_property):
                    continue  # not computed yet (logits of a Bernoulli made from probs)
                value = getattr(self, param)
                if not constraint.check(value).all():
                    raise ValueError(
                        f"Expected parameter {param} "
                        f"({type(value).__name__} of shape {tuple(value.shape)}) "
                        f"of distribution {self!r} "
                        f"to satisfy the constraint {constraint!r}, "
                        f"but found invalid values:\n{value}"
                    )
        super().__init__()

    def expand(self, batch_shape, _instance=None):
        """A new distribution with parameters expanded (not copied) to `batch_shape`."""
        raise NotImplementedError

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def arg_constraints(self):
        raise NotImplementedError

    @property
    def support(self):
        raise NotImplementedError

    @property
    def mean(self):
        raise NotImplementedError

    @property
    def mode(self):
        raise NotImplementedError(f"{self.__class__} does not implement mode")

    @property
    def variance(self):
        raise NotImplementedError

    @property
    def stddev(self):
        return self.variance.sqrt()

    def sample(self, sample_shape=minigrad.Size()):
        """A draw off the graph: rsample under no_grad."""
        with minigrad.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=minigrad.Size()):
        raise NotImplementedError

    def sample_n(self, n):
        warnings.warn(
            "`sample_n(n)` will be deprecated. Use `sample((n,))` instead.", FutureWarning, stacklevel=2
        )
        return self.sample(minigrad.Size((n,)))

    def log_prob(self, value):
        raise NotImplementedError

    def cdf(self, value):
        raise NotImplementedError

    def icdf(self, value):
        raise NotImplementedError

    def enumerate_support(self, expand=True):
        raise NotImplementedError

    def entropy(self):
        raise NotImplementedError

    def perplexity(self):
        return minigrad.exp(self.entropy())

    def _extended_shape(self, sample_shape=minigrad.Size()):
        """sample_shape + batch_shape + event_shape."""
        if not isinstance(sample_shape, minigrad.Size):
            sample_shape = minigrad.Size(sample_shape)
        return minigrad.Size(sample_shape + self._batch_shape + self._event_shape)

    def _validate_sample(self, value):
        """A value to score must be a tensor whose right-most dims are event_shape, broadcast
        against batch_shape + event_shape, and lie in the support."""
        if not isinstance(value, minigrad.Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        event_dim_start = len(value.size()) - len(self._event_shape)
        if value.size()[event_dim_start:] != self._event_shape:
            raise ValueError(
                "The right-most size of value must match event_shape: "
                f"{value.size()} vs {self._event_shape}."
            )
        actual_shape = value.size()
        expected_shape = self._batch_shape + self._event_shape
        for i, j in zip(reversed(actual_shape), reversed(expected_shape)):
            if i != 1 and j != 1 and i != j:
                raise ValueError(
                    f"Value is not broadcastable with batch_shape+event_shape: {actual_shape} vs {expected_shape}."
                )
        try:
            support = self.support
        except NotImplementedError:
            warnings.warn(
                f"{self.__class__} does not define `support` to enable "
                + "sample validation. Please initialize the distribution with "
                + "`validate_args=False` to turn off validation.",
                stacklevel=2,
            )
            return
        if not support.check(value).all():
            raise ValueError(
                "Expected value argument "
                f"({type(value).__name__} of shape {tuple(value.shape)}) "
                f"to be within the support ({support!r}) "
                f"of the distribution {self!r}, "
                f"but found invalid values:\n{value}"
            )

    def _get_checked_instance(self, cls, _instance=None):
        if _instance is None and type(self).__init__ != cls.__init__:
            raise NotImplementedError(
                f"Subclass {self.__class__.__name__} of {cls.__name__} that defines a custom __init__ method "
                "must also define a custom .expand() method."
            )
        return self.__new__(type(self)) if _instance is None else _instance

    def __repr__(self):
        """Class(param: value, ...): a one-element parameter by its value, others by their size."""
        param_names = [k for k in self.arg_constraints if k in self.__dict__]
        args_string = ", ".join(
            f"{p}: {self.__dict__[p] if self.__dict__[p].numel() == 1 else self.__dict__[p].size()}"
            for p in param_names
        )
        return self.__class__.__name__ + "(" + args_string + ")"
