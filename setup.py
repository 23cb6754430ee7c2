"""Packages only; everything else is in pyproject.toml.

``assets/`` stays at the top of the repository but is installed as ``game.assets``: a
mapping of one folder to a subpackage that pyproject.toml's ``packages.find`` cannot say.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["game", "game.*"]), "game.assets"],
    package_dir={"game.assets": "assets"},
    # Every file under assets/ (tests/test_package.py checks the wheel and the sdist).
    package_data={"game.assets": ["**/*"]},
    exclude_package_data={"game.assets": ["__pycache__/*", "*.pyc"]},
)
