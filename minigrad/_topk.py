"""Which of several equal values topk picks, and in which order: as PyTorch's CPU kernel does.

PyTorch's topk (aten/src/ATen/native/TopKImpl.h) puts (value, index) pairs of a row through the
C++ standard library: std::partial_sort when k * 64 <= n, else std::nth_element, then std::sort of
the first k - 1. Neither is stable, so among ties the result depends on libstdc++'s algorithms
(introselect, median-of-three partitioning, heaps), ported here step for step. Only the order of
tied values depends on this; NumPy's sorts would pick other indices among ties.
"""


def topk_order(values, k, largest, sorted):
    """The positions topk returns for one row (`values`: a list of numbers); nan counts as the
    largest value."""
    if largest:
        def less(i, j):  # the comparator: i goes before j
            a, b = values[i], values[j]
            return (a != a and b == b) or a > b
    else:
        def less(i, j):
            a, b = values[i], values[j]
            return (a == a and b != b) or a < b
    q, n = list(range(len(values))), len(values)
    if k == 0:
        return []
    if k * 64 <= n:
        _heap_select(q, 0, k, n, less)
        _sort_heap(q, 0, k, less)
    else:
        _introselect(q, 0, k - 1, n, 2 * _lg(n), less)
        if sorted:
            _sort(q, 0, k - 1, less)
    return q[:k]


def _lg(n):
    return n.bit_length() - 1


def _insertion_sort(q, first, last, less):
    for i in range(first + 1, last):
        val, j = q[i], i
        while j > first and less(val, q[j - 1]):
            q[j] = q[j - 1]
            j -= 1
        q[j] = val


def _partition_pivot(q, first, last, less):
    """Median of (first + 1, middle, last - 1) moved to first, then Hoare's partition around it."""
    a, b, c = first + 1, first + (last - first) // 2, last - 1
    if less(q[a], q[b]):
        m = b if less(q[b], q[c]) else (c if less(q[a], q[c]) else a)
    else:
        m = a if less(q[a], q[c]) else (c if less(q[b], q[c]) else b)
    q[first], q[m] = q[m], q[first]
    lo, hi, pivot = first + 1, last, q[first]
    while True:
        while less(q[lo], pivot):
            lo += 1
        hi -= 1
        while less(pivot, q[hi]):
            hi -= 1
        if not lo < hi:
            return lo
        q[lo], q[hi] = q[hi], q[lo]
        lo += 1


def _introselect(q, first, nth, last, depth, less):
    """std::nth_element: q[nth] ends up where a full sort would put it."""
    while last - first > 3:
        if depth == 0:
            _heap_select(q, first, nth + 1, last, less)
            q[first], q[nth] = q[nth], q[first]
            return
        depth -= 1
        cut = _partition_pivot(q, first, last, less)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(q, first, last, less)


def _sort(q, first, last, less):
    """std::sort: introsort down to runs of 16, then one insertion sort over everything."""
    if last - first < 2:
        return
    _introsort_loop(q, first, last, 2 * _lg(last - first), less)
    _insertion_sort(q, first, last, less)


def _introsort_loop(q, first, last, depth, less):
    while last - first > 16:
        if depth == 0:
            _heap_select(q, first, last, last, less)
            _sort_heap(q, first, last, less)
            return
        depth -= 1
        cut = _partition_pivot(q, first, last, less)
        _introsort_loop(q, cut, last, depth, less)
        last = cut


def _adjust_heap(q, first, hole, length, value, less):
    top, child = hole, hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if less(q[first + child], q[first + child - 1]):
            child -= 1
        q[first + hole] = q[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        q[first + hole] = q[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and less(q[first + parent], value):
        q[first + hole] = q[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    q[first + hole] = value


def _heap_select(q, first, middle, last, less):
    """std::__heap_select: a heap of the first middle - first, then each better one swapped in."""
    length = middle - first
    if length >= 2:
        for parent in range((length - 2) // 2, -1, -1):
            _adjust_heap(q, first, parent, length, q[first + parent], less)
    for i in range(middle, last):
        if less(q[i], q[first]):
            value, q[i] = q[i], q[first]
            _adjust_heap(q, first, 0, length, value, less)


def _sort_heap(q, first, last, less):
    while last - first > 1:
        last -= 1
        value, q[last] = q[last], q[first]
        _adjust_heap(q, first, 0, last - first, value, less)


