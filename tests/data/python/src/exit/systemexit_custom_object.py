class Status:
    def __str__(self):
        return "custom status object"
raise SystemExit(Status())
