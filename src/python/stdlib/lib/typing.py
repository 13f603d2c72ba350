"""Names for type hints. They are kept at run time, as CPython keeps them: aliases such as
`List[int]` remember their origin and arguments, `TypeVar`s their bounds; nothing is
checked."""

import collections
import functools
import sys

__all__ = [
    'Annotated', 'Any', 'AnyStr', 'BinaryIO', 'Callable', 'ChainMap', 'ClassVar',
    'Collection', 'Concatenate', 'Container', 'Counter', 'DefaultDict', 'Deque', 'Dict',
    'Final', 'FrozenSet', 'Generator', 'Generic', 'Hashable', 'IO', 'ItemsView', 'Iterable',
    'Iterator', 'KeysView', 'List', 'Literal', 'LiteralString', 'Mapping', 'MutableMapping',
    'MutableSequence', 'MutableSet', 'NamedTuple', 'Never', 'NewType', 'NoReturn',
    'NotRequired', 'Optional', 'OrderedDict', 'ParamSpec', 'Protocol', 'Required',
    'Reversible', 'Self', 'Sequence', 'Set', 'Sized', 'SupportsAbs', 'SupportsFloat',
    'SupportsIndex', 'SupportsInt', 'SupportsRound', 'Text', 'TextIO', 'Tuple', 'Type',
    'TypeAlias', 'TypeGuard', 'TypeIs', 'TypeVar', 'TypeVarTuple', 'TypedDict', 'Union',
    'Unpack', 'ValuesView', 'TYPE_CHECKING', 'assert_never', 'assert_type', 'cast',
    'dataclass_transform', 'final', 'get_args', 'get_origin', 'get_type_hints',
    'is_typeddict', 'no_type_check', 'overload', 'override', 'reveal_type',
    'runtime_checkable',
]

TYPE_CHECKING = False


def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return f'{obj.__module__}.{obj.__qualname__}'
    if obj is ...:
        return '...'
    if obj is None or obj is type(None):
        return 'None'
    if isinstance(obj, (list, tuple)):
        return '[' + ', '.join(_type_repr(t) for t in obj) + ']'
    if type(obj).__name__ == 'function':
        return obj.__name__
    return repr(obj)


class _Final:
    """Base of the typing objects that are not classes."""
    __slots__ = ('__weakref__',)


class _SpecialForm(_Final):
    """`Any`, `Union`, `Optional`, `ClassVar`, ...: subscripting one calls its getitem."""
    __slots__ = ('_name', '__doc__', '_getitem')

    def __init__(self, getitem):
        self._getitem = getitem
        self._name = getitem.__name__
        self.__doc__ = getitem.__doc__

    def __repr__(self):
        return 'typing.' + self._name

    def __getitem__(self, parameters):
        return self._getitem(self, parameters)

    def __call__(self, *args, **kwds):
        raise TypeError(f'Cannot instantiate {self!r}')

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __instancecheck__(self, obj):
        raise TypeError(f'{self} cannot be used with isinstance()')

    def __reduce__(self):
        return self._name


class _AnyMeta(type):
    def __instancecheck__(self, obj):
        if self is Any:
            raise TypeError('typing.Any cannot be used with isinstance()')
        return super().__instancecheck__(obj)

    def __repr__(self):
        if self is Any:
            return 'typing.Any'
        return super().__repr__()


class Any(metaclass=_AnyMeta):
    """Any type at all: every type is compatible with it."""


