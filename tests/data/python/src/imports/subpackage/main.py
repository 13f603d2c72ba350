import lib.text.case as case
from lib.text import case as same
from lib import numbers
print(case.shout("hey"), same is case, numbers.clamp(15))
import lib
print(sorted(k for k in vars(lib) if not k.startswith("__")))
