"""Languages: every domain's catalogue complete, the shipped font, every screen drawn in Chinese with no English
left beyond the kept terms, the fallback to English without a font or with a missing or broken catalogue, and
switching at run time."""

import os
import re
import sys
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

import game.i18n as i18n
from game.app import FixedStepLoop, Game
from game.settings import Settings, save_settings
from game.i18n import LANGUAGES, L_, _, current_language, listing, set_language, translate
from game.i18n.gettext_domains import LOCALES, forget_catalogues
from game.i18n.kept_terms import english_left as english_words_left
from game.ui.load_screen import LoadScene
from game.ui.widgets import CJK_CHARACTERS, NO_LINE_START, Fonts, UiFont, fit, rendered, wrap_lines

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_MAP = ROOT / "maps" / "default.tmx"
CJK = re.compile(f"[{CJK_CHARACTERS}]")

from test_game_loop import SteppedClock, play_to_the_end, press, run_frames  # noqa: E402
from tools.i18n import domains, problems  # noqa: E402


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
        lines[str(words)] = translate(words)
        return draw(self, words, *args, **kwargs)
    monkeypatch.setattr(UiFont, "render", recording)
    return lines


def english_left(lines: dict[str, str]) -> dict[str, list[str]]:
    """The lines that still show English words, beyond the kept terms (game/i18n/kept_terms.py) and paths."""
    return {english: words for english, shown in lines.items() if (words := english_words_left(shown))}


# The catalogues -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("code", sorted(LOCALES))
@pytest.mark.parametrize("domain", domains(), ids=lambda domain: domain.name)
def test_every_message_of_every_domain_is_translated_with_exactly_its_placeholders(domain, code):
    assert problems(domain, code) == []


def test_lines_are_drawn_in_the_chosen_language_and_numbers_stay(chinese):
    assert _("End turn") == "结束回合"
    assert translate(L_("Rule: {rule}", rule="4e §9.2")) == "规则：4e §9.2"
    assert _("{side} win!").format(side=_("Red")) == "红方获胜！"
    assert translate(listing(["Zorblat", L_("Blue")])) == "Zorblat、蓝方"


def test_a_lazy_line_reads_as_english_for_the_rules_and_is_drawn_in_the_chosen_language(chinese):
    line = L_("{side} surprised", side="Red")
    assert line == "Red surprised" and translate(line) == "红方被突袭"


def test_paths_and_file_names_are_never_translated(chinese):
    assert _("Saves in {folder}").format(folder="/home/fire/saves") == "存档位于 /home/fire/saves"
    assert english_words_left("自动存档 · autosave-000063.json") == []


def test_english_is_the_code_unchanged():
    assert current_language() == "en"
    assert _("End turn") == "End turn" and translate(L_("Rule: {rule}", rule="4e §9.2")) == "Rule: 4e §9.2"


# The font -----------------------------------------------------------------------------------------------------
def catalogue_characters() -> set[str]:
    every = "".join(LANGUAGES.values())
    for domain in domains():
        for code in LOCALES:
            if domain.catalogue(code).is_file():
                with domain.catalogue(code).open("rb") as handle:
                    for message in read_po(handle):
                        every += "".join([message.string] if isinstance(message.string, str) else message.string)
    return set(CJK.findall(every))


def test_every_chinese_character_of_the_catalogues_is_in_the_shipped_font():
    ttlib = pytest.importorskip("fontTools.ttLib")
    cmap = ttlib.TTFont(str(i18n.SHIPPED_CJK_FONT)).getBestCmap()
    listed = set(i18n.SHIPPED_CJK_FONT.with_suffix(".chars.txt").read_text(encoding="utf-8"))
    missing = sorted(c for c in catalogue_characters() if ord(c) not in cmap or c not in listed)
    assert missing == [], f"run tools/make_font.py: the shipped font lacks {''.join(missing)}"
    assert all(ord(c) in cmap for c in listed)
    assert (ROOT / "assets" / "fonts" / "LICENSE-DroidSansFallback.txt").is_file()


