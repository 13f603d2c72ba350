import os

os.environ["HOME"] = "/home/agent"
os.environ["PROJECT"] = "shellsim"
print(os.path.expanduser("~"))
print(os.path.expanduser("~/code/app"))
print(os.path.expanduser("no/tilde"))
print(os.path.expanduser("~nosuchuser/x"))
print(os.path.expandvars("$HOME/src/$PROJECT"))
print(os.path.expandvars("${PROJECT}_v2"))
print(os.path.expandvars("$UNDEFINED_VAR_Q/x"))
print(os.path.expandvars("cost: $5 and ${unterminated"))
print(os.path.expandvars("plain"))
