"""Deathwing data and rules that are not weapons (the weapons are rows of ../weapons.py): the Force List
timer table. The expansion's rules on movement, assault and fire live beside the base rules they
change, each citing its DW-* id."""
