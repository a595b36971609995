"""The 5e-house screen in Chinese from its own gettext catalogue (the dnd5e domain, issue 24): the bar, the card,
the forecast, a refusal, the prompt, the area template and the log show no English beyond the kept terms, while
the rules, saves and tests still read English."""

from __future__ import annotations

import re

import pytest

import game.i18n as i18n
from game.ecs.components import Condition, Position
from game.i18n.gettext_domains import Lazy, translate
from game.rulesets.dnd5e import engine
from game.rulesets.dnd5e.commands import AttackRolled, Damaged
from game.rulesets.dnd5e.content import ABILITIES
from game.i18n import named
from game.rulesets.dnd5e.i18n import I18N
from game.rulesets.dnd5e.potions import MIXING_TABLE
from game.rulesets.dnd5e.presentation import adapter as rules_5e
from game.rulesets.dnd5e.presentation.controls import refusal_line
from game.rulesets.dnd5e.vitality import DamageType
from tests import test_i18n
from tests.test_5e_engine import run, skirmish
from tools.i18n import domains, problems

chinese = test_i18n.chinese
# Latin the Chinese screen keeps on purpose: defense and hit point abbreviations, difficulty classes, key names,
# the ruleset's own name in rule references ("5e-house §2.1"), spell components and the rulings file's path.
KEPT = frozenset({"AC", "HP", "DC", "house", "Enter", "Esc", "VS", "VSM", "VM", "SM", "docs", "rulings", "md"})
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def english_in(line: str) -> list[str]:
    """The English words the line still shows once drawn in the chosen language (one letter alone is a key or a
    creature's initial)."""
    return [word for word in LATIN_WORD.findall(translate(line)) if word not in KEPT]


@pytest.fixture
def gettext_only(chinese, monkeypatch):
    """Chinese from the gettext catalogues: a line this ruleset forgot to mark shows up in English."""


def test_every_5e_message_has_chinese_with_exactly_its_placeholders():
    dnd5e = next(d for d in domains() if d.name == "dnd5e")
    assert problems(dnd5e, "zh") == []


def test_every_chinese_character_of_the_5e_catalogue_is_in_the_shipped_font():
    from babel.messages.pofile import read_po
    with I18N.catalogue_path("zh").open("rb") as handle:
        catalogue = read_po(handle)
    written = "".join(m.string if isinstance(m.string, str) else "".join(m.string) for m in catalogue if m.id)
    listed = set(i18n.SHIPPED_CJK_FONT.with_suffix(".chars.txt").read_text(encoding="utf-8"))
    assert sorted(set(test_i18n.CJK.findall(written)) - listed) == []


def test_every_word_the_5e_rules_put_in_a_line_is_translated(gettext_only):
    """Conditions, damage types, abilities, actions and outcomes reach the log as values of a line: each is a
    message of its own (presentation/words.py TERMS)."""
    words = [t.value for t in DamageType] + [a.upper() for a in ABILITIES] + [r.replace("_", " ") for _, r in MIXING_TABLE]
    words += ["grapple", "trip", "disarm", "dodge", "dash", "disengage", "hide", "help", "first aid", "stand up",
              "drop prone", "escape", "off-hand attack", "dismiss", "prone", "grappled", "hidden", "unconscious",
              "weapon broken", "success", "failure", "stable", "revived", "dead", "healing", "heroism"]
    assert [w for w in words if english_in(I18N.gettext(w))] == []


def test_a_numbered_creature_keeps_its_number_and_its_kind_is_translated(gettext_only):
    assert named("Goblin 2") == "Goblin 2" and translate(named("Goblin 2")) == "地精 2"
    assert named("Brakka") == "Brakka"


