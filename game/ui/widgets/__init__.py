"""Shared widgets of the non-table screens: felt, title, suit icons, charts, focus, choices.

Drawn widgets (felt, charts, icons) are plain functions returning or drawing on
surfaces and cache what is costly; interactive ones wrap pygame-gui elements.
"""
