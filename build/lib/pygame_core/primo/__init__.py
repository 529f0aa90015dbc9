"""Primo (seed 000): a shedding game with six descending rows.

rules.py (variants as data, card tables), board.py (the rows, a hand and this turn's Top
cards: every legality rule and placement as pure functions, shared by the engine, the
``why`` operation and the AI), state.py (the frozen state and its log), engine.py (deal,
turns, Take resolution, round ends), describe.py (an action as a Description), game.py
(the Game protocol: ``GAME``), coach.py (the page's ``why`` and ``coach`` operations),
lessons.py (Learn by example) and ai/ (the levels: easy, medium, hard; their shared
evaluation, and hard's search, look-ahead and rollouts).
"""
