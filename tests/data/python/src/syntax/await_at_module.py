import json
data = await load()
