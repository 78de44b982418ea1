"""The foundation: files written safely, limits, playaid's own places and fingerprints, and the
diagnostics, errors and messages every layer above reports through; it knows no game."""
