"""Data classes (`@dataclass`), written for shellsim.

The generated methods (`__init__`, `__repr__`, `__eq__`, the orderings, `__hash__`, the
frozen `__setattr__`/`__delattr__`) are compiled from source with `exec`, so calling them
binds arguments and reports mistakes exactly as a function with those parameters does;
each gets the `__qualname__` CPython gives it (`Point.__init__`).
"""

import sys

__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar', 'KW_ONLY',
           'MISSING', 'fields', 'asdict', 'astuple', 'make_dataclass', 'replace',
           'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return '<factory>'


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _FIELD_BASE:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE('_FIELD')
_FIELD_CLASSVAR = _FIELD_BASE('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FIELD_BASE('_FIELD_INITVAR')

_FIELDS = '__dataclass_fields__'
_PARAMS = '__dataclass_params__'
_POST_INIT_NAME = '__post_init__'


class mappingproxy:
    """A read-only view of a mapping (what `Field.metadata` is)."""

    __slots__ = ('_mapping',)

    def __init__(self, mapping):
        object.__setattr__(self, '_mapping', mapping)

    def __getitem__(self, key):
        return self._mapping[key]

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, key):
        return key in self._mapping

    def __eq__(self, other):
        if isinstance(other, mappingproxy):
            other = other._mapping
        return self._mapping == other

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

    def __or__(self, other):
        return dict(self._mapping) | dict(other)

    def __setattr__(self, name, value):
        raise AttributeError(f"'mappingproxy' object has no attribute '{name}'")

    def __setitem__(self, key, value):
        raise TypeError("'mappingproxy' object does not support item assignment")

    def __delitem__(self, key):
        raise TypeError("'mappingproxy' object does not support item deletion")

    def __repr__(self):
        return f'mappingproxy({self._mapping!r})'

    def __str__(self):
        return str(self._mapping)


_EMPTY_METADATA = mappingproxy({})


class InitVar:
    __slots__ = ('type',)

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            type_name = self.type.__name__
        else:
            type_name = repr(self.type)
        return f'dataclasses.InitVar[{type_name}]'

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    __slots__ = ('name', 'type', 'default', 'default_factory', 'repr', 'hash', 'init',
                 'compare', 'metadata', 'kw_only', 'doc', '_field_type')

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata,
                 kw_only, doc):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = (_EMPTY_METADATA if metadata is None else mappingproxy(metadata))
        self.kw_only = kw_only
        self.doc = doc
        self._field_type = None

    def __repr__(self):
        return ('Field('
                f'name={self.name!r},'
                f'type={self.type!r},'
                f'default={self.default!r},'
                f'default_factory={self.default_factory!r},'
                f'init={self.init!r},'
                f'repr={self.repr!r},'
                f'hash={self.hash!r},'
                f'compare={self.compare!r},'
                f'metadata={self.metadata!r},'
                f'kw_only={self.kw_only!r},'
                f'doc={self.doc!r},'
                f'_field_type={self._field_type}'
                ')')

    def __set_name__(self, owner, name):
        func = getattr(type(self.default), '__set_name__', None)
        if func:
            func(self.default, owner, name)


class _DataclassParams:
    __slots__ = ('init', 'repr', 'eq', 'order', 'unsafe_hash', 'frozen', 'match_args',
                 'kw_only', 'slots', 'weakref_slot')

    def __init__(self, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only,
                 slots, weakref_slot):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen
        self.match_args = match_args
        self.kw_only = kw_only
        self.slots = slots
        self.weakref_slot = weakref_slot

    def __repr__(self):
        return ('_DataclassParams('
                f'init={self.init!r},'
                f'repr={self.repr!r},'
                f'eq={self.eq!r},'
                f'order={self.order!r},'
                f'unsafe_hash={self.unsafe_hash!r},'
                f'frozen={self.frozen!r},'
                f'match_args={self.match_args!r},'
                f'kw_only={self.kw_only!r},'
                f'slots={self.slots!r},'
                f'weakref_slot={self.weakref_slot!r}'
                ')')


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None,
          compare=True, metadata=None, kw_only=MISSING, doc=None):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only, doc)


def _fields_in_init_order(fields):
    return (tuple(f for f in fields if f.init and not f.kw_only),
            tuple(f for f in fields if f.init and f.kw_only))


