import counter
import counter
from counter import bump
import sys
bump(); bump()
print(counter.value, "counter" in sys.modules)
import counter as c2
print(c2 is counter, c2.value)
