from dataclasses import dataclass, field, asdict
import json


@dataclass
class ServerConfig:
    host: str = "localhost"
    port: int = 8080
    debug: bool = False
    tags: list[str] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)


cfg = ServerConfig(port=9000, tags=["web", "api"])
cfg.options["timeout"] = "30s"
print(cfg)
print(json.dumps(asdict(cfg), indent=2, sort_keys=True))
other = ServerConfig()
other.tags.append("x")
print(ServerConfig().tags, other.tags)
