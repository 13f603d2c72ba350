"""The built-in `_bisect`: binary search in sorted sequences. `bisect_left`/`bisect_right`
find where an item goes, `insort_left`/`insort_right` put it there; `key` applies to the
sequence's items (and, for `insort`, to the item being inserted).

Written for shellsim; it stands for CPython's C module, so its frames are left out of
tracebacks.
"""


def _bounds(a, lo, hi):
    lo = _index(lo)
    if lo < 0:
        raise ValueError('lo must be non-negative')
    # As in the C module, hi=-1 means "the end", like None.
    if hi is None:
        hi = -1
    hi = _index(hi)
    if hi == -1:
        hi = len(a)
    return lo, hi


def _index(n):
    return range(n).stop if not isinstance(n, int) else n


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    """The index after the last item <= x in a[lo:hi]."""
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        item = a[mid] if key is None else key(a[mid])
        if x < item:
            hi = mid
        else:
            lo = mid + 1
    return lo


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    """The index of the first item >= x in a[lo:hi]."""
    lo, hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        item = a[mid] if key is None else key(a[mid])
        if item < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def insort_right(a, x, lo=0, hi=None, *, key=None):
    """Insert x after any items equal to it."""
    if key is None:
        lo = bisect_right(a, x, lo, hi)
    else:
        lo = bisect_right(a, key(x), lo, hi, key=key)
    a.insert(lo, x)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    """Insert x before any items equal to it."""
    if key is None:
        lo = bisect_left(a, x, lo, hi)
    else:
        lo = bisect_left(a, key(x), lo, hi, key=key)
    a.insert(lo, x)

