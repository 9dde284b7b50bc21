# El almacenamiento de las partidas (la base de datos) falla durante el juego (issue 24, punto 3). No se ha cambiado nada.
storage-unavailable = El almacenamiento de la partida no está disponible ahora mismo; no se ha cambiado nada. Vuelve a intentarlo dentro de un minuto.

# La jugada se guardó, pero leer la mesa después falló (raro: un archivo dañado).
storage-unavailable_saved = Tu jugada se ha guardado, pero el almacenamiento de la partida no se puede leer ahora mismo; pulsa **Mi mano** dentro de un minuto para ver cómo está la mesa.
