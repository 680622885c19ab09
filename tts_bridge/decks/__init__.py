"""Deck import: deck lists in the forms players have them, validated by the game's own
construction rules, turned into TTS objects (see `importer.py`)."""
