class Queue:
    def __init__(self, capacity):
        self.capacity = capacity
        self.items = []
    def enqueue(self, item):
        if len(self.items) >= self.capacity:
            raise OverflowError("queue is full")
        self.items.append(item)
    def dequeue(self):
        if not self.items:
            raise IndexError("dequeue from empty queue")
        return self.items.pop(0)
    def __len__(self):
        return len(self.items)
    def __repr__(self):
        return f"Queue({self.items}, cap={self.capacity})"

def test_queue():
    q = Queue(2)
    q.enqueue("a"); q.enqueue("b")
    assert len(q) == 2
    try:
        q.enqueue("c")
    except OverflowError as e:
        print("expected:", e)
    assert q.dequeue() == "a"
    print(q)
    return "test_queue passed"

print(test_queue())
q = Queue(1)
q.dequeue()
