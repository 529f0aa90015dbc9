"""Primiera (seed 001): Kaleidos's Scopa in four modes.

rules.py (modes as data, card tables), state.py (the frozen state, log, score sheet),
engine.py (dealing, captures, Heralds, round end), scoring.py (round scoring and the
round scorer's input checks), game.py (the Game protocol: ``GAME``), agents.py (easy,
medium) and fast.py (the fast internal form for search and benchmarks).
"""
