import random

random.seed(3)
print(random.gauss(), random.gauss(10, 2))
print(random.normalvariate(0, 1))
print(random.expovariate(0.5))
print(random.uniform(10, 20))
print(random.triangular(0, 10, 3))
print(random.lognormvariate(0, 0.5))
print(random.vonmisesvariate(1.0, 4.0))
print(random.paretovariate(3))
print(random.weibullvariate(1, 1.5))
