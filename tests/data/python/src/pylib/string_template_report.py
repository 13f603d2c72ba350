from string import Template

report = Template("""Build report for $project
=========================
Status:   ${status}
Duration: ${seconds}s
Cost:     $$${cost}
""")

runs = [
    {"project": "shellsim", "status": "passed", "seconds": 42, "cost": "0.12"},
    {"project": "parser", "status": "FAILED", "seconds": 7, "cost": "0.03"},
]
for run in runs:
    print(report.substitute(run))

partial = Template("Hello $name, your order $order_id ships $when.")
print(partial.safe_substitute(name="Ada"))
print(partial.safe_substitute({"name": "Bob"}, order_id=17))
print(partial.get_identifiers())
print(partial.is_valid(), Template("cost: $5").is_valid())
