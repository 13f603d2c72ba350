settings = {
    "debug": True,
    "level": 3,

def main():
    print(settings)
