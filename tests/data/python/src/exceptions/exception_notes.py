def validate(record):
    try:
        return int(record["age"])
    except ValueError as e:
        e.add_note(f"while validating record {record['id']}")
        e.add_note("age must be numeric")
        raise

print(validate({"id": 1, "age": "30"}))
validate({"id": 2, "age": "thirty"})
