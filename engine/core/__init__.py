"""The game-independent engine core: zones, requests, transactions, RNG, log, views, errors."""
