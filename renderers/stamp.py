"""A banner above a board image, for tables the bot ended outside the rules (a resignation, an
admin's abandon): the game's own picture would still show whose move it was."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from .fonts import font


def band_height(height: int) -> int:
    """How tall the banner is for an image `height` pixels tall."""
    return max(48, height // 12)


def stamp(png: bytes, text: str) -> bytes:
    """The same image under a dark band carrying `text`.

    The band is added above the picture rather than laid over it (issue 15 item 7): every game
    draws figures, cards or ships up to its top edge, and the banner must hide none of them."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    band_h = band_height(img.height)
    out = Image.new("RGB", (img.width, img.height + band_h), (20, 20, 24))
    out.paste(img, (0, band_h))
    draw = ImageDraw.Draw(out)
    draw.line((0, band_h - 2, img.width, band_h - 2), fill=(230, 190, 60), width=3)
    face = font(max(20, band_h // 2), bold=True)
    draw.text((img.width / 2, (band_h - 3) / 2), text, font=face, fill=(240, 240, 240), anchor="mm")
    buf = io.BytesIO()
    out.save(buf, format="PNG", optimize=False)
    return buf.getvalue()
