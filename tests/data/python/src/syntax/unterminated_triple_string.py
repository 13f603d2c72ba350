doc = """starts here
and never
ends
