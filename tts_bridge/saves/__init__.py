"""TTS save and saved-object model (`model`), writers (`writer`), the validator
(`validate`) and the Lua compile check (`lua`). See ../shared/reference/tts-save-format.md."""
