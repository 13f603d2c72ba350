def report():
    print("report for", username)

report()
