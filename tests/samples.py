"""Real TTS-written saves used as golden inputs (copies of ../shared/tts-samples, with their
sources in tests/data/tts-samples/README.md), so the tests run on a machine without ../shared."""

from pathlib import Path

SAMPLES = Path(__file__).resolve().parent / "data" / "tts-samples"