def test_the_forecast_the_prompt_and_the_card_of_a_5e_skirmish_read_in_chinese(gettext_only):
    state, ids = skirmish(["...", ".FG", "..."], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    f, g = ids["F"], ids["G"]
    state.add_condition(g, Condition("prone"))
    seen = rules_5e.forecast(state, f, g, "Longsword")
    assert seen is not None and seen.line().startswith("+5 vs AC 15: hits on")       # the rules' own English
    forecast = translate(seen.line())
    assert forecast.startswith("+5 对 AC 15：掷出") and "目标倒地且在 5 尺内：优势" in forecast
    assert english_in(seen.line()) == []
    for line in rules_5e.card_lines(state, f) + rules_5e.card_lines(state, g):
        assert english_in(line) == [], line
    run(state, rules_5e.walk_to(f, rules_5e.reachable(state, f), (0, 0)))
    offer = rules_5e.offer_text(state)
    assert offer == "G: F is leaving your reach. Make an opportunity attack with your reaction? (5e-house §6)"
    assert translate(offer) == "G：F正在离开你的触及范围。用反应进行借机攻击吗？（5e-house §6）"


def test_an_area_spells_template_and_its_card_read_in_chinese(gettext_only):
    state, ids = skirmish(["W.......", "........", ".....GH."], {"W": ("wizard", "blue"), "G": ("goblin", "red"),
                                                                   "H": ("goblin", "blue")}, "WGH")
    w = ids["W"]
    area = rules_5e.area_template(state, w, "spell:shatter:2", (5, 2))
    assert area is not None and area.words.startswith("Shatter here catches G, H (ally!).")
    assert translate(area.words).startswith("粉碎音波施放于此：波及G、H（盟友！）。")
    assert english_in(area.words) == []
    for choice in rules_5e.choices(state, w):
        for text in (choice.label, choice.action, choice.reach, choice.aim, choice.uses, choice.usage, choice.summary):
            assert english_in(text) == [], (choice.key, text)


def play_until(game, wanted, frames: int = 3000) -> None:
    from tests.test_battle_5e import play_until as play
    play(game, wanted, frames)


def test_the_5e_battle_screen_in_chinese_shows_the_bar_forecast_refusal_and_log_of_its_own_catalogue(gettext_only,
                                                                                                       monkeypatch):
    import pygame
    from game.core.dice import ScriptedDice
    from game.ui.widgets import UiFont
    from test_game_loop import click, run_frames
    from tests.test_battle_5e import beside, five_e_game
    drawn: list[str] = []
    render = UiFont.render

    def recording(self, words, *args, **kwargs):
        drawn.append(translate(words))
        return render(self, words, *args, **kwargs)
    monkeypatch.setattr(UiFont, "render", recording)
    game = five_e_game(5, {"red": "normal"})
    try:
        scene = game.scene
        play_until(game, lambda s: s.state.name(s.actor) == "Brakka" and s.acting and not s.animator.busy)
        brakka, controls = scene.actor, scene.controls
        # The bar: every button's words and the reason a greyed one gives.
        for choice in controls.bar_choices:
            for text in (choice.label, choice.action, choice.reach, choice.aim, choice.uses, choice.usage, choice.summary):
                assert english_in(text) == [], (choice.key, text)
            if choice.blocked is not None:
                assert english_in(refusal_line(choice.blocked)) == [], choice.blocked
        # The card of everyone on the field.
        for creature in scene.state.standing():
            assert all(english_in(text) == [] for text, _ in controls.card(creature).lines)
        # A goblin beside Brakka: hovered, the hint forecasts the attack; clicked, the attack plays into the log.
        goblin = next(e for e in scene.state.standing() if scene.state.name(e) == "Goblin 1")
        scene.state.world.add(goblin, Position(beside(scene.state, scene.state.square(brakka))))
        scene._refresh_options()
        at = scene.view.square_rect(scene.state.square(goblin)).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        run_frames(game, 2)
        hint = controls.hint()
        assert isinstance(hint, Lazy) and str(hint).startswith("Longsword at Goblin 1: +5 vs AC")
        assert translate(hint).startswith("长剑攻击地精 1：+5 对 AC") and english_in(hint) == []
        assert any(line.startswith("长剑攻击地精") for line in drawn)          # what the hint line drew
        scene.match.dice = ScriptedDice([15, 4])                     # a hit; 1d8 + 3
        click(at)
        run_frames(game, 2)
        assert [e.target for _, events in scene.match.record for e in events if isinstance(e, Damaged)][-1] == goblin
        lines = [line for _, events in scene.match.record for e in events for line in controls.log_lines(e)]
        attack = next(line for line in lines if line.rule == "5e-house §4.3")
        assert translate(attack.text).startswith("布拉卡用长剑攻击地精 1：d20 15")
        assert [line.text for line in lines if english_in(line.text)] == []
        rolled = [e for _, events in scene.match.record for e in events if isinstance(e, AttackRolled)]
        assert rolled and engine.vitals(scene.state, goblin).hp < engine.vitals(scene.state, goblin).max_hp
        # Refusals in the hint line: a greyed button picked, a square out of reach clicked.
        blocked = next(c for c in controls.bar_choices if c.blocked is not None and c.key != "knockout")
        controls.pick(blocked)
        assert controls.message.startswith("Can't: ") and translate(controls.message).startswith("不行：")
        assert english_in(controls.message) == []
        far = next(sq for sq in scene.state.battlefield.squares() if sq not in scene.walk_costs
                   and scene.state.occupant_at(sq) is None)
        controls.click_square(far)
        assert english_in(controls.message) == [] and translate(controls.message).startswith("不能：")
    finally:
        pygame.quit()


def test_a_line_already_made_reads_english_and_is_drawn_again_in_the_language_chosen_later():
    state, ids = skirmish(["...", ".FG", "..."], {"F": ("fighter", "blue"), "G": ("goblin", "red")}, "FG")
    me, now = engine.sheet(state, ids["F"]), engine.vitals(state, ids["F"])
    line = rules_5e.card_lines(state, ids["F"])[1]
    english = f"AC {me.ac}   HP {now.hp}/{now.max_hp}   Speed {me.speed_ft} ft"
    try:
        assert i18n.set_language("en") == "" and translate(line) == line == english
        assert i18n.set_language("zh") == "" and line == english
        assert translate(line) == f"AC {me.ac}   HP {now.hp}/{now.max_hp}   速度 {me.speed_ft} 尺"
    finally:
        i18n.set_language("en")
    assert translate(line) == english
