import heapq

checks = [
    lambda: heapq.heappop([]),
    lambda: heapq.heapreplace([], 1),
    lambda: heapq.heappush((1, 2), 3),
    lambda: heapq.heapify("abc"),
    lambda: heapq.heappush([1, "a"], 2),
    lambda: heapq.heappush([]),
    lambda: heapq.nsmallest(2, 5),
]
for check in checks:
    try:
        check()
    except (IndexError, TypeError) as e:
        print(type(e).__name__, e)

class Job:
    def __init__(self, name):
        self.name = name
jobs = []
heapq.heappush(jobs, (1, Job("a")))
heapq.heappush(jobs, (1, Job("b")))
