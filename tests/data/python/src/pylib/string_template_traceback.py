from string import Template

config = {"host": "localhost", "port": 8080}
url = Template("http://$host:$port/$path")
print(url.safe_substitute(config))
print(url.substitute(config))
