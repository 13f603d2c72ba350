raw = "12, 7, x, 30, -4, 3.5"
nums = []
for tok in raw.split(","):
    tok = tok.strip()
    if (v := tok.lstrip("-")).isdigit():
        nums.append(int(tok))
    else:
        print("not an int:", tok, v)
print(nums, sum(nums), max(nums), sorted(nums))
