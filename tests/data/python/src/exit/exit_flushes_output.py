import sys
sys.stdout.write("partial line without newline")
sys.stderr.write("partial err")
sys.exit(0)
