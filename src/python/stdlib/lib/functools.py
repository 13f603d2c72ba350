"""Higher-order functions: reduce, partial, wraps, caches, orderings, single dispatch."""

__all__ = [
    'update_wrapper', 'wraps', 'WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES', 'total_ordering',
    'cache', 'cmp_to_key', 'lru_cache', 'reduce', 'partial', 'partialmethod',
    'singledispatch', 'singledispatchmethod', 'cached_property', 'Placeholder',
]

WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__',
                       '__annotate__', '__type_params__')
WRAPPER_UPDATES = ('__dict__',)


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    def decorating(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)
    return decorating


_initial_missing = object()


def reduce(function, iterable, /, initial=_initial_missing):
    it = iter(iterable)
    if initial is _initial_missing:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError('reduce() of empty iterable with no initial value') from None
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


class _PlaceholderType:
    """The type of `Placeholder`, a hole in a partial's positional arguments."""
    __slots__ = ()

    def __repr__(self):
        return 'Placeholder'


Placeholder = _PlaceholderType()


class partial:
    """A callable that calls `func` with some arguments filled in."""

    def __new__(cls, func, /, *args, **keywords):
        if not callable(func):
            raise TypeError('the first argument must be callable')
        if isinstance(func, partial):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self = object.__new__(cls)
        self.func = func
        self.args = args
        self.keywords = keywords
        return self

    def __call__(self, /, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend('%s=%r' % (k, v) for k, v in self.keywords.items())
        name = type(self).__qualname__
        if type(self) is partial:
            name = 'functools.partial'
        return '%s(%s)' % (name, ', '.join(parts))

    def __get__(self, obj, objtype=None):
        return self


class partialmethod:
    """Like `partial`, for methods: the instance comes first."""

    def __init__(self, func, /, *args, **keywords):
        self.func = func
        self.args = args
        self.keywords = keywords

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return partial(self.func, obj, *self.args, **self.keywords)


# ---- caches ------------------------------------------------------------------------------

class _HashedSeq(list):
    """A key list that hashes once."""
    __slots__ = ('hashvalue',)

    def __init__(self, tup):
        self[:] = tup
        self.hashvalue = hash(tup)

    def __hash__(self):
        return self.hashvalue


_kwd_mark = (object(),)
_fasttypes = {int, str}


def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key += _kwd_mark
        for item in kwds.items():
            key += item
    if typed:
        key += tuple(type(v) for v in args)
        if kwds:
            key += tuple(type(v) for v in kwds.values())
    elif len(key) == 1 and type(key[0]) in _fasttypes:
        return key[0]
    return key


def _cache_info_type():
    from collections import namedtuple
    return namedtuple('CacheInfo', ['hits', 'misses', 'maxsize', 'currsize'])


def lru_cache(maxsize=128, typed=False):
    """Caches a function's results by argument, keeping the `maxsize` most recently used."""
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        user_function, maxsize = maxsize, 128
        return _lru_wrapper(user_function, maxsize, typed)
    elif maxsize is not None:
        raise TypeError('Expected first argument to be an integer, a callable, or None')

    def decorating_function(user_function):
        return _lru_wrapper(user_function, maxsize, typed)
    return decorating_function


def _lru_wrapper(user_function, maxsize, typed):
    cache = {}
    stats = [0, 0]  # hits, misses
    info_type = _cache_info_type()

    if maxsize == 0:
        def wrapper(*args, **kwds):
            stats[1] += 1
            return user_function(*args, **kwds)
    elif maxsize is None:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            if key in cache:
                stats[0] += 1
                return cache[key]
            stats[1] += 1
            result = user_function(*args, **kwds)
            cache[key] = result
            return result
    else:
        def wrapper(*args, **kwds):
            key = _make_key(args, kwds, typed)
            if key in cache:
                stats[0] += 1
                result = cache.pop(key)
                cache[key] = result
                return result
            stats[1] += 1
            result = user_function(*args, **kwds)
            if key not in cache:
                cache[key] = result
                if len(cache) > maxsize:
                    del cache[next(iter(cache))]
            return result

    def cache_info():
        return info_type(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        cache.clear()
        stats[0] = stats[1] = 0

    def cache_parameters():
        return {'maxsize': maxsize, 'typed': typed}

    update_wrapper(wrapper, user_function)
    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    wrapper.cache_parameters = cache_parameters
    return wrapper


def cache(user_function, /):
    """An unbounded cache: `lru_cache(maxsize=None)`."""
    return lru_cache(maxsize=None)(user_function)


_NOT_FOUND = object()


class cached_property:
    """A property computed once per instance, then kept in the instance's `__dict__`."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__
        self.__module__ = func.__module__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError(
                'Cannot assign the same cached_property to two different names '
                '(%r and %r).' % (self.attrname, name))

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError(
                'Cannot use cached_property instance without calling __set_name__ on it.')
        cache = instance.__dict__
        val = cache.get(self.attrname, _NOT_FOUND)
        if val is _NOT_FOUND:
            val = self.func(instance)
            cache[self.attrname] = val
        return val


# ---- orderings ---------------------------------------------------------------------------

def cmp_to_key(mycmp):
    """Turns an old-style comparison function into a key function."""
    class K(object):
        __slots__ = ['obj']

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    return K


def _gt_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return not r and self != other


def _le_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return r or self == other


def _ge_from_lt(self, other):
    r = type(self).__lt__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _ge_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return not r or self == other


def _lt_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return r and self != other


def _gt_from_le(self, other):
    r = type(self).__le__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _lt_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return not r and self != other


def _ge_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return r or self == other


def _le_from_gt(self, other):
    r = type(self).__gt__(self, other)
    if r is NotImplemented:
        return r
    return not r


def _le_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return not r or self == other


def _gt_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return r and self != other


def _lt_from_ge(self, other):
    r = type(self).__ge__(self, other)
    if r is NotImplemented:
        return r
    return not r


_convert = {
    '__lt__': [('__gt__', _gt_from_lt), ('__le__', _le_from_lt), ('__ge__', _ge_from_lt)],
    '__le__': [('__ge__', _ge_from_le), ('__lt__', _lt_from_le), ('__gt__', _gt_from_le)],
    '__gt__': [('__lt__', _lt_from_gt), ('__ge__', _ge_from_gt), ('__le__', _le_from_gt)],
    '__ge__': [('__le__', _le_from_ge), ('__gt__', _gt_from_ge), ('__lt__', _lt_from_ge)],
}


def total_ordering(cls):
    """Fills in the missing rich comparisons from one of them and `__eq__`."""
    # The comparisons the class (or a base other than `object`) defines itself.
    roots = {op for op in _convert
             if any(op in vars(base) for base in cls.__mro__ if base is not object)}
    if not roots:
        raise ValueError('must define at least one ordering operation: < > <= >=')
    root = max(roots)
    for opname, opfunc in _convert[root]:
        if opname not in roots:
            opfunc.__name__ = opname
            opfunc.__qualname__ = '%s.%s' % (cls.__qualname__, opname)
            setattr(cls, opname, opfunc)
    return cls


# ---- single dispatch ---------------------------------------------------------------------

def singledispatch(func):
    """A generic function dispatching on the type of its first argument."""
    registry = {object: func}
    cache = {}

    def dispatch(cls):
        if cls in cache:
            return cache[cls]
        impl = None
        for base in cls.__mro__:
            if base in registry:
                impl = registry[base]
                break
        if impl is None:
            impl = registry[object]
        cache[cls] = impl
        return impl

    def register(cls, func=None):
        if isinstance(cls, type) and func is None:
            return lambda f: register(cls, f)
        if func is None:
            if not callable(cls):
                raise TypeError('Invalid first argument to `register()`: %r. '
                                'Use either `@register(some_class)` or plain `@register` '
                                'on an annotated function.' % (cls,))
            func = cls
            annotations = getattr(func, '__annotations__', {})
            if not annotations:
                raise TypeError(
                    'Invalid first argument to `register()`: %r. Use either '
                    '`@register(some_class)` or plain `@register` on an annotated '
                    'function.' % (func,))
            cls = next(iter(annotations.values()))
        registry[cls] = func
        cache.clear()
        return func

    def wrapper(*args, **kw):
        if not args:
            raise TypeError(f'{funcname} requires at least 1 positional argument')
        return dispatch(args[0].__class__)(*args, **kw)

    funcname = getattr(func, '__name__', 'singledispatch function')
    wrapper.register = register
    wrapper.dispatch = dispatch
    wrapper.registry = registry
    wrapper._clear_cache = cache.clear
    update_wrapper(wrapper, func)
    return wrapper


class singledispatchmethod:
    """`singledispatch` for methods: dispatches on the first argument after `self`."""

    def __init__(self, func):
        self.dispatcher = singledispatch(func)
        self.func = func

    def register(self, cls, method=None):
        return self.dispatcher.register(cls, func=method)

    def __get__(self, obj, cls=None):
        dispatch = self.dispatcher.dispatch
        func = self.func

        def _method(*args, **kwargs):
            return dispatch(args[0].__class__).__get__(obj, cls)(*args, **kwargs)
        _method.register = self.register
        update_wrapper(_method, func)
        return _method
