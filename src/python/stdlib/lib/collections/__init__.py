"""Container datatypes: namedtuple, deque, Counter, defaultdict, OrderedDict, ChainMap,
UserDict, UserList and UserString."""

__all__ = [
    'ChainMap', 'Counter', 'OrderedDict', 'UserDict', 'UserList', 'UserString',
    'defaultdict', 'deque', 'namedtuple',
]

import sys as _sys
from keyword import iskeyword as _iskeyword
from operator import itemgetter as _itemgetter


# ---- namedtuple --------------------------------------------------------------------------

def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """A tuple subclass whose items are also attributes named `field_names`."""
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = list(map(str, field_names))
    typename = _sys.intern(str(typename))

    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or _iskeyword(name)
                    or name.startswith('_') or name in seen):
                field_names[index] = f'_{index}'
            seen.add(name)

    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid '
                             f'identifiers: {name!r}')
        if _iskeyword(name):
            raise ValueError('Type names and field names cannot be a '
                             f'keyword: {name!r}')

    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError('Field names cannot start with an underscore: '
                             f'{name!r}')
        if name in seen:
            raise ValueError(f'Encountered duplicate field name: {name!r}')
        seen.add(name)

    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError('Got more default values than field names')
        field_defaults = dict(reversed(list(zip(reversed(field_names),
                                                reversed(defaults)))))

    field_names = tuple(map(_sys.intern, field_names))
    num_fields = len(field_names)
    arg_list = ', '.join(field_names)
    if num_fields == 1:
        arg_list += ','
    repr_fmt = '(' + ', '.join(f'{name}=%r' for name in field_names) + ')'

    # `__new__` is compiled from source so that calling the class binds arguments (and
    # reports mistakes) exactly as a function with these parameters does.
    params = []
    first_default = num_fields - len(field_defaults)
    namespace = {'_tuple_new': tuple.__new__, '__builtins__': {}}
    for index, name in enumerate(field_names):
        if index >= first_default:
            namespace[f'_default_{index}'] = field_defaults[name]
            params.append(f'{name}=_default_{index}')
        else:
            params.append(name)
    source = (f'def __new__(_cls, {", ".join(params)}):\n'
              f'    return _tuple_new(_cls, ({arg_list}))\n')
    exec(source, namespace)
    __new__ = namespace['__new__']
    __new__.__doc__ = f'Create new instance of {typename}({arg_list})'

    @classmethod
    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != num_fields:
            raise TypeError(f'Expected {num_fields} arguments, got {len(result)}')
        return result

    def _replace(self, /, **kwds):
        result = self._make(map(kwds.pop, field_names, self))
        if kwds:
            raise TypeError(f'Got unexpected field names: {list(kwds)!r}')
        return result

    def __repr__(self):
        return self.__class__.__name__ + repr_fmt % self

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)

    class_namespace = {
        '__doc__': f'{typename}({arg_list})',
        '__slots__': (),
        '_fields': field_names,
        '_field_defaults': field_defaults,
        '__new__': __new__,
        '_make': _make,
        '__replace__': _replace,
        '_replace': _replace,
        '__repr__': __repr__,
        '_asdict': _asdict,
        '__getnewargs__': __getnewargs__,
        '__match_args__': field_names,
    }
    for index, name in enumerate(field_names):
        class_namespace[name] = property(_itemgetter(index),
                                         doc=f'Alias for field number {index}')

    for method in (__new__, _make.__func__, _replace, __repr__, _asdict, __getnewargs__):
        method.__qualname__ = f'{typename}.{method.__name__}'

    result = type(typename, (tuple,), class_namespace)
    if module is None:
        module = _sys._getframemodulename(1) or '__main__'
    result.__module__ = module
    return result


# ---- deque -------------------------------------------------------------------------------

