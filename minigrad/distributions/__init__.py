"""minigrad.distributions: the core of torch.distributions.

Normal and Uniform have `rsample` (the reparameterization trick: gradients flow through the
sample); Bernoulli and Categorical only `sample` (gradients come from `log_prob`, the score
function).  `kl_divergence` knows the closed forms between them.  One file per distribution, as
in PyTorch, so that printed class paths match.
"""
from . import constraints
from .bernoulli import Bernoulli
from .categorical import Categorical
from .distribution import Distribution
from .exp_family import ExponentialFamily
from .kl import kl_divergence, register_kl
from .normal import Normal
from .uniform import Uniform

__all__ = [
    "Bernoulli",
    "Categorical",
    "Distribution",
    "ExponentialFamily",
    "Normal",
    "Uniform",
    "constraints",
    "kl_divergence",
    "register_kl",
]
