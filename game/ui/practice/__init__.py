"""Practice mode: hints, warnings, first-time tips, undo, the after-deal review and tutorials.

Modules: :mod:`.coach` (hint service, warnings and their threshold, tips, undo —
no pygame), :mod:`.texts` (actions, hint reasons and rule refusals in the
player's language), :mod:`.tutorial` (lesson files and the lesson in play — no
pygame), :mod:`.panels` (hint panel, confirmation dialog, tip box drawn over the
table), :mod:`.board` (a deal drawn with every chosen hand face up),
:mod:`.review_scene` ("review") and :mod:`.tutorial_scene` ("tutorial").
"""