# ---------------------------------------------------------------- generating methods

class _FuncBuilder:
    """Collects the source of the generated methods and compiles them in one `exec`."""

    def __init__(self, globals):
        self.names = []
        self.src = []
        self.globals = globals
        self.locals = {}
        self.overwrite_errors = {}
        self.unconditional_adds = {}

    def add_fn(self, name, args, body, *, locals=None, return_type=MISSING,
               overwrite_error=False, unconditional_add=False, decorator=None):
        if locals is not None:
            self.locals.update(locals)
        self.names.append(name)
        if overwrite_error:
            self.overwrite_errors[name] = overwrite_error
        if unconditional_add:
            self.unconditional_adds[name] = True
        args = ', '.join(args)
        body = '\n'.join(body)
        deco = f'  {decorator}\n' if decorator else ''
        if return_type is MISSING:
            returns = ''
        else:
            self.locals[f'__dataclass_{name}_return_type__'] = return_type
            returns = f' -> __dataclass_{name}_return_type__'
        self.src.append(f'{deco}  def {name}({args}){returns}:\n{body}')

    def add_fns_to_class(self, cls):
        local_vars = ', '.join(self.locals.keys())
        txt = f'def __create_fn__({local_vars}):\n'
        txt += '\n'.join(self.src)
        txt += '\n  return (' + ', '.join(self.names) + ',)'
        # A namespace of its own: the generated code names only __create_fn__'s
        # parameters and builtins.
        ns = {'__name__': self.globals.get('__name__', '__main__')}
        exec(txt, ns)
        fns = ns['__create_fn__'](**self.locals)
        for name, fn in zip(self.names, fns):
            fn.__qualname__ = f'{cls.__qualname__}.{fn.__name__}'
            if self.unconditional_adds.get(name, False):
                setattr(cls, name, fn)
            else:
                already_exists = _set_new_attribute(cls, name, fn)
                msg_extra = self.overwrite_errors.get(name)
                if already_exists and msg_extra:
                    error = f'Cannot overwrite attribute {fn.__name__} in class {cls.__name__}'
                    if isinstance(msg_extra, str):
                        error += ' ' + msg_extra
                    raise TypeError(error)


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _field_assign(frozen, name, value, self_name):
    if frozen:
        return f'    __dataclass_builtins_object__.__setattr__({self_name},{name!r},{value})'
    return f'    {self_name}.{name}={value}'


def _field_init(f, frozen, globals, self_name, slots):
    default_name = f'__dataclass_dflt_{f.name}__'
    if f.default_factory is not MISSING:
        if f.init:
            globals[default_name] = f.default_factory
            value = (f'{default_name}() '
                     f'if {f.name} is __dataclass_HAS_DEFAULT_FACTORY__ '
                     f'else {f.name}')
        else:
            globals[default_name] = f.default_factory
            value = f'{default_name}()'
    else:
        if f.init:
            if f.default is MISSING:
                value = f.name
            else:
                globals[default_name] = f.default
                value = f.name
        else:
            # A field with init=False and a default keeps its class attribute (or, with
            # slots, gets the default assigned).
            if slots and f.default is not MISSING:
                globals[default_name] = f.default
                value = default_name
            else:
                return None
    if f._field_type is _FIELD_INITVAR:
        return None
    return _field_assign(frozen, f.name, value, self_name)


def _init_param(f):
    if f.default is MISSING and f.default_factory is MISSING:
        default = ''
    elif f.default is not MISSING:
        default = f'=__dataclass_dflt_{f.name}__'
    else:
        default = '=__dataclass_HAS_DEFAULT_FACTORY__'
    return f'{f.name}:__dataclass_type_{f.name}__{default}'


