"""Pure presentation: a per-seat view in, PNG bytes and narration text out. Pillow only."""
