"""The Arkenstone table's measures (§8.1, §8.2): the table, the cards, the grid.

A leaf module: the options (largest base radius) and the board (the measuring) both read it.
"""

# --- the table and the cards (§8.1, §8.2) -------------------------------------------------------
TABLE_IN = 47.24
"""The 120 cm square table, in inches (§8.1).

Reading: the table is the spec's 120 cm = 47.24 in (§8.1), not the issue's rounded 48 in; the grid
keeps the spec's 6.75-inch cells, so its outer lines fall 0.01 in past the edge (immaterial: a card
centred in a cell lies 1.6 in or more inside the table)."""
CARD_WIDTH_IN = 2.5
CARD_HEIGHT_IN = 3.5
"""Poker-size cards, axis-aligned, portrait (§8.1)."""
TOLERANCE_IN = 0.001
"""Tolerance for every ≤ test (§8.2)."""
GRID_CELLS = 7
CELL_IN = 6.75
"""The grid draft: 7x7 cells of 6.75 in, columns A–G along x, rows 1–7 along y (§8.1)."""
COLUMNS = "ABCDEFG"