def _init_fn(fields, std_fields, kw_only_fields, frozen, has_post_init, self_name,
             globals, slots, func_builder):
    seen_default = None
    for f in std_fields:
        if f.init:
            if not (f.default is MISSING and f.default_factory is MISSING):
                seen_default = f
            elif seen_default:
                raise TypeError(f'non-default argument {f.name!r} '
                                f'follows default argument {seen_default.name!r}')

    locals = {**{f'__dataclass_type_{f.name}__': f.type for f in fields},
              '__dataclass_HAS_DEFAULT_FACTORY__': _HAS_DEFAULT_FACTORY,
              '__dataclass_builtins_object__': object}
    body_lines = []
    for f in fields:
        line = _field_init(f, frozen, locals, self_name, slots)
        if line:
            body_lines.append(line)
    if has_post_init:
        params_str = ','.join(f.name for f in fields if f._field_type is _FIELD_INITVAR)
        body_lines.append(f'    {self_name}.{_POST_INIT_NAME}({params_str})')
    if not body_lines:
        body_lines = ['    pass']
    _init_params = [_init_param(f) for f in std_fields]
    if kw_only_fields:
        _init_params += ['*']
        _init_params += [_init_param(f) for f in kw_only_fields]
    func_builder.add_fn('__init__', [self_name] + _init_params, body_lines, locals=locals,
                        return_type=None)


def _recursive_repr(user_function):
    """Wraps a generated `__repr__` so a self-containing instance shows as `...`."""
    running = set()

    def wrapper(self):
        key = id(self)
        if key in running:
            return '...'
        running.add(key)
        try:
            result = user_function(self)
        finally:
            running.discard(key)
        return result
    wrapper.__name__ = user_function.__name__
    wrapper.__doc__ = user_function.__doc__
    wrapper.__wrapped__ = user_function
    return wrapper


def _repr_fn(fields, func_builder):
    parts = ', '.join(f'{f.name}={{self.{f.name}!r}}' for f in fields)
    func_builder.add_fn('__repr__', ('self',),
                        [f"    return f'{{self.__class__.__qualname__}}({parts})'"],
                        locals={'__dataclasses_recursive_repr': _recursive_repr},
                        decorator='@__dataclasses_recursive_repr')


def _frozen_get_del_attr(cls, fields, func_builder):
    locals = {'__dataclass_cls__': cls, 'FrozenInstanceError': FrozenInstanceError}
    condition = 'type(self) is __dataclass_cls__'
    if fields:
        condition += ' or name in {' + ', '.join(repr(f.name) for f in fields) + '}'
    func_builder.add_fn('__setattr__', ('self', 'name', 'value'),
                        (f'   if {condition}:',
                         '    raise FrozenInstanceError(f"cannot assign to field {name!r}")',
                         '   super(__dataclass_cls__, self).__setattr__(name, value)'),
                        locals=locals, overwrite_error=True)
    func_builder.add_fn('__delattr__', ('self', 'name'),
                        (f'   if {condition}:',
                         '    raise FrozenInstanceError(f"cannot delete field {name!r}")',
                         '   super(__dataclass_cls__, self).__delattr__(name)'),
                        locals=locals, overwrite_error=True)


def _tuple_str(obj_name, fields):
    if not fields:
        return '()'
    return f'({",".join(f"{obj_name}.{f.name}" for f in fields)},)'


def _hash_fn(fields, func_builder):
    self_tuple = _tuple_str('self', fields)
    func_builder.add_fn('__hash__', ('self',), [f'    return hash({self_tuple})'],
                        unconditional_add=True)


def _hash_set_none(cls, fields, func_builder):
    return None


def _hash_add(cls, fields, func_builder):
    flds = [f for f in fields if (f.compare if f.hash is None else f.hash)]
    return _hash_fn(flds, func_builder)


def _hash_exception(cls, fields, func_builder):
    raise TypeError(f'Cannot overwrite attribute __hash__ in class {cls.__name__}')


# (unsafe_hash, eq, frozen, has an explicit __hash__) -> what to do.
_hash_action = {
    (False, False, False, False): None,
    (False, False, False, True): None,
    (False, False, True, False): None,
    (False, False, True, True): None,
    (False, True, False, False): _hash_set_none,
    (False, True, False, True): None,
    (False, True, True, False): _hash_add,
    (False, True, True, True): None,
    (True, False, False, False): _hash_add,
    (True, False, False, True): _hash_exception,
    (True, False, True, False): _hash_add,
    (True, False, True, True): _hash_exception,
    (True, True, False, False): _hash_add,
    (True, True, False, True): _hash_exception,
    (True, True, True, False): _hash_add,
    (True, True, True, True): _hash_exception,
}


# ---------------------------------------------------------------- finding the fields

