import os
import sys

print("status", os.system("true"), flush=True)
print("status", os.system("exit 3"), flush=True)
print("status", os.system("echo from system"), flush=True)
print("status", os.system("printf 'a\\nb\\n' | wc -l"), flush=True)
st = os.system("exit 2")
print(st, st >> 8, os.WEXITSTATUS(st) if hasattr(os, "WEXITSTATUS") else st >> 8)
sys.stdout.flush()
