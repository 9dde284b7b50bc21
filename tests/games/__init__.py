"""Pure test games used to exercise the platform independently of the real games."""
