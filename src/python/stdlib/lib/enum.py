"""Enumerations (`Enum`, `IntEnum`, `StrEnum`, `Flag`, `IntFlag`), written for shellsim.

Members are found when `EnumType.__new__` receives the finished class body: every name
that is not a dunder, a sunder, a private name or a descriptor becomes a member, in the
order the body bound it; `auto()` values are resolved in that order. (The class body is an
ordinary dict here, so redefining a member name in the body is not reported.)
"""

import sys

__all__ = ['EnumType', 'EnumMeta', 'EnumDict', 'Enum', 'IntEnum', 'StrEnum', 'Flag',
           'IntFlag', 'ReprEnum', 'auto', 'unique', 'property', 'verify', 'member',
           'nonmember', 'FlagBoundary', 'STRICT', 'CONFORM', 'EJECT', 'KEEP',
           'global_flag_repr', 'global_enum_repr', 'global_str', 'global_enum',
           'EnumCheck', 'CONTINUOUS', 'NAMED_FLAGS', 'UNIQUE', 'pickle_by_global_name',
           'pickle_by_enum_name']

_builtin_property = property

Enum = Flag = EJECT = _stdlib_enums = ReprEnum = None


class nonmember:
    """Protects a value from becoming a member."""

    def __init__(self, value):
        self.value = value


class member:
    """Forces a value (a function, say) to become a member."""

    def __init__(self, value):
        self.value = value


def _is_descriptor(obj):
    return (hasattr(obj, '__get__') or hasattr(obj, '__set__')
            or hasattr(obj, '__delete__'))


def _is_dunder(name):
    return (len(name) > 4 and name[:2] == name[-2:] == '__'
            and name[2] != '_' and name[-3] != '_')


def _is_sunder(name):
    return (len(name) > 2 and name[0] == name[-1] == '_'
            and name[1] != '_' and name[-2] != '_')


def _is_private(cls_name, name):
    pattern = f'_{cls_name.lstrip("_")}__'
    if len(name) > len(pattern) and name.startswith(pattern):
        return not name.endswith('__')
    return False


def _defining_class(cls, name):
    for k in cls.__mro__:
        if name in k.__dict__:
            return k
    return None


def _is_single_bit(num):
    if num == 0:
        return False
    num &= num - 1
    return num == 0


def _iter_bits_lsb(num):
    while num:
        b = num & (~num + 1)
        yield b
        num ^= b


def bin(num, max_bits=None):
    ceiling = 2 ** (num).bit_length()
    if num >= 0:
        s = _builtin_bin(num + ceiling).replace('1', '0', 1)
    else:
        s = _builtin_bin(~num ^ (ceiling - 1) + ceiling)
    sign = s[:3]
    digits = s[3:]
    if max_bits is not None:
        if len(digits) < max_bits:
            digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return f'{sign} {digits}'


_builtin_bin = __builtins__['bin'] if isinstance(__builtins__, dict) else __builtins__.bin


class _auto_null:
    def __repr__(self):
        return '_auto_null'


_auto_null = _auto_null()


class auto:
    """Stands for a value `_generate_next_value_` chooses."""

    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return f'auto({self.value!r})'


class property:
    """A property of members that a member of the same name overrides on the class."""

    member = None

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.fget = fget
        self.fset = fset
        self.fdel = fdel
        self.__doc__ = doc if doc is not None else getattr(fget, '__doc__', None)
        self.name = getattr(fget, '__name__', None)
        self.clsname = None

    def getter(self, fget):
        return type(self)(fget, self.fset, self.fdel, self.__doc__)

    def setter(self, fset):
        return type(self)(self.fget, fset, self.fdel, self.__doc__)

    def deleter(self, fdel):
        return type(self)(self.fget, self.fset, fdel, self.__doc__)

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            if self.member is not None:
                return self.member
            raise AttributeError(f'{ownerclass!r} has no attribute {self.name!r}')
        if self.fget is not None:
            return self.fget(instance)
        raise AttributeError(f'{ownerclass!r} member has no attribute {self.name!r}')

    def __set__(self, instance, value):
        if self.fset is not None:
            return self.fset(instance, value)
        raise AttributeError(f'<enum {self.clsname!r}> cannot set attribute {self.name!r}')

    def __delete__(self, instance):
        if self.fdel is not None:
            return self.fdel(instance)
        raise AttributeError(f'<enum {self.clsname!r}> cannot delete attribute {self.name!r}')

    def __set_name__(self, ownerclass, name):
        self.name = name
        self.clsname = ownerclass.__name__


