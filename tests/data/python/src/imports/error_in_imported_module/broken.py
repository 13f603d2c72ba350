SETTINGS = {"a": 1}
print("loading broken")
TIMEOUT = SETTINGS["timeout"]
