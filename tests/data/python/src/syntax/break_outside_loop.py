if True:
    break
