"""Primo's tests."""
