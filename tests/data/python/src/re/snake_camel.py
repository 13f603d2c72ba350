import re

def to_snake(name):
    s = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s).lower()

def to_camel(name):
    return re.sub(r"_([a-z])", lambda m: m.group(1).upper(), name)

for n in ["CamelCase", "getHTTPResponseCode", "already_snake", "XMLParser2Go"]:
    print(n, "->", to_snake(n), "->", to_camel(to_snake(n)))
