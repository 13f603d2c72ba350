for i in range(3):
    if i:
        print(i)
  else:
        print("zero")
