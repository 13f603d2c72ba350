from dataclasses import dataclass, field, asdict
from enum import Enum
import json


class Backend(Enum):
    SQLITE = "sqlite"
    POSTGRES = "postgres"


@dataclass
class DBConfig:
    backend: Backend = Backend.SQLITE
    name: str = "app.db"
    pool: int = 5


def load(text):
    raw = json.loads(text)
    raw["backend"] = Backend(raw.get("backend", "sqlite"))
    return DBConfig(**raw)


cfg = load('{"backend": "postgres", "name": "prod", "pool": 20}')
print(cfg)
d = asdict(cfg)
print(d)
d["backend"] = d["backend"].value
print(json.dumps(d))
try:
    load('{"backend": "mysql"}')
except ValueError as e:
    print("config error:", e)
