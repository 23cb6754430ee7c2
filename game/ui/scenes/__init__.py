"""The menu-like screens (the menu, setup, settings, rules, statistics, the replay viewer,
the score sheet, the match result, the saved matches) and :mod:`.base`, what every one of
them shares.  Which screens the program has, by name: :mod:`game.ui.screens`."""
