"""Validation passes over loaded content; each returns issues and never raises for bad content."""
