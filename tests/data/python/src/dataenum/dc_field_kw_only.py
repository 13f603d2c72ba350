from dataclasses import dataclass, field


@dataclass
class Job:
    name: str
    priority: int = field(default=5, kw_only=True)
    owner: str = "root"
    queue: str = field(kw_only=True, default="default")


j = Job("build", "alice", priority=1)
print(j)
print(Job("test"))
print(Job.__match_args__)
