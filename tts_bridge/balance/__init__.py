"""Balance reports: many seeded bot games between decks, played as Ray tasks (`tts-bridge balance`).

`plan` says which games to play, `players` who plays them, `play` plays a batch (the Ray task
body, plain Python), `runner` streams the batches through Ray, `stats` holds the statistics,
`report` tallies the results into JSON and `html` draws the page.
"""
