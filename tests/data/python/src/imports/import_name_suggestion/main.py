from geometry import area
print(area(2, 3))
from geometry import perimiter