class _GenericAlias(_Final):
    """A subscripted generic: `List[int]`, `Dict[str, int]`, `Stack[int]`."""
    __slots__ = ('__origin__', '__args__', '_name', '__parameters__')

    def __init__(self, origin, args, name=None):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        self._name = name
        self.__parameters__ = tuple(a for a in args if isinstance(a, TypeVar))

    def __repr__(self):
        if self._name:
            name = 'typing.' + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__ == ():
            args = '()'
        else:
            args = ', '.join(_type_repr(a) for a in self.__args__)
        return f'{name}[{args}]'

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __call__(self, *args, **kwargs):
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __getitem__(self, args):
        if not isinstance(args, tuple):
            args = (args,)
        subst = dict(zip(self.__parameters__, args))
        new = tuple(subst.get(a, a) if isinstance(a, TypeVar) else a for a in self.__args__)
        return _GenericAlias(self.__origin__, new, self._name)

    def __instancecheck__(self, obj):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __subclasscheck__(self, cls):
        raise TypeError('Subscripted generics cannot be used with class and instance checks')

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __mro_entries__(self, bases):
        return (self.__origin__,)


class _UnionGenericAlias(_GenericAlias):
    """`Union[X, Y]` (written `X | Y` in 3.14's reprs)."""
    __slots__ = ()

    def __repr__(self):
        return ' | '.join(_type_repr(a) for a in self.__args__)

    def __eq__(self, other):
        if not isinstance(other, _UnionGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))


class _LiteralGenericAlias(_GenericAlias):
    __slots__ = ()

    def __repr__(self):
        return 'typing.Literal[' + ', '.join(repr(a) for a in self.__args__) + ']'


class _CallableGenericAlias(_GenericAlias):
    __slots__ = ()

    def __repr__(self):
        if len(self.__args__) == 2 and self.__args__[0] is ...:
            return f'typing.Callable[..., {_type_repr(self.__args__[1])}]'
        params = ', '.join(_type_repr(a) for a in self.__args__[:-1])
        return f'typing.Callable[[{params}], {_type_repr(self.__args__[-1])}]'


class _SpecialGenericAlias(_Final):
    """An unsubscripted alias of a class: `List`, `Dict`, `Iterable`..."""
    __slots__ = ('__origin__', '_name', '_nparams')

    def __init__(self, origin, nparams, name):
        self.__origin__ = origin
        self._nparams = nparams
        self._name = name

    def __repr__(self):
        return 'typing.' + self._name

    def __getitem__(self, params):
        if not isinstance(params, tuple):
            params = (params,)
        if self._nparams >= 0 and len(params) != self._nparams and self._name != 'Tuple':
            many = 'many' if len(params) > self._nparams else 'few'
            raise TypeError(f'Too {many} arguments for {self}; actual {len(params)}, '
                            f'expected {self._nparams}')
        return _GenericAlias(self.__origin__, params, self._name)

    def __call__(self, *args, **kwargs):
        if self._name in ('List', 'Dict', 'Set', 'FrozenSet', 'Tuple', 'Type'):
            raise TypeError(f'Type {self._name} cannot be instantiated; '
                            f'use {self.__origin__.__name__}() instead')
        return self.__origin__(*args, **kwargs)

    def __instancecheck__(self, obj):
        return isinstance(obj, self.__origin__)

    def __subclasscheck__(self, cls):
        return issubclass(cls, self.__origin__)

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


class _CallableType(_SpecialGenericAlias):
    __slots__ = ()

    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError('Callable must be used as Callable[[arg, ...], result].')
        args, result = params
        if args is ...:
            return _CallableGenericAlias(self.__origin__, (..., result), 'Callable')
        if not isinstance(args, (list, tuple)):
            raise TypeError(f'Callable[args, result]: args must be a list. Got {_type_repr(args)}')
        return _CallableGenericAlias(self.__origin__, tuple(args) + (result,), 'Callable')


class _Callable:
    """What `callable()` accepts."""


_abc = collections


