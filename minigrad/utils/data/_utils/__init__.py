from . import collate  # noqa: F401
