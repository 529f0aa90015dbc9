"""Primo (seed 000): a shedding game with six descending rows.

rules.py (variants as data, card tables), board.py (the rows, a hand and this turn's Top
cards: every legality rule and placement as pure functions, shared by the engine, the
``why`` operation and the AI), state.py (the frozen state and its log), engine.py (deal,
turns, Take resolution, round ends), game.py (the Game protocol: ``GAME``), agents.py
(easy, medium), operations.py (why, coach) and lessons.py (Learn by example).
"""