List = _SpecialGenericAlias(list, 1, 'List')
Dict = _SpecialGenericAlias(dict, 2, 'Dict')
Set = _SpecialGenericAlias(set, 1, 'Set')
FrozenSet = _SpecialGenericAlias(frozenset, 1, 'FrozenSet')
Tuple = _SpecialGenericAlias(tuple, -1, 'Tuple')
Type = _SpecialGenericAlias(type, 1, 'Type')
DefaultDict = _SpecialGenericAlias(collections.defaultdict, 2, 'DefaultDict')
OrderedDict = _SpecialGenericAlias(collections.OrderedDict, 2, 'OrderedDict')
Counter = _SpecialGenericAlias(collections.Counter, 1, 'Counter')
ChainMap = _SpecialGenericAlias(collections.ChainMap, 2, 'ChainMap')
Deque = _SpecialGenericAlias(collections.deque, 1, 'Deque')
Text = str


class _Protocolish(_SpecialGenericAlias):
    """An abstract collection type: subscriptable, and checked by the methods it needs."""
    __slots__ = ('_methods',)

    def __init__(self, name, nparams, methods, origin=object):
        super().__init__(origin, nparams, name)
        self._methods = methods

    def __instancecheck__(self, obj):
        return all(hasattr(type(obj), m) for m in self._methods)

    def __subclasscheck__(self, cls):
        return all(hasattr(cls, m) for m in self._methods)

    def __call__(self, *args, **kwargs):
        raise TypeError(f'Cannot instantiate typing.{self._name}')


Iterable = _Protocolish('Iterable', 1, ('__iter__',))
Iterator = _Protocolish('Iterator', 1, ('__iter__', '__next__'))
Reversible = _Protocolish('Reversible', 1, ('__reversed__',))
Sized = _Protocolish('Sized', 0, ('__len__',))
Container = _Protocolish('Container', 1, ('__contains__',))
Collection = _Protocolish('Collection', 1, ('__len__', '__iter__', '__contains__'))
Hashable = _Protocolish('Hashable', 0, ('__hash__',))
Sequence = _Protocolish('Sequence', 1, ('__getitem__', '__len__'))
MutableSequence = _Protocolish('MutableSequence', 1, ('__getitem__', '__setitem__', '__len__', 'insert'))
Mapping = _Protocolish('Mapping', 2, ('__getitem__', '__len__', 'keys'))
MutableMapping = _Protocolish('MutableMapping', 2, ('__getitem__', '__setitem__', '__len__', 'keys'))
AbstractSet = _Protocolish('AbstractSet', 1, ('__contains__', '__len__', '__iter__', 'isdisjoint'))
MutableSet = _Protocolish('MutableSet', 1, ('__contains__', '__len__', '__iter__', 'add', 'discard'))
KeysView = _Protocolish('KeysView', 1, ('__contains__', '__len__', '__iter__'))
ValuesView = _Protocolish('ValuesView', 1, ('__len__', '__iter__'))
ItemsView = _Protocolish('ItemsView', 2, ('__contains__', '__len__', '__iter__'))
Generator = _Protocolish('Generator', 3, ('__iter__', '__next__', 'send', 'throw'))
Awaitable = _Protocolish('Awaitable', 1, ('__await__',))
Coroutine = _Protocolish('Coroutine', 3, ('send', 'throw', '__await__'))
AsyncIterable = _Protocolish('AsyncIterable', 1, ('__aiter__',))
AsyncIterator = _Protocolish('AsyncIterator', 1, ('__aiter__', '__anext__'))
ContextManager = _Protocolish('ContextManager', 1, ('__enter__', '__exit__'))
AsyncContextManager = _Protocolish('AsyncContextManager', 1, ('__aenter__', '__aexit__'))
SupportsInt = _Protocolish('SupportsInt', 0, ('__int__',))
SupportsFloat = _Protocolish('SupportsFloat', 0, ('__float__',))
SupportsIndex = _Protocolish('SupportsIndex', 0, ('__index__',))
SupportsAbs = _Protocolish('SupportsAbs', 1, ('__abs__',))
SupportsRound = _Protocolish('SupportsRound', 1, ('__round__',))
Callable = _CallableType(_Callable, 2, 'Callable')
Callable.__instancecheck__ = None


