"""Abstract base classes: `ABCMeta`, `ABC`, `abstractmethod`, virtual subclasses through
`register`, `__subclasshook__`, `get_cache_token` and `update_abstractmethods`.

Written for shellsim; the behaviour follows CPython 3.14's `abc`. The interpreter refuses
to instantiate a class whose `__abstractmethods__` is non-empty, as CPython's
`object.__new__` does; `isinstance`/`issubclass` call `ABCMeta.__instancecheck__` and
`__subclasscheck__`.
"""

__all__ = ['ABCMeta', 'ABC', 'abstractmethod', 'abstractclassmethod',
           'abstractstaticmethod', 'abstractproperty', 'get_cache_token',
           'update_abstractmethods']


def abstractmethod(funcobj):
    """Marks a method abstract: a class with abstract methods cannot be instantiated
    until a subclass overrides them all."""
    funcobj.__isabstractmethod__ = True
    return funcobj


def _is_abstract(value):
    """Whether a class attribute is abstract (a function marked by `abstractmethod`, or a
    classmethod, staticmethod or property wrapping one)."""
    if value is None:
        return False
    if isinstance(value, property):
        return any(_is_abstract(f) for f in (value.fget, value.fset, value.fdel))
    if isinstance(value, (classmethod, staticmethod)):
        if getattr(value, '__isabstractmethod__', False) is True:
            return True
        return _is_abstract(value.__func__)
    try:
        return bool(getattr(value, '__isabstractmethod__', False))
    except Exception:
        return False


class abstractclassmethod(classmethod):
    """Deprecated: use `classmethod` over `abstractmethod`."""
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractstaticmethod(staticmethod):
    """Deprecated: use `staticmethod` over `abstractmethod`."""
    __isabstractmethod__ = True

    def __init__(self, callable):
        callable.__isabstractmethod__ = True
        super().__init__(callable)


class abstractproperty(property):
    """Deprecated: use `property` over `abstractmethod`."""
    __isabstractmethod__ = True


# Bumped by every `register`, so negative cache entries made before it are dropped.
_invalidation_counter = 0


class _AbcData:
    """Per-class bookkeeping, kept outside the class so subclasses never inherit it."""

    def __init__(self):
        self.registry = []       # virtual subclasses, in registration order
        self.subclasses = []     # real direct subclasses that are ABCs
        self.cache = set()       # classes known to be subclasses
        self.negative = set()    # classes known not to be
        self.negative_version = _invalidation_counter


_abc_data = {}


def _data(cls):
    d = _abc_data.get(cls)
    if d is None:
        d = _abc_data[cls] = _AbcData()
    return d


def get_cache_token():
    """A value that changes whenever a class is registered with any ABC."""
    return _invalidation_counter


def _compute_abstracts(cls, namespace_items, bases):
    abstracts = {name for name, value in namespace_items if _is_abstract(value)}
    for base in bases:
        for name in getattr(base, "__abstractmethods__", ()):
            value = getattr(cls, name, None)
            if _is_abstract(value):
                abstracts.add(name)
    return frozenset(abstracts)


class ABCMeta(type):
    """The metaclass of abstract base classes."""

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _compute_abstracts(cls, namespace.items(), bases)
        _data(cls)
        for base in bases:
            if isinstance(base, ABCMeta):
                _data(base).subclasses.append(cls)
        return cls

    def register(cls, subclass):
        """Makes `subclass` a virtual subclass of this ABC; returns it, so this works as
        a class decorator."""
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        _data(cls).registry.append(subclass)
        global _invalidation_counter
        _invalidation_counter += 1
        return subclass

    def __instancecheck__(cls, instance):
        subclass = instance.__class__
        d = _data(cls)
        if subclass in d.cache:
            return True
        subtype = type(instance)
        if subtype is subclass:
            if (d.negative_version == _invalidation_counter
                    and subclass in d.negative):
                return False
            return cls.__subclasscheck__(subclass)
        return any(cls.__subclasscheck__(c) for c in (subclass, subtype))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError('issubclass() arg 1 must be a class')
        d = _data(cls)
        if subclass in d.cache:
            return True
        if d.negative_version < _invalidation_counter:
            d.negative = set()
            d.negative_version = _invalidation_counter
        elif subclass in d.negative:
            return False
        hook = getattr(cls, '__subclasshook__', None)
        ok = NotImplemented if hook is None else hook(subclass)
        if ok is not NotImplemented:
            if not isinstance(ok, bool):
                raise AssertionError
            if ok:
                d.cache.add(subclass)
            else:
                d.negative.add(subclass)
            return ok
        if cls in subclass.__mro__:
            d.cache.add(subclass)
            return True
        for rcls in d.registry:
            if issubclass(subclass, rcls):
                d.cache.add(subclass)
                return True
        for scls in d.subclasses:
            if issubclass(subclass, scls):
                d.cache.add(subclass)
                return True
        d.negative.add(subclass)
        return False

    def _abc_registry_clear(cls):
        _data(cls).registry.clear()

    def _abc_caches_clear(cls):
        d = _data(cls)
        d.cache.clear()
        d.negative.clear()


def update_abstractmethods(cls):
    """Recomputes `cls.__abstractmethods__` after methods were added or replaced on a
    class that is already made; returns `cls`."""
    if not hasattr(cls, '__abstractmethods__'):
        return cls
    cls.__abstractmethods__ = _compute_abstracts(cls, cls.__dict__.items(),
                                                 cls.__bases__)
    return cls


class ABC(metaclass=ABCMeta):
    """A helper class: subclass it to make an abstract base class."""
    __slots__ = ()
