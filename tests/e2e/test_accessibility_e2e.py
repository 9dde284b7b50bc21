async def test_a_long_text_board_comes_in_several_messages(emu: Emulator, world: World, start: Any) -> None:
    """Thirty ClickWars units and the terrain take more than one Discord message: the first answers
    the command, the others follow it, every one ephemeral and whole lines."""
    bot: TableroBot = await start()
    table, thread = await challenge(emu, bot, world.alice, world.bob, world.channel, game="clickwars")
    loaded = await bot.tables.load(table)
    seat = loaded.table.seat_of(world.carol)
    assert seat is None
    expected = board_text_messages(
        loaded.table, loaded.rules, presenter_for("clickwars"), loaded.state, None, "en"
    )
    assert len(expected) >= 2
    replies = await run(await emu.slash(world.carol, thread, "board text", {}))
    assert [m.content for m in replies] == expected
    assert all(m.ephemeral_to == world.carol and len(m.content) <= 2000 for m in replies)
    assert "B15 Cavalry" in replies[-1].content or "B15 Cavalry" in "\n".join(m.content for m in replies)
