"""minigrad.autograd.graph: hooks on the tensors the graph saves for backward.

`with saved_tensors_hooks(pack_hook, unpack_hook):` every tensor an op saves for backward is
handed to pack_hook, and the graph keeps whatever it returns instead of the tensor; backward (or
`grad_fn._saved_self`) gets the tensor back from unpack_hook(packed). Offloading, compressing or
recomputing saved activations are built on this.
"""
from . import engine


class saved_tensors_hooks:
    """Inside the block, tensors saved for backward go through pack_hook / unpack_hook."""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook, self.unpack_hook = pack_hook, unpack_hook

    def __enter__(self):
        if not (callable(self.pack_hook) and callable(self.unpack_hook)):
            raise TypeError(
                "_push_saved_tensors_default_hooks(): incompatible function arguments. The "
                "following argument types are supported:\n    1. (arg0: collections.abc.Callable, "
                "arg1: collections.abc.Callable) -> None\n\nInvoked with: "
                f"{self.pack_hook!r}, {self.unpack_hook!r}")
        engine._default_hooks.append((self.pack_hook, self.unpack_hook))

    def __exit__(self, *exc):
        engine._default_hooks.pop()


class save_on_cpu(saved_tensors_hooks):
    """Saved tensors are kept on the CPU and moved back to their device when backward needs
    them. Memory here is always the CPU's, so the copy is all that happens."""

    def __init__(self, pin_memory=False, device_type="cuda"):
        def pack_to_cpu(tensor):
            return (tensor.device, tensor.cpu())

        def unpack_from_cpu(packed):
            device, tensor = packed
            return tensor.to(device)

        super().__init__(pack_to_cpu, unpack_from_cpu)


__all__ = ["saved_tensors_hooks", "save_on_cpu"]
