import random

random.seed(17)
print([random.binomialvariate(10, 0.3) for _ in range(10)])
print([random.binomialvariate(100, 0.5) for _ in range(5)])
print([random.binomialvariate(50, 0.9) for _ in range(5)])
print(random.binomialvariate(1, 0.5), random.binomialvariate(5, 0.0), random.binomialvariate(5, 1.0))
