# /why tras una negativa guardada (bot/why.py): las palabras de la negativa salen de su clave del
# catálogo; esta línea las sustituye cuando este Tablero ya no conoce esa clave.
why_store-refused = Tu última jugada que las reglas rechazaron tras medirla.
