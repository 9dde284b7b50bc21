"""The `tablero` console script, above the bot and the playground (docs/architecture.md: the layers)."""