class EnumDict(dict):
    """The class body's namespace: resolves `auto()` as each name is bound and refuses a
    member name bound twice."""

    def __init__(self, cls_name=None):
        super().__init__()
        self._member_names = {}
        self._last_values = []
        self._ignore = []
        self._auto_called = False
        self._cls_name = cls_name
        self._generate_next_value = None

    def __setitem__(self, key, value):
        if self._cls_name is not None and _is_private(self._cls_name, key):
            pass
        elif _is_sunder(key):
            if key == '_ignore_':
                if isinstance(value, str):
                    value = value.replace(',', ' ').split()
                else:
                    value = list(value)
                self._ignore = value
                already = set(value) & set(self._member_names)
                if already:
                    raise ValueError(f'_ignore_ cannot specify already set names: '
                                     f'{already!r}')
            elif key == '_generate_next_value_':
                if self._auto_called:
                    raise TypeError('_generate_next_value_ must be defined before members')
                self._generate_next_value = getattr(value, '__func__', value)
        elif _is_dunder(key):
            if key == '__order__':
                key = '_order_'
        elif key in self._member_names:
            raise TypeError(f'{key!r} already defined as {self[key]!r}')
        elif key in self._ignore:
            pass
        elif isinstance(value, nonmember):
            value = value.value
        elif _is_descriptor(value):
            pass
        else:
            if key in self:
                raise TypeError(f'{key!r} already defined as {self[key]!r}')
            elif isinstance(value, member):
                value = value.value
            value = self._resolve_auto(key, value)
            self._member_names[key] = None
            self._last_values.append(value)
        super().__setitem__(key, value)

    def _resolve_auto(self, key, value):
        if isinstance(value, auto):
            self._auto_called = True
            if value.value is _auto_null:
                value.value = self._generate_next_value(
                    key, 1, len(self._member_names), self._last_values[:])
            return value.value
        if isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
            parts = []
            for v in value:
                if isinstance(v, auto):
                    self._auto_called = True
                    if v.value is _auto_null:
                        v.value = self._generate_next_value(
                            key, 1, len(self._member_names), self._last_values[:])
                    v = v.value
                parts.append(v)
            return tuple(parts)
        return value

    def update(self, members=(), **more):
        items = members.items() if hasattr(members, 'items') else members
        for key, value in items:
            self[key] = value
        for key, value in more.items():
            self[key] = value


def unique(enumeration):
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member.name:
            duplicates.append((name, member.name))
    if duplicates:
        alias_details = ', '.join(f'{alias} -> {name}' for alias, name in duplicates)
        raise ValueError(f'duplicate values found in {enumeration!r}: {alias_details}')
    return enumeration


# ---------------------------------------------------------------- the metaclass

