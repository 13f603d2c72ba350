def helper():
    return "helped"
