"""Small drawing helpers for panels, text, bars and buttons; all text is drawn in the current language."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pygame
from pygame.typing import ColorLike

from game.i18n import SHIPPED_CJK_FONT, cjk_font_paths, current_language, translate
from game.render import palette

# Chinese characters, CJK punctuation and full-width forms come from a CJK face; everything else from the
# Latin one (pygame's own), so English and the numbers inside a Chinese line keep their usual look.
CJK_CHARACTERS = "\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
_CJK = re.compile(f"[{CJK_CHARACTERS}]")
_RUNS = re.compile(f"[{CJK_CHARACTERS}]+|[^{CJK_CHARACTERS}]+")
_WRAP_PIECES = re.compile(f"\\s+|[{CJK_CHARACTERS}]|[^\\s{CJK_CHARACTERS}]+")
# The CJK face is drawn at this share of the Latin size (pygame's default font is small for its size), never
# below a size at which Chinese characters stay readable.
CJK_SIZE_PERCENT = 66
# Chinese punctuation that never begins a line.
NO_LINE_START = frozenset("，。：；！？）、》」』")
CJK_MIN_SIZE = 12


def _shipped_characters() -> frozenset[str] | None:
    """The characters the shipped subset draws, listed beside it by tools/make_font.py."""
    listing = SHIPPED_CJK_FONT.with_suffix(".chars.txt")
    try:
        return frozenset(listing.read_text(encoding="utf-8"))
    except OSError:
        return None


class CjkFace:
    """One CJK font at one size, cropped to the height of its ideographs so it sits inside a Latin line."""

    def __init__(self, path: Path, size: int, characters: frozenset[str] | None) -> None:
        self.font = pygame.font.Font(str(path), size)
        self.characters = characters   # None: a full font, assumed to draw every CJK character
        boxes = self.font.metrics("中国（）")
        top = max(box[3] for box in boxes if box)
        bottom = min(box[2] for box in boxes if box)
        self.ink_top = self.font.get_ascent() - top
        self.ink_height = top - bottom + 1

    def draws(self, character: str) -> bool:
        return self.characters is None or character in self.characters


def load_cjk_faces(size: int) -> list[CjkFace]:
    """The CJK faces at ``size``, best first: the shipped subset, then the first full font on the machine."""
    faces: list[CjkFace] = []
    for path in cjk_font_paths():
        try:
            faces.append(CjkFace(path, size, _shipped_characters() if path == SHIPPED_CJK_FONT else None))
        except (pygame.error, OSError):
            continue   # an unreadable font on the machine is skipped, not fatal
        if faces[-1].characters is None:
            break
    return faces


class UiFont(pygame.font.Font):
    """pygame's font, speaking the current language: ``render`` and ``size`` translate the lazy lines they are
    given (so every caller measures what it draws), and Chinese characters are drawn with a CJK face."""

    def __init__(self, size: int) -> None:
        super().__init__(None, size)
        self.cjk_size = max(CJK_MIN_SIZE, size * CJK_SIZE_PERCENT // 100)
        self._sizes: dict[str, tuple[int, int]] = {}
        self._faces: list[CjkFace] | None = None   # loaded with the first Chinese character, with this font

    def cjk_faces(self) -> list[CjkFace]:
        if self._faces is None:
            self._faces = load_cjk_faces(self.cjk_size)
        return self._faces

    def _face(self, character: str) -> CjkFace:
        """The first face that draws ``character`` (the shipped one, as a blank box, when none does); only
        asked when there is a face."""
        faces = self.cjk_faces()
        return next((face for face in faces if face.draws(character)), faces[0])

    def _line_height(self, words: str) -> int:
        """The Latin line's height, or the ideographs' if they are taller."""
        height = super().get_height()
        if _CJK.search(words):
            faces = self.cjk_faces()
            if faces:
                height = max(height, faces[0].ink_height)
        return height

    def size(self, text: str | bytes) -> tuple[int, int]:
        words = translate(text.decode() if isinstance(text, bytes) else text)
        known = self._sizes.get(words)
        if known is None:
            if len(self._sizes) >= RENDER_CACHE_LIMIT:
                self._sizes.clear()
            if not _CJK.search(words):
                known = super().size(words)
            else:
                width = 0
                for run in _RUNS.findall(words):
                    width += self._run_width(run)
                known = (width, self._line_height(words))
            self._sizes[words] = known
        return known

    def _run_width(self, run: str) -> int:
        """A run of Chinese characters is as wide as its characters, each from the face that draws it."""
        if not _CJK.match(run) or not self.cjk_faces():
            return super().size(run)[0]
        return sum(self._face(character).font.size(character)[0] for character in run)

    def render(self, text: str | bytes | None, antialias: bool, color: ColorLike, bgcolor: ColorLike | None = None,
               wraplength: int = 0) -> pygame.Surface:
        words = translate(text.decode() if isinstance(text, bytes) else (text or ""))
        if not _CJK.search(words) or not self.cjk_faces():
            return super().render(words, antialias, color, bgcolor, wraplength)
        width, height = self.size(words)
        line = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        if bgcolor is not None:
            line.fill(bgcolor)
        latin_y = (height - super().get_height()) // 2
        x = 0
        for run in _RUNS.findall(words):
            if not _CJK.match(run):
                image = super().render(run, antialias, color)
                line.blit(image, (x, latin_y))
                x += image.get_width()
                continue
            for character in run:   # one at a time: a rare character may come from another face
                face = self._face(character)
                image = face.font.render(character, antialias, color)
                ink = pygame.Rect(0, face.ink_top, image.get_width(), face.ink_height).clip(image.get_rect())
                line.blit(image, (x, (height - face.ink_height) // 2), ink)
                x += image.get_width()
        return line

    def get_linesize(self) -> int:
        """Room for a line of ideographs while the game speaks Chinese."""
        faces = self.cjk_faces() if current_language() == "zh" else []
        return max(super().get_linesize(), faces[0].ink_height + 3) if faces else super().get_linesize()


class Fonts:
    """The game's text sizes, times the interface scale (percent), in the current language's faces."""

    def __init__(self, scale_percent: int = 100) -> None:
        def sized(points: int) -> UiFont:
            return UiFont(max(8, points * scale_percent // 100))
        self.scale_percent = scale_percent
        self.badge = sized(15)
        self.tiny = sized(16)
        self.card = sized(18)
        self.small = sized(20)
        self.body = sized(24)
        self.title = sized(32)
        self.huge = sized(64)


_RENDERED: dict[tuple[pygame.font.Font, str, tuple[int, int, int], str], pygame.Surface] = {}
RENDER_CACHE_LIMIT = 1024
MAX_LINE = 1000        # characters drawn on one line: more never fits a screen (a hostile file's text may be megabytes)
MAX_WRAPPED = 4000     # characters broken into lines: more than any box shows


def rendered(font: pygame.font.Font, words: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """The image of a line of text in the current language, kept between frames: most lines on screen do not
    change. A lazy line (game.i18n) is drawn in the chosen language; other text was translated where it was made."""
    words = translate(words)   # kept by the words drawn: a lazy line reads as its English
    if len(words) > MAX_LINE or "\x00" in words:   # a font refuses NUL; no line on screen is longer
        words = words[:MAX_LINE].replace("\x00", "")
    key = (font, words, colour, current_language())
    image = _RENDERED.get(key)
    if image is None:
        if len(_RENDERED) >= RENDER_CACHE_LIMIT:
            _RENDERED.clear()
        image = _RENDERED[key] = font.render(words, True, colour)
    return image


def text(screen: pygame.Surface, font: pygame.font.Font, words: str, pos: tuple[int, int],
         colour: tuple[int, int, int] = palette.TEXT, anchor: str = "topleft") -> pygame.Rect:
    image = rendered(font, words, colour)
    rect = image.get_rect(**{anchor: pos})
    screen.blit(image, rect)
    return rect


def panel(screen: pygame.Surface, rect: pygame.Rect, fill: tuple[int, ...] = palette.PANEL) -> None:
    pygame.draw.rect(screen, fill, rect, border_radius=6)
    pygame.draw.rect(screen, palette.PANEL_EDGE, rect, 1, border_radius=6)


def hp_bar(screen: pygame.Surface, rect: pygame.Rect, hp: int, max_hp: int, temp: int = 0) -> None:
    """Hit points as a bar; the bloodied half is marked with a notch and the bar turns red there;
    temporary hit points are a pale band laid over the end of it (drawn striped: readable without colour)."""
    pygame.draw.rect(screen, palette.HP_BACK, rect)
    fraction = max(0, min(hp, max_hp)) / max_hp
    bloodied = hp <= max_hp // 2
    fill = rect.copy()
    fill.width = int(rect.width * fraction)
    pygame.draw.rect(screen, palette.HP_BLOODIED if bloodied else palette.HP_GOOD, fill)
    if temp > 0:
        band = rect.copy()
        band.width = max(2, int(rect.width * min(temp, max_hp) / max_hp))
        band.x = min(fill.right, rect.right - band.width)
        pygame.draw.rect(screen, palette.TEMP_HP, band)
        for x in range(band.x, band.right, 4):
            pygame.draw.line(screen, (255, 255, 255), (x, band.bottom - 1), (min(x + 2, band.right - 1), band.top))
    notch = rect.x + rect.width * (max_hp // 2) // max_hp
    pygame.draw.line(screen, (0, 0, 0), (notch, rect.top), (notch, rect.bottom - 1))
    pygame.draw.rect(screen, (0, 0, 0), rect, 1)


def fit(font: pygame.font.Font, words: str, width: int) -> str:
    """The words in the current language, cut with an ellipsis to fit ``width`` pixels."""
    words = translate(words)
    if len(words) <= width and font.size(words)[0] <= width:
        return words
    # No glyph is narrower than a pixel, so no more than ``width`` characters can fit: cut there first, then
    # find the longest prefix that fits with the ellipsis by halving (a megabyte of text costs ~20 measures).
    words = words[:max(0, width)]
    fits, too_long = 0, len(words) + 1
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if font.size(words[:middle] + "...")[0] <= width:
            fits = middle
        else:
            too_long = middle
    return words[:fits].rstrip() + "..."


def key_cap(screen: pygame.Surface, font: pygame.font.Font, key: str, topleft: tuple[int, int],
            dim: bool = False) -> pygame.Rect:
    """A keyboard key drawn as a small box with its letter: how the bar shows its shortcuts."""
    image = rendered(font, key, palette.TEXT_DIM if dim else (20, 20, 24))
    rect = pygame.Rect(topleft, (max(14, image.get_width() + 6), image.get_height() + 4))
    pygame.draw.rect(screen, (70, 72, 88) if dim else (225, 222, 205), rect, border_radius=3)
    screen.blit(image, image.get_rect(center=rect.center))
    return rect


def wrap_lines(font: pygame.font.Font, words: str, width: int) -> list[str]:
    """The words in the current language, broken into lines of at most ``width`` pixels: at spaces, and
    between any two Chinese characters (Chinese has no spaces), never before closing punctuation ("：", "）"):
    the character before it goes down with it."""
    lines: list[str] = []
    current = ""
    for piece in _WRAP_PIECES.findall(translate(words)[:MAX_WRAPPED]):
        if piece.isspace():
            current += " " if current else ""
            continue
        trial = current + piece
        if font.size(trial.strip())[0] <= width or not current.strip():
            current = trial
        elif piece in NO_LINE_START and len(current.strip()) > 1 and _CJK.match(current.strip()[-1]):
            kept = current.strip()
            lines.append(kept[:-1].rstrip())
            current = kept[-1] + piece
        else:
            lines.append(current.strip())
            current = piece
    if current.strip():
        lines.append(current.strip())
    return lines


def clear_place(candidates: tuple[pygame.Rect, ...], taken: list[pygame.Rect],
                margin: tuple[int, int] = (0, 0)) -> pygame.Rect:
    """The first candidate whose rectangle, grown by ``margin``, touches nothing taken; the first if every one does."""
    return next((rect for rect in candidates if rect.inflate(*margin).collidelist(taken) < 0), candidates[0])


def button(screen: pygame.Surface, font: pygame.font.Font, rect: pygame.Rect, label: str, hot: bool) -> None:
    pygame.draw.rect(screen, (70, 90, 130) if hot else (50, 55, 70), rect, border_radius=6)
    pygame.draw.rect(screen, palette.TEXT if hot else palette.PANEL_EDGE, rect, 2, border_radius=6)
    text(screen, font, label, rect.center, anchor="center")


@lru_cache(maxsize=4)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    return shade


def dim(screen: pygame.Surface) -> None:
    """Darken everything drawn so far, under a box that asks something (the victory box, the pause menu)."""
    screen.blit(_shade(screen.get_size()), (0, 0))