class EnumType(type):

    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        metacls._check_for_existing_members_(cls, bases)
        enum_dict = EnumDict(cls)
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        if first_enum is not None:
            generate = getattr(first_enum, '_generate_next_value_', None)
            enum_dict._generate_next_value = getattr(generate, '__func__', generate)
        return enum_dict

    @staticmethod
    def _check_for_existing_members_(class_name, bases):
        for chain in bases:
            for base in chain.__mro__:
                if isinstance(base, EnumType) and base._member_names_:
                    raise TypeError(f'<enum {class_name!r}> cannot extend {base!r}')

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        if not isinstance(classdict, EnumDict):
            # Called directly with a plain dict: bind its names as a class body would.
            enum_dict = metacls.__prepare__(cls, bases)
            for key, value in classdict.items():
                enum_dict[key] = value
            classdict = enum_dict
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        member_names = list(classdict._member_names)
        member_values = {name: classdict[name] for name in member_names}
        ignore = classdict._ignore
        classdict = dict(classdict)
        classdict.pop('_ignore_', None)
        for key in ignore:
            classdict.pop(key, None)
        for key in member_names:
            del classdict[key]

        if first_enum is not None and first_enum._member_names_:
            raise TypeError(f'<enum {cls!r}> cannot extend {first_enum!r}')

        if Enum is None:
            # `Enum` itself: its __new__ is the value lookup, not a member maker.
            classdict['_new_member_'] = None
        else:
            # Calling the class looks a value up; the body's __new__ only makes members.
            classdict['_new_member_'] = classdict.pop('__new__', None)
        classdict['_member_names_'] = []
        classdict['_member_map_'] = {}
        classdict['_value2member_map_'] = {}
        classdict['_unhashable_values_'] = []
        classdict['_member_type_'] = member_type
        if boundary is None:
            boundary = getattr(first_enum, '_boundary_', None)
        classdict['_boundary_'] = boundary
        classdict['_flag_mask_'] = 0
        classdict['_singles_mask_'] = 0
        classdict['_all_bits_'] = 0
        classdict['_inverted_'] = None

        enum_class = super().__new__(metacls, cls, bases, classdict, **kwds)

        if Enum is not None:
            type.__setattr__(enum_class, '__new__', Enum.__dict__['__new__'])
            metacls._choose_methods_(enum_class, classdict, bases, member_type, first_enum)
        # Members are made by the body's __new__, else an enum base's, else the data type's.
        new_member = enum_class._new_member_
        if new_member is None:
            for base in enum_class.__mro__[1:]:
                if isinstance(base, EnumType) and base.__dict__.get('_new_member_'):
                    new_member = base.__dict__['_new_member_']
                    break
        if new_member is None and member_type is not object:
            new_member = member_type.__new__
        use_args = new_member is not None
        if new_member is None:
            new_member = object.__new__

        for name in member_names:
            enum_class._add_member_(name, member_values[name], new_member, use_args)

        if Flag is not None and issubclass(enum_class, Flag):
            single_bits = multi_bits = 0
            for m in enum_class._member_map_.values():
                v = m._value_
                if isinstance(v, int):
                    if _is_single_bit(v):
                        single_bits |= v
                    else:
                        multi_bits |= v
            type.__setattr__(enum_class, '_singles_mask_', single_bits)
            all_bits = single_bits | multi_bits
            type.__setattr__(enum_class, '_flag_mask_', all_bits)
            type.__setattr__(enum_class, '_all_bits_',
                             2 ** ((all_bits).bit_length()) - 1 if all_bits else 0)
            if enum_class._boundary_ is None:
                type.__setattr__(enum_class, '_boundary_', STRICT)
        return enum_class

    def _add_member_(cls, name, value, new_member, use_args):
        if isinstance(value, tuple) and cls._member_type_ is not tuple:
            args = value
        else:
            args = (value,)
        if not use_args:
            enum_member = new_member(cls)
        else:
            enum_member = new_member(cls, *args)
        if not hasattr(enum_member, '_value_'):
            if cls._member_type_ is object:
                enum_member._value_ = value
            else:
                try:
                    enum_member._value_ = cls._member_type_(*args)
                except Exception:
                    enum_member._value_ = value
        value = enum_member._value_
        enum_member._name_ = name
        enum_member.__objclass__ = cls
        enum_member.__init__(*args)
        enum_member._sort_order_ = len(cls._member_names_)

        canonical = None
        try:
            canonical = cls._value2member_map_.get(value)
        except TypeError:
            for m in cls._member_map_.values():
                if m._value_ == value:
                    canonical = m
                    break
        if canonical is not None:
            enum_member = canonical
        elif Flag is None or not issubclass(cls, Flag):
            cls._member_names_.append(name)
        elif isinstance(value, int) and _is_single_bit(value):
            # Multi-bit flags are named (in __members__) but not iterated.
            cls._member_names_.append(name)
        cls._member_map_[name] = enum_member
        try:
            cls._value2member_map_.setdefault(value, enum_member)
        except TypeError:
            cls._unhashable_values_.append(value)
        existing = cls.__dict__.get(name)
        if isinstance(existing, property):
            existing.member = enum_member
        else:
            type.__setattr__(cls, name, enum_member)

    @staticmethod
    def _choose_methods_(enum_class, classdict, bases, member_type, first_enum):
        """repr/str/format: the enum's own, unless the body or a ReprEnum says otherwise."""
        if ReprEnum is not None and ReprEnum in bases:
            if '__format__' not in classdict:
                type.__setattr__(enum_class, '__format__', member_type.__format__)
            if '__str__' not in classdict:
                method = member_type.__str__
                if _defining_class(member_type, '__str__') in (None, object):
                    method = member_type.__repr__
                type.__setattr__(enum_class, '__str__', method)
        for name in ('__repr__', '__str__', '__format__', '__reduce_ex__'):
            if name in classdict:
                continue
            owner = _defining_class(enum_class, name)
            if owner is None or owner is object or not isinstance(owner, EnumType):
                type.__setattr__(enum_class, name, first_enum.__dict__.get(name)
                                 or getattr(first_enum, name))
        if Flag is not None and issubclass(enum_class, Flag):
            for op in ('__or__', '__and__', '__xor__', '__ror__', '__rand__', '__rxor__',
                       '__invert__'):
                if op not in classdict:
                    type.__setattr__(enum_class, op, Flag.__dict__[op])

    @classmethod
    def _get_mixins_(metacls, class_name, bases):
        if not bases:
            return object, None
        for chain in bases:
            for base in chain.__mro__:
                if isinstance(base, EnumType) and base._member_names_:
                    raise TypeError(f'<enum {class_name!r}> cannot extend {base!r}')
        first_enum = bases[-1]
        if not isinstance(first_enum, EnumType):
            raise TypeError('new enumerations should be created as '
                            '`EnumName([mixin_type, ...] [data_type,] enum_type)`')
        return metacls._find_data_type_(bases), first_enum

    @staticmethod
    def _find_data_type_(bases):
        # The data type members are instances of: the first base (along each base's MRO)
        # that makes its own instances; a plain mixin class only adds methods.
        for chain in bases:
            candidate = None
            for base in chain.__mro__:
                if base is object:
                    continue
                if isinstance(base, EnumType):
                    if base._member_type_ is not object:
                        return base._member_type_
                    break
                if ('__new__' in base.__dict__ or base.__module__ == 'builtins'
                        or '__dataclass_fields__' in base.__dict__):
                    return candidate or base
                candidate = candidate or base
        return object

    def __call__(cls, value, names=_auto_null, *values, module=None, qualname=None,
                 type=None, start=1, boundary=None):
        if cls._member_map_ or names is _auto_null:
            if names is not _auto_null:
                raise TypeError(f'{cls!r} has no members; specify `names=()` if you '
                                'meant to create a new, empty, enum')
            return cls.__new__(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type,
                            start=start, boundary=boundary)

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None,
                 start=1, boundary=None):
        metacls = cls.__class__
        bases = (cls,) if type is None else (type, cls)
        classdict = metacls.__prepare__(class_name, bases)
        if isinstance(names, str):
            names = names.replace(',', ' ').split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original_names, names = names, []
            last_values = []
            for count, name in enumerate(original_names):
                value = cls._generate_next_value_(name, start, count, last_values[:])
                last_values.append(value)
                names.append((name, value))
        elif names is None:
            names = ()
        for item in names:
            if isinstance(item, str):
                member_name, member_value = item, names[item]
            else:
                member_name, member_value = item
            classdict[member_name] = member_value
        if module is None:
            module = sys._getframemodulename(2) or '__main__'
        # Plain dict stores: these names are not members.
        dict.__setitem__(classdict, '__module__', module)
        if qualname is not None:
            dict.__setitem__(classdict, '__qualname__', qualname)
        return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)

    def __contains__(cls, value):
        if isinstance(value, cls):
            return True
        try:
            return value in cls._value2member_map_
        except TypeError:
            return value in cls._unhashable_values_

    def __delattr__(cls, attr):
        if attr in cls._member_map_:
            raise AttributeError(f'{cls.__name__!r} cannot delete member {attr!r}.')
        super().__delattr__(attr)

    def __dir__(cls):
        interesting = set(['__class__', '__contains__', '__doc__', '__getitem__',
                           '__iter__', '__len__', '__members__', '__module__', '__name__',
                           '__qualname__'] + cls._member_names_)
        if cls._new_member_ is not None:
            interesting.add('__new__')
        if cls.__init_subclass__ is not object.__init_subclass__:
            interesting.add('__init_subclass__')
        if cls._member_type_ is object:
            return sorted(interesting)
        return sorted(set(dir(cls._member_type_)) | interesting)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __len__(cls):
        return len(cls._member_names_)

    @_builtin_property
    def __members__(cls):
        return _MembersView(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return f'<flag {cls.__name__!r}>'
        return f'<enum {cls.__name__!r}>'

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __bool__(cls):
        return True

    def __setattr__(cls, name, value):
        member_map = cls.__dict__.get('_member_map_', {})
        if name in member_map:
            raise AttributeError(f'cannot reassign member {name!r}')
        super().__setattr__(name, value)


EnumMeta = EnumType


class _MembersView:
    """`Enum.__members__`: a read-only mapping of names (aliases too) to members."""

    def __init__(self, mapping):
        self._mapping = mapping

    def __getitem__(self, key):
        return self._mapping[key]

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, key):
        return key in self._mapping

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def __eq__(self, other):
        if isinstance(other, _MembersView):
            other = other._mapping
        return self._mapping == other

    def __repr__(self):
        return f'mappingproxy({self._mapping!r})'

    def __str__(self):
        return str(self._mapping)


