class = "math"
print(class)
