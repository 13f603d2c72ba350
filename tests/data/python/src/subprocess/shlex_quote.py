import shlex

for s in ["simple", "", "has space", "it's", "$HOME", "a\"b", "safe@%+=:,./-_",
          "star*", "new\nline", "tab\t", "ünï", "--flag=value"]:
    print(repr(s), shlex.quote(s))
print(shlex.join(["echo", "hello world", "it's", ""]))
cmd = shlex.join(["grep", "-e", "a b", "file name.txt"])
print(cmd)
print(shlex.split(cmd))
print(shlex.split(shlex.quote("round 'trip' \"x\"")))