# ---------------------------------------------------------------- the member classes

class Enum(metaclass=EnumType):
    """Create a collection of name/value pairs."""

    def __new__(cls, value):
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except KeyError:
            pass
        except TypeError:
            for m in cls._member_map_.values():
                if m._value_ == value:
                    return m
        try:
            exc = None
            result = cls._missing_(value)
        except Exception as e:
            exc = e
            result = None
        try:
            if isinstance(result, cls):
                return result
            if (Flag is not None and issubclass(cls, Flag) and cls._boundary_ is EJECT
                    and isinstance(result, int)):
                return result
            ve_exc = ValueError(f'{value!r} is not a valid {cls.__qualname__}')
            if result is None and exc is None:
                raise ve_exc
            if exc is None:
                exc = TypeError(f'error in {cls.__name__}._missing_: returned {result!r} '
                                'instead of None or a valid member')
            if not isinstance(exc, ValueError):
                exc.__context__ = ve_exc
            raise exc
        finally:
            exc = None
            ve_exc = None

    def __init__(self, *args, **kwds):
        pass

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        try:
            last_value = sorted(last_values).pop()
        except TypeError:
            raise TypeError('unable to sort non-numeric values') from None
        try:
            return last_value + 1
        except TypeError:
            raise TypeError(f'unable to increment {last_value!r}') from None

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        v_repr = self.__class__._value_repr_ or repr
        return f'<{self.__class__.__name__}.{self._name_}: {v_repr(self._value_)}>'

    def __str__(self):
        return f'{self.__class__.__name__}.{self._name_}'

    def __dir__(self):
        if self.__class__._member_type_ is object:
            interesting = set(['__class__', '__doc__', '__eq__', '__hash__', '__module__',
                               'name', 'value'])
        else:
            interesting = set(object.__dir__(self))
        for name in getattr(self, '__dict__', []):
            if name[0] != '_' and name not in self._member_map_:
                interesting.add(name)
        for cls in self.__class__.mro():
            for name, obj in cls.__dict__.items():
                if name[0] == '_':
                    continue
                if isinstance(obj, (_builtin_property, property)):
                    if obj.fget is not None or name not in self._member_map_:
                        interesting.add(name)
                    else:
                        interesting.discard(name)
                elif name not in self._member_map_:
                    interesting.add(name)
        return sorted(interesting)

    def __format__(self, format_spec):
        return str.__format__(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    @property
    def name(self):
        """The name of the Enum member."""
        return self._name_

    @property
    def value(self):
        """The value of the Enum member."""
        return self._value_


Enum._value_repr_ = None


class ReprEnum(Enum):
    """Only changes the repr(), leaving str() and format() to the mixed-in type."""


class IntEnum(int, ReprEnum):
    """Enum where members are also (and must be) ints."""


IntEnum._value_repr_ = int.__repr__


class StrEnum(str, ReprEnum):
    """Enum where members are also (and must be) strings."""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError(f'too many arguments for str(): {values!r}')
        if len(values) == 1:
            if not isinstance(values[0], str):
                raise TypeError(f'{values[0]!r} is not a string')
        if len(values) >= 2:
            if not isinstance(values[1], str):
                raise TypeError(f'encoding must be a string, not {values[1]!r}')
        if len(values) == 3:
            if not isinstance(values[2], str):
                raise TypeError(f'errors must be a string, not {values[2]!r}')
        value = str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


StrEnum._value_repr_ = str.__repr__


class FlagBoundary(StrEnum):
    STRICT = auto()
    CONFORM = auto()
    EJECT = auto()
    KEEP = auto()


STRICT, CONFORM, EJECT, KEEP = FlagBoundary.STRICT, FlagBoundary.CONFORM, \
    FlagBoundary.EJECT, FlagBoundary.KEEP


class Flag(Enum, boundary=STRICT):
    """Support for flags (members combine with `|`, `&`, `^` and `~`)."""

    _numeric_repr_ = repr

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last_value = max(last_values)
        try:
            high_bit = last_value.bit_length() - 1
        except Exception:
            raise TypeError(f'invalid flag value {last_value!r}') from None
        return 2 ** (high_bit + 1)

    @classmethod
    def _iter_member_by_value_(cls, value):
        for bit in _iter_bits_lsb(value & cls._flag_mask_):
            member = cls._value2member_map_.get(bit)
            if member is not None:
                yield member

    @classmethod
    def _iter_member_(cls, value):
        members = list(cls._iter_member_by_value_(value))
        members.sort(key=lambda m: m._sort_order_)
        return iter(members)

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError(f'{value!r} is not a valid {cls.__qualname__}')
        flag_mask = cls._flag_mask_
        singles_mask = cls._singles_mask_
        all_bits = cls._all_bits_
        neg_value = None
        if (not ~all_bits <= value <= all_bits or value & (all_bits ^ flag_mask)):
            if cls._boundary_ is STRICT:
                max_bits = max(value.bit_length(), flag_mask.bit_length())
                raise ValueError(f'{cls!r} invalid value {value!r}\n'
                                 f'    given {bin(value, max_bits)}\n'
                                 f'  allowed {bin(flag_mask, max_bits)}')
            elif cls._boundary_ is CONFORM:
                value = value & flag_mask
            elif cls._boundary_ in (EJECT, None):
                return value
            elif cls._boundary_ is KEEP:
                if value < 0:
                    value = (max(all_bits + 1, 2 ** (value.bit_length()))
                             + value)
            else:
                raise ValueError(f'{cls!r} unknown flag boundary {cls._boundary_!r}')
        if value < 0:
            neg_value = value
            value = all_bits + 1 + value
        unknown = value & ~flag_mask
        aliases = value & ~singles_mask
        member_value = value & singles_mask
        if unknown and cls._boundary_ is not KEEP:
            raise ValueError(f'{cls.__name__}({value!r}) -->  unknown values {unknown!r} '
                             f'[{bin(unknown)}]')
        if cls._member_type_ is object:
            pseudo_member = object.__new__(cls)
        else:
            pseudo_member = cls._member_type_.__new__(cls, value)
        if not hasattr(pseudo_member, '_value_'):
            pseudo_member._value_ = value
        if member_value or aliases:
            members = []
            combined_value = 0
            for m in cls._iter_member_(member_value):
                members.append(m)
                combined_value |= m._value_
            if aliases:
                value = member_value | aliases
                for n, pv in cls._member_map_.items():
                    if pv not in members and pv._value_ and pv._value_ & value == pv._value_:
                        members.append(pv)
                        combined_value |= pv._value_
            unknown = value ^ combined_value
            pseudo_member._name_ = '|'.join([m._name_ for m in members])
            if not combined_value:
                pseudo_member._name_ = None
            elif unknown and cls._boundary_ is STRICT:
                raise ValueError(f'{cls!r}: no members with value {unknown!r}')
            elif unknown:
                pseudo_member._name_ += f'|{cls._numeric_repr_(unknown)}'
        else:
            pseudo_member._name_ = None
        pseudo_member = cls._value2member_map_.setdefault(value, pseudo_member)
        if neg_value is not None:
            cls._value2member_map_[neg_value] = pseudo_member
        return pseudo_member

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError(f"unsupported operand type(s) for 'in': "
                            f"{type(other).__qualname__!r} and "
                            f"{self.__class__.__qualname__!r}")
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        yield from self._iter_member_(self._value_)

    def __len__(self):
        return self._value_.bit_count()

    def __repr__(self):
        cls_name = self.__class__.__name__
        v_repr = self.__class__._value_repr_ or repr
        if self._name_ is None:
            return f'<{cls_name}: {v_repr(self._value_)}>'
        return f'<{cls_name}.{self._name_}: {v_repr(self._value_)}>'

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return f'{cls_name}({self._value_!r})'
        return f'{cls_name}.{self._name_}'

    def __bool__(self):
        return bool(self._value_)

    def _get_value(self, flag):
        if isinstance(flag, self.__class__):
            return flag._value_
        if self._member_type_ is not object and isinstance(flag, self._member_type_):
            return flag
        return NotImplemented

    def __or__(self, other):
        other_value = self._get_value(other)
        if other_value is NotImplemented:
            return NotImplemented
        for flag in (self, other):
            if self._get_value(flag) is None:
                raise TypeError(f"'{flag}' cannot be combined with other flags with |")
        return self.__class__(self._value_ | other_value)

    def __and__(self, other):
        other_value = self._get_value(other)
        if other_value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ & other_value)

    def __xor__(self, other):
        other_value = self._get_value(other)
        if other_value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ ^ other_value)

    def __invert__(self):
        if self._get_value(self) is None:
            raise TypeError(f"'{self}' cannot be inverted")
        if self._inverted_ is None:
            if self._boundary_ in (EJECT, KEEP):
                inverted = self.__class__(~self._value_)
            else:
                inverted = self.__class__(self._singles_mask_ & ~self._value_)
            self._inverted_ = inverted
        return self._inverted_

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    """Support for integer-based flags."""


