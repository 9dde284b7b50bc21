# spacehulk: Deathwing bids and the automated Genestealer player (en). Project Fluent syntax: see renderers/locales/README.md.

spacehulk-bid-pending = There is no bid to make now.
spacehulk-bid-twice = You have already bid this round; wait for the other player.
spacehulk-bid-range = Bid a whole number of points from { $low } to { $high }.
spacehulk-not_a_seat = You do not play a side in this game.
