class Config:
    def __init__(self, **values):
        self._values = values
    def __getattr__(self, name):
        if name in self._values:
            return self._values[name]
        raise AttributeError(f"no setting {name!r}")
    def __setattr__(self, name, value):
        if name.startswith("_"):
            super().__setattr__(name, value)
        else:
            self._values[name] = value

c = Config(debug=True, level=3)
print(c.debug, c.level)
c.level = 5
c.extra = "x"
print(c._values)
print(getattr(c, "missing", "fallback"), hasattr(c, "debug"), hasattr(c, "nope"))
print(c.nope)
