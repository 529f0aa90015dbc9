"""Primiera's benchmarks: the AI levels' strength and latency, the Herald trials and the fast playout."""
