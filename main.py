"""Start the game: ``python main.py`` (``--help`` lists the options)."""

import multiprocessing
import sys

from game.ui.cli import main

if __name__ == "__main__":
    # The bots think in a worker process; in the PyInstaller bundle that process
    # is this same executable, which freeze_support() turns into the worker.
    multiprocessing.freeze_support()
    sys.exit(main())
