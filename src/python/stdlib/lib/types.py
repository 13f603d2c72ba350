"""Names for the interpreter's built-in types, `SimpleNamespace`, `MappingProxyType` and
dynamic class creation (`new_class`, `prepare_class`, `resolve_bases`).

Written for shellsim; the behaviour follows CPython 3.14's `types`. Only the types this
interpreter has objects of are named here.
"""

import sys

__all__ = ['FunctionType', 'LambdaType', 'MethodType', 'BuiltinFunctionType',
           'BuiltinMethodType', 'ModuleType', 'GeneratorType', 'NoneType',
           'EllipsisType', 'NotImplementedType', 'SimpleNamespace',
           'MappingProxyType', 'new_class', 'prepare_class', 'resolve_bases',
           'get_original_bases']


def _f():
    pass


FunctionType = type(_f)
LambdaType = type(lambda: None)


class _C:
    def _m(self):
        pass


MethodType = type(_C()._m)
del _C

BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
ModuleType = type(sys)


def _g():
    yield 1


GeneratorType = type(_g())
del _g

NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)


class SimpleNamespace:
    """An object whose attributes are given as keywords (or a mapping or iterable of
    pairs); its repr lists them, and two namespaces are equal when their attributes are."""

    def __init__(self, *args, **kwargs):
        if len(args) > 1:
            raise TypeError(
                f"SimpleNamespace expected at most 1 argument, got {len(args)}")
        pairs = dict(args[0]) if args else {}
        pairs.update(kwargs)
        for key in pairs:
            if not isinstance(key, str):
                raise TypeError("keywords must be strings")
        self.__dict__.update(pairs)

    def __repr__(self):
        name = "namespace" if type(self) is SimpleNamespace else type(self).__name__
        if self in _repr_running:
            return name + "(...)"
        _repr_running.append(self)
        try:
            items = ["%s=%r" % (k, v) for k, v in self.__dict__.items()]
        finally:
            _repr_running.pop()
        return "%s(%s)" % (name, ", ".join(items))

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    __hash__ = None

    def __replace__(self, /, **changes):
        result = type(self)(**self.__dict__)
        result.__dict__.update(changes)
        return result


# CPython's SimpleNamespace is a C type named 'types.SimpleNamespace': that is the name its
# error messages show ("'types.SimpleNamespace' object has no attribute 'x'").
SimpleNamespace.__name__ = 'types.SimpleNamespace'
SimpleNamespace.__module__ = 'builtins'


# Namespaces whose repr is being made (identity checks only), for `namespace(...)`.
class _Running(list):
    def __contains__(self, obj):
        return any(x is obj for x in self)


_repr_running = _Running()


class MappingProxyType:
    """A read-only view of a mapping: it shows the mapping's current contents and cannot
    change them."""

    __slots__ = ('_mapping',)

    def __new__(cls, mapping):
        if (not hasattr(type(mapping), '__getitem__')
                or not hasattr(type(mapping), 'keys')
                or isinstance(mapping, (list, tuple))):
            raise TypeError(
                f"mappingproxy() argument must be a mapping, not {type(mapping).__name__}")
        self = object.__new__(cls)
        object.__setattr__(self, '_mapping', mapping)
        return self

    def __getitem__(self, key):
        return self._mapping[key]

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return self._mapping.copy()

    def __len__(self):
        return len(self._mapping)

    def __iter__(self):
        return iter(self._mapping)

    def __reversed__(self):
        return reversed(self._mapping)

    def __contains__(self, key):
        return key in self._mapping

    def __eq__(self, other):
        return self._mapping == other

    def __or__(self, other):
        if isinstance(other, MappingProxyType):
            other = other._mapping
        return self._mapping | other

    def __ror__(self, other):
        return other | self._mapping

    def __ior__(self, other):
        raise TypeError("'|=' is not supported by mappingproxy; use '|' instead")

    def __repr__(self):
        return "mappingproxy(%r)" % (self._mapping,)

    def __str__(self):
        return str(self._mapping)

    def __setattr__(self, name, value):
        raise AttributeError(f"'mappingproxy' object has no attribute '{name}'")


MappingProxyType.__name__ = 'mappingproxy'
MappingProxyType.__qualname__ = 'mappingproxy'
MappingProxyType.__module__ = 'builtins'


def resolve_bases(bases):
    """Replaces bases that are not classes but have `__mro_entries__` by what it gives."""
    new_bases = list(bases)
    updated = False
    shift = 0
    for i, base in enumerate(bases):
        if isinstance(base, type):
            continue
        if not hasattr(base, "__mro_entries__"):
            continue
        new_base = base.__mro_entries__(bases)
        updated = True
        if not isinstance(new_base, tuple):
            raise TypeError("__mro_entries__ must return a tuple")
        new_bases[i + shift:i + shift + 1] = new_base
        shift += len(new_base) - 1
    if not updated:
        return bases
    return tuple(new_bases)


def _calculate_meta(meta, bases):
    # The most derived metaclass among `meta` and the bases' metaclasses.
    winner = meta
    for base in bases:
        base_meta = type(base)
        if issubclass(winner, base_meta):
            continue
        if issubclass(base_meta, winner):
            winner = base_meta
            continue
        raise TypeError("metaclass conflict: "
                        "the metaclass of a derived class "
                        "must be a (non-strict) subclass "
                        "of the metaclasses of all its bases")
    return winner


def prepare_class(name, bases=(), kwds=None):
    """`(metaclass, namespace, kwds)` as a class statement would compute them."""
    kwds = {} if kwds is None else dict(kwds)
    if 'metaclass' in kwds:
        meta = kwds.pop('metaclass')
    else:
        meta = type(bases[0]) if bases else type
    if isinstance(meta, type):
        meta = _calculate_meta(meta, bases)
    if hasattr(meta, '__prepare__'):
        ns = meta.__prepare__(name, bases, **kwds)
    else:
        ns = {}
    return meta, ns, kwds


def new_class(name, bases=(), kwds=None, exec_body=None):
    """Creates a class as a class statement would; `exec_body(ns)` fills its namespace."""
    resolved_bases = resolve_bases(bases)
    meta, ns, kwds = prepare_class(name, resolved_bases, kwds)
    if exec_body is not None:
        exec_body(ns)
    if resolved_bases is not bases:
        ns['__orig_bases__'] = bases
    return meta(name, resolved_bases, ns, **kwds)


def get_original_bases(cls, /):
    """The bases a class was defined with, before `__mro_entries__` replaced any."""
    try:
        return cls.__dict__.get("__orig_bases__", cls.__bases__)
    except AttributeError:
        raise TypeError(
            f"Expected an instance of type, not {type(cls).__name__!r}"
        ) from None
