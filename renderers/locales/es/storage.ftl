# El almacenamiento de las partidas (la base de datos) falla durante el juego (issue 24, punto 3). No se ha cambiado nada.
storage-unavailable = El almacenamiento de la partida no está disponible ahora mismo; no se ha cambiado nada. Vuelve a intentarlo dentro de un minuto.
