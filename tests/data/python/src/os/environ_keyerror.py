import os

try:
    os.environ["MISSING_CONFIG_VALUE"]
except KeyError as e:
    print("KeyError", e)
try:
    os.environ["N"] = 5
except TypeError as e:
    print(e)
token = os.environ["API_TOKEN_NOT_SET"]
