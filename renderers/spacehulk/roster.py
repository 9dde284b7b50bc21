"""The Deathwing campaign's roster as an image: the squad sheets with every Marine, his weapons and
his fate, and a header with the mission, torpedoes and the blip pool (deathwing.md §5: the roster is
public, casualties too). Pure: a campaign view in, PNG bytes out; every word from the catalogs."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from engine.spacehulk.campaign.view import CampaignView, MemberView, SquadView
from renderers.fonts import font
from renderers.i18n import t

WIDTH = 760
COLS = 2
SHEET_W = (WIDTH - 3 * 16) // COLS
ROW_H = 22
HEAD_H = 92
BG = (24, 26, 30)
SHEET = (40, 44, 52)
TEXT = (232, 232, 232)
DIM = (140, 140, 150)
DEAD = (200, 70, 70)
GOOD = (110, 190, 120)
WARN = (230, 180, 70)


def roster_png(view: CampaignView, lang: str) -> bytes:
    """The squad sheets, two columns, under the campaign's header."""
    sheets = [s for s in view.squads if not (s.disbanded and not any(m.dead for m in s.members))]
    heights = [_sheet_height(s) for s in sheets]
    rows = [max(heights[i : i + COLS]) for i in range(0, len(heights), COLS)]
    height = HEAD_H + sum(h + 16 for h in rows) + 16
    img = Image.new("RGB", (WIDTH, max(height, HEAD_H + 60)), BG)
    draw = ImageDraw.Draw(img)
    _header(draw, view, lang)
    if not sheets:
        draw.text((16, HEAD_H + 8), t(lang, "spacehulk.campaign.roster.empty"), font=font(15), fill=DIM)
    y = HEAD_H
    for r, row_h in enumerate(rows):
        for c in range(COLS):
            i = r * COLS + c
            if i < len(sheets):
                _sheet(draw, sheets[i], 16 + c * (SHEET_W + 16), y, lang)
        y += row_h + 16
    out = io.BytesIO()
    img.save(out, format="PNG", compress_level=3)  # as every board: optimize=True cost 7x the drawing
    return out.getvalue()


def _header(draw: ImageDraw.ImageDraw, view: CampaignView, lang: str) -> None:
    title = t(lang, "spacehulk.campaign.roster.title")
    draw.text((16, 12), title, font=font(20, bold=True), fill=TEXT)
    if view.number:
        mission = t(
            lang,
            "spacehulk.campaign.roster.mission",
            number=view.number,
            scenario=view.scenario,
            attempt=view.attempt,
        )
        draw.text((16, 40), mission, font=font(14), fill=TEXT)
    stock = t(
        lang,
        "spacehulk.campaign.roster.stock",
        torpedoes=view.torpedoes,
        blips=view.blips_used,
        pool=view.blip_pool,
        points=view.timer_points,
    )
    draw.text((16, 62), stock, font=font(14), fill=DIM)
    if view.raid_lost:
        penalty = t(lang, "spacehulk.campaign.roster.penalty")
        draw.text((WIDTH - 16, 40), penalty, font=font(14, bold=True), fill=DEAD, anchor="ra")


def _sheet_height(squad: SquadView) -> int:
    return 32 + ROW_H * len(squad.members) + 8


def _status(squad: SquadView) -> str:
    if squad.lost:
        return "lost"
    if squad.disbanded:
        return "disbanded"
    if squad.guarding:
        return "guarding"
    if squad.alive == 0:
        return "dead"
    return "ready" if squad.available else "resting"


def _sheet(draw: ImageDraw.ImageDraw, squad: SquadView, x: int, y: int, lang: str) -> None:
    h = _sheet_height(squad)
    draw.rounded_rectangle((x, y, x + SHEET_W, y + h), radius=6, fill=SHEET)
    name = t(lang, "spacehulk.campaign.roster.squad", box=squad.box, id=squad.id, alive=squad.alive)
    draw.text((x + 10, y + 8), name, font=font(14, bold=True), fill=TEXT)
    status = _status(squad)
    color = GOOD if status == "ready" else WARN if status in ("resting", "guarding") else DEAD
    label = t(lang, "spacehulk.campaign.roster.status", status=status)
    draw.text((x + SHEET_W - 10, y + 9), label, font=font(12, bold=True), fill=color, anchor="ra")
    for i, member in enumerate(squad.members):
        _member(draw, member, x + 10, y + 32 + i * ROW_H, lang)


def _member(draw: ImageDraw.ImageDraw, m: MemberView, x: int, y: int, lang: str) -> None:
    kit = [t(lang, f"spacehulk.weapon.{m.weapon}")] if m.weapon else []
    kit.append(t(lang, f"spacehulk.melee.{m.melee or 'power_glove'}"))
    if m.shield:
        kit.append(t(lang, "spacehulk.campaign.roster.shield"))
    line = t(lang, "spacehulk.campaign.roster.member", role=m.role, mastery=m.mastery, kit=", ".join(kit))
    face = font(12)
    while face.getlength(line) > SHEET_W - 24 and len(line) > 4:
        line = line[:-2] + "…"
    draw.text((x, y), line, font=face, fill=DIM if m.dead else TEXT)
    if m.dead:
        width = face.getlength(line)
        draw.line((x, y + 8, x + width, y + 8), fill=DEAD, width=2)


def roster_text(view: CampaignView, lang: str) -> list[str]:
    """The roster image in words (issue 29: `/board text` and the image's alt text): the header, then
    one block per squad sheet, each Marine with his kit, a fallen one marked as such."""
    head = [t(lang, "spacehulk.campaign.roster.title")]
    if view.number:
        head.append(
            t(
                lang,
                "spacehulk.campaign.roster.mission",
                number=view.number,
                scenario=view.scenario,
                attempt=view.attempt,
            )
        )
    head.append(
        t(
            lang,
            "spacehulk.campaign.roster.stock",
            torpedoes=view.torpedoes,
            blips=view.blips_used,
            pool=view.blip_pool,
            points=view.timer_points,
        )
    )
    if view.raid_lost:
        head.append(t(lang, "spacehulk.campaign.roster.penalty"))
    sheets = [s for s in view.squads if not (s.disbanded and not any(m.dead for m in s.members))]
    if not sheets:
        head.append(t(lang, "spacehulk.campaign.roster.empty"))
    blocks = ["\n".join(head)]
    for squad in sheets:
        lines = [
            t(lang, "spacehulk.campaign.roster.squad", box=squad.box, id=squad.id, alive=squad.alive)
            + " · "
            + t(lang, "spacehulk.campaign.roster.status", status=_status(squad))
        ]
        for m in squad.members:
            kit = [t(lang, f"spacehulk.weapon.{m.weapon}")] if m.weapon else []
            kit.append(t(lang, f"spacehulk.melee.{m.melee or 'power_glove'}"))
            if m.shield:
                kit.append(t(lang, "spacehulk.campaign.roster.shield"))
            line = t(
                lang, "spacehulk.campaign.roster.member", role=m.role, mastery=m.mastery, kit=", ".join(kit)
            )
            lines.append(t(lang, "a11y.campaign.fallen", member=line) if m.dead else line)
        blocks.append("\n".join(lines))
    return blocks
