"""The JSON scanner: make_scanner(decoder) returns the decoder's
scan_once(string, idx), which returns (value, end) or raises
StopIteration(idx) when no JSON value starts at idx. Native in shellsim."""
from _json import make_scanner as c_make_scanner

__all__ = ['make_scanner']

make_scanner = c_make_scanner
