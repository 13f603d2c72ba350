def where():
    return __name__ + " from " + __file__
