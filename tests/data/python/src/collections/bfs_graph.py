graph = {
    "a": ["b", "c"],
    "b": ["d"],
    "c": ["d", "e"],
    "d": ["f"],
    "e": ["f"],
    "f": [],
}
def bfs(start, goal):
    queue = [[start]]
    seen = {start}
    while queue:
        path = queue.pop(0)
        node = path[-1]
        if node == goal:
            return path
        for nxt in graph[node]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(path + [nxt])
    return None
print(bfs("a", "f"), bfs("c", "f"), bfs("f", "a"))
def dfs(node, seen=None):
    seen = seen or []
    seen.append(node)
    for n in graph[node]:
        if n not in seen:
            dfs(n, seen)
    return seen
print(dfs("a"))
