import textwrap

for width in (0, -5):
    try:
        textwrap.wrap("some text", width=width)
    except ValueError as e:
        print("ValueError:", e)
try:
    textwrap.wrap(None)
except AttributeError as e:
    print("AttributeError:", e)
try:
    textwrap.TextWrapper(width=10, colour="red")
except TypeError as e:
    print("TypeError:", e)
print(textwrap.wrap("", 10), textwrap.wrap("   ", 10), textwrap.fill(""))
print(textwrap.wrap("x" * 23, 10))
print(textwrap.wrap("hello world", 5, initial_indent="*****"))
