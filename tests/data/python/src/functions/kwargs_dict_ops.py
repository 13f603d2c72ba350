def build_url(base, path="", **params):
    url = base.rstrip("/") + "/" + path.lstrip("/")
    if params:
        url += "?" + "&".join(f"{k}={v}" for k, v in params.items())
    return url

print(build_url("http://x.io/", "/api/items", page=2, sort="name"))
print(build_url("http://x.io", "home"))
opts = {"limit": 10, "q": "abc"}
print(build_url("http://x.io", "search", **opts))
print(build_url("http://x.io", "s", **opts, path="dup"))
