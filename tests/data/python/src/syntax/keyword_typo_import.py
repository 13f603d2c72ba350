improt os
print(os.getcwd())