def _is_classvar(a_type):
    typing = sys.modules.get('typing')
    if typing is None:
        return False
    return (a_type is typing.ClassVar
            or (type(a_type) is typing._GenericAlias
                and a_type.__origin__ is typing.ClassVar))


def _is_string_annotation_of(annotation, names):
    text = annotation.strip()
    for name in names:
        if text == name or text.startswith(name + '['):
            return True
    return False


def _get_field(cls, a_name, a_type, default_kw_only):
    default = getattr(cls, a_name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = a_name
    f.type = a_type
    f._field_type = _FIELD

    if isinstance(a_type, str):
        if _is_string_annotation_of(a_type, ('ClassVar', 'typing.ClassVar')):
            f._field_type = _FIELD_CLASSVAR
        elif _is_string_annotation_of(a_type, ('InitVar', 'dataclasses.InitVar')):
            f._field_type = _FIELD_INITVAR
    elif _is_classvar(a_type):
        f._field_type = _FIELD_CLASSVAR
    elif a_type is InitVar or type(a_type) is InitVar:
        f._field_type = _FIELD_INITVAR

    if f._field_type in (_FIELD_CLASSVAR, _FIELD_INITVAR):
        if f.default_factory is not MISSING:
            raise TypeError(f'field {f.name} cannot have a default factory')

    if f._field_type in (_FIELD, _FIELD_INITVAR):
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    else:
        if f.kw_only is not MISSING:
            raise TypeError(f'field {f.name} is a ClassVar but specifies kw_only')

    if f._field_type is _FIELD and f.default.__class__.__hash__ is None:
        raise ValueError(f'mutable default {type(f.default)} for field '
                         f'{f.name} is not allowed: use default_factory')
    return f


def _is_kw_only(a_type):
    if a_type is KW_ONLY:
        return True
    return isinstance(a_type, str) and a_type.strip() in ('KW_ONLY', 'dataclasses.KW_ONLY')


def _own_annotations(cls):
    if '__annotations__' in cls.__dict__ or '__annotate__' in cls.__dict__:
        ann = cls.__annotations__
        return dict(ann) if ann else {}
    return {}


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only,
                   slots, weakref_slot):
    fields = {}
    if cls.__module__ in sys.modules:
        globals = sys.modules[cls.__module__].__dict__
    else:
        globals = {}

    setattr(cls, _PARAMS, _DataclassParams(init, repr, eq, order, unsafe_hash, frozen,
                                           match_args, kw_only, slots, weakref_slot))

    any_frozen_base = False
    all_frozen_bases = None
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = getattr(b, _FIELDS, None)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                fields[f.name] = f
            if all_frozen_bases is None:
                all_frozen_bases = True
            current_frozen = getattr(b, _PARAMS).frozen
            all_frozen_bases = all_frozen_bases and current_frozen
            any_frozen_base = any_frozen_base or current_frozen

    cls_annotations = _own_annotations(cls)

    cls_fields = []
    kw_only_seen = False
    for name, type_ in cls_annotations.items():
        if _is_kw_only(type_):
            if kw_only_seen:
                raise TypeError(f'{name!r} is KW_ONLY, but KW_ONLY '
                                'has already been specified')
            kw_only_seen = True
            kw_only = True
        else:
            cls_fields.append(_get_field(cls, name, type_, kw_only))

    for f in cls_fields:
        fields[f.name] = f
        if isinstance(getattr(cls, f.name, None), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)

    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in cls_annotations:
            raise TypeError(f'{name!r} is a field but has no type annotation')

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if all_frozen_bases is False and frozen:
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')

    setattr(cls, _FIELDS, fields)

    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING
                             or (class_hash is None and '__eq__' in cls.__dict__))

    if order and not eq:
        raise ValueError('eq must be true if order is true')

    all_init_fields = [f for f in fields.values() if f._field_type in (_FIELD, _FIELD_INITVAR)]
    std_init_fields, kw_only_init_fields = _fields_in_init_order(all_init_fields)

    func_builder = _FuncBuilder(globals)

    if init:
        has_post_init = hasattr(cls, _POST_INIT_NAME)
        _init_fn(all_init_fields, std_init_fields, kw_only_init_fields, frozen,
                 has_post_init, '__dataclass_self__' if 'self' in fields else 'self',
                 globals, slots, func_builder)

    field_list = [f for f in fields.values() if f._field_type is _FIELD]

    if repr:
        _repr_fn([f for f in field_list if f.repr], func_builder)

    if eq:
        cmp_fields = [f for f in field_list if f.compare]
        terms = [f'self.{f.name}==other.{f.name}' for f in cmp_fields]
        field_comparisons = ' and '.join(terms) or 'True'
        func_builder.add_fn('__eq__', ('self', 'other'),
                            ['    if self is other:',
                             '      return True',
                             '    if other.__class__ is self.__class__:',
                             f'      return {field_comparisons}',
                             '    return NotImplemented'])

    if order:
        flds = [f for f in field_list if f.compare]
        self_tuple = _tuple_str('self', flds)
        other_tuple = _tuple_str('other', flds)
        for name, op in [('__lt__', '<'), ('__le__', '<='), ('__gt__', '>'), ('__ge__', '>=')]:
            func_builder.add_fn(name, ('self', 'other'),
                                ['    if other.__class__ is self.__class__:',
                                 f'      return {self_tuple}{op}{other_tuple}',
                                 '    return NotImplemented'],
                                overwrite_error='Consider using functools.total_ordering')

    if frozen:
        _frozen_get_del_attr(cls, field_list, func_builder)

    hash_action = _hash_action[(bool(unsafe_hash), bool(eq), bool(frozen), has_explicit_hash)]
    if hash_action is not None:
        hash_action(cls, field_list, func_builder)

    func_builder.add_fns_to_class(cls)
    if hash_action is _hash_set_none:
        cls.__hash__ = None

    if not getattr(cls, '__doc__', None):
        cls.__doc__ = _signature_doc(cls, all_init_fields, std_init_fields,
                                     kw_only_init_fields, init)

    if match_args:
        _set_new_attribute(cls, '__match_args__', tuple(f.name for f in std_init_fields))

    if slots:
        cls = _add_slots(cls, frozen, weakref_slot, fields)

    return cls