class deque:
    """A double-ended queue: appends and pops at either end in amortized constant time."""

    # The items are `reversed(self._left) + self._right`; each end grows its own list, and
    # an end that runs dry takes half of the other.
    __slots__ = ('_left', '_right', '_maxlen', '__weakref__')

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError('an integer is required')
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._left = []
        self._right = []
        self._maxlen = maxlen
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def __len__(self):
        return len(self._left) + len(self._right)

    def __bool__(self):
        return bool(self._left) or bool(self._right)

    def _rebalance_right(self):
        # `_right` is empty: move the newer half of `_left` over.
        left = self._left
        half = (len(left) + 1) // 2
        moved = left[:half]
        moved.reverse()
        self._right = moved
        self._left = left[half:]

    def _rebalance_left(self):
        right = self._right
        half = (len(right) + 1) // 2
        moved = right[:half]
        moved.reverse()
        self._left = moved
        self._right = right[half:]

    def append(self, x):
        if self._maxlen is not None and len(self) >= self._maxlen:
            if self._maxlen == 0:
                return
            self.popleft()
        self._right.append(x)

    def appendleft(self, x):
        if self._maxlen is not None and len(self) >= self._maxlen:
            if self._maxlen == 0:
                return
            self.pop()
        self._left.append(x)

    def pop(self):
        if not self._right:
            if not self._left:
                raise IndexError('pop from an empty deque')
            self._rebalance_right()
        return self._right.pop()

    def popleft(self):
        if not self._left:
            if not self._right:
                raise IndexError('pop from an empty deque')
            self._rebalance_left()
        return self._left.pop()

    def extend(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def clear(self):
        self._left = []
        self._right = []

    def copy(self):
        return self.__class__(self, self._maxlen)

    __copy__ = copy

    def _items(self):
        items = self._left[::-1]
        items.extend(self._right)
        return items

    def _set_items(self, items):
        self._left = []
        self._right = items

    def __iter__(self):
        return iter(self._items())

    def __reversed__(self):
        return reversed(self._items())

    def count(self, x):
        return self._items().count(x)

    def index(self, x, start=0, stop=None):
        items = self._items()
        if stop is None:
            stop = len(items)
        for i in range(*slice(start, stop).indices(len(items))):
            if items[i] is x or items[i] == x:
                return i
        raise ValueError(f'{x!r} is not in deque')

    def insert(self, i, x):
        if self._maxlen is not None and len(self) >= self._maxlen:
            raise IndexError('deque already at its maximum size')
        items = self._items()
        items.insert(i, x)
        self._set_items(items)

    def remove(self, value):
        items = self._items()
        for i, x in enumerate(items):
            if x is value or x == value:
                del items[i]
                self._set_items(items)
                return
        raise ValueError(f'{value!r} is not in deque')

    def reverse(self):
        self._left, self._right = self._right, self._left

    def rotate(self, n=1):
        length = len(self)
        if length <= 1:
            return
        n %= length
        if n:
            items = self._items()
            self._set_items(items[-n:] + items[:-n])

    def _index(self, i):
        length = len(self)
        if not isinstance(i, int):
            raise TypeError(f'sequence index must be integer, not {type(i).__name__!r}')
        if i < 0:
            i += length
        if not 0 <= i < length:
            raise IndexError('deque index out of range')
        return i

    def __getitem__(self, i):
        i = self._index(i)
        left = self._left
        if i < len(left):
            return left[len(left) - 1 - i]
        return self._right[i - len(left)]

    def __setitem__(self, i, x):
        i = self._index(i)
        left = self._left
        if i < len(left):
            left[len(left) - 1 - i] = x
        else:
            self._right[i - len(left)] = x

    def __delitem__(self, i):
        i = self._index(i)
        items = self._items()
        del items[i]
        self._set_items(items)

    def __contains__(self, x):
        return x in self._left or x in self._right

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() == other._items()

    def __ne__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() != other._items()

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() < other._items()

    def __le__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() <= other._items()

    def __gt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() > other._items()

    def __ge__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items() >= other._items()

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError(f'can only concatenate deque (not "{type(other).__name__}") to deque')
        result = self.copy()
        result.extend(other)
        return result

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        return self.__class__(self._items() * n, self._maxlen)

    __rmul__ = __mul__

    def __imul__(self, n):
        items = self._items() * n
        self.clear()
        self.extend(items)
        return self

    def __repr__(self):
        name = type(self).__name__
        if self._maxlen is None:
            return f'{name}({self._items()!r})'
        return f'{name}({self._items()!r}, maxlen={self._maxlen})'

    def __class_getitem__(cls, item):
        return cls


# ---- Counter -----------------------------------------------------------------------------

class Counter(dict):
    """A dict counting hashable things: missing keys count zero."""

    def __init__(self, iterable=None, /, **kwds):
        super().__init__()
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        items = sorted(self.items(), key=_itemgetter(1), reverse=True)
        if n is None:
            return items
        return items[:max(n, 0)]

    def elements(self):
        for elem, count in self.items():
            for _ in range(count):
                yield elem

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            'Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict) or hasattr(iterable, 'keys'):
                if self:
                    for elem in iterable.keys():
                        self[elem] = iterable[elem] + self.get(elem, 0)
                else:
                    for elem in iterable.keys():
                        self[elem] = iterable[elem]
            else:
                get = self.get
                for elem in iterable:
                    self[elem] = get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict) or hasattr(iterable, 'keys'):
                for elem in iterable.keys():
                    self[elem] = self.get(elem, 0) - iterable[elem]
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self)

    def __reduce__(self):
        return self.__class__, (dict(self),)

    def __delitem__(self, elem):
        if elem in self:
            super().__delitem__(elem)

    def __repr__(self):
        if not self:
            return f'{self.__class__.__name__}()'
        try:
            d = dict(self.most_common())
        except TypeError:
            d = dict(self)
        return f'{self.__class__.__name__}({d!r})'

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        nonpositive = [elem for elem, count in self.items() if not count > 0]
        for elem in nonpositive:
            del self[elem]
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in self.items():
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()


