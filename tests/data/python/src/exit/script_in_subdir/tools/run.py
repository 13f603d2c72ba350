import sys
import helper
print(sys.argv[0], __file__, sys.path[0])
print(helper.NAME)
1 / 0
