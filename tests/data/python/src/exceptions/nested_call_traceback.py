def load_users(rows):
    return [parse_user(r) for r in rows]

def parse_user(row):
    name, age = row.split(":")
    return {"name": name, "age": to_int(age)}

def to_int(text):
    return int(text)

print(load_users(["ann:3"]))
load_users(["bob:4", "cy:old"])
