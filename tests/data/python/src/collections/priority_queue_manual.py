class MinHeap:
    def __init__(self):
        self.a = []
    def push(self, x):
        a = self.a
        a.append(x)
        i = len(a) - 1
        while i and a[(i - 1) // 2] > a[i]:
            a[(i - 1) // 2], a[i] = a[i], a[(i - 1) // 2]
            i = (i - 1) // 2
    def pop(self):
        a = self.a
        a[0], a[-1] = a[-1], a[0]
        top = a.pop()
        i = 0
        while True:
            l, r, m = 2 * i + 1, 2 * i + 2, i
            if l < len(a) and a[l] < a[m]:
                m = l
            if r < len(a) and a[r] < a[m]:
                m = r
            if m == i:
                return top
            a[i], a[m] = a[m], a[i]
            i = m

h = MinHeap()
for job in [(3, "write"), (1, "plan"), (4, "test"), (2, "design"), (5, "ship")]:
    h.push(job)
print([h.pop() for _ in range(5)])
