VERSION = "1.0"
from . import square
from .circle import Circle

def area_of(shape):
    return round(shape.area(), 3)
