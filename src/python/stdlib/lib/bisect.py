"""Bisection algorithms: the functions of the built-in `_bisect`, with `bisect` and
`insort` as the `_right` forms.

Written for shellsim; the behaviour follows CPython 3.14's `bisect`.
"""

__all__ = ['bisect', 'bisect_left', 'bisect_right', 'insort', 'insort_left',
           'insort_right']

from _bisect import bisect_left, bisect_right, insort_left, insort_right

bisect = bisect_right
insort = insort_right
