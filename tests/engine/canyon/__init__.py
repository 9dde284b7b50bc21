"""Canyon of Death engine tests."""
