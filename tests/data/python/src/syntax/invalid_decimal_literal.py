value = 1st_place = 3
