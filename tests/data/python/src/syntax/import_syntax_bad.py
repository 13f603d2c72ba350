import os.path as
