"""Primiera's tests."""
