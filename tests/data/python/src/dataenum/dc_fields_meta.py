from dataclasses import dataclass, field, fields, MISSING


@dataclass
class Measurement:
    value: float = field(metadata={"unit": "m", "precision": 2})
    label: str = field(default="", metadata={"unit": None})
    samples: list = field(default_factory=list, repr=False, compare=False)


for f in fields(Measurement):
    print(f.name, f.type, f.default is MISSING, f.default_factory is MISSING,
          f.repr, f.compare, dict(f.metadata))
print(fields(Measurement)[0].metadata["unit"])
m = Measurement(1.5, samples=[1, 2])
print(m, m == Measurement(1.5))
try:
    fields(m)[0].metadata["unit"] = "cm"
except TypeError as e:
    print(e)
try:
    fields(42)
except TypeError as e:
    print(e)
