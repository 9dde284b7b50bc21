"""Pure game rules. Standard library and pydantic only: no Discord, no I/O, no clock, no global randomness."""
