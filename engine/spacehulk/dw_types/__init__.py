"""The Deathwing expansion's types, low in the package so that the state, the actions, the events and
the missions can read them: the Force List's orders (force) and its turn timer (timer), the bids'
agenda step, action, events and fold (bids), the automated Genestealer player's memory, prompt,
events and fold (solo_model). They import only engine.core and the board. The procedures that use
them sit higher: ../force_list.py (building a force) and ../deathwing/ (bidding, pits, the solo
player)."""
