"""The interrupt prompt's words for every kind of paused attack: a charge, a bull rush and a grab paused by an
interrupt offer (4e §3.3, §25.4-§25.5, §25.11) are drawn without a crash."""

from types import SimpleNamespace

import pygame
import pytest

from game.rulesets.dnd4e.actions.commands import BullRush, Charge, Grab
from game.rulesets.dnd4e.actions.door import execute
from game.core.dice import DiceExpr, ScriptedDice
from game.ecs.components import END_OF_YOUR_NEXT_TURN, EffectSpec, Power
from game.match import Match
from game.rulesets.dnd4e.presentation.controls import Controls4e
from game.ui.hud import prompt_words
from game.ui.widgets import Fonts

from support import SWORD, Unit, battle

SHIELD = Power("Shield", "personal", 0, 0, 0, "", DiceExpr(0, 0, 0), weapon=False, action="interrupt",
               trigger="attacked_by_enemy", usage="encounter", targets="self",
               self_effects=(EffectSpec("defense_bonus", END_OF_YOUR_NEXT_TURN, 4),))


@pytest.fixture(scope="module")
def fonts():
    pygame.font.init()
    return Fonts(100)


@pytest.mark.parametrize("make, row", [
    (lambda ids: Charge(ids["A"], ids["B"], ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))), "A....B"),
    (lambda ids: Charge(ids["A"], ids["B"], ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)), bull_rush=True), "A....B.."),
    (lambda ids: BullRush(ids["A"], ids["B"]), "AB.."),
    (lambda ids: Grab(ids["A"], ids["B"]), "AB.."),
], ids=["charge", "charge into a bull rush", "bull rush", "grab"])
def test_the_shield_prompt_for_a_paused_maneuver_names_the_offer_3_3_25_5(fonts, make, row):
    state, ids = battle([row], {"A": Unit(), "B": Unit(side="red", attacks=(SWORD, SHIELD))})
    result = execute(state, make(ids), ScriptedDice([]))
    assert isinstance(result, list) and state.offer is not None and state.offer.power == "Shield"
    screen = SimpleNamespace(match=Match(state, ScriptedDice([]), 1), side_labels={"red": "Red"})
    prompt = Controls4e(screen).prompt()        # type: ignore[arg-type]   # only the match and labels are read
    assert prompt is not None
    words = prompt_words(fonts, prompt)
    assert words.title.startswith("Interrupt: Shield?") and words.refused is None
    assert not any("As it stands" in line for line in words.lines)    # a maneuver names no attack of its own


def test_the_prompt_moves_to_the_bottom_of_the_map_when_it_would_hide_the_creatures_it_asks_about(fonts):
    from game.ui.hud import PromptWords, draw_prompt
    screen = pygame.Surface((1280, 720))
    map_rect = pygame.Rect(0, 100, 900, 500)
    words = PromptWords("Interrupt: Shield?", (255, 220, 80), "Goblin attacks you.", ("AC +4",), None,
                        (("yes", "Shield"), ("no", "Let it pass")))
    up_top = draw_prompt(screen, fonts, map_rect, None, words, [pygame.Rect(600, 500, 32, 32)])
    asked_near_the_top = pygame.Rect(440, 140, 32, 32)
    moved = draw_prompt(screen, fonts, map_rect, None, words, [asked_near_the_top])
    assert up_top["yes"].bottom < map_rect.centery
    assert moved["yes"].top > map_rect.centery and moved["no"].bottom <= map_rect.bottom
