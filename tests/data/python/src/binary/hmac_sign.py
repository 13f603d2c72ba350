import hashlib
import hmac

key = b"secret-key"
msg = b"GET /api/v1/items?limit=10"
sig = hmac.new(key, msg, hashlib.sha256).hexdigest()
print(sig)
print(hmac.new(key, msg, "sha1").hexdigest(), hmac.new(key, msg, digestmod="md5").hexdigest())
h = hmac.new(key, digestmod=hashlib.sha256)
h.update(b"GET /api/v1/")
h.update(b"items?limit=10")
print(h.hexdigest() == sig, h.name, h.digest_size, h.block_size, len(h.digest()))
c = h.copy()
c.update(b"&x=1")
print(c.hexdigest() != h.hexdigest(), h.hexdigest() == sig)
print(hmac.digest(key, msg, "sha256").hex() == sig)
long_key = b"k" * 200
print(hmac.new(long_key, b"data", hashlib.sha512).hexdigest()[:32])
print(hmac.compare_digest(sig, sig), hmac.compare_digest(b"abc", b"abd"), hmac.compare_digest("a", "ab"))
print(hmac.compare_digest(bytearray(b"x"), b"x"))
for bad in [lambda: hmac.new(key, msg), lambda: hmac.new("str-key", msg, "sha256"),
            lambda: hmac.compare_digest("a", b"a")]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
