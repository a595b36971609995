"""Issue 19: d20-modern played through the real battle screen headless: a click moves, the path preview names the
attack of opportunity, the 5-foot step's own overlay, the miss chance's d100 and a grenade's scatter in the log, a
refusal's reason, two computers fighting to a winner, a take-back, and the Chinese screen."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest

from game.core.grid import Square
from game.ecs.components import Condition, Position
from game.engine.cues import Sound
from game.i18n import set_language
from game.rulesets import no_screen
from game.rulesets.d20modern.commands import Attack, EndTurn, Move, Step, Throw, Thrown
from game.rulesets.d20modern.components import Carried, Sheet

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
WAREHOUSE = ROOT / "maps" / "warehouse.tmx"


class Rigged:
    """The match's own dice, but the given rolls first for the given dice (d20, d100)."""

    def __init__(self, dice, **rolls: list[int]) -> None:
        self.dice, self.rolls = dice, {int(k[1:]): list(v) for k, v in rolls.items()}

    def roll(self, sides: int) -> int:
        queued = self.rolls.get(sides)
        return queued.pop(0) if queued else self.dice.roll(sides)


def d20_game(computer: dict[str, str] | None = None, seed: int = 3, map_path: Path = WAREHOUSE):
    from game.app import FixedStepLoop, Game
    from test_game_loop import SteppedClock
    return Game(map_path, seed, (1280, 720), loop=FixedStepLoop(SteppedClock()), computer=computer,
                ruleset="d20-modern")


@pytest.fixture
def game():
    game = d20_game()
    yield game
    pygame.quit()


def hover(game, square: Square) -> None:
    from test_game_loop import run_frames
    pos = game.scene.view.square_rect(square).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(game, 1)


def place(scene, entity, square: Square) -> None:
    """Move a creature by hand (as the toy's test does) and let the screen work its options out again."""
    scene.state.world.add(entity, Position(square))
    scene._refresh_options()


