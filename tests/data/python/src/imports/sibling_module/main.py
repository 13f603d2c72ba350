import helpers
from helpers import double, GREETING
print(helpers.double(21), double(2), GREETING)
print(helpers.__name__, helpers.__file__)
helpers.boom()
