"""python -m deckcheck"""

import sys

from deckcheck.cli import main

sys.exit(main())
