import time

start = time.monotonic()
time.sleep(0.25)
elapsed = time.monotonic() - start
print("slept at least 0.25s:", elapsed >= 0.25)
print("less than 5s:", elapsed < 5)
t0 = time.time()
time.sleep(1)
print(time.time() - t0 >= 1.0)
time.sleep(0)
print("done")
