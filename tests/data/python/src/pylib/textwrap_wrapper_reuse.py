from textwrap import TextWrapper

wrapper = TextWrapper(width=28, initial_indent="- ", subsequent_indent="  ")
items = [
    "Install the package from the internal registry",
    "Run the migrations",
    "Restart every worker process in the cluster, one at a time, waiting for health checks",
]
for item in items:
    print(wrapper.fill(item))
wrapper.width = 16
wrapper.initial_indent = wrapper.subsequent_indent = "  | "
print(wrapper.fill("Changing attributes after construction works too"))
print(wrapper.width, wrapper.break_long_words, wrapper.max_lines, repr(wrapper.placeholder))
print(TextWrapper().width, TextWrapper().tabsize)
