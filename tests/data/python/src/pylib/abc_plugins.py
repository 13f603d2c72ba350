from abc import ABC, abstractmethod

class Plugin(ABC):
    registry = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Plugin.registry[cls.__name__.lower()] = cls

    @abstractmethod
    def run(self, data):
        ...

    def describe(self):
        return f"{type(self).__name__} plugin"

class Upper(Plugin):
    def run(self, data):
        return data.upper()

class Reverse(Plugin):
    def run(self, data):
        return data[::-1]

for name in sorted(Plugin.registry):
    p = Plugin.registry[name]()
    print(name, p.run("shellsim"), p.describe())

try:
    Plugin()
except TypeError as e:
    print("TypeError:", e)
print(sorted(Plugin.__abstractmethods__), Upper.__abstractmethods__)
