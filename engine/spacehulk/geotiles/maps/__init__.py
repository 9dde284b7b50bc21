"""The ten geotile map files (A-33): our own designs, loaded by `engine.spacehulk.geotiles.tiles`."""
