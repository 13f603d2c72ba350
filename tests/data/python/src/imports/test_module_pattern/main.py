from mylib import add, is_palindrome

def test_add():
    assert add(2, 3) == 5
    assert add(-1, 1) == 0

def test_palindrome():
    assert is_palindrome("Racecar")
    assert not is_palindrome("python")

def test_broken():
    assert add(0.1, 0.2) == 0.3, "float addition"

passed = failed = 0
for name, fn in list(globals().items()):
    if name.startswith("test_") and callable(fn):
        try:
            fn()
            passed += 1
            print("PASS", name)
        except AssertionError as e:
            failed += 1
            print("FAIL", name, "-", e)
print(f"summary: passed={passed} failed={failed}")
raise SystemExit(1 if failed else 0)
