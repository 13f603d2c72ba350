from dataclasses import dataclass


@dataclass
class Job:
    name: str
    retries: int = 3


jobs = [Job("a"), Job("b", 1)]
print(jobs)
jobs.append(Job())
