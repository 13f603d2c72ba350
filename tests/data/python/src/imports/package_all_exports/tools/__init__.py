from .text import slugify
VERSION = "2.1"
_internal = True
__all__ = ["slugify", "VERSION"]
