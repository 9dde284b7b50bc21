"""Deathwing procedures that sit above the base game's legal actions: the bidding (bids), pits and
jumps (pits), the automated Genestealer player (solo, solo_moves, solo_reinforcements, solo_routes).
Their types (orders, timer, bids' and the solo player's events and memory) are ../dw_types/, the Force
List's building is ../force_list.py, and the weapons are rows of ../weapons.py. The expansion's rules on
movement, assault and fire live beside the base rules they change, each citing its DW-* id."""
