"""A banner across the top of a board image, for tables the bot ended outside the rules
(a resignation, an admin's abandon): the game's own picture would still show whose move it was."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from .fonts import font


def stamp(png: bytes, text: str) -> bytes:
    """The same image with `text` on a dark band across its top."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    band_h = max(48, img.height // 12)
    overlay = Image.new("RGBA", img.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    draw.rectangle((0, 0, img.width, band_h), fill=(20, 20, 24, 235))
    draw.line((0, band_h, img.width, band_h), fill=(230, 190, 60, 255), width=3)
    face = font(max(20, band_h // 2), bold=True)
    draw.text((img.width / 2, band_h / 2), text, font=face, fill=(240, 240, 240, 255), anchor="mm")
    out = Image.alpha_composite(img.convert("RGBA"), overlay).convert("RGB")
    buf = io.BytesIO()
    out.save(buf, format="PNG", optimize=False)
    return buf.getvalue()