# ---- defaultdict -------------------------------------------------------------------------

class defaultdict(dict):
    """A dict that calls `default_factory` to make the value of a missing key."""

    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        super().__init__(*args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        self[key] = value = self.default_factory()
        return value

    def __repr__(self):
        return f'{type(self).__name__}({self.default_factory!r}, {dict.__repr__(self)})'

    def copy(self):
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        return type(self), (self.default_factory,), None, None, iter(self.items())

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self.default_factory, other)
        new.update(self)
        return new


# ---- OrderedDict -------------------------------------------------------------------------

class OrderedDict(dict):
    """A dict that can move keys to either end, and compares order-sensitively."""

    def move_to_end(self, key, last=True):
        value = dict.__getitem__(self, key)
        if last:
            dict.__delitem__(self, key)
            dict.__setitem__(self, key, value)
        else:
            rest = [(k, v) for k, v in dict.items(self) if not (k is key or k == key)]
            dict.clear(self)
            dict.__setitem__(self, key, value)
            for k, v in rest:
                dict.__setitem__(self, k, v)

    def popitem(self, last=True):
        if not self:
            raise KeyError('dictionary is empty')
        if last:
            key = next(reversed(dict.keys(self)))
        else:
            key = next(iter(dict.keys(self)))
        value = dict.pop(self, key)
        return key, value

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(self) == list(other)
        return dict.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def __repr__(self):
        if not self:
            return f'{self.__class__.__name__}()'
        return f'{self.__class__.__name__}({dict(self.items())!r})'

    def copy(self):
        return self.__class__(self)

    __copy__ = copy

    def __reversed__(self):
        return reversed(list(dict.keys(self)))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.__class__(self)
        new.update(other)
        return new

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.__class__(other)
        new.update(self)
        return new

    @classmethod
    def fromkeys(cls, iterable, value=None):
        self = cls()
        for key in iterable:
            self[key] = value
        return self


# ---- ChainMap ----------------------------------------------------------------------------

class ChainMap:
    """Several mappings seen as one: lookups search each in turn, writes go to the first."""

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            try:
                return mapping[key]
            except KeyError:
                pass
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __len__(self):
        return len(set().union(*self.maps))

    def __iter__(self):
        d = {}
        for mapping in reversed(self.maps):
            d.update(dict.fromkeys(mapping))
        return iter(d)

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def __repr__(self):
        return f'{self.__class__.__name__}({", ".join(map(repr, self.maps))})'

    def keys(self):
        return list(self)

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def copy(self):
        return self.__class__(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)

    @property
    def parents(self):
        return self.__class__(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def popitem(self):
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError('No keys found in the first mapping.')

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def clear(self):
        self.maps[0].clear()

    def update(self, other=(), /, **kwds):
        self.maps[0].update(other, **kwds)

    def __eq__(self, other):
        if isinstance(other, ChainMap):
            other = dict(other.items())
        return dict(self.items()) == other


# ---- the User* wrappers ------------------------------------------------------------------

class UserDict:
    """A dict-like class keeping its contents in the dict `self.data`."""

    def __init__(self, dict=None, /, **kwargs):
        self.data = {}
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if key in self.data:
            return self.data[key]
        if hasattr(self.__class__, '__missing__'):
            return self.__class__.__missing__(self, key)
        raise KeyError(key)

    def __setitem__(self, key, item):
        self.data[key] = item

    def __delitem__(self, key):
        del self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __contains__(self, key):
        return key in self.data

    def get(self, key, default=None):
        if key in self:
            return self[key]
        return default

    def keys(self):
        return self.data.keys()

    def items(self):
        return self.data.items()

    def values(self):
        return self.data.values()

    def update(self, other=(), /, **kwds):
        if hasattr(other, 'keys'):
            for key in other.keys():
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def pop(self, key, *default):
        if key in self:
            value = self[key]
            del self[key]
            return value
        if default:
            return default[0]
        raise KeyError(key)

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self):
        self.data.clear()

    def __repr__(self):
        return repr(self.data)

    def __eq__(self, other):
        if isinstance(other, UserDict):
            other = other.data
        return self.data == other

    def copy(self):
        new = self.__class__()
        new.data = self.data.copy()
        return new

    def __or__(self, other):
        if isinstance(other, UserDict):
            return self.__class__(self.data | other.data)
        if isinstance(other, dict):
            return self.__class__(self.data | other)
        return NotImplemented

    @classmethod
    def fromkeys(cls, iterable, value=None):
        d = cls()
        for key in iterable:
            d[key] = value
        return d


