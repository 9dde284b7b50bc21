"""The playground: a local Discord (the emulator) and a web page in front of it, with the real bot."""
