"""Optimizers, one file each as in torch.optim (so they print PyTorch's module paths)."""
from .adam import Adam  # noqa: F401
from .adamw import AdamW  # noqa: F401
from .optimizer import Optimizer  # noqa: F401
from .sgd import SGD  # noqa: F401
