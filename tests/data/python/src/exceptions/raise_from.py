class ParseError(Exception):
    pass

def parse_port(text):
    try:
        return int(text)
    except ValueError as e:
        raise ParseError(f"invalid port {text!r}") from e

print(parse_port("80"))
try:
    parse_port("http")
except ParseError as e:
    print("caught:", e, "| cause:", repr(e.__cause__))
parse_port("eighty")
