import hashlib

tests = [
    lambda: hashlib.md5("text"),
    lambda: hashlib.sha256().update("text"),
    lambda: hashlib.sha256().update(5),
    lambda: hashlib.new("nosuchhash"),
    lambda: hashlib.blake2b(digest_size=100),
    lambda: hashlib.blake2s(digest_size=0),
    lambda: hashlib.shake_128(b"x").hexdigest(-1),
]
for t in tests:
    try:
        print("ok", t())
    except Exception as e:
        print(type(e).__name__ + ":", e)
hashlib.sha1(["list"])
