"""chronicle: a static-site generator for tabletop wargame map campaigns."""

__version__ = "0.1.0"
