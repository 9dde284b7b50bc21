# The game's storage (the database) failing during play (issue 24 item 3). Nothing was changed.
storage-unavailable = The game's storage is unavailable right now; nothing was changed — try again in a minute.
