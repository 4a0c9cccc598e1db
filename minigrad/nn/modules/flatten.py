"""Flatten: a batch of tensors to a batch of vectors."""
from .module import Module


class Flatten(Module):
    """Dims start_dim..end_dim merged into one: by default each sample of a batch to a vector."""

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"
