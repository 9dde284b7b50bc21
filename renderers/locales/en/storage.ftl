# The game's storage (the database) failing during play (issue 24 item 3). Nothing was changed.
storage-unavailable = The game's storage is unavailable right now; nothing was changed — try again in a minute.

# The move was stored, but reading the table back failed (rare: a damaged file).
storage-unavailable_saved = Your move was saved, but the game's storage cannot be read right now; press **My hand** in a minute to see where the table stands.
