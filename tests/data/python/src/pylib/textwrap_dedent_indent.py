import textwrap

def usage():
    return textwrap.dedent("""\
        Usage: tool [options] FILE

          -v, --verbose   talk more
          -q, --quiet     talk less
        """)

print(usage(), end="")
print(repr(textwrap.dedent("  a\n    b\n  c")))
print(repr(textwrap.dedent("\ta\n\t\tb\n")))
print(repr(textwrap.dedent("  mixed\n\tindent\n")))
print(repr(textwrap.dedent("    x\n  \n    y\n")))
print(repr(textwrap.dedent("no indent\n  here")))
code = "def f():\n    return 1\n\nprint(f())\n"
print(textwrap.indent(code, ">>> "), end="")
print(textwrap.indent(code, "# ", predicate=lambda line: True), end="")
print(repr(textwrap.indent("a\r\nb\n\n", "  ")))