def _annotation_text(annotation):
    if isinstance(annotation, type):
        if annotation.__module__ == 'builtins':
            return annotation.__qualname__
        return f'{annotation.__module__}.{annotation.__qualname__}'
    if isinstance(annotation, str):
        return repr(annotation)
    return repr(annotation).replace('typing.', '')


def _signature_doc(cls, all_fields, std_fields, kw_fields, init):
    if init:
        params = []
        for f in std_fields:
            params.append(_param_text(f))
        if kw_fields:
            params.append('*')
            params.extend(_param_text(f) for f in kw_fields)
    else:
        params = []
    return f'{cls.__name__}({", ".join(params)})'


def _param_text(f):
    text = f'{f.name}: {_annotation_text(f.type)}'
    if f.default is not MISSING:
        text += f' = {f.default!r}'
    elif f.default_factory is not MISSING:
        text += ' = <factory>'
    return text


def _add_slots(cls, is_frozen, weakref_slot, fields):
    if '__slots__' in cls.__dict__:
        raise TypeError(f'{cls.__name__} already specifies __slots__')
    cls_dict = dict(cls.__dict__)
    field_names = tuple(f.name for f in fields.values() if f._field_type is _FIELD)
    inherited = set()
    for b in cls.__mro__[1:-1]:
        for s in b.__dict__.get('__slots__', ()):
            inherited.add(s)
    own = tuple(n for n in field_names if n not in inherited)
    if weakref_slot:
        own += ('__weakref__',)
    cls_dict['__slots__'] = own
    for name in own:
        cls_dict.pop(name, None)
    cls_dict.pop('__dict__', None)
    cls_dict.pop('__weakref__', None)
    qualname = getattr(cls, '__qualname__', None)
    new_cls = type(cls)(cls.__name__, cls.__bases__, cls_dict)
    if qualname is not None:
        new_cls.__qualname__ = qualname
    new_cls.__module__ = cls.__module__
    return new_cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True, kw_only=False, slots=False,
              weakref_slot=False):
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args,
                              kw_only, slots, weakref_slot)
    if cls is None:
        return wrap
    return wrap(cls)


# ---------------------------------------------------------------- introspection

def fields(class_or_instance):
    try:
        fields = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(f for f in fields.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), _FIELDS)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


