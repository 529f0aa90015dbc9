"""Primi's tests: shared ones here, each game's in tests/<game>/."""
