import hashlib

# Derive keys the way a password store does (CPython with OpenSSL has pbkdf2_hmac).
for name, rounds, size in [("sha256", 2, None), ("sha1", 1, 10), ("sha512", 3, 20)]:
    key = hashlib.pbkdf2_hmac(name, b"password", b"salt", rounds, dklen=size)
    print(name, rounds, len(key), key.hex())
print(hashlib.pbkdf2_hmac("sha256", bytearray(b"pw"), b"s" * 16, 5).hex()[:32])
for bad in [lambda: hashlib.pbkdf2_hmac("sha256", b"p", b"s", 0),
            lambda: hashlib.pbkdf2_hmac("sha256", b"p", b"s", 1, dklen=0)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
