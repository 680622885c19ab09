"""The TTS External Editor API: message types (`messages`), sockets (`transport`) and the
request/answer client (`link`)."""
