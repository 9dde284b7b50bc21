# Quiet hours (issue 26, bot/held.py): what was held for a player, sent as one message when their
# quiet hours end. Each line ends with a jump link to the post or the table's status message.
quiet-digest_head = 🌙 While your quiet hours lasted:
quiet-digest_mention = 🌙 { $player }, while your quiet hours lasted:
quiet-digest_table = **{ $game }, table #{ $table }** · { $link }
quiet-digest_table_turn = **{ $game }, table #{ $table }**: it is your turn · { $link }
quiet-part_reminder = • a reminder: the table is waiting for your move · { $link }
quiet-part_warning = • your time runs out { $at } · { $link }
quiet-part_turn = • it was your turn (I can't send you direct messages: press **My hand**) · { $link }
quiet-part_end = • the game is over · { $link }
quiet-part_dm_closed = • I can't send you direct messages: press **My hand** on the table message · { $link }
quiet-part_invite = • { $player } invites you to a rematch of { $game } · { $link }
quiet-part_stand_in = • you missed { $count ->
        [one] a deadline
       *[other] { $count } deadlines
    }: the AI plays your seat until you press **I'm back** · { $link }
quiet-part_pause_asked = • { $player } asks to pause the table · { $link }
quiet-part_undo_asked = • { $player } asks to take back their last move · { $link }
quiet-part_undo_refused = • { $player } refused your take-back · { $link }
quiet-digest_your_turn = • it is your turn:
quiet-part_challenge = • { $player } challenges you to { $game }: press **Join** · { $link }
