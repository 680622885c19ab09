"""`tts-bridge view`: a picture of the table and its Global UI as one colour sees them.

`scene` loads what is on the table (a save, or the emulator after replaying a journal),
`geometry` works out where everything lands on that colour's screen and what is wrong with it
(the model the tests check), `render` draws it with Pillow. Every TTS behaviour the view relies
on is a named fact with its source (`facts.VIEW_FACTS`, and `emulator.ui.UI_FACTS` for the UI).
"""
