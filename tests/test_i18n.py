"""Languages: the Chinese catalog, the shipped font, every screen drawn in Chinese with no English left, the
fallback to English without a font, and switching at run time."""

import os
import re
from pathlib import Path

import pygame
import pytest

import game.i18n as i18n
from game.app import FixedStepLoop, Game
from game.settings import Settings, save_settings
from game.i18n import LANGUAGES, CatalogError, compile_template, current_language, load_catalog, set_language, tr
from game.ui.load_screen import LoadScene
from game.ui.widgets import CJK_CHARACTERS, NO_LINE_START, Fonts, UiFont, fit, rendered, wrap_lines

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "default.tmx"
CJK = re.compile(f"[{CJK_CHARACTERS}]")
# A path or file name on screen (the player's maps folder, a map's file) is shown as the system writes it.
PATHS = re.compile(r"\S*[/\\]\S*|\S+\.(?:json|tmx|png|toml)\b")

from test_game_loop import SteppedClock, press, run_frames  # noqa: E402


@pytest.fixture
def chinese():
    """Chinese chosen in the settings (each test has its own settings folder), so the game starts in it too."""
    save_settings(Settings(language="zh"))
    assert set_language("zh") == ""
    yield
    set_language("en")


@pytest.fixture
def shown(monkeypatch):
    """Every line drawn while the test runs: the English the code gave, and what reached the screen."""
    lines: dict[str, str] = {}
    draw = UiFont.render

    def recording(self, words, *args, **kwargs):
        lines[words] = tr(words)
        return draw(self, words, *args, **kwargs)
    monkeypatch.setattr(UiFont, "render", recording)
    return lines


def english_left(lines: dict[str, str]) -> dict[str, list[str]]:
    """The lines that still show English words, beyond the catalog's own Latin list and paths."""
    catalog = i18n.catalog("zh")
    left = {}
    for english, shown in lines.items():
        words = catalog.leftovers(PATHS.sub("", shown))
        if words:
            left[english] = words
    return left


# The catalog --------------------------------------------------------------------------------------------------
def test_every_template_in_the_catalog_parses_and_uses_exactly_its_placeholders():
    catalog = load_catalog(i18n.catalog_path("zh"))
    assert len(catalog.templates) > 100 and len(catalog.strings) > 100 and len(catalog.words) > 100
    for template in catalog.templates:
        assert sorted(template.names) == sorted(re.findall(r"\{(\w+)\}", template.translation)), template.english


def test_a_template_whose_translation_drops_a_placeholder_is_refused_with_its_name():
    with pytest.raises(CatalogError, match=r"'\{a\} hits \{b\}'"):
        compile_template("{a} hits {b}", "{a}击中")


def test_a_broken_catalog_file_is_one_line_naming_the_file(tmp_path):
    path = tmp_path / "zh.toml"
    path.write_text('[strings]\n"End turn" = 3\n', encoding="utf-8")
    with pytest.raises(CatalogError) as caught:
        load_catalog(path)
    assert str(caught.value).startswith(str(path)) and "\n" not in str(caught.value)


def test_templates_translate_the_words_they_hold_and_numbers_stay(chinese):
    assert tr("Brakka hits Hobgoblin soldier with the longsword: 15 + 7 +2 (combat advantage) = 24 vs AC 15.") == \
        "布拉卡用长剑击中大地精士兵：15 + 7 +2（战斗优势） = 24 对AC 15。"
    assert tr("Kobold spearling 2 takes 9 fire damage (3+6 on the dice); 0 HP left.") == \
        "狗头人持矛兵 2受到9点火焰伤害（骰面 3+6）；剩余 0 HP。"
    assert tr("Round 3  ·  Ogre's warband: Miriel's turn") == "第3轮  ·  食人魔战团：米瑞尔的回合"


def test_paths_and_file_names_are_never_translated(chinese):
    assert tr("autosave · autosave-000063.json") == "自动存档 · autosave-000063.json"
    assert tr("Saves in /home/fire/saves") == "存档位于 /home/fire/saves"


