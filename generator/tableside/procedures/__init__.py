"""Executable rules: each procedure takes named inputs and returns a result with its worked arithmetic."""
