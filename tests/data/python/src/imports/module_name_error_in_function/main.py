import report
report.render({"title": "Q1", "rows": [1, 2]})
report.render({"rows": [3]})