def test_english_is_the_code_unchanged():
    assert current_language() == "en"
    assert tr("End turn") == "End turn" and tr("Brakka hits the kobold") == "Brakka hits the kobold"


# The font -----------------------------------------------------------------------------------------------------
def catalog_characters() -> set[str]:
    catalog = i18n.catalog("zh")
    every = "".join([*catalog.strings.values(), *catalog.words.values(), *(t.translation for t in catalog.templates),
                     *LANGUAGES.values()])
    return set(CJK.findall(every))


def test_every_chinese_character_of_the_catalog_is_in_the_shipped_font():
    ttlib = pytest.importorskip("fontTools.ttLib")
    cmap = ttlib.TTFont(str(i18n.SHIPPED_CJK_FONT)).getBestCmap()
    listed = set(i18n.SHIPPED_CJK_FONT.with_suffix(".chars.txt").read_text(encoding="utf-8"))
    missing = sorted(c for c in catalog_characters() if ord(c) not in cmap or c not in listed)
    assert missing == [], f"run tools/make_font.py: the shipped font lacks {''.join(missing)}"
    assert all(ord(c) in cmap for c in listed)
    assert (ROOT / "assets" / "fonts" / "LICENSE-DroidSansFallback.txt").is_file()


def test_chinese_is_drawn_by_the_cjk_face_and_latin_by_pygames_own(chinese):
    pygame.font.init()
    font = Fonts().small
    latin = pygame.font.Font(None, 20)
    assert font.size("7 + 2") == latin.size("7 + 2")
    image = font.render("End turn", True, (255, 255, 255))   # 结束回合: four ideographs side by side
    assert image.get_size() == font.size("End turn") and font.size("End turn")[0] >= 4 * font.cjk_size
    assert image.get_bounding_rect().height >= font.cjk_size - 3   # ink, not blank boxes cut off


def test_a_character_outside_the_subset_comes_from_a_full_system_font(chinese):
    pygame.font.init()
    font = Fonts().body
    if len(font.cjk_faces()) < 2:
        pytest.skip("no full CJK font on this machine")
    rare = "龘"
    assert rare not in font.cjk_faces()[0].characters
    assert font._face(rare).characters is None and font._face("结").characters is not None


# Drawing text -------------------------------------------------------------------------------------------------
def test_wrapping_breaks_chinese_between_characters_and_english_at_spaces(chinese):
    pygame.font.init()
    font = Fonts().small
    lines = wrap_lines(font, "Move up to your speed; leaving a square next to an enemy provokes (4e §25.24).", 120)
    assert len(lines) > 2 and all(font.size(line)[0] <= 120 for line in lines)
    assert "".join(lines) == tr("Move up to your speed; leaving a square next to an enemy provokes (4e §25.24).")
    for width in range(100, 220, 5):   # a closing mark never starts a line: its character goes down with it
        lines = wrap_lines(font, "Hobgoblin soldier: marked by Brakka until the end of Brakka's next turn.", width)
        assert not any(line[0] in NO_LINE_START for line in lines), lines
    set_language("en")
    assert wrap_lines(font, "a b c", 1000) == ["a b c"]


def test_fit_cuts_the_translated_words(chinese):
    pygame.font.init()
    font = Fonts().small
    cut = fit(font, "Click an enemy marked in red to use the longsword.", 100)
    assert cut.endswith("...") and CJK.search(cut) and font.size(cut)[0] <= 100


def test_switching_language_at_run_time_redraws_the_same_line_in_the_new_language(chinese):
    pygame.font.init()
    font = Fonts().body
    chinese_image = rendered(font, "End turn", (255, 255, 255))
    assert set_language("en") == ""
    english_image = rendered(font, "End turn", (255, 255, 255))
    assert english_image.get_size() == pygame.font.Font(None, 24).render("End turn", True, (255, 255, 255)).get_size()
    assert english_image.get_size() != chinese_image.get_size()
    assert set_language("zh") == "" and rendered(font, "End turn", (255, 255, 255)) is chinese_image