class UserList:
    """A list-like class keeping its contents in the list `self.data`."""

    def __init__(self, initlist=None):
        self.data = []
        if initlist is not None:
            if type(initlist) == type(self.data):
                self.data[:] = initlist
            elif isinstance(initlist, UserList):
                self.data[:] = initlist.data[:]
            else:
                self.data = list(initlist)

    def __repr__(self):
        return repr(self.data)

    def _cast(self, other):
        return other.data if isinstance(other, UserList) else other

    def __lt__(self, other):
        return self.data < self._cast(other)

    def __le__(self, other):
        return self.data <= self._cast(other)

    def __eq__(self, other):
        return self.data == self._cast(other)

    def __gt__(self, other):
        return self.data > self._cast(other)

    def __ge__(self, other):
        return self.data >= self._cast(other)

    def __contains__(self, item):
        return item in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self.__class__(self.data[i])
        return self.data[i]

    def __setitem__(self, i, item):
        self.data[i] = item

    def __delitem__(self, i):
        del self.data[i]

    def __iter__(self):
        return iter(self.data)

    def __add__(self, other):
        if isinstance(other, UserList):
            return self.__class__(self.data + other.data)
        if isinstance(other, type(self.data)):
            return self.__class__(self.data + other)
        return self.__class__(self.data + list(other))

    def __iadd__(self, other):
        if isinstance(other, UserList):
            self.data += other.data
        else:
            self.data += list(other)
        return self

    def __mul__(self, n):
        return self.__class__(self.data * n)

    __rmul__ = __mul__

    def append(self, item):
        self.data.append(item)

    def insert(self, i, item):
        self.data.insert(i, item)

    def pop(self, i=-1):
        return self.data.pop(i)

    def remove(self, item):
        self.data.remove(item)

    def clear(self):
        self.data.clear()

    def copy(self):
        return self.__class__(self)

    def count(self, item):
        return self.data.count(item)

    def index(self, item, *args):
        return self.data.index(item, *args)

    def reverse(self):
        self.data.reverse()

    def sort(self, /, *args, **kwds):
        self.data.sort(*args, **kwds)

    def extend(self, other):
        if isinstance(other, UserList):
            self.data.extend(other.data)
        else:
            self.data.extend(other)


class UserString:
    """A str-like class keeping its contents in the str `self.data`."""

    def __init__(self, seq):
        if isinstance(seq, str):
            self.data = seq
        elif isinstance(seq, UserString):
            self.data = seq.data[:]
        else:
            self.data = str(seq)

    def __str__(self):
        return str(self.data)

    def __repr__(self):
        return repr(self.data)

    def __int__(self):
        return int(self.data)

    def __float__(self):
        return float(self.data)

    def __hash__(self):
        return hash(self.data)

    def __eq__(self, string):
        if isinstance(string, UserString):
            return self.data == string.data
        return self.data == string

    def __lt__(self, string):
        if isinstance(string, UserString):
            return self.data < string.data
        return self.data < string

    def __contains__(self, char):
        if isinstance(char, UserString):
            char = char.data
        return char in self.data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.__class__(self.data[index])

    def __add__(self, other):
        if isinstance(other, UserString):
            return self.__class__(self.data + other.data)
        if isinstance(other, str):
            return self.__class__(self.data + other)
        return self.__class__(self.data + str(other))

    def __mul__(self, n):
        return self.__class__(self.data * n)

    def __getattr__(self, name):
        attr = getattr(self.data, name)
        if callable(attr):
            def method(*args, **kwargs):
                result = attr(*args, **kwargs)
                return self.__class__(result) if isinstance(result, str) else result
            return method
        return attr
