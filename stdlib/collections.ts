# collections: Python's Counter, defaultdict and OrderedDict, written in
# TensorScript over a dict, so compiled code traces them like any class (a
# vocabulary counted at compile time folds) and eager runs them as written.
# They are mappings: `m[k]`, `k in m`, len(), iteration over the keys in
# insertion order, keys()/values()/items(), get(), dict(m). Differences from
# Python: they are not dict subclasses (isinstance(m, dict) is False, `m == d`
# with a plain dict compares the entries), and repr() shows the factory of a
# defaultdict as `list`, not `<class 'list'>`.


class _Mapping:
    # The dict methods, on self._data.
    def __getitem__(self, key):
        return self._data[key]

    def __setitem__(self, key, value):
        self._data[key] = value

    def __delitem__(self, key):
        del self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __len__(self):
        return len(self._data)

    def __iter__(self):
        return iter(list(self._data.keys()))

    def __bool__(self):
        return len(self._data) > 0

    def __eq__(self, other):
        if isinstance(other, dict):
            return self._data == other
        return self._data == other._data

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, default=None):
        return self._data.get(key, default)

    def pop(self, key, *default):
        if key in self._data:
            return self._data.pop(key)
        if len(default) > 0:
            return default[0]
        raise KeyError(key)

    def setdefault(self, key, default=None):
        return self._data.setdefault(key, default)

    def clear(self):
        self._data.clear()


# defaultdict(default_factory=None, mapping=(), **kwargs): a missing key's
# value is default_factory(), stored under the key (KeyError without a factory).
class defaultdict(_Mapping):
    def __init__(self, default_factory=None, *args, **kwargs):
        self.default_factory = default_factory
        self._data = dict(*args, **kwargs)

    def __getitem__(self, key):
        if key in self._data:
            return self._data[key]
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self._data[key] = value
        return value

    def update(self, *args, **kwargs):
        self._data.update(dict(*args, **kwargs))

    def copy(self):
        return defaultdict(self.default_factory, self._data)

    def __repr__(self):
        factory = "None" if self.default_factory is None else getattr(self.default_factory, "__name__", "factory")
        return "defaultdict(" + factory + ", " + repr(self._data) + ")"


# Counter(iterable_or_mapping=None, **kwargs): counts of hashable items. A
# missing key counts 0 (and is not stored); most_common() orders by count,
# ties in first-seen order, as Python's.
class Counter(_Mapping):
    def __init__(self, iterable=None, **kwargs):
        self._data = {}
        self.update(iterable, **kwargs)

    def __getitem__(self, key):
        return self._data.get(key, 0)

    def update(self, iterable=None, **kwargs):
        if iterable is not None:
            if hasattr(iterable, "keys"):
                for key in iterable.keys():
                    self._data[key] = self._data.get(key, 0) + iterable[key]
            else:
                for key in iterable:
                    self._data[key] = self._data.get(key, 0) + 1
        for key in kwargs:
            self._data[key] = self._data.get(key, 0) + kwargs[key]

    def subtract(self, iterable=None, **kwargs):
        if iterable is not None:
            if hasattr(iterable, "keys"):
                for key in iterable.keys():
                    self._data[key] = self._data.get(key, 0) - iterable[key]
            else:
                for key in iterable:
                    self._data[key] = self._data.get(key, 0) - 1
        for key in kwargs:
            self._data[key] = self._data.get(key, 0) - kwargs[key]

    def most_common(self, n=None):
        ranked = sorted(self._data.items(), key=lambda kv: kv[1], reverse=True)
        if n is None:
            return ranked
        return ranked[:n]

    def total(self):
        return sum(self._data.values())

    def elements(self):
        out = []
        for key, count in self._data.items():
            for i in range(count):
                out.append(key)
        return out

    def copy(self):
        return Counter(self._data)

    def __add__(self, other):
        out = Counter()
        for key, count in self._data.items():
            total = count + other[key]
            if total > 0:
                out._data[key] = total
        for key, count in other._data.items():
            if key not in self._data and count > 0:
                out._data[key] = count
        return out

    def __sub__(self, other):
        out = Counter()
        for key, count in self._data.items():
            diff = count - other[key]
            if diff > 0:
                out._data[key] = diff
        return out

    def __repr__(self):
        if len(self._data) == 0:
            return "Counter()"
        parts = [repr(k) + ": " + repr(v) for k, v in self.most_common()]
        return "Counter({" + ", ".join(parts) + "})"


# OrderedDict(mapping=(), **kwargs): a dict (every dict keeps insertion order)
# with move_to_end and popitem(last=True).
class OrderedDict(_Mapping):
    def __init__(self, *args, **kwargs):
        self._data = dict(*args, **kwargs)

    def update(self, *args, **kwargs):
        self._data.update(dict(*args, **kwargs))

    def move_to_end(self, key, last=True):
        value = self._data.pop(key)
        if last:
            self._data[key] = value
        else:
            rest = self._data
            self._data = {key: value}
            self._data.update(rest)

    def popitem(self, last=True):
        if len(self._data) == 0:
            raise KeyError("dictionary is empty")
        key = list(self._data.keys())[-1 if last else 0]
        return (key, self._data.pop(key))

    def copy(self):
        return OrderedDict(self._data)

    def __repr__(self):
        return "OrderedDict(" + repr(list(self._data.items())) + ")"
