raise SystemExit(1, "two")
