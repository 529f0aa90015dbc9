"""Primo's benchmarks: the AI levels' strength, hard's planning time and its look-ahead and rollout trials."""
