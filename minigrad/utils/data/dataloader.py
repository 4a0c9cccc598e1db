"""DataLoader: batches from a dataset, one after the other (as torch.utils.data.dataloader).

The loop is: the batch sampler gives a list of indices, the dataset gives those samples, the
collate function stacks them into one batch. minigrad loads in the calling process only
(num_workers=0): no worker processes, no pin_memory, no prefetching.
"""
import math

from ... import ops
from . import _utils
from .dataset import IterableDataset
from .sampler import BatchSampler, RandomSampler, SequentialSampler

default_collate = _utils.collate.default_collate
default_convert = _utils.collate.default_convert


class DataLoader:
    """Iterate over `dataset` in batches of batch_size (shuffled each epoch if shuffle=True)."""

    __initialized = False

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
                 num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0,
                 worker_init_fn=None, multiprocessing_context=None, generator=None, *,
                 prefetch_factor=None, persistent_workers=False, pin_memory_device="",
                 in_order=True):
        if num_workers < 0:
            raise ValueError("num_workers option should be non-negative; "
                             "use num_workers=0 to disable multiprocessing.")
        if num_workers > 0:
            raise NotImplementedError("minigrad's DataLoader loads in the main process only: "
                                      "use num_workers=0")
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        if prefetch_factor is not None:
            raise ValueError(
                "prefetch_factor option could only be specified in multiprocessing."
                "let num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to None.")
        if persistent_workers:
            raise ValueError("persistent_workers option needs num_workers > 0")
        if multiprocessing_context is not None:
            raise ValueError("multiprocessing_context can only be used with multi-process loading "
                             f"(num_workers > 0), but got num_workers={num_workers}")
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.pin_memory = pin_memory
        self.pin_memory_device = pin_memory_device
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.multiprocessing_context = multiprocessing_context
        self.in_order = in_order

        if isinstance(dataset, IterableDataset):  # a stream: no order to choose
            if shuffle not in {False, None}:
                raise ValueError("DataLoader with IterableDataset: expected unspecified shuffle "
                                 f"option, but got shuffle={shuffle}")
            if sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified sampler "
                                 f"option, but got sampler={sampler}")
            if batch_sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified "
                                 f"batch_sampler option, but got batch_sampler={batch_sampler}")
        else:
            shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, "
                                 "shuffle, sampler, and drop_last")
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually "
                             "exclusive with drop_last")
        if sampler is None:
            if isinstance(dataset, IterableDataset):
                sampler = _InfiniteConstantSampler()
            elif shuffle:
                sampler = RandomSampler(dataset, generator=generator)
            else:
                sampler = SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)

        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        if collate_fn is None:
            collate_fn = default_collate if self._auto_collation else default_convert
        self.collate_fn = collate_fn
        self.persistent_workers = persistent_workers
        self.__initialized = True

    def __setattr__(self, attr, val):
        if self.__initialized and attr in ("batch_size", "batch_sampler", "sampler", "drop_last",
                                           "dataset", "persistent_workers"):
            raise ValueError(f"{attr} attribute should not be set after "
                             f"{self.__class__.__name__} is initialized")
        super().__setattr__(attr, val)

    def __iter__(self):
        return _SingleProcessDataLoaderIter(self)

    @property
    def _auto_collation(self):
        return self.batch_sampler is not None

    @property
    def _index_sampler(self):
        return self.batch_sampler if self._auto_collation else self.sampler

    def __len__(self):
        if isinstance(self.dataset, IterableDataset):
            length = len(self.dataset)
            if self.batch_size is not None:
                length = (length // self.batch_size if self.drop_last
                          else math.ceil(length / self.batch_size))
            return length
        return len(self._index_sampler)


class _InfiniteConstantSampler:
    """For an IterableDataset: None forever (the dataset itself decides when to stop)."""

    def __iter__(self):
        while True:
            yield None


class _SingleProcessDataLoaderIter:
    """One pass over a DataLoader: indices from the sampler, samples from the dataset, collated."""

    def __init__(self, loader):
        self._dataset = loader.dataset
        self._auto_collation = loader._auto_collation
        self._drop_last = loader.drop_last
        self._collate_fn = loader.collate_fn
        self._index_sampler = loader._index_sampler
        self._sampler_iter = iter(self._index_sampler)
        # the seed PyTorch hands its worker processes: drawn here too, so that the numbers drawn
        # after it (a shuffling sampler's seed first) are PyTorch's
        self._base_seed = ops.empty((), dtype=ops.dtypes.int64).random_(
            generator=loader.generator).item()
        self._num_yielded = 0
        self._is_iterable = isinstance(loader.dataset, IterableDataset)
        self._dataset_iter = iter(loader.dataset) if self._is_iterable else None
        self._ended = False

    def __iter__(self):
        return self

    def __len__(self):
        return len(self._index_sampler)

    def __next__(self):
        index = next(self._sampler_iter)
        data = self._fetch_iterable(index) if self._is_iterable else self._fetch_map(index)
        self._num_yielded += 1
        return self._collate_fn(data)

    def _fetch_map(self, index):
        if not self._auto_collation:
            return self._dataset[index]
        if getattr(self._dataset, "__getitems__", None):  # a dataset that fetches many at once
            return self._dataset.__getitems__(index)
        return [self._dataset[idx] for idx in index]

    def _fetch_iterable(self, index):
        if self._ended:
            raise StopIteration
        if not self._auto_collation:
            return next(self._dataset_iter)
        data = []
        for _ in index:
            try:
                data.append(next(self._dataset_iter))
            except StopIteration:
                self._ended = True
                break
        if len(data) == 0 or (self._drop_last and len(data) < len(index)):
            raise StopIteration
        return data
