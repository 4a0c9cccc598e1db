"""Neural-network pieces: for now the functional forms PyTorch lessons use."""
from . import functional  # noqa: F401
