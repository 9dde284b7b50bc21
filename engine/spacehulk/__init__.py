"""Space Hulk (1st edition) rules engine."""
