ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()

def words(n):
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("-" + ONES[n % 10] if n % 10 else "")
    if n < 1000:
        rest = n % 100
        return ONES[n // 100] + " hundred" + (" and " + words(rest) if rest else "")
    rest = n % 1000
    return words(n // 1000) + " thousand" + ((" " if rest >= 100 else " and ") + words(rest) if rest else "")

for n in [0, 7, 13, 20, 42, 100, 115, 999, 1000, 1001, 2024, 99999]:
    print(n, words(n))
