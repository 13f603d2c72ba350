import textwrap

titles = [
    "A short title",
    "An extremely long commit message that goes on and on about nothing",
    "   whitespace    everywhere   in    this    one   ",
    "Supercalifragilisticexpialidocious",
]
for t in titles:
    print(repr(textwrap.shorten(t, width=25)))
print(textwrap.shorten("Hello world, how are you?", 12, placeholder="..."))
print(textwrap.shorten("Hello world", 11))
try:
    textwrap.shorten("Hello world", 3)
except ValueError as e:
    print("ValueError:", e)
