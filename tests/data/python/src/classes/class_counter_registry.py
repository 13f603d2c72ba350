class Plugin:
    registry = {}
    def __init_subclass__(cls, name=None, **kw):
        super().__init_subclass__(**kw)
        Plugin.registry[name or cls.__name__.lower()] = cls
    def run(self):
        return f"{type(self).__name__} running"

class Alpha(Plugin):
    pass
class Beta(Plugin, name="b"):
    def run(self):
        return super().run().upper()

print(sorted(Plugin.registry))
for key in sorted(Plugin.registry):
    print(key, Plugin.registry[key]().run())
