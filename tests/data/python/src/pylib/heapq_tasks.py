import heapq

tasks = []
heapq.heappush(tasks, (3, "write docs"))
heapq.heappush(tasks, (1, "fix prod bug"))
heapq.heappush(tasks, (2, "review PR"))
heapq.heappush(tasks, (1, "answer pager"))
print(tasks)
while tasks:
    priority, name = heapq.heappop(tasks)
    print(f"[p{priority}] {name}")

nums = [9, 4, 7, 1, 8, 2, 6, 3, 5]
heapq.heapify(nums)
print(nums)
print(heapq.heappushpop(nums, 0), nums)
print(heapq.heapreplace(nums, 10), nums)
print([heapq.heappop(nums) for _ in range(len(nums))])
