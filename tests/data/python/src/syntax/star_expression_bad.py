values = *range(3)
