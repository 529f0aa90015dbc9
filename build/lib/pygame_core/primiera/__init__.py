"""Primiera (seed 001): Kaleidos's Scopa in four modes.

rules.py (modes as data, card tables), state.py (the frozen state, log, score sheet),
engine.py (dealing, captures, Heralds, round end), scoring.py (round scoring and the
round scorer's input checks), describe.py (an action as a Description), game.py (the Game
protocol: ``GAME``), coach.py (the coach and the running tally), lessons.py (Learn by
example) and ai/ (the levels: easy, medium, hard; their shared evaluation, the search and
its fast internal form, and why a computer player played its move).
"""
