from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    name: str
    level: int = 1


s = Settings("prod")
print(s)
s.level = 2