_ATOMIC_TYPES = frozenset({type(None), bool, int, float, str, bytes, type, range,
                           property, type(Ellipsis), type(NotImplemented)})


def _copy_leaf(obj):
    """What `copy.deepcopy` gives for a value asdict/astuple reached the bottom of."""
    if type(obj) in _ATOMIC_TYPES or callable(obj) and not hasattr(obj, '__dict__'):
        return obj
    deepcopy = getattr(type(obj), '__deepcopy__', None)
    if deepcopy is not None:
        return deepcopy(obj, {})
    if isinstance(obj, (set, frozenset)):
        return type(obj)(_copy_leaf(v) for v in obj)
    if isinstance(obj, bytearray):
        return bytearray(obj)
    try:
        import copy
    except ImportError:
        raise NotImplementedError(
            f'dataclasses: copying a {type(obj).__name__!r} value needs the copy module, '
            'which is not supported yet') from None
    return copy.deepcopy(obj)


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    obj_type = type(obj)
    if obj_type in _ATOMIC_TYPES:
        return obj
    if hasattr(obj_type, _FIELDS):
        result = [(f.name, _asdict_inner(getattr(obj, f.name), dict_factory))
                  for f in fields(obj)]
        if dict_factory is dict:
            return {k: v for k, v in result}
        return dict_factory(result)
    if obj_type is list:
        return [_asdict_inner(v, dict_factory) for v in obj]
    if obj_type is dict:
        return {_asdict_inner(k, dict_factory): _asdict_inner(v, dict_factory)
                for k, v in obj.items()}
    if obj_type is tuple:
        return tuple([_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return obj_type(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return obj_type(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        if hasattr(obj_type, 'default_factory'):
            result = obj_type(obj.default_factory)
            for k, v in obj.items():
                result[_asdict_inner(k, dict_factory)] = _asdict_inner(v, dict_factory)
            return result
        return obj_type((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory))
                        for k, v in obj.items())
    return _copy_leaf(obj)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if type(obj) in _ATOMIC_TYPES:
        return obj
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory)
                              for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        obj_type = type(obj)
        if hasattr(obj_type, 'default_factory'):
            result = obj_type(obj.default_factory)
            for k, v in obj.items():
                result[_astuple_inner(k, tuple_factory)] = _astuple_inner(v, tuple_factory)
            return result
        return obj_type((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory))
                        for k, v in obj.items())
    return _copy_leaf(obj)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True,
                   eq=True, order=False, unsafe_hash=False, frozen=False, match_args=True,
                   kw_only=False, slots=False, weakref_slot=False, module=None,
                   decorator=dataclass):
    if namespace is None:
        namespace = {}
    seen = set()
    annotations = {}
    defaults = {}
    for item in fields:
        if isinstance(item, str):
            import typing
            name = item
            tp = typing.Any
        elif len(item) == 2:
            name, tp = item
        elif len(item) == 3:
            name, tp, spec = item
            defaults[name] = spec
        else:
            raise TypeError(f'Invalid field: {item!r}')
        if not isinstance(name, str) or not name.isidentifier():
            raise TypeError(f'Field names must be valid identifiers: {name!r}')
        import keyword
        if keyword.iskeyword(name):
            raise TypeError(f'Field names must not be keywords: {name!r}')
        if name in seen:
            raise TypeError(f'Field name duplicated: {name!r}')
        seen.add(name)
        annotations[name] = tp

    ns = dict(namespace)
    ns.update(defaults)
    ns['__annotations__'] = annotations
    cls = type(cls_name, tuple(bases), ns)
    if module is None:
        module = sys._getframemodulename(1) or '__main__'
    cls.__module__ = module
    return decorator(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                     frozen=frozen, match_args=match_args, kw_only=kw_only, slots=slots,
                     weakref_slot=weakref_slot)


def replace(obj, /, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    return _replace(obj, **changes)


def _replace(self, /, **changes):
    for f in getattr(self, _FIELDS).values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise TypeError(f'field {f.name} is declared with '
                                f'init=False, it cannot be specified with replace()')
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise TypeError(f'InitVar {f.name!r} must be specified with replace()')
            changes[f.name] = getattr(self, f.name)
    return self.__class__(**changes)
