s = "tab\there\nnewline \\ backslash \"quote\" 'single'"
print(s)
print(repr(s))
print(len("\x41\u00e9\N{GREEK SMALL LETTER ALPHA}"), "\x41\u00e9\N{GREEK SMALL LETTER ALPHA}")
print(r"raw\nstring", len(r"\n"))
print("multi"
      "part" 'literal')
print("""triple
quoted""")
print(repr("it's"), repr('say "hi"'), repr("both ' and \""))
