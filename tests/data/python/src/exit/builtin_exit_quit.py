print("using builtin exit")
exit(6)
