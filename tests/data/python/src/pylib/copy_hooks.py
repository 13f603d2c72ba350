import copy

class Connection:
    count = 0
    def __init__(self, dsn):
        Connection.count += 1
        self.dsn = dsn
        self.id = Connection.count
    def __copy__(self):
        print("copy called")
        return Connection(self.dsn)
    def __deepcopy__(self, memo):
        print("deepcopy called with memo", type(memo).__name__)
        return Connection(copy.deepcopy(self.dsn, memo))
    def __repr__(self):
        return f"Connection#{self.id}({self.dsn})"

c = Connection("db://a")
print(copy.copy(c), copy.deepcopy(c), [copy.deepcopy(x) for x in [c, c]])

class Stateful:
    def __init__(self):
        self.items = [1, 2]
        self.cache = {"x": 1}
    def __getstate__(self):
        state = self.__dict__.copy()
        del state["cache"]
        return state
    def __setstate__(self, state):
        self.__dict__.update(state)
        self.cache = {}

s2 = copy.deepcopy(Stateful())
print(s2.items, s2.cache)
