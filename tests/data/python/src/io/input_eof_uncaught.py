first = input("> ")
print("got", first)
second = input("> ")
print("got", second)