IntFlag._value_repr_ = int.__repr__


def _power_of_two(value):
    if value < 1:
        return False
    return value == 2 ** (value.bit_length() - 1)


def global_enum_repr(self):
    module = self.__class__.__module__.split('.')[-1]
    return f'{module}.{self._name_}'


def global_flag_repr(self):
    module = self.__class__.__module__.split('.')[-1]
    cls_name = self.__class__.__name__
    if self._name_ is None:
        return f'{module}.{cls_name}({self._value_!r})'
    if _is_single_bit(self._value_):
        return f'{module}.{self._name_}'
    if self._boundary_ is not FlagBoundary.KEEP:
        return '|'.join(f'{module}.{name}' for name in self.name.split('|'))
    return '|'.join(f'{module}.{name}' for name in self._name_.split('|'))


def global_str(self):
    if self._name_ is None:
        return f'{self.__class__.__name__}({self._value_!r})'
    return self._name_


def global_enum(cls, update_str=False):
    if issubclass(cls, Flag):
        cls.__repr__ = global_flag_repr
    else:
        cls.__repr__ = global_enum_repr
    if not issubclass(cls, ReprEnum) or update_str:
        cls.__str__ = global_str
    sys.modules[cls.__module__].__dict__.update(cls.__members__)
    return cls


