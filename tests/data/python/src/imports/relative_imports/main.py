from app.services import run
from app import models
print(run("job-7"))
print(models.__name__, models.User("x"))