def _callable_check(self, obj):
    return callable(obj)


_CallableType.__instancecheck__ = _callable_check


@_SpecialForm
def NoReturn(self, parameters):
    """A function that never returns."""
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def Never(self, parameters):
    """The bottom type: no value has it."""
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def Self(self, parameters):
    """The type of the enclosing class's instances."""
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def LiteralString(self, parameters):
    """Any literal string."""
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def TypeAlias(self, parameters):
    """Marks an explicit type alias."""
    raise TypeError(f'{self} is not subscriptable')


@_SpecialForm
def ClassVar(self, parameters):
    """A class variable, not an instance attribute."""
    return _GenericAlias(self, (parameters,), 'ClassVar')


@_SpecialForm
def Final(self, parameters):
    """A name that cannot be reassigned."""
    return _GenericAlias(self, (parameters,), 'Final')


@_SpecialForm
def Required(self, parameters):
    return _GenericAlias(self, (parameters,), 'Required')


@_SpecialForm
def NotRequired(self, parameters):
    return _GenericAlias(self, (parameters,), 'NotRequired')


@_SpecialForm
def TypeGuard(self, parameters):
    return _GenericAlias(self, (parameters,), 'TypeGuard')


@_SpecialForm
def TypeIs(self, parameters):
    return _GenericAlias(self, (parameters,), 'TypeIs')


@_SpecialForm
def Unpack(self, parameters):
    return _GenericAlias(self, (parameters,), 'Unpack')


@_SpecialForm
def Concatenate(self, parameters):
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    return _GenericAlias(self, parameters, 'Concatenate')


def _flatten_union(parameters):
    out = []
    for p in parameters:
        if isinstance(p, _UnionGenericAlias):
            items = p.__args__
        else:
            items = (type(None) if p is None else p,)
        for item in items:
            if item not in out:
                out.append(item)
    return tuple(out)


@_SpecialForm
def Union(self, parameters):
    """Union[X, Y]: either X or Y."""
    if parameters == ():
        raise TypeError('Cannot take a Union of no types.')
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    parameters = _flatten_union(parameters)
    if len(parameters) == 1:
        return parameters[0]
    return _UnionGenericAlias(self, parameters)


@_SpecialForm
def Optional(self, parameters):
    """Optional[X]: X or None."""
    return Union[parameters, None]


@_SpecialForm
def Literal(self, parameters):
    """Literal[v, ...]: exactly one of these values."""
    if not isinstance(parameters, tuple):
        parameters = (parameters,)
    return _LiteralGenericAlias(self, parameters)


class _AnnotatedAlias(_GenericAlias):
    __slots__ = ('__metadata__',)

    def __init__(self, origin, metadata):
        super().__init__(origin, (origin,))
        self.__metadata__ = metadata

    def __repr__(self):
        meta = ', '.join(repr(m) for m in self.__metadata__)
        return f'typing.Annotated[{_type_repr(self.__origin__)}, {meta}]'


class _AnnotatedForm:
    def __repr__(self):
        return 'typing.Annotated'

    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError('Annotated[...] should be used with at least two arguments '
                            '(a type and an annotation).')
        return _AnnotatedAlias(params[0], tuple(params[1:]))


Annotated = _AnnotatedForm()


class TypeVar(_Final):
    """A type variable: `T = TypeVar('T')`, printed `~T`."""
    __slots__ = ('__name__', '__bound__', '__constraints__', '__covariant__',
                 '__contravariant__', '__infer_variance__', '__default__')

    def __init__(self, name, *constraints, bound=None, covariant=False,
                 contravariant=False, infer_variance=False, default=None):
        if covariant and contravariant:
            raise ValueError('Bivariant type variables are not supported.')
        if len(constraints) == 1:
            raise TypeError('A single constraint is not allowed')
        self.__name__ = name
        self.__bound__ = bound
        self.__constraints__ = constraints
        self.__covariant__ = covariant
        self.__contravariant__ = contravariant
        self.__infer_variance__ = infer_variance
        self.__default__ = default

    def __repr__(self):
        if self.__infer_variance__:
            prefix = ''
        elif self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


