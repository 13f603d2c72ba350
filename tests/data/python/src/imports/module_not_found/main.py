import sys
print("start")
try:
    import definitely_not_here
except ModuleNotFoundError as e:
    print("caught:", e, "| name:", e.name)
import requests_missing_module
