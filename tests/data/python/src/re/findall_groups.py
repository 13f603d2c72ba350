import re

config = "name=server1 port=8080 debug=true  timeout=30"
pairs = re.findall(r"(\w+)=(\w+)", config)
print(pairs)
print(dict(pairs))
print(re.findall(r"(\d+)-(\d+)?", "1-2 3- 4-5"))
print(re.findall(r"(?:ab)+", "ababx ab abab"))
print(re.findall(r"(ab)+", "ababx ab abab"))
print(re.findall(r"((a)(b))", "abab"))
print(re.findall(r"[aeiou]", "programming language"))
