"""Practice mode at the table: hints, warnings before a blunder, first-time tips, take back.

Modules: :mod:`.coach` (hint service, warnings and their threshold, tips, undo — no
pygame), :mod:`.texts` (actions, hint reasons and rule refusals in the player's
language), :mod:`.panels` (hint panel, confirmation dialog, tip box drawn over the
table), :mod:`.layer` (all of it on one table).  The screens that teach away from the
table — the after-deal review, "Could I have won?" and the tutorials — are
:mod:`game.ui.lessons`; they use these texts and panels too.
"""
