"""Benchmarks: scripts that print figures, not tests. Each runs as a module from the repository root,
``python3 -m bench.<game>.<name>`` (bench/README.md lists them; the figures are in each folder's RESULTS.md)."""
