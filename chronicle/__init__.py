"""chronicle: a static-site generator for tabletop wargame map campaigns."""

from .distribution import this as _this

#: the installed distribution's version (its metadata, never a second copy of pyproject's)
__version__ = _this().version
