"""The content: content/ read from YAML with every value's place, validated into the model,
cross-checked, and made ready for look-ups; everything above reads the game from here."""
