"""The handle `register_hook` returns (`minigrad.utils.hooks.RemovableHandle`, as in PyTorch)."""
import itertools
import weakref

_ids = itertools.count()


class RemovableHandle:
    """Remembers where a hook was registered, weakly, so `remove()` can take it out again."""

    def __init__(self, hooks_dict):
        self.hooks_dict_ref = weakref.ref(hooks_dict)
        self.id = next(_ids)

    @classmethod
    def add(cls, hooks_dict, hook):
        handle = cls(hooks_dict)
        hooks_dict[handle.id] = hook
        return handle

    def remove(self):
        hooks_dict = self.hooks_dict_ref()
        if hooks_dict is not None:
            hooks_dict.pop(self.id, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()
