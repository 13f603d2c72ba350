import base64

payload = b"shellsim \x00\xff binary payload"
enc = base64.b64encode(payload)
print(enc, type(enc).__name__)
print(base64.b64decode(enc) == payload, base64.b64decode(enc.decode()))
for n in range(5):
    print(n, base64.b64encode(b"x" * n), base64.standard_b64encode(b"y" * n))
token = base64.urlsafe_b64encode(bytes(range(250, 256)) + b"??>>")
print(token, base64.urlsafe_b64decode(token))
print(base64.b64encode(b"\xfb\xff", altchars=b"-_"), base64.b64decode(b"-_8=", altchars=b"-_"))
print(base64.b64decode("aGVsbG8gd29ybGQ="), base64.b64decode(b"aGVs\nbG8=\n"))
print(base64.b64decode(b"aGVs bG8=!!"), base64.b64encode(bytearray(b"ba")))
print(base64.encodebytes(b"A" * 100))
print(base64.decodebytes(base64.encodebytes(b"line data" * 10)) == b"line data" * 10)
import json
blob = {"name": "report.bin", "data": base64.b64encode(b"\x01\x02\x03").decode("ascii")}
text = json.dumps(blob)
print(text, base64.b64decode(json.loads(text)["data"]))
