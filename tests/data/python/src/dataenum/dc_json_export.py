import json
from dataclasses import dataclass, asdict, field


@dataclass
class Task:
    id: int
    title: str
    done: bool = False
    tags: list[str] = field(default_factory=list)


@dataclass
class Project:
    name: str
    tasks: list[Task] = field(default_factory=list)

    def add(self, title, *tags):
        t = Task(len(self.tasks) + 1, title, tags=list(tags))
        self.tasks.append(t)
        return t


proj = Project("shellsim")
proj.add("parser", "front")
proj.add("vm", "core", "hot").done = True
print(json.dumps(asdict(proj)))
data = json.loads(json.dumps(asdict(proj)))
restored = Project(data["name"], [Task(**t) for t in data["tasks"]])
print(restored == proj)
print(restored.tasks[1])
