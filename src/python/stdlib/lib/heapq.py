"""Heap queues: the heap functions of the built-in `_heapq`, plus `nlargest`,
`nsmallest` and `merge`.

Written for shellsim; the behaviour follows CPython 3.14's `heapq`.
"""

__all__ = ['heappush', 'heappop', 'heapify', 'heapreplace', 'heappushpop',
           'heappush_max', 'heappop_max', 'heapify_max', 'heapreplace_max',
           'heappushpop_max', 'nlargest', 'nsmallest', 'merge']

from _heapq import (heappush, heappop, heapify, heapreplace, heappushpop,
                    heappush_max, heappop_max, heapify_max, heapreplace_max,
                    heappushpop_max)


def merge(*iterables, key=None, reverse=False):
    """Merge sorted inputs into one sorted stream, lazily; equal items come out in the
    order of the inputs they came from."""
    # Each entry is [sort key, input number, value, iterator]; the input number breaks
    # ties, so values themselves are compared only through their keys. For `reverse`,
    # inputs are sorted from largest, so the smallest-first heap orders by negated
    # input number within a max-heap of keys.
    entries = []
    for order, iterable in enumerate(iterables):
        it = iter(iterable)
        for value in it:
            k = value if key is None else key(value)
            entries.append(_MergeEntry(k, order, value, it, reverse))
            break
    heapify(entries)
    while entries:
        top = entries[0]
        yield top.value
        for value in top.it:
            top.key = value if key is None else key(value)
            top.value = value
            heapreplace(entries, top)
            break
        else:
            heappop(entries)


class _MergeEntry:
    __slots__ = ('key', 'order', 'value', 'it', 'reverse')

    def __init__(self, key, order, value, it, reverse):
        self.key = key
        self.order = order
        self.value = value
        self.it = it
        self.reverse = reverse

    def __lt__(self, other):
        if self.reverse:
            if other.key < self.key:
                return True
            if self.key < other.key:
                return False
        else:
            if self.key < other.key:
                return True
            if other.key < self.key:
                return False
        return self.order < other.order


def nsmallest(n, iterable, key=None):
    """The n smallest items, as `sorted(iterable, key=key)[:n]` gives them."""
    if n == 1:
        it = iter(iterable)
        missing = object()
        result = min(it, default=missing, key=key)
        return [] if result is missing else [result]
    try:
        size = len(iterable)
    except (TypeError, AttributeError):
        pass
    else:
        if n >= size:
            return sorted(iterable, key=key)[:n]
    it = iter(iterable)
    if len(range(0, n)) == 0:
        return []
    return sorted(it, key=key)[:n]


def nlargest(n, iterable, key=None):
    """The n largest items, as `sorted(iterable, key=key, reverse=True)[:n]` gives them."""
    if n == 1:
        it = iter(iterable)
        missing = object()
        result = max(it, default=missing, key=key)
        return [] if result is missing else [result]
    try:
        size = len(iterable)
    except (TypeError, AttributeError):
        pass
    else:
        if n >= size:
            return sorted(iterable, key=key, reverse=True)[:n]
    it = iter(iterable)
    if len(range(0, n)) == 0:
        return []
    return sorted(it, key=key, reverse=True)[:n]