class ParamSpec(TypeVar):
    __slots__ = ()

    def __init__(self, name, *, bound=None, covariant=False, contravariant=False,
                 infer_variance=False, default=None):
        super().__init__(name, bound=bound, covariant=covariant,
                         contravariant=contravariant, infer_variance=infer_variance,
                         default=default)


class TypeVarTuple(_Final):
    __slots__ = ('__name__',)

    def __init__(self, name):
        self.__name__ = name

    def __repr__(self):
        return self.__name__


AnyStr = TypeVar('AnyStr', bytes, str)


class Generic:
    """Base of generic classes: `class Stack(Generic[T])`, then `Stack[int]`."""
    __slots__ = ()

    def __class_getitem__(cls, params):
        if not isinstance(params, tuple):
            params = (params,)
        if cls is Generic or cls is Protocol:
            for p in params:
                if not isinstance(p, (TypeVar, TypeVarTuple)):
                    raise TypeError(f'Parameters to {cls.__name__}[...] must all be type '
                                    f'variables or parameter specification variables.')
            return cls
        return _GenericAlias(cls, params)


class Protocol(Generic):
    """Base of structural types (checked by static tools; not at run time)."""
    __slots__ = ()


def runtime_checkable(cls):
    return cls


class _NamedTupleMeta(type):
    def __new__(mcls, typename, bases, ns):
        if ns.get('_root', False):
            return super().__new__(mcls, typename, bases, ns)
        annotate = ns.get('__annotate__')
        types = annotate(1) if annotate is not None else ns.get('__annotations__', {})
        defaults = [ns[n] for n in types if n in ns]
        for name in list(types)[len(types) - len(defaults):]:
            if name not in ns:
                raise TypeError(f"Non-default namedtuple field {name} cannot follow "
                                f"default field{'s' if len(defaults) > 1 else ''} "
                                f"{', '.join(n for n in types if n in ns)}")
        nt = collections.namedtuple(typename, list(types), defaults=defaults,
                                    module=ns.get('__module__', '__main__'))
        nt.__annotations__ = dict(types)
        for key, value in ns.items():
            if key in ('__module__', '__qualname__', '__annotate__', '__annotations__',
                       '__doc__', '_root') or key in types:
                continue
            if key in ('__new__', '__init__', '_make', '_fields', '_field_defaults',
                       '_replace', '_asdict', '_source'):
                raise AttributeError('Cannot overwrite NamedTuple attribute ' + key)
            setattr(nt, key, value)
        if '__doc__' in ns and ns['__doc__'] is not None:
            nt.__doc__ = ns['__doc__']
        return nt


class NamedTuple(metaclass=_NamedTupleMeta):
    """A typed namedtuple: `class Point(NamedTuple): x: int; y: int = 0`."""
    _root = True

    def __new__(cls, typename, fields=None, /, **kwargs):
        if fields is None:
            fields = list(kwargs.items())
        nt = collections.namedtuple(typename, [n for n, _ in fields],
                                    module=sys._getframemodulename(1) or '__main__')
        nt.__annotations__ = dict(fields)
        return nt


class _TypedDictMeta(type):
    def __new__(mcls, name, bases, ns, total=True):
        annotate = ns.pop('__annotate__', None)
        own = annotate(1) if annotate is not None else ns.get('__annotations__', {})
        annotations = {}
        for base in bases:
            annotations.update(getattr(base, '__annotations__', {}))
        annotations.update(own)
        ns['__annotations__'] = annotations
        ns['__total__'] = total
        required = set()
        optional = set()
        for key, value in annotations.items():
            if isinstance(value, _GenericAlias) and value.__origin__ is NotRequired:
                optional.add(key)
            elif isinstance(value, _GenericAlias) and value.__origin__ is Required:
                required.add(key)
            elif total:
                required.add(key)
            else:
                optional.add(key)
        ns['__required_keys__'] = frozenset(required)
        ns['__optional_keys__'] = frozenset(optional)
        return super().__new__(mcls, name, (dict,), ns)

    def __call__(cls, *args, **kwargs):
        return dict(*args, **kwargs)

    def __instancecheck__(cls, other):
        raise TypeError('TypedDict does not support instance and class checks')