def pickle_by_global_name(self, proto):
    return self.name


def pickle_by_enum_name(self, proto):
    return getattr, (self.__class__, self._name_)


class EnumCheck(StrEnum):
    """Various conditions to check an enumeration for."""
    CONTINUOUS = 'no skipped integer values'
    NAMED_FLAGS = 'multi-flag aliases may not contain unnamed flags'
    UNIQUE = 'one name per value'


CONTINUOUS, NAMED_FLAGS, UNIQUE = EnumCheck.CONTINUOUS, EnumCheck.NAMED_FLAGS, \
    EnumCheck.UNIQUE


class verify:
    """Checks an enumeration for UNIQUE, CONTINUOUS and NAMED_FLAGS."""

    def __init__(self, *checks):
        self.checks = checks

    def __call__(self, enumeration):
        checks = self.checks
        cls_name = enumeration.__name__
        if Flag is not None and issubclass(enumeration, Flag):
            enum_type = 'flag'
        else:
            enum_type = 'enum'
        for check in checks:
            if check is UNIQUE:
                duplicates = []
                for name, member in enumeration.__members__.items():
                    if name != member.name:
                        duplicates.append((name, member.name))
                if duplicates:
                    alias_details = ', '.join(f'{alias} -> {name}'
                                              for alias, name in duplicates)
                    raise ValueError(f'aliases found in {enumeration!r}: {alias_details}')
            elif check is CONTINUOUS:
                values = set(e.value for e in enumeration)
                if len(values) < 2:
                    continue
                low, high = min(values), max(values)
                missing = []
                if enum_type == 'flag':
                    for i in range(_high_bit(low) + 1, _high_bit(high)):
                        if 2 ** i not in values:
                            missing.append(2 ** i)
                elif enum_type == 'enum':
                    for i in range(low + 1, high):
                        if i not in values:
                            missing.append(i)
                if missing:
                    raise ValueError(f'invalid {enum_type} {cls_name!r}: missing values '
                                     f'{", ".join(str(m) for m in missing)}')
            elif check is NAMED_FLAGS:
                member_names = enumeration._member_names_
                member_values = [m.value for m in enumeration]
                missing_names = []
                missing_value = 0
                for name, alias in enumeration._member_map_.items():
                    if name in member_names:
                        continue
                    if alias.value < 0:
                        continue
                    values = list(_iter_bits_lsb(alias.value))
                    missed = [v for v in values if v not in member_values]
                    if missed:
                        missing_names.append(name)
                        for val in missed:
                            missing_value |= val
                if missing_names:
                    if len(missing_names) == 1:
                        alias = f'alias {missing_names[0]} is missing'
                    else:
                        alias = (f'aliases {", ".join(missing_names[:-1])} and '
                                 f'{missing_names[-1]} are missing')
                    if _is_single_bit(missing_value):
                        value = f'value 0x{missing_value:x}'
                    else:
                        value = f'combined values of 0x{missing_value:x}'
                    raise ValueError(f'invalid Flag {cls_name!r}: {alias} {value} '
                                     '[use enum.show_flag_values(value) for details]')
        return enumeration


def _high_bit(value):
    return value.bit_length() - 1
