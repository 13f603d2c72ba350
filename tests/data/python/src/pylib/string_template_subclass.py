import string

class PercentTemplate(string.Template):
    delimiter = "%"

class UpperOnly(string.Template):
    idpattern = r"[A-Z_]+"
    flags = 0

print(PercentTemplate("Disk at %usage%% on %{host}").substitute(usage=93, host="db1"))
print(UpperOnly("$HOME and $home").safe_substitute(HOME="/root", home="ignored"))

class AtTemplate(string.Template):
    pattern = r"""
    @(?:
      (?P<escaped>@) |
      (?P<named>[a-z]+) |
      \{(?P<braced>[a-z]+)\} |
      (?P<invalid>)
    )
    """

print(AtTemplate("@@user @name @{tag}s").substitute(name="kim", tag="x"))
try:
    AtTemplate("ok @ bad").substitute()
except ValueError as e:
    print("ValueError:", e)
