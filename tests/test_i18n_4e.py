"""The 4e ruleset speaks Chinese from its own gettext catalogue (game/rulesets/dnd4e/locale): with the old regex
catalogue switched off, the log of every event, the forecast, the card, a refusal, a prompt and the power bar show
no English beyond the kept terms (AC, HP, key names, dice, rule references)."""

import dataclasses
import os
import re
import typing
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.app import FixedStepLoop, Game
from game.core.dice import ScriptedDice
from game.ecs.components import Position
from game.i18n import set_language, translate
from game.rulesets.dnd4e.actions import events as ev
from game.rulesets.dnd4e.actions.commands import Attack, Move
from game.rulesets.dnd4e.actions.door import validate
from game.rulesets.dnd4e.attacks import Modifier
from game.rulesets.dnd4e.content import load_creatures, load_rosters
from game.rulesets.dnd4e.i18n import L_, content
from game.rulesets.dnd4e.presentation.describe import refusal_text
from game.rulesets.dnd4e.presentation.narration import dice_line, narrate
from game.rulesets.dnd4e.setup import new_match
from game.maps.loader import load_battlefield
from game.settings import Settings, save_settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
DEFAULT_MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"

from test_game_loop import SteppedClock, click, press, run_frames  # noqa: E402

# Kept as written: rule references ("4e §25.5", "4e §9 dazed", "[A15]"), dice ("1d10", "2d6+4", "d20"), and
# the few Latin words the Chinese interface keeps (AC, HP, key names).
KEPT = re.compile(r"4e §[\d.]+(?:-§[\d.]+)?(?: dazed| prone)?|§[\d.]+|\[A\d+\]|M001-DT-05|\b\d*d\d+\b|\bd20\b")
KEPT_WORDS = {"AC", "HP", "Esc", "Enter"}
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
CJK = re.compile(r"[\u4e00-\u9fff]")


def english_in(line: str) -> list[str]:
    return [w for w in LATIN_WORD.findall(KEPT.sub("", line)) if w not in KEPT_WORDS]


def untranslated(lines: list[str]) -> dict[str, list[str]]:
    """Each drawn line (translated as the screen translates it) that still shows English words."""
    found = {}
    for line in lines:
        shown = translate(line)
        if english_in(shown):
            found[str(line)] = english_in(shown)
    return found


@pytest.fixture
def gettext_only(monkeypatch):
    """Chinese, spoken by the gettext catalogues."""
    save_settings(Settings(language="zh"))
    assert set_language("zh") == ""
    yield
    set_language("en")


def sample_events(match) -> list[ev.Event]:
    """One of each event kind, filled with sample values, and the attack roll's other outcomes."""
    entity, other = match.state.turn.order[0], match.state.turn.order[1]
    samples = {"int": 3, "str": "fire", "bool": True}
    found: list[ev.Event] = []
    for kind in typing.get_args(ev.Event):
        values: dict[str, object] = {}
        for f in dataclasses.fields(kind):
            hint = str(f.type)
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                continue
            if hint.startswith("tuple[Entity"):
                values[f.name] = (entity, other)
            elif "Entity" in hint:
                values[f.name] = other if f.name in ("target", "against") else entity
            elif "Square" in hint:
                values[f.name] = ((1, 1), (2, 2)) if "tuple" in hint else (1, 1)
            elif "tuple" in hint:
                values[f.name] = ()
            else:
                values[f.name] = samples.get(hint, "fire")
        if kind is ev.TurnEnded:
            values["reason"] = "stunned"
        found.append(kind(**values))
    attack = next(e for e in found if isinstance(e, ev.AttackRolled))
    mods = (Modifier(2, L_("combat advantage"), "4e §13"), Modifier(-2, L_("cover"), "4e §14"))
    found += [replace(attack, hit=False, critical=False, natural=1, modifiers=mods),
              replace(attack, critical=True, opportunity=True, natural=20)]
    return found


def test_every_event_kind_is_logged_in_chinese_with_its_dice(gettext_only):
    creatures = load_creatures()
    match = new_match(load_battlefield(DEFAULT_MAP), load_rosters(creatures=creatures), creatures, 1)
    lines = []
    for event in sample_events(match):
        lines += [line for line in (narrate(event, match.state, {"blue": "Border wardens"}), dice_line(event, match.state))
                  if line]
    assert len(lines) > 40
    assert untranslated(lines) == {}
    assert all(CJK.search(translate(line)) for line in lines)


