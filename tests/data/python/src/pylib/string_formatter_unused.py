import string

class StrictFormatter(string.Formatter):
    def check_unused_args(self, used_args, args, kwargs):
        extra = set(kwargs) - set(k for k in used_args if isinstance(k, str))
        if extra:
            raise ValueError(f"unused arguments: {sorted(extra)}")

    def convert_field(self, value, conversion):
        if conversion == "u":
            return str(value).upper()
        return super().convert_field(value, conversion)

sf = StrictFormatter()
print(sf.format("{name!u} is {age}", name="ada", age=36))
try:
    sf.format("{name}", name="x", extra=1, more=2)
except ValueError as e:
    print("error:", e)
try:
    sf.format("{missing}", name="x")
except KeyError as e:
    print("KeyError:", e)
