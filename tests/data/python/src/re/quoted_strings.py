import re

line = 'cmd --name "John Smith" --tag \'a b\' --path "C:\\\\dir" plain'
print(re.findall(r'"([^"]*)"', line))
print(re.findall(r"""(["'])(.*?)\1""", line))
print(re.findall(r'"(?:\\.|[^"\\])*"|\'[^\']*\'|\S+', line))
print(re.sub(r'\s+', ' ', "  lots   of\t\tspace \n here "). strip())
