def f(x):
    result = "default"
    match x:
        case 1:
            result = "one"
        case [a, b] if a > b:
            result = "descending pair"
    return result

print(f(1), f(2), f([3, 1]), f([1, 3]), f("12"))
match 42:
    case str():
        print("string")
print("after match with no matching case")
