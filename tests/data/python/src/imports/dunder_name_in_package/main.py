import pkg.sub.leaf as leaf
print(leaf.info())
import pkg
print(pkg.__name__, pkg.__package__, pkg.sub.__name__)
