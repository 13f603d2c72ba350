import sys
try:
    print("work")
    sys.exit(3)
finally:
    print("finally still runs")
