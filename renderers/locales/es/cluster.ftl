# Varios procesos del bot sobre una misma base de datos (issue 25; bot/server.py `change_settings`).
absent-server_busy = Otros cambios a la configuración de este servidor llegaban en el mismo momento; no se guardó nada tuyo. Inténtalo de nuevo.
