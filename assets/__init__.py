"""The game's data files, installed as the package ``game.assets`` (see setup.py).

Nothing to import: the package exists so that importlib.resources finds the files in a
wheel, an sdist install and the PyInstaller bundle alike.
"""
