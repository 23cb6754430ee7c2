"""The program checking itself: ``--selftest``, ``--bench-frames`` and the screen walks.

Loaded only when asked (the command line's ``--selftest`` and ``--bench-frames``, the
tests); nothing a player's start imports comes from here.  It drives the program the way
a player does — the menu, the setup screen, the table's input — and reads what the
screens show: the widgets through pygame-gui, the table's drawn regions through the
scenes' own reports (``overlay_rects``, ``fits``, the stage's card areas).
"""