def test_chinese_is_drawn_by_the_cjk_face_and_latin_by_pygames_own(chinese):
    pygame.font.init()
    font = Fonts().small
    latin = pygame.font.Font(None, 20)
    assert font.size("7 + 2") == latin.size("7 + 2")
    image = font.render(_("End turn"), True, (255, 255, 255))   # 结束回合: four ideographs side by side
    assert image.get_size() == font.size(_("End turn")) and font.size(_("End turn"))[0] >= 4 * font.cjk_size
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
    notes = L_("Saved from the menu, the window and the scale change at once; saved during a skirmish, "
               "they and the animation speed wait for the next one. The sound changes as you set it.")
    lines = wrap_lines(font, notes, 120)
    assert len(lines) > 2 and all(font.size(line)[0] <= 120 for line in lines)
    assert "".join(lines) == translate(notes)
    for width in range(100, 220, 5):   # a closing mark never starts a line: its character goes down with it
        lines = wrap_lines(font, L_("Up and down choose; a refused save says why here, and nothing changes."), width)
        assert not any(line[0] in NO_LINE_START for line in lines), lines
    set_language("en")
    assert wrap_lines(font, "a b c", 1000) == ["a b c"]


def test_fit_cuts_the_translated_words(chinese):
    pygame.font.init()
    font = Fonts().small
    cut = fit(font, L_("No saves yet: F5 or Ctrl+S saves a skirmish, and every turn is autosaved."), 100)
    assert cut.endswith("...") and CJK.search(cut) and font.size(cut)[0] <= 100


def test_switching_language_at_run_time_redraws_the_same_line_in_the_new_language(chinese):
    pygame.font.init()
    font = Fonts().body
    chinese_image = rendered(font, L_("End turn"), (255, 255, 255))
    assert set_language("en") == ""
    english_image = rendered(font, L_("End turn"), (255, 255, 255))
    assert english_image.get_size() == pygame.font.Font(None, 24).render("End turn", True, (255, 255, 255)).get_size()
    assert english_image.get_size() != chinese_image.get_size()
    assert set_language("zh") == "" and rendered(font, L_("End turn"), (255, 255, 255)) is chinese_image


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
    assert current_language() == "en" and _("End turn") == "End turn"


def test_an_unknown_language_is_refused_and_english_stays():
    reason = set_language("fr")
    assert reason.startswith("unknown language 'fr'") and current_language() == "en"


@pytest.fixture
def own_catalogues(monkeypatch, tmp_path):
    """The game domain reads its catalogues from a folder of the test's own."""
    monkeypatch.setattr(i18n.GAME, "locale_dir", tmp_path)
    forget_catalogues()
    yield tmp_path / "zh_CN" / "LC_MESSAGES" / "game.po"
    monkeypatch.undo()
    forget_catalogues()
    set_language("en")


def test_a_broken_catalogue_keeps_its_messages_english_and_says_so_in_one_line_naming_the_file(own_catalogues):
    own_catalogues.parent.mkdir(parents=True)
    own_catalogues.write_text('msgid "End turn"\nmsgstr "结束\n\nmsgid\n', encoding="utf-8")
    reason = set_language("zh")
    assert str(own_catalogues) in reason and "\n" not in reason and "English" in reason
    assert _("End turn") == "End turn"


def test_a_missing_catalogue_is_named_in_one_line_and_its_messages_stay_english(own_catalogues):
    reason = set_language("zh")
    assert str(own_catalogues) in reason and "missing" in reason and "\n" not in reason
    assert _("Settings") == "Settings"



def test_the_start_menu_names_a_missing_catalogue_in_one_line_and_the_rest_is_still_translated(own_catalogues):
    save_settings(Settings(language="zh"))
    game = Game(None, 3, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        run_frames(game, 2)
        message = translate(game.scene.message)
        assert str(own_catalogues) in message and "\n" not in message
        assert current_language() == "zh" and _("Settings") == "Settings"
    finally:
        pygame.quit()


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
        play_to_the_end(game, 15000, each=hover_everything, every=200)      # even sides fight some ten rounds
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
