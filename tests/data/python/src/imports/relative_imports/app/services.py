from .models import User
from . import util
from .util import fmt as f

def run(job):
    return f(util.tag(job), User("svc"))
