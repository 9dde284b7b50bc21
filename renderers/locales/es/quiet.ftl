# Horas de silencio (issue 26, bot/held.py): lo que se retuvo para un jugador, enviado en un solo
# mensaje cuando terminan. Cada línea acaba con un enlace a la publicación o al mensaje de la mesa.
quiet-digest_head = 🌙 Mientras duraban tus horas de silencio:
quiet-digest_mention = 🌙 { $player }, mientras duraban tus horas de silencio:
quiet-digest_table = **{ $game }, mesa n.º { $table }** · { $link }
quiet-digest_table_turn = **{ $game }, mesa n.º { $table }**: te toca · { $link }
quiet-part_reminder = • un recordatorio: la mesa espera tu jugada · { $link }
quiet-part_warning = • tu tiempo se acaba { $at } · { $link }
quiet-part_turn = • te tocaba (no puedo enviarte mensajes directos: pulsa **Mi mano**) · { $link }
quiet-part_end = • la partida ha terminado · { $link }
quiet-part_dm_closed = • no puedo enviarte mensajes directos: pulsa **Mi mano** en el mensaje de la mesa · { $link }
quiet-part_invite = • { $player } te invita a la revancha de { $game } · { $link }
quiet-part_stand_in = • no jugaste { $count ->
        [one] a tiempo una vez
       *[other] a tiempo { $count } veces
    }: la IA juega por ti hasta que pulses **He vuelto** · { $link }
quiet-part_pause_asked = • { $player } pide pausar la mesa · { $link }
quiet-part_undo_asked = • { $player } pide deshacer su última jugada · { $link }
quiet-part_undo_refused = • { $player } rechazó deshacer tu jugada · { $link }
quiet-digest_your_turn = • te toca:
quiet-part_challenge = • { $player } te reta a { $game }: pulsa **Unirse** · { $link }
