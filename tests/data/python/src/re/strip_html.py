import re

html = '<p class="x">Hello <b>world</b>!</p>\n<a href="/x?a=1&b=2">link</a> <!-- comment -->'
print(re.sub(r"<[^>]+>", "", html))
print(re.findall(r'href="([^"]*)"', html))
print(re.sub(r"<!--.*?-->", "", html, flags=re.S))
tags = re.findall(r"<(/?)(\w+)", html)
print(tags)
