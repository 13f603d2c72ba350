import hashlib
import io

h = hashlib.sha256()
for chunk in [b"first ", b"second ", b"third"]:
    h.update(chunk)
print(h.hexdigest() == hashlib.sha256(b"first second third").hexdigest())
snapshot = h.copy()
h.update(b"!")
print(snapshot.hexdigest()[:16], h.hexdigest()[:16], h.digest() == h.digest())

def file_sha1(path):
    digest = hashlib.sha1()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(4), b""):
            digest.update(block)
    return digest.hexdigest()

with open("blob.bin", "wb") as f:
    f.write(b"0123456789" * 7)
print(file_sha1("blob.bin"), file_sha1("blob.bin") == hashlib.sha1(b"0123456789" * 7).hexdigest())
with open("blob.bin", "rb") as f:
    print(hashlib.file_digest(f, "md5").hexdigest())
print(hashlib.file_digest(io.BytesIO(b"abc"), hashlib.sha256).hexdigest()[:20])
cache = {}
for word in ["alpha", "beta", "alpha"]:
    key = hashlib.md5(word.encode()).hexdigest()[:8]
    cache.setdefault(key, []).append(word)
print(cache)
