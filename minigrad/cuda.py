"""minigrad.cuda: there is no GPU here (NumPy runs on the CPU), so that
`device = "cuda" if torch.cuda.is_available() else "cpu"` picks the CPU, as on a machine without one."""


def is_available():
    return False


def device_count():
    return 0
