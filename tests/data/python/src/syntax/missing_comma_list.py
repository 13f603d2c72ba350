names = ["ann" "bob", "cy"
         "dee"]
print(names)
coords = [1 2]