def free_next_to(scene, square: Square) -> Square:
    bf = scene.state.battlefield
    return next((square[0] + dx, square[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if bf.in_bounds((square[0] + dx, square[1] + dy)) and not bf.at((square[0] + dx, square[1] + dy)).solid
                and scene.state.occupant_at((square[0] + dx, square[1] + dy)) is None)


def logged(scene) -> list[str]:
    """The combat log's entries, whole (the panel wraps them to its width)."""
    return [entry.words for entry in scene.log.entries["combat"]]


def enemy_of_all(scene):
    return [e for e in scene.state.standing() if scene.state.are_enemies(scene.actor, e)]


def enemy_of(scene):
    return next(e for e in scene.state.standing() if scene.state.are_enemies(scene.actor, e))


def test_d20_modern_has_a_battle_screen_so_menu_load_replay_and_online_accept_it():
    assert no_screen("d20-modern") == ""


def test_a_click_on_a_lit_square_moves_through_the_door(game):
    from test_game_loop import click, run_frames
    scene = game.scene
    run_frames(game, 2)
    actor, start = scene.actor, scene.state.square(scene.actor)
    assert scene.match.ruleset == "d20-modern" and scene.walk is not None
    to = max((s for s in scene.walk.endable if s not in scene.teleports), key=lambda s: (scene.walk.cost[s], s))
    click(scene.view.square_rect(to).center)
    run_frames(game, 2)
    command, _events = scene.match.record[-1]
    assert isinstance(command, Move) and command.path[0] == start and command.path[-1] == to
    assert scene.state.square(actor) == to
    assert any(" ft" in line and "moves" in line for line in logged(scene))


def test_the_path_preview_marks_the_square_whose_leaving_provokes_and_names_the_attacker(game):
    from test_game_loop import run_frames
    scene = game.scene
    run_frames(game, 2)
    actor, enemy = scene.actor, enemy_of(scene)
    here = scene.state.square(actor)
    place(scene, enemy, free_next_to(scene, here))
    scene.state.world.add(enemy, scene.state.conditions(enemy).removing("flat_footed"))   # AOO-08: it has acted
    scene._refresh_options()
    far = max((s for s in scene.walk.endable if s not in scene.teleports), key=lambda s: (scene.walk.cost[s], s))
    hover(game, far)
    preview = scene.controls.walk_preview()
    assert preview is not None and preview.path[-1] == far
    assert preview.provoking == (here,) and preview.attackers == (enemy,)        # AOO-02: leaving its reach
    assert f"attacks of opportunity from {scene.state.name(enemy)}" in scene._hint()


def test_the_five_foot_step_has_its_own_overlay_while_it_is_legal_and_a_click_takes_it(game):
    from test_game_loop import click, run_frames
    scene = game.scene
    run_frames(game, 2)
    actor = scene.actor
    assert scene.teleports, "the 5-foot step's squares are lit (violet) at the start of a turn"
    to = scene.teleports[0]
    click(scene.view.square_rect(to).center)
    run_frames(game, 2)
    assert scene.match.record[-1][0] == Step(actor, to)
    assert scene.teleports == []                       # ACT-02: one a round
    assert any("5-foot step" in line for line in logged(scene))


def test_an_attack_on_a_concealed_target_logs_the_miss_chance_roll(game):
    from test_game_loop import click, run_frames
    scene = game.scene
    run_frames(game, 2)
    actor, enemy = scene.actor, enemy_of(scene)
    place(scene, enemy, free_next_to(scene, scene.state.square(actor)))
    scene.state.add_condition(enemy, Condition("invisible"))            # CON-03: total concealment, 50%
    scene._refresh_options()
    assert enemy in scene.targets
    scene.match.dice = Rigged(scene.match.dice, d20=[20, 1], d100=[14])   # a threat not confirmed, then d100 14
    click(scene.view.square_rect(scene.state.square(enemy)).center)
    run_frames(game, 2)
    assert isinstance(scene.match.record[-1][0], Attack)
    assert any(re.fullmatch(r"50% miss chance: rolled 14, the (blow|shot) goes wide", line) for line in logged(scene))
    assert any(line.startswith("A threat: the confirmation roll is d20 1") for line in logged(scene))


def test_a_grenade_that_misses_logs_where_it_scattered_and_marks_aimed_and_landed(game):
    from test_game_loop import click, press, run_frames
    scene = game.scene
    run_frames(game, 2)
    for _ in range(30):                                # on to the first creature carrying a grenade
        carried = scene.state.world.get(scene.actor, Carried)
        if any(n for _k, n in carried.counts):
            break
        scene.submit(EndTurn(scene.actor))
        scene.handover = None
    actor = scene.actor
    item = next(x for x in scene.state.world.get(actor, Sheet).explosives)
    card = next(c for c in scene.bar_choices if c.key == f"attack:grenade:{item.name}")
    press(getattr(pygame, f"K_{card.hotkey}"))
    run_frames(game, 1)
    assert scene.mode == card.key and scene.controls.aiming_area()
    x, y = scene.state.square(actor)
    aim = next(s for s in ((x + d, y) for d in (4, -4, 5, -5)) if scene.state.battlefield.in_bounds(s)
               and Throw(actor, item.name, s) and scene.ruleset.validate(scene.state, Throw(actor, item.name, s)) is None)
    scene.match.dice = Rigged(scene.match.dice, d20=[1])                 # a natural 1 misses Defense 10
    click(scene.view.square_rect(aim).center)
    run_frames(game, 2)
    thrown = next(e for e in scene.match.record[-1][1] if isinstance(e, Thrown))
    assert not thrown.hit and thrown.landed != aim
    assert any(line.startswith(f"It scatters: it lands at ({thrown.landed[0]}, {thrown.landed[1]})")
               for line in logged(scene))
    cues = scene.rules.animation_cues(scene.match.record[-1][1], scene.state, {})
    assert "blast" in [c.kind for c in cues if isinstance(c, Sound)]               # the explosion is heard
    assert [z.label for z in scene.controls.zones_shown()] == ["grenade aimed here", "grenade landed here"]
    assert [z.squares for z in scene.controls.zones_shown()] == [(aim,), (thrown.landed,)]


def test_a_blocked_choice_says_the_doors_reason(game):
    from test_game_loop import press, run_frames
    scene = game.scene
    run_frames(game, 2)
    attack = next(c for c in scene.bar_choices if c.key.startswith("attack:") and c.blocked is not None)
    press(getattr(pygame, f"K_{attack.hotkey}"))
    run_frames(game, 1)
    assert scene.message == f"Can't: {attack.blocked.reason} ({attack.blocked.rule})"
    assert "is not within 5 ft" in scene.message or "no line of sight" in scene.message
    scene.message = ""
    far = max(enemy_of_all(scene), key=lambda e: scene.state.square(e))       # hovering an enemy it cannot reach
    hover(game, scene.state.square(far))
    assert scene._hint().startswith(f"Can't attack {scene.state.name(far)}: ")


def test_two_computers_fight_to_a_winner_on_the_battle_screen():
    from test_game_loop import play_to_the_end
    game = d20_game(computer={"blue": "normal", "red": "normal"}, seed=5, map_path=ROOT / "maps" / "default.tmx")
    try:
        scene = game.scene
        play_to_the_end(game, 40000, settled=True)
        assert scene.state.outcome is not None and scene.state.outcome.winner in ("blue", "red")
        assert scene.victory_buttons, "the victory box is drawn"
    finally:
        pygame.quit()


def test_a_move_is_taken_back_against_the_computer():
    from test_game_loop import click, press, run_frames
    # the Broken Crossroads: on the Warehouse red's crew, by the loading door, may reach blue's first creature
    # before it moves, and its opportunity attack would be one more command in the record
    game = d20_game(computer={"red": "easy"}, map_path=ROOT / "maps" / "default.tmx")
    try:
        scene = game.scene
        for _ in range(3000):                         # the computer side plays until blue's creature is up
            if scene.state.side(scene.actor) == "blue" and not scene.animator.busy and scene._computer() is None:
                break
            run_frames(game, 1)
        actor, start = scene.actor, scene.state.square(scene.actor)
        assert scene.state.side(actor) == "blue"
        before = len(scene.match.record)
        to = next(s for s in scene.walk.endable if s not in scene.teleports and not scene.controls.walk_preview())
        click(scene.view.square_rect(to).center)
        run_frames(game, 30)
        assert scene.state.square(actor) == to and len(scene.match.record) == before + 1
        press(pygame.K_BACKSPACE)
        run_frames(game, 2)
        assert len(scene.match.record) == before and scene.state.square(actor) == start and scene.actor == actor
    finally:
        pygame.quit()


KEPT = re.compile(r"d20-modern|d20|d%|DC|x\d|[A-Z]{3}-\d\d|§[\d.]+|\b[YNT]\b|Esc|Glock 17|Beretta 92F|Desert Eagle|"
                  r"Uzi|HK MP5|M16A2")      # dice, rule ids, keys and the guns' own names stay as the original has them


def english_left(text: str) -> list[str]:
    """The Latin words in a line once the kept terms (dice, rule ids, gun names) are taken out."""
    return re.findall(r"[A-Za-z]{2,}", KEPT.sub("", text))


def test_the_chinese_screen_shows_no_english_beyond_kept_terms():
    from test_game_loop import click, run_frames
    game = d20_game()
    try:
        scene = game.scene
        assert set_language("zh") == ""
        scene.show_match(scene.match)                  # the story so far told again, in Chinese
        run_frames(game, 2)
        actor, enemy = scene.actor, enemy_of(scene)
        place(scene, enemy, free_next_to(scene, scene.state.square(actor)))
        shown = [c.label for c in scene.bar_choices] + [c.summary for c in scene.bar_choices]
        shown += [scene._hint(), scene.rules.round_label(scene.state)]
        card = scene.controls.card(actor)
        shown += [card.subtitle, card.stats or ""] + [line for line, _tone in card.lines] + [p for p, _ in card.pips]
        for blocked in [c for c in scene.bar_choices if c.blocked is not None]:
            scene.controls.pick(blocked)                   # "Can't: " and the door's reason
            shown.append(scene.message)
        scene.message = ""
        click(scene.view.square_rect(scene.state.square(enemy)).center)
        run_frames(game, 2)
        shown += logged(scene) + [entry.words for entry in scene.log.entries["dice"]]
        leftovers = {line: english_left(line) for line in shown if english_left(line)}
        assert leftovers == {}
        assert any("防御值" in line for line in shown) and any("借机攻击" in line or "五尺快步" in line for line in shown)
    finally:
        set_language("en")
        pygame.quit()


def test_a_d20_save_verifies_and_steps_in_the_replay_viewer_on_the_battle_screen(tmp_path):
    from game.app import FixedStepLoop, Game
    from game.replay import saves
    from game.replay.load import verify
    from game.ui.battle import BattleScene
    from game.ui.replay_view import ReplayScene
    from test_game_loop import SteppedClock, click, run_frames
    game = d20_game()
    try:
        scene = game.scene
        run_frames(game, 2)
        to = scene.teleports[0]
        click(scene.view.square_rect(to).center)                 # a 5-foot step, then the turn ends
        run_frames(game, 2)
        scene.submit(EndTurn(scene.actor))
        match = scene.match
        path = saves.write_save(tmp_path / "d20.json", match, scene.setup)
    finally:
        pygame.quit()
    assert verify(path) == []
    game = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()), replay=path)
    try:
        viewer = game.scene
        assert isinstance(viewer, ReplayScene) and isinstance(viewer.battle, BattleScene)
        assert viewer.battle.match.ruleset == "d20-modern" and viewer.player.total == 2
        press_right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
        pygame.event.post(press_right)
        run_frames(game, 2)
        assert viewer.player.position == 1 and isinstance(viewer.battle.match.record[0][0], Step)
    finally:
        pygame.quit()


