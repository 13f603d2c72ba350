class ValidationError(Exception):
    def __init__(self, field, msg):
        super().__init__(f"{field}: {msg}")
        self.field = field

def validate(rec):
    errors = []
    if not rec.get("name"):
        errors.append(ValidationError("name", "required"))
    age = rec.get("age")
    if not isinstance(age, int):
        errors.append(ValidationError("age", f"expected int, got {type(age).__name__}"))
    elif age < 0:
        errors.append(ValidationError("age", "must be >= 0"))
    return errors

records = [{"name": "a", "age": 3}, {"name": "", "age": -1}, {"age": "x"}]
for i, r in enumerate(records):
    errs = validate(r)
    print(i, "ok" if not errs else "; ".join(str(e) for e in errs))
bad = validate(records[2])
raise bad[0]
