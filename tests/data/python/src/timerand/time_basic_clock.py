import time

t = time.time()
print(t > 1_600_000_000, type(t).__name__)
ns = time.time_ns()
print(ns > 1_600_000_000 * 10**9, type(ns).__name__)
m1 = time.monotonic()
m2 = time.monotonic()
print(m2 >= m1)
p1 = time.perf_counter()
print(time.perf_counter() >= p1, time.process_time() >= 0)
