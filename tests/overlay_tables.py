"""An overlay table that hostile tests bend: a one-row `mak.pilot-abilities` keyed by token."""

from __future__ import annotations

# Replaces the pilots' abilities chart with one keyed by a token (its source a supplied text).
TOKENS = """\
kind: table
id: mak.pilot-abilities
title: {en: Tokens, ja: トークン, tr: none}
source: {supplied: my tokens}
axes:
  - key: token
    choices:
      - {slug: a, label: {en: A, ja: A, tr: none}}
rows:
  - {token: a, value: 1}
"""
