"""Primero's tests."""