def test_the_start_menu_starts_a_d20_modern_skirmish_on_the_battle_screen(tmp_path, monkeypatch):
    from game.app import FixedStepLoop, Game
    from game.rulesets import RULESETS
    from game.ui.battle import BattleScene
    from game.ui.menu import MenuScene
    from test_game_loop import SteppedClock, press, run_frames
    from test_menu import focus_on
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    game = Game(None, None, (1280, 720), loop=FixedStepLoop(SteppedClock()))
    try:
        run_frames(game, 1)
        focus_on(game, ("ruleset",))
        for _ in range(len(RULESETS)):
            if game.scene.ruleset == "d20-modern":
                break
            press(pygame.K_RIGHT)
            run_frames(game, 1)
        menu = game.scene
        assert isinstance(menu, MenuScene) and menu.ruleset == "d20-modern"
        press(pygame.K_RETURN)
        run_frames(game, 2)
        assert isinstance(game.scene, BattleScene) and game.scene.match.ruleset == "d20-modern"
        assert game.scene.bar_choices                                  # the d20 bar, not a one-line refusal
    finally:
        pygame.quit()


def test_the_online_screen_plays_d20_modern_through_the_server():
    import time
    from game.net.server import LocalServer
    from game.rulesets import ruleset
    from test_net_battle import FRAMES, connected_battle
    server = LocalServer("127.0.0.1", 0)
    try:
        game, battle = connected_battle(server, {"blue": "here", "red": "computer:normal"}, ruleset_name="d20-modern")
        assert battle.match.ruleset == "d20-modern" and battle.human_sides == ["blue"]
        player = ruleset("d20-modern").make_player("ai", "blue", "normal", 7)
        sent = 0
        for _ in range(FRAMES):
            game.frame()
            if sent >= 3 or battle.state.outcome is not None:
                break
            online = battle.online
            if battle._computer() is None and online.pending is None and not battle.animator.busy:
                assert battle.submit(player.next_command(battle.state)), battle.message
                sent += 1
            time.sleep(0.001)
        for _ in range(200):                     # the server's echo of the last one
            game.frame()
            time.sleep(0.002)
        skirmish = server.server.rooms[battle.online.code].skirmish
        assert sent == 3 and len(battle.match.record) == len(skirmish.log) >= 3
    finally:
        server.stop()
        pygame.quit()


def test_a_zone_name_goes_below_when_a_creature_or_another_name_is_above():
    from game.ui.overlays import TAB_MARGIN, clear_place
    above, below = pygame.Rect(100, 50, 80, 14), pygame.Rect(100, 130, 80, 14)
    creature = pygame.Rect(120, 40, 32, 32)
    assert clear_place((above, below), [], TAB_MARGIN) == above
    assert clear_place((above, below), [creature], TAB_MARGIN) == below
    assert clear_place((above, below), [creature, below.inflate(8, 4)], TAB_MARGIN) == above   # nowhere clear
