"""Primero's betting engines: one module per family, and the deal they share.

- ``waks.py``: the Waks family (Waks, Italian, Roman, Losing): vie, see, revie, pass, fold, the draw.
- ``northpass.py``: Northpass and Suzuki: bet and announce a claim, or pass and trade.
- ``rms.py``: the RMS game: wagering rounds, drawing from the table or the stock, knocking.
- ``deal.py``: dealing, the showdown and settling a deal, shared by all three.

Each family module exposes ``ENGINE`` (the ``state.Engine`` protocol). ``rules.py`` names the
engine object in each variant's rules record, and the game reaches it through
``state.rules.engine``, never through the variant's name. The protocol, the state and the
rules record type live in ``state.py``, which imports nothing here, so no import circle runs
through this package.
"""
