deps = {
    "app": ["lib", "utils"],
    "lib": ["core"],
    "utils": ["core"],
    "core": [],
    "tests": ["app"],
}
def topo(deps):
    order, state = [], {}
    def visit(n):
        if state.get(n) == "done":
            return
        if state.get(n) == "visiting":
            raise ValueError(f"cycle at {n}")
        state[n] = "visiting"
        for d in deps[n]:
            visit(d)
        state[n] = "done"
        order.append(n)
    for n in deps:
        visit(n)
    return order
print(topo(deps))
deps["core"] = ["tests"]
print(topo(deps))
