"""Iterator building blocks: infinite counters, combinatorics, grouping and slicing."""

__all__ = [
    'accumulate', 'batched', 'chain', 'combinations', 'combinations_with_replacement',
    'compress', 'count', 'cycle', 'dropwhile', 'filterfalse', 'groupby', 'islice',
    'pairwise', 'permutations', 'product', 'repeat', 'starmap', 'takewhile', 'tee',
    'zip_longest',
]


def _index(value, what):
    if not isinstance(value, int):
        raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer")
    return value


class count:
    """count(start=0, step=1): start, start+step, start+2*step, ..."""

    def __init__(self, start=0, step=1):
        for v in (start, step):
            if not isinstance(v, (int, float)) and not hasattr(v, '__add__'):
                raise TypeError('a number is required')
        self._n = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        n = self._n
        self._n = n + self._step
        return n

    def __repr__(self):
        if type(self._step) is int and self._step == 1:
            return f'count({self._n!r})'
        return f'count({self._n!r}, {self._step!r})'


class repeat:
    """repeat(object[, times]): the object, times times or forever."""

    def __init__(self, object, times=None):
        self._object = object
        if times is not None:
            times = max(_index(times, 'times'), 0)
        self._times = times

    def __iter__(self):
        return self

    def __next__(self):
        if self._times is None:
            return self._object
        if self._times <= 0:
            raise StopIteration
        self._times -= 1
        return self._object

    def __length_hint__(self):
        if self._times is None:
            raise TypeError('len() of unsized object')
        return self._times

    def __repr__(self):
        if self._times is None:
            return f'repeat({self._object!r})'
        return f'repeat({self._object!r}, {self._times})'


def cycle(iterable):
    saved = []
    for element in iterable:
        yield element
        saved.append(element)
    while saved:
        for element in saved:
            yield element


class chain:
    """chain(*iterables): the items of each iterable in turn."""

    def __init__(self, *iterables):
        self._sources = iter(iterables)
        self._active = None

    @classmethod
    def from_iterable(cls, iterable):
        self = cls()
        self._sources = iter(iterable)
        return self

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self._active is None:
                self._active = iter(next(self._sources))
            try:
                return next(self._active)
            except StopIteration:
                self._active = None

    def __class_getitem__(cls, item):
        return cls


def accumulate(iterable, func=None, *, initial=None):
    it = iter(iterable)
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    if func is None:
        for element in it:
            total = total + element
            yield total
    else:
        for element in it:
            total = func(total, element)
            yield total


def batched(iterable, n, *, strict=False):
    if not isinstance(n, int):
        raise TypeError(f"'{type(n).__name__}' object cannot be interpreted as an integer")
    if n < 1:
        raise ValueError('n must be at least one')
    it = iter(iterable)
    while True:
        batch = tuple(islice(it, n))
        if not batch:
            return
        if strict and len(batch) != n:
            raise ValueError('batched(): incomplete batch')
        yield batch


def compress(data, selectors):
    return (d for d, s in zip(data, selectors) if s)


def dropwhile(predicate, iterable):
    it = iter(iterable)
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def takewhile(predicate, iterable):
    for x in iterable:
        if predicate(x):
            yield x
        else:
            break


def filterfalse(predicate, iterable):
    if predicate is None:
        predicate = bool
    for x in iterable:
        if not predicate(x):
            yield x


_EMPTY = object()


class groupby:
    """groupby(iterable, key=None): (key, group iterator) for each run of equal keys."""

    # One item of lookahead, `(key, value)`, is shared by this iterator and the current
    # group; advancing to the next group retires the old group (its token changes).
    def __init__(self, iterable, key=None):
        self._it = iter(iterable)
        self._keyfunc = key
        self._pending = _EMPTY
        self._started = False
        self._current = None
        self._token = None

    def _pull(self):
        value = next(self._it)
        return (value if self._keyfunc is None else self._keyfunc(value), value)

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self._pending is _EMPTY:
                self._pending = self._pull()
            if self._started and self._pending[0] == self._current:
                self._pending = _EMPTY
                continue
            break
        self._started = True
        self._current = self._pending[0]
        self._token = token = object()
        return self._current, self._group(self._current, token)

    def _group(self, key, token):
        while self._token is token:
            if self._pending is _EMPTY:
                try:
                    self._pending = self._pull()
                except StopIteration:
                    return
            pending_key, value = self._pending
            if not pending_key == key:
                return
            self._pending = _EMPTY
            yield value


