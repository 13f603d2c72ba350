"""Shallow and deep copies (`copy`, `deepcopy`) and `replace`.

Written for shellsim; the behaviour follows CPython 3.14's `copy`. A class controls its
copies through `__copy__` / `__deepcopy__(memo)`, `__reduce_ex__` / `__reduce__`,
`__getnewargs__(_ex)`, `__getstate__` / `__setstate__`; without any of them an instance
is copied as `object.__reduce_ex__(4)` would have it: a new instance made by
`cls.__new__`, its `__dict__` and slots copied over, list and dict contents re-added.
"""

__all__ = ["Error", "copy", "deepcopy", "replace"]


class Error(Exception):
    pass


error = Error

_FunctionType = type(lambda: None)
_BuiltinType = type(len)


class _C:
    def _m(self):
        pass


_MethodType = type(_C()._m)
del _C

# Objects copied by handing back the same object.
_atomic_types = {type(None), int, float, bool, str, bytes, type, range,
                 _FunctionType, _BuiltinType, type(Ellipsis), type(NotImplemented),
                 property}
_shallow_same = _atomic_types | {tuple, frozenset, slice}
_shallow_method = {list: list.copy, dict: dict.copy, set: set.copy}


def copy(x):
    """A shallow copy of `x`."""
    cls = type(x)
    if cls in _shallow_same:
        return x
    method = _shallow_method.get(cls)
    if method is not None:
        return method(x)
    if issubclass(cls, type):
        return x
    copier = getattr(cls, "__copy__", None)
    if copier is not None:
        return copier(x)
    rv = _reduce(x)
    if isinstance(rv, str):
        return x
    return _reconstruct(x, None, *rv)


def deepcopy(x, memo=None, _nil=[]):
    """A deep copy of `x`; `memo` maps `id()`s of objects already copied to their copies,
    so shared and cyclic structure is kept."""
    cls = type(x)
    if cls in _atomic_types:
        return x
    d = id(x)
    if memo is None:
        memo = {}
    else:
        y = memo.get(d, _nil)
        if y is not _nil:
            return y
    if cls is list:
        y = _deepcopy_list(x, memo)
    elif cls is dict:
        y = _deepcopy_dict(x, memo)
    elif cls is tuple:
        y = _deepcopy_tuple(x, memo)
    elif cls is _MethodType:
        y = cls(x.__func__, deepcopy(x.__self__, memo))
    elif issubclass(cls, type):
        y = x
    else:
        copier = getattr(x, "__deepcopy__", None)
        if copier is not None:
            y = copier(memo)
        else:
            rv = _reduce(x)
            if isinstance(rv, str):
                y = x
            else:
                y = _reconstruct(x, memo, *rv)
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y


def _deepcopy_list(x, memo):
    y = []
    memo[id(x)] = y
    for a in x:
        y.append(deepcopy(a, memo))
    return y


def _deepcopy_dict(x, memo):
    y = {}
    memo[id(x)] = y
    for key, value in x.items():
        y[deepcopy(key, memo)] = deepcopy(value, memo)
    return y


def _deepcopy_tuple(x, memo):
    y = [deepcopy(a, memo) for a in x]
    # A tuple inside a cycle was copied while its items were.
    try:
        return memo[id(x)]
    except KeyError:
        pass
    for k, j in zip(x, y):
        if k is not j:
            return tuple(y)
    return x


def _keep_alive(x, memo):
    # The memo holds the originals too, so their ids stay unique while it is in use.
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _new_instance(cls, *args, **kwargs):
    return cls.__new__(cls, *args, **kwargs)


# Built-in bases whose value a subclass instance is rebuilt from (`__getnewargs__`).
_value_bases = (int, float, str, bytes, tuple, frozenset, bool)


def _reduce(x):
    """`x.__reduce_ex__(4)`: the class's own reduction, or the default one."""
    cls = type(x)
    reductor = getattr(cls, "__reduce_ex__", None)
    if reductor is not None:
        return reductor(x, 4)
    reductor = getattr(cls, "__reduce__", None)
    if reductor is not None:
        return reductor(x)
    if cls.__module__ == 'builtins' and cls is not object:
        raise TypeError(f"cannot pickle {cls.__name__!r} object")
    if isinstance(x, (set, frozenset)) and not isinstance(x, _value_bases):
        return (cls, (list(x),), _default_state(x))
    args = ()
    kwargs = None
    getnewargs_ex = getattr(cls, "__getnewargs_ex__", None)
    getnewargs = getattr(cls, "__getnewargs__", None)
    if getnewargs_ex is not None:
        args, kwargs = getnewargs_ex(x)
    elif getnewargs is not None:
        args = getnewargs(x)
    else:
        for base in cls.__mro__:
            if base in _value_bases:
                args = (base(x),)
                break
    getstate = getattr(cls, "__getstate__", None)
    state = getstate(x) if getstate is not None else _default_state(x)
    listiter = iter(x) if isinstance(x, list) else None
    dictiter = iter(x.items()) if isinstance(x, dict) else None
    if kwargs:
        return (_NewWithKeywords(cls, kwargs), tuple(args), state, listiter, dictiter)
    return (_new_instance, (cls,) + tuple(args), state, listiter, dictiter)


class _NewWithKeywords:
    # `cls.__new__(cls, *args, **kwargs)` for `__getnewargs_ex__`.
    def __init__(self, cls, kwargs):
        self.cls = cls
        self.kwargs = kwargs

    def __call__(self, *args):
        return self.cls.__new__(self.cls, *args, **self.kwargs)


def _slot_names(cls):
    names = []
    for base in cls.__mro__:
        slots = base.__dict__.get('__slots__')
        if slots is None:
            continue
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name in ('__dict__', '__weakref__') or name in names:
                continue
            if name.startswith('__') and not name.endswith('__'):
                name = '_' + base.__name__.lstrip('_') + name
            names.append(name)
    return names


def _default_state(x):
    """What `object.__getstate__` gives: the instance dict (None when empty), paired with
    a dict of the slots that are set when the class has slots."""
    slots = _slot_names(type(x))
    try:
        d = dict(x.__dict__)
    except AttributeError:
        d = {}
    for name in slots:
        d.pop(name, None)
    slotstate = {}
    for name in slots:
        try:
            slotstate[name] = getattr(x, name)
        except AttributeError:
            pass
    d = d or None
    if slotstate:
        return (d, slotstate)
    return d


def _reconstruct(x, memo, func, args,
                 state=None, listiter=None, dictiter=None):
    deep = memo is not None
    if deep and args:
        args = deepcopy(args, memo)
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        if hasattr(y, '__setstate__'):
            y.__setstate__(state)
        else:
            slotstate = None
            if isinstance(state, tuple) and len(state) == 2:
                state, slotstate = state
            if state:
                y.__dict__.update(state)
            if slotstate:
                for key, value in slotstate.items():
                    setattr(y, key, value)
    if listiter is not None:
        for item in listiter:
            if deep:
                item = deepcopy(item, memo)
            y.append(item)
    if dictiter is not None:
        for key, value in dictiter:
            if deep:
                key = deepcopy(key, memo)
                value = deepcopy(value, memo)
            y[key] = value
    return y


def replace(obj, /, **changes):
    """A new object like `obj` with the given fields changed, through `__replace__`."""
    cls = obj.__class__
    func = getattr(cls, '__replace__', None)
    if func is None:
        raise TypeError(f"replace() does not support {cls.__name__} objects")
    return func(obj, **changes)
