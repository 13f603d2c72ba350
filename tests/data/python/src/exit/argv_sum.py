import sys
nums = [int(a) for a in sys.argv[1:]]
print(sum(nums))
