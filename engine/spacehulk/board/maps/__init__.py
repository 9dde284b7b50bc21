"""Shipped Space Hulk maps (.map files, see engine/spacehulk/mapfile.py); a package so the files ship."""
