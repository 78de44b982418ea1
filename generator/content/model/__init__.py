"""Pydantic models of everything under content/."""
