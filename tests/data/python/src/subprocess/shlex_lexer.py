import shlex

lex = shlex.shlex("a = b + c;  d='e f'")
print(list(lex))
lex = shlex.shlex("a = b + c;  d='e f'", posix=True)
print(list(lex))
lex = shlex.shlex("ls -l | grep x && echo 'ok'; cat<in>out", punctuation_chars=True)
print(list(lex))
lex = shlex.shlex("ls -l | grep x", posix=True, punctuation_chars=True)
lex.whitespace_split = True
print(list(lex))
lex = shlex.shlex("one two # gone\nthree", posix=True)
print(lex.get_token(), lex.get_token())
lex.push_token("pushed")
print(lex.get_token(), lex.get_token(), lex.get_token(), lex.lineno)
lex = shlex.shlex("x y")
print(repr(lex.get_token()), repr(lex.get_token()), repr(lex.get_token()), repr(lex.eof))
print(shlex.shlex("a").wordchars == shlex.shlex("a", posix=False).wordchars)
print(shlex.shlex("a", punctuation_chars="|").punctuation_chars)
