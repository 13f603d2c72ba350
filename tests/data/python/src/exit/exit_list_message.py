import sys
errors = ["missing name", "bad port"]
sys.exit(f"{len(errors)} errors: " + "; ".join(errors))
