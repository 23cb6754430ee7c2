"""``python -m game.ui.rulebook``: rebuild the Rules reader's pages from their sources."""

from game.ui.rulebook import build

for path in build():
    print(path)
