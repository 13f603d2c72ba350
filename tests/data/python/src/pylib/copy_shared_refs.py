import copy

shared = [1, 2]
data = {"a": shared, "b": shared, "c": (shared, shared)}
clone = copy.deepcopy(data)
print(clone["a"] is clone["b"], clone["c"][0] is clone["a"], clone["a"] is shared)

node = {"name": "root", "children": []}
child = {"name": "leaf", "parent": node}
node["children"].append(child)
dup = copy.deepcopy(node)
print(dup["children"][0]["parent"] is dup, dup is not node)

cyc = [1]
cyc.append(cyc)
c2 = copy.deepcopy(cyc)
print(c2[1] is c2, c2[0], cyc[1] is cyc)

memo = {}
a = copy.deepcopy(shared, memo)
b = copy.deepcopy(shared, memo)
print(a is b, a == shared)
