"""PairwiseDistance and CosineSimilarity: F.pairwise_distance / F.cosine_similarity as modules."""
from .. import functional as F
from .module import Module


class PairwiseDistance(Module):
    """The p-norm of x1 - x2 + eps along the last dim (eps keeps the gradient finite at 0)."""

    def __init__(self, p=2.0, eps=1e-6, keepdim=False):
        super().__init__()
        self.norm, self.eps, self.keepdim = p, eps, keepdim

    def forward(self, x1, x2):
        return F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


class CosineSimilarity(Module):
    """x1 . x2 / (|x1| |x2|) along dim (norms clamped to at least eps)."""

    def __init__(self, dim=1, eps=1e-8):
        super().__init__()
        self.dim, self.eps = dim, eps

    def forward(self, x1, x2):
        return F.cosine_similarity(x1, x2, self.dim, self.eps)
