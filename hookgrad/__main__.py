"""``python -m hookgrad``: the same as the ``hookgrad`` command."""
import sys

from .cli import main

sys.exit(main())