def test_a_logged_line_is_english_for_the_record_and_chinese_when_drawn(gettext_only):
    creatures = load_creatures()
    match = new_match(load_battlefield(DEFAULT_MAP), load_rosters(creatures=creatures), creatures, 1)
    brakka = next(e for e in match.state.creatures() if match.state.name(e) == "Brakka")
    line = narrate(ev.UnitBloodied(brakka), match.state, {})
    assert line == "Brakka is bloodied!"
    assert translate(line) == "布拉卡进入流血状态！"
    set_language("en")
    assert translate(line) == "Brakka is bloodied!"


def stage(game, actor: str, places: dict[str, tuple[int, int]]) -> dict[str, int]:
    """Put creatures on chosen squares and give ``actor`` the turn (a test position, not a rule)."""
    scene = game.scene
    state = scene.state
    ids = {state.name(e): e for e in state.creatures()}
    for name, square in places.items():
        state.world.add(ids[name], Position(square))
    state.world.set_resource(replace(state.turn, index=state.turn.order.index(ids[actor])))
    scene._turn_began()
    scene.handover = None
    return ids


def hover(game, square):
    pos = game.scene.view.square_rect(square).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def bar_lines(controls) -> list[str]:
    """What the power bar shows of each choice, its tooltip and why it cannot be used now."""
    lines = []
    for choice in controls.bar_choices:
        lines += [choice.label, choice.action, choice.reach, choice.aim, choice.usage, *controls.tooltip(choice)]
        if choice.uses != choice.uses.strip("0123456789/"):
            lines.append(choice.uses)
        if choice.blocked is not None:
            lines.append(refusal_text(choice.blocked))
    return [line for line in lines if line]


def test_a_4e_battle_in_chinese_forecast_card_log_refusal_prompt_and_bar(gettext_only):
    game = Game(DEFAULT_MAP, 4, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        ids = stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (11, 8)})
        scene, controls = game.scene, game.scene.controls
        brakka, soldier = ids["Brakka"], ids["Hobgoblin soldier"]
        hover(game, (11, 8))
        run_frames(game, 2)
        shown = [controls.hint()]                                     # the forecast
        assert "%" in shown[0] and CJK.search(shown[0])
        card = controls.card(brakka)
        shown += [card.subtitle, card.hp_line or "", card.stats or "", card.staying, *(w for w, _ in card.lines),
                  *(w for w, _ in card.pips)]
        shown += bar_lines(controls)
        blocked = next(c for c in controls.bar_choices if c.blocked is not None and c.key != "knockout")
        controls.pick(blocked)                                        # a refusal, as the hint line shows it
        shown.append(scene.message)
        far = validate(scene.state, Attack(brakka, ids["Vess"], "longsword"))
        assert far is not None
        shown += [refusal_text(far), str(far)]          # str(refusal) too, as a screen may write it
        before = len(scene.match.record)
        scene.match.dice = ScriptedDice([18, 3, 4, 5])
        controls.message = ""
        click(scene.view.square_rect((11, 8)).center)                 # the attack, and its lines in the log
        run_frames(game, 30)
        events = [e for _, found in scene.match.record[before:] for e in found]
        assert any(isinstance(e, ev.AttackRolled) for e in events)
        logged = [line.text for e in events for line in controls.log_lines(e)]
        assert logged
        shown += logged
        shown.append(controls.card(soldier).hp_line or "")
        if scene.state.pending_forced is not None:                  # a push earned: its hint
            shown.append(controls.hint())
            press(pygame.K_RETURN)
            run_frames(game, 10)
        stage(game, "Brakka", {"Brakka": (10, 8), "Hobgoblin soldier": (11, 8)})
        run_frames(game, 1)
        click(scene.view.square_rect((8, 8)).center)                 # walking away provokes: the prompt
        run_frames(game, 40)
        assert scene.state.offer is not None
        prompt = controls.prompt()
        assert prompt is not None
        shown += [prompt.title, prompt.asks, prompt.explain, prompt.refused or "", *(w for _, w in prompt.labels),
                  controls.handover_reason()]
        assert isinstance(scene.match.record[-1][0], Move)
        run_frames(game, 2)                                           # drawn in Chinese without fault
    finally:
        pygame.quit()
    assert untranslated([line for line in shown if line]) == {}


def test_every_power_of_every_creature_is_described_in_chinese(gettext_only):
    from game.rulesets.dnd4e.presentation.describe import (
        power_reach, power_reach_short, power_summary, power_target_text, usage_text,
    )
    lines = []
    for template in load_creatures().values():
        lines.append(template.summary)
        for power in (*template.arsenal.attacks, *template.arsenal.teleports):
            lines += [power.name, power_reach(power), power_reach_short(power), power_target_text(power),
                      usage_text(power.usage, 1 if power.usage != "at-will" else None, 2), power_summary(power),
                      power_summary(power, user="Brakka")]
    assert len(lines) > 100
    assert untranslated([content(line) for line in lines if line]) == {}
