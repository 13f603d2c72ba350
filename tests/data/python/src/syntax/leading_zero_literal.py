code = 0755
