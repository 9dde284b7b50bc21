"""An animated replay: board pictures (PNG bytes) with a caption band under each, as one GIF.

GIF rather than APNG because Discord animates a GIF attachment in every client. One palette for
the whole animation (drawn from a sample of the frames), so a colour does not flicker from frame to
frame; Pillow stores each frame as the rectangle that changed since the one before, so a board on
which one figure moved costs little more than that figure.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .fonts import font

CAPTION_LINES = 3  # the last lines of a frame's narration; the band is as tall for every frame
BACKGROUND = (20, 20, 24)
TEXT = (235, 235, 235)
DIM = (150, 150, 160)


@dataclass(frozen=True)
class Frame:
    """One picture of the replay: the board, the narration under it, and how long it is shown."""

    png: bytes
    caption: tuple[str, ...]
    header: str = ""
    """A short line above the caption (e.g. "Turn 3 · 12/40")."""
    ms: int = 1500


def _wrap(text: str, width: int, size: int) -> list[str]:
    face = font(size)
    words, lines, line = text.split(), [], ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if line and face.getlength(candidate) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def _with_caption(board: Image.Image, frame: Frame, width: int, height: int, size: int) -> Image.Image:
    """The board centred on a canvas of the animation's size, the caption band below it."""
    line_h = int(size * 1.35)
    band = line_h * (CAPTION_LINES + 1) + size // 2
    out = Image.new("RGB", (width, height + band), BACKGROUND)
    out.paste(board, ((width - board.width) // 2, (height - board.height) // 2))
    draw = ImageDraw.Draw(out)
    y = height + size // 4
    if frame.header:
        draw.text((size // 2, y), frame.header, font=font(size, bold=True), fill=DIM)
    y += line_h
    lines: list[str] = []
    for text in frame.caption:
        lines += _wrap(text, width - size, size)
    for text in lines[-CAPTION_LINES:]:
        draw.text((size // 2, y), text, font=font(size), fill=TEXT)
        y += line_h
    return out


def animate(frames: Sequence[Frame], *, scale: float = 1.0) -> bytes:
    """The frames as one looping GIF, each board scaled by `scale` (captions are drawn after the
    scaling, so they stay readable)."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    boards = []
    for frame in frames:
        with Image.open(io.BytesIO(frame.png)) as image:
            board = image.convert("RGB")
        if scale != 1.0:
            board = board.resize((max(1, round(board.width * scale)), max(1, round(board.height * scale))))
        boards.append(board)
    width = max(b.width for b in boards)
    height = max(b.height for b in boards)
    size = max(12, min(22, width // 45))
    pictures = [_with_caption(b, f, width, height, size) for b, f in zip(boards, frames, strict=True)]
    palette = _palette(pictures)
    quantized = [p.quantize(palette=palette, dither=Image.Dither.NONE) for p in pictures]
    buf = io.BytesIO()
    quantized[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=quantized[1:],
        duration=[f.ms for f in frames],
        loop=0,
        optimize=False,
        disposal=1,
    )
    return buf.getvalue()


def _palette(pictures: Sequence[Image.Image]) -> Image.Image:
    """One 256-colour palette for every frame, from the first, middle and last pictures side by side."""
    sample = [pictures[0], pictures[len(pictures) // 2], pictures[-1]]
    strip = Image.new("RGB", (sum(p.width for p in sample), max(p.height for p in sample)), BACKGROUND)
    x = 0
    for picture in sample:
        strip.paste(picture, (x, 0))
        x += picture.width
    return strip.quantize(colors=256, method=Image.Quantize.MEDIANCUT)