class TypedDict(metaclass=_TypedDictMeta):
    """A dict with a fixed set of typed keys; its instances are plain dicts."""


def is_typeddict(tp):
    return isinstance(tp, _TypedDictMeta)


class NewType:
    """NewType('UserId', int): a distinct name for a type; calling it returns its argument."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        if '.' in name:
            name = name.rpartition('.')[-1]
        self.__name__ = name
        self.__supertype__ = tp
        self.__module__ = sys._getframemodulename(1) or '__main__'

    def __repr__(self):
        return f'{self.__module__}.{self.__qualname__}'

    def __call__(self, x):
        return x

    def __or__(self, other):
        return Union[self, other]


def cast(typ, val):
    """Returns `val` unchanged (the cast is for static checkers)."""
    return val


def assert_type(val, typ, /):
    return val


def assert_never(arg, /):
    value = repr(arg)
    if len(value) > 100:
        value = value[:100] + '...'
    raise AssertionError(f'Expected code to be unreachable, but got: {value}')


def reveal_type(obj, /):
    print(f'Runtime type is {type(obj).__name__!r}', file=sys.stderr)
    return obj


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        'You should not call an overloaded function. '
        'A series of @typing.overload-decorated functions '
        'outside a stub module should always be followed '
        'by an implementation that is not @typing.overload-ed.')


def overload(func):
    return _overload_dummy


def final(f):
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def override(method, /):
    try:
        method.__override__ = True
    except (AttributeError, TypeError):
        pass
    return method


def no_type_check(arg):
    return arg


def dataclass_transform(**kwargs):
    def decorator(cls_or_fn):
        cls_or_fn.__dataclass_transform__ = kwargs
        return cls_or_fn
    return decorator


def get_origin(tp):
    if isinstance(tp, (_GenericAlias, _SpecialGenericAlias)):
        if isinstance(tp, _AnnotatedAlias):
            return Annotated
        return tp.__origin__
    if tp is Generic:
        return Generic
    return None


def get_args(tp):
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _CallableGenericAlias):
        args = tp.__args__
        if args[0] is ...:
            return args
        return (list(args[:-1]), args[-1])
    if isinstance(tp, _GenericAlias):
        return tp.__args__
    return ()


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """The annotations of a function, class or module, with string annotations evaluated."""
    if isinstance(obj, type):
        hints = {}
        for base in reversed(obj.__mro__):
            ann = base.__dict__.get('__annotations__')
            if ann is None and '__annotate__' in base.__dict__:
                ann = base.__annotations__
            if not ann:
                continue
            module = sys.modules.get(base.__module__)
            base_globals = globalns if globalns is not None else getattr(module, '__dict__', {})
            for name, value in ann.items():
                hints[name] = _eval_hint(value, base_globals, localns or dict(vars(base)))
        return hints
    ann = getattr(obj, '__annotations__', None)
    if ann is None:
        raise TypeError(f'{obj!r} is not a module, class, method, or function.')
    if globalns is None:
        globalns = getattr(obj, '__globals__', None)
        if globalns is None:
            module = sys.modules.get(getattr(obj, '__module__', None))
            globalns = getattr(module, '__dict__', {})
    return {name: _eval_hint(value, globalns, localns) for name, value in ann.items()}


def _eval_hint(value, globalns, localns):
    if value is None:
        return type(None)
    if isinstance(value, str):
        return eval(value, globalns, localns)
    return value
