"""The built-in `_heapq`: binary heaps on lists (`heappush`, `heappop`, `heapify`,
`heapreplace`, `heappushpop` and the max-heap forms new in 3.14).

Written for shellsim; it stands for CPython's C module, so its frames are left out of
tracebacks. The sift steps are the ones `_heapq` performs, so a heap list holds its items
in the same order as on CPython. Only `<` is used to compare items.
"""


def _args(name, args, kwargs, count):
    # The heap functions take positional arguments only, as the C module's do.
    if kwargs:
        raise TypeError(f"{name}() takes no keyword arguments")
    if len(args) != count:
        if count == 1:
            raise TypeError(f"{name}() takes exactly one argument ({len(args)} given)")
        raise TypeError(f"{name} expected {count} arguments, got {len(args)}")
    heap = args[0]
    if not isinstance(heap, list):
        which = "argument" if count == 1 else "argument 1"
        raise TypeError(f"{name}() {which} must be list, not {type(heap).__name__}")
    return args


# Min-heap sifts.

def _siftdown(heap, startpos, pos):
    # Moves heap[pos] up towards startpos while it is smaller than its parent.
    newitem = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if newitem < parent:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = newitem


def _siftup(heap, pos):
    # Moves the smaller child up until heap[pos]'s item reaches a leaf, then sifts it
    # back down into place (fewer comparisons than stopping early).
    endpos = len(heap)
    startpos = pos
    newitem = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[childpos] < heap[rightpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = newitem
    _siftdown(heap, startpos, pos)


# Max-heap sifts: the same steps with the comparisons turned around.

def _siftdown_max(heap, startpos, pos):
    newitem = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if parent < newitem:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = newitem


def _siftup_max(heap, pos):
    endpos = len(heap)
    startpos = pos
    newitem = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[rightpos] < heap[childpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = newitem
    _siftdown_max(heap, startpos, pos)


def heappush(*args, **kwargs):
    """Push an item onto the heap, keeping the heap invariant."""
    heap, item = _args('heappush', args, kwargs, 2)
    heap.append(item)
    _siftdown(heap, 0, len(heap) - 1)


def heappop(*args, **kwargs):
    """Pop the smallest item off the heap, keeping the heap invariant."""
    heap, = _args('heappop', args, kwargs, 1)
    if not heap:
        raise IndexError("index out of range")
    last = heap.pop()
    if heap:
        top = heap[0]
        heap[0] = last
        _siftup(heap, 0)
        return top
    return last


def heapreplace(*args, **kwargs):
    """Pop the smallest item, then push `item` (the heap never shrinks)."""
    heap, item = _args('heapreplace', args, kwargs, 2)
    if not heap:
        raise IndexError("index out of range")
    top = heap[0]
    heap[0] = item
    _siftup(heap, 0)
    return top


def heappushpop(*args, **kwargs):
    """Push `item`, then pop the smallest item (faster than the two steps)."""
    heap, item = _args('heappushpop', args, kwargs, 2)
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _siftup(heap, 0)
    return item


def heapify(*args, **kwargs):
    """Turn a list into a heap, in place, in linear time."""
    heap, = _args('heapify', args, kwargs, 1)
    for i in reversed(range(len(heap) // 2)):
        _siftup(heap, i)


def heappush_max(*args, **kwargs):
    """Push an item onto the max-heap, keeping the heap invariant."""
    heap, item = _args('heappush_max', args, kwargs, 2)
    heap.append(item)
    _siftdown_max(heap, 0, len(heap) - 1)


def heappop_max(*args, **kwargs):
    """Pop the largest item off the max-heap."""
    heap, = _args('heappop_max', args, kwargs, 1)
    if not heap:
        raise IndexError("index out of range")
    last = heap.pop()
    if heap:
        top = heap[0]
        heap[0] = last
        _siftup_max(heap, 0)
        return top
    return last


def heapreplace_max(*args, **kwargs):
    """Pop the largest item of the max-heap, then push `item`."""
    heap, item = _args('heapreplace_max', args, kwargs, 2)
    if not heap:
        raise IndexError("index out of range")
    top = heap[0]
    heap[0] = item
    _siftup_max(heap, 0)
    return top


def heappushpop_max(*args, **kwargs):
    """Push `item` onto the max-heap, then pop the largest item."""
    heap, item = _args('heappushpop_max', args, kwargs, 2)
    if heap and item < heap[0]:
        item, heap[0] = heap[0], item
        _siftup_max(heap, 0)
    return item


def heapify_max(*args, **kwargs):
    """Turn a list into a max-heap, in place."""
    heap, = _args('heapify_max', args, kwargs, 1)
    for i in reversed(range(len(heap) // 2)):
        _siftup_max(heap, i)
