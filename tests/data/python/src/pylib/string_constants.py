import string

print(string.ascii_lowercase)
print(string.ascii_uppercase)
print(string.digits, string.hexdigits, string.octdigits)
print(repr(string.whitespace))
print(string.punctuation)
print(len(string.printable), len(string.ascii_letters))

def is_identifier_like(s):
    allowed = set(string.ascii_letters + string.digits + "_")
    return bool(s) and s[0] not in string.digits and set(s) <= allowed

for word in ["hello", "_x1", "9lives", "with-dash", ""]:
    print(repr(word), is_identifier_like(word))

password = "Tr0ub4dor&3"
checks = {
    "lower": any(c in string.ascii_lowercase for c in password),
    "upper": any(c in string.ascii_uppercase for c in password),
    "digit": any(c in string.digits for c in password),
    "symbol": any(c in string.punctuation for c in password),
}
print(checks)
