"""Start the game: ``python main.py`` (``--help`` lists the options)."""

import sys

from game.ui.cli import main

if __name__ == "__main__":
    sys.exit(main())
