"""Primero's benchmarks: the AI levels' strength and latency, the CFR table, hand evaluation and replay."""