def islice(iterable, *args):
    if not args:
        raise TypeError('islice expected at least 2 arguments, got 1')
    if len(args) > 3:
        raise TypeError(f'islice expected at most 4 arguments, got {len(args) + 1}')
    if len(args) == 1:
        start, stop, step = None, args[0], None
    else:
        start, stop = args[0], args[1]
        step = args[2] if len(args) == 3 else None
    start = 0 if start is None else start
    step = 1 if step is None else step
    for v, what in ((start, 'Indices'), (stop, 'Stop')):
        if v is not None and (not isinstance(v, int) or v < 0):
            if what == 'Stop':
                raise ValueError('Stop argument for islice() must be None or an integer: '
                                 '0 <= x <= sys.maxsize.')
            raise ValueError('Indices for islice() must be None or an integer: '
                             '0 <= x <= sys.maxsize.')
    if not isinstance(step, int) or step < 1:
        raise ValueError('Step for islice() must be a positive integer or None.')
    return _islice(iter(iterable), start, stop, step)


def _islice(it, start, stop, step):
    i = 0
    nexti = start
    if stop is not None and stop <= start:
        for _ in zip(range(stop), it):
            pass
        return
    for element in it:
        if i == nexti:
            yield element
            nexti += step
            if stop is not None and nexti >= stop:
                # Consume up to stop, as CPython does.
                for _ in zip(range(stop - i - 1), it):
                    pass
                return
        i += 1


def pairwise(iterable):
    it = iter(iterable)
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield a, b
        a = b


def starmap(function, iterable):
    for args in iterable:
        yield function(*args)


def tee(iterable, n=2):
    if not isinstance(n, int):
        raise TypeError(f"'{type(n).__name__}' object cannot be interpreted as an integer")
    if n < 0:
        raise ValueError('n must be >= 0')
    it = iter(iterable)
    buffers = [[] for _ in range(n)]

    def gen(mine):
        while True:
            if not mine:
                try:
                    value = next(it)
                except StopIteration:
                    return
                for b in buffers:
                    b.append(value)
            yield mine.pop(0)
    return tuple(gen(b) for b in buffers)


_fill_marker = object()


def zip_longest(*iterables, fillvalue=None):
    iterators = [iter(it) for it in iterables]
    active = len(iterators)
    if not active:
        return
    while True:
        values = []
        for i, it in enumerate(iterators):
            value = next(it, _fill_marker)
            if value is _fill_marker:
                active -= 1
                if not active:
                    return
                iterators[i] = repeat(fillvalue)
                value = fillvalue
            values.append(value)
        yield tuple(values)


def product(*iterables, repeat=1):
    if not isinstance(repeat, int):
        raise TypeError(f"'{type(repeat).__name__}' object cannot be interpreted as an integer")
    if repeat < 0:
        raise ValueError('repeat argument cannot be negative')
    pools = [tuple(pool) for pool in iterables] * repeat
    result = [[]]
    for pool in pools:
        result = [x + [y] for x in result for y in pool]
    for prod in result:
        yield tuple(prod)


def _count_arg(r):
    r = _index(r, 'r')
    if r < 0:
        raise ValueError('r must be non-negative')
    return r


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else _count_arg(r)
    if r > n:
        return

    # Positions are chosen left to right from those still free, in increasing order, which
    # yields the permutations in lexicographic order of positions.
    def pick(chosen, free):
        if len(chosen) == r:
            yield tuple([pool[i] for i in chosen])
            return
        for k in range(len(free)):
            yield from pick(chosen + [free[k]], free[:k] + free[k + 1:])
    yield from pick([], list(range(n)))


def combinations(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    r = _count_arg(r)
    if r > n:
        return

    def pick(chosen, start):
        if len(chosen) == r:
            yield tuple([pool[i] for i in chosen])
            return
        for i in range(start, n - (r - len(chosen)) + 1):
            yield from pick(chosen + [i], i + 1)
    yield from pick([], 0)


def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    r = _count_arg(r)
    if not n and r:
        return

    def pick(chosen, start):
        if len(chosen) == r:
            yield tuple([pool[i] for i in chosen])
            return
        for i in range(start, n):
            yield from pick(chosen + [i], i)
    yield from pick([], 0)
