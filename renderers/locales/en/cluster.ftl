# Several bot processes on one database (issue 25; bot/server.py `change_settings`).
absent-server_busy = Other changes to this server's settings kept arriving at the same moment; nothing of yours was saved. Please try again.
