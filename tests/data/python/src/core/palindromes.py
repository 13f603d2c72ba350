def is_palindrome(s):
    cleaned = [c.lower() for c in s if c.isalnum()]
    return cleaned == cleaned[::-1]

for s in ["racecar", "A man, a plan, a canal: Panama", "hello", "", "No 'x' in Nixon"]:
    print(f"{s!r:35} -> {is_palindrome(s)}")
