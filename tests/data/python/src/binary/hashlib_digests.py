import hashlib

data = b"The quick brown fox jumps over the lazy dog"
for name in ["md5", "sha1", "sha224", "sha256", "sha384", "sha512",
             "sha3_224", "sha3_256", "sha3_384", "sha3_512", "blake2b", "blake2s"]:
    h = hashlib.new(name, data)
    print(name, h.name, h.digest_size, h.block_size, h.hexdigest()[:32])
print(hashlib.md5(b"").hexdigest(), hashlib.sha256().hexdigest())
print(hashlib.sha1(data).digest()[:8], len(hashlib.sha512(data).digest()))
print(hashlib.shake_128(data).hexdigest(16), hashlib.shake_256(b"").hexdigest(8))
print(hashlib.blake2b(data, digest_size=16).hexdigest(), hashlib.blake2s(b"x", digest_size=8).hexdigest())
print(hashlib.new("SHA256", b"abc").hexdigest() == hashlib.sha256(b"abc").hexdigest())
print(sorted(hashlib.algorithms_guaranteed))
print(hashlib.algorithms_guaranteed <= hashlib.algorithms_available)
print(hashlib.sha256(bytearray(b"abc")).hexdigest()[:16], hashlib.md5("é".encode()).hexdigest())
