import shlex

for s in ['a b  c', "one 'two three' four", 'say "hi there" now', r'esc\ aped word',
          "mixed'quo'ted\"x y\"", 'a # comment here', '', '  lead trail  ',
          r'"in \"dq\" \\ \$"', r"'sq \n kept'", 'tab\tsep\nnl', "x=1 y='2 3'"]:
    print(repr(s), shlex.split(s))
print(shlex.split("a # b c", comments=True))
print(shlex.split("a 'b c' d", posix=False))
print(shlex.split('say "hi there"', posix=False))
for bad in ["unclosed 'quote", 'dangling\\', 'open "dq']:
    try:
        shlex.split(bad)
    except ValueError as e:
        print(repr(bad), e)
