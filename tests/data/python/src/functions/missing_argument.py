def area(width, height):
    return width * height

print(area(3, 4))
print(area(5))
