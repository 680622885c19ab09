"""Sakura Arms rule modules for mechanics beyond the core rulebook (issue #20): each module holds
one mechanic's state, steps and words; flow.py declares the words in the effect registry."""
