import re

text = """Contact: alice@example.com, Bob <bob.smith@mail.co.uk>;
invalid: @nope.com, carol@, dave@localhost, eve_99+tag@sub.domain.org"""
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
for addr in EMAIL.findall(text):
    user, _, domain = addr.partition("@")
    print(f"{user:15} {domain}")
print(len(EMAIL.findall(text)))
print(EMAIL.fullmatch("x@y.z") is not None, EMAIL.fullmatch("x@y") is None)
