import stats as st
from stats import mean as avg, median
data = [3, 1, 4, 1, 5, 9, 2, 6]
print(st.mean(data), avg(data) == st.mean(data), median(data))
print(st.__name__, "stats" in dir(), "st" in dir())
