import base64
import binascii

cases = [
    lambda: base64.b64decode("abc"),
    lambda: base64.b64decode("abcde"),
    lambda: base64.b64decode("a"),
    lambda: base64.b64decode("ab!c", validate=True),
    lambda: base64.b64decode("=abc", validate=True),
    lambda: base64.b64decode("ab==cd", validate=True),
    lambda: base64.b64decode("abc=="),
    lambda: base64.b64decode("héllo"),
    lambda: base64.b64decode(12),
    lambda: base64.b64encode("text"),
    lambda: base64.b16decode("0g"),
    lambda: base64.b16decode("abcd"),
    lambda: base64.b32decode("ABC"),
    lambda: base64.b32decode("AB!DEFGH"),
    lambda: base64.encodebytes("str"),
]
for c in cases:
    try:
        print("ok", c())
    except binascii.Error as e:
        print("binascii.Error:", e, isinstance(e, ValueError))
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
print(issubclass(binascii.Error, ValueError), issubclass(binascii.Incomplete, Exception))
base64.b64decode("YWJj=")
