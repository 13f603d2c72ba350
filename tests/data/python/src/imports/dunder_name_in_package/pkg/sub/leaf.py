def info():
    return (__name__, __package__, __file__)
