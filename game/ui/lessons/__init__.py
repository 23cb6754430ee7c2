"""The screens that teach away from the table, each drawing a deal with the table's board.

:mod:`.review_scene` ("review": every decision of a deal, what the hint engine would have
played and why), :mod:`.showme_scene` ("showme": "Could I have won? Show me how" — the hard
line and the best possible result beside what happened), :mod:`.tutorial_scene`
("tutorial") with :mod:`.tutorial` (the lesson files and the lesson in play — no pygame).
"""
