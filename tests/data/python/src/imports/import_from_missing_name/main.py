from utils import helper
print(helper())
from utils import missing_thing