def test_the_interface_scale_makes_every_font_bigger():
    pygame.font.init()
    normal, large = Fonts(100), Fonts(150)
    assert large.body.get_height() > normal.body.get_height() and large.body.cjk_size > normal.body.cjk_size


# Falling back to English ------------------------------------------------------------------------------------------
def test_without_a_font_for_chinese_the_game_says_why_and_stays_in_english(monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "SHIPPED_CJK_FONT", tmp_path / "gone.ttf")
    monkeypatch.setattr(i18n, "SYSTEM_CJK_FONTS", ())
    monkeypatch.setattr(Path, "home", lambda: tmp_path)
    reason = set_language("zh")
    assert "no font" in reason and "\n" not in reason and "English" in reason
    assert current_language() == "en" and tr("End turn") == "End turn"


def test_an_unknown_language_is_refused_and_english_stays():
    reason = set_language("fr")
    assert reason.startswith("unknown language 'fr'") and current_language() == "en"


def test_a_broken_catalog_keeps_english_with_its_reason(monkeypatch, tmp_path):
    broken = tmp_path / "zh.toml"
    broken.write_text("[strings\n", encoding="utf-8")
    monkeypatch.setattr(i18n, "catalog_path", lambda code: broken)
    monkeypatch.setattr(i18n, "_catalogs", {})
    reason = set_language("zh")
    assert str(broken) in reason and current_language() == "en"


# Whole flows drawn in Chinese --------------------------------------------------------------------------------
def hover_everything(game):
    """Hover each button of the bar (tooltips) and a few squares of the map (hints, previews), and show the
    other tab of the log (F3: the dice log)."""
    scene = game.scene
    press(pygame.K_F3)
    places = [rect.center for rect, _ in getattr(scene, "bar", [])]
    if hasattr(scene, "map_rect"):
        places += [scene.map_rect.center, (scene.map_rect.centerx + 90, scene.map_rect.centery + 40)]
    for pos in places:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        run_frames(game, 1)


def test_a_whole_computer_skirmish_drawn_in_chinese_shows_no_english(chinese, shown):
    game = Game(DEFAULT_MAP, 7, (1280, 720), loop=FixedStepLoop(SteppedClock()),
                computer={"blue": "normal", "red": "normal"})
    try:
        scene = game.scene
        for frame in range(15000):                 # even sides fight some ten rounds
            if scene.state.outcome is not None:
                break
            if frame % 200 == 0:
                hover_everything(game)
            run_frames(game, 1)
        assert scene.state.outcome is not None
        run_frames(game, 3)                    # the victory box
    finally:
        pygame.quit()
    assert len(shown) > 100
    assert english_left(shown) == {}


def test_the_menu_its_screens_and_a_hot_seat_round_drawn_in_chinese_show_no_english(chinese, shown):
    game = Game(None, 3, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        menu = game.scene
        run_frames(game, 2)
        for key in (pygame.K_TAB, pygame.K_o, pygame.K_RIGHT, pygame.K_DOWN):
            press(key)
            run_frames(game, 2)
        menu._open_editor(menu.active[0])            # the roster editor, as its Edit button opens it
        run_frames(game, 2)
        for key in (pygame.K_DOWN, pygame.K_RETURN, pygame.K_TAB, pygame.K_RETURN):   # take one away, add one
            press(key)
            run_frames(game, 2)
        if menu.editor is not None:
            menu._close_editor()
        game._open_settings()                          # the settings screen, as its button opens it
        run_frames(game, 2)
        for key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_ESCAPE):
            press(key)
            run_frames(game, 2)
        game.scene = LoadScene(game.window, game.fonts)   # the load screen (no saves yet)
        run_frames(game, 2)
        game.scene = menu
        run_frames(game, 2)
        assert menu._start() == "start"                # the Play button: the highlighted map
        game._start_chosen(menu)
        run_frames(game, 2)
        for _ in range(40):                            # end every turn, through the hand-over screens
            hover_everything(game)
            press(pygame.K_RETURN)
            run_frames(game, 3)
    finally:
        pygame.quit()
    assert any(CJK.search(words) for words in shown.values())
    assert english_left(shown) == {}
