"""Random mouse and keys through the real loop, headless: from the start menu or straight into a 4e or 5e
skirmish, every screen takes whatever a restless player sends without a traceback, and the battles move on."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from game.app import FixedStepLoop, Game
from game.ui.battle import BattleScene
from game.ui.menu import MenuScene

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from test_game_loop import SteppedClock  # noqa: E402

MAPS = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.tmx"))
WINDOW = (1280, 720)
FRAMES = 1500
KEYS = ([pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_TAB, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
         pygame.K_DOWN, pygame.K_F2, pygame.K_F3, pygame.K_F5, pygame.K_F9, pygame.K_F10, pygame.K_BACKSPACE,
         pygame.K_RIGHTBRACKET, pygame.K_LEFTBRACKET, pygame.K_y, pygame.K_n, pygame.K_m, pygame.K_r, pygame.K_c]
        + [getattr(pygame, f"K_{n}") for n in range(10)]
        + [getattr(pygame, f"K_{letter}") for letter in "abdefghijklopstuvwxz"])


def post_random_input(rng: random.Random, scene: object) -> None:
    """Up to two things a player might do this frame: click, move the mouse, turn the wheel or press a key."""
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        roll = rng.random()
        pos = (rng.randrange(WINDOW[0]), rng.randrange(WINDOW[1]))
        if roll < 0.55:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        if roll < 0.35:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3))))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif 0.55 <= roll < 0.6:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False))
        elif roll >= 0.6:
            key = rng.choice(KEYS)
            if key in (pygame.K_ESCAPE, pygame.K_q) and isinstance(scene, MenuScene):
                continue               # Esc on the start menu quits, which would end the run early
            mod = pygame.KMOD_CTRL if rng.random() < 0.03 else 0
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def play_randomly(game: Game, rng: random.Random) -> set[int]:
    """FRAMES frames of random input; the sizes of the command records of the battles seen on the way."""
    recorded: set[int] = set()
    for _ in range(FRAMES):
        post_random_input(rng, game.scene)
        assert game.frame(), "only Esc on the start menu quits, and it is never sent there"
        if isinstance(game.scene, BattleScene):
            recorded.add(len(game.scene.match.record))
    pygame.event.clear()
    return recorded


@pytest.mark.parametrize("seed", [1, 2])
def test_random_clicks_and_keys_from_the_start_menu_never_crash(seed):
    game = Game(None, None, WINDOW, loop=FixedStepLoop(SteppedClock()))
    try:
        play_randomly(game, random.Random(seed))
    finally:
        pygame.quit()


@pytest.mark.parametrize("ruleset", ["4e", "5e-house"])
def test_random_clicks_and_keys_in_a_skirmish_never_crash_and_commands_go_through(ruleset):
    rng = random.Random(ruleset)
    game = Game(rng.choice(MAPS), 7, WINDOW, loop=FixedStepLoop(SteppedClock()), computer={"red": "normal"},
                ruleset=ruleset)
    try:
        recorded = play_randomly(game, rng)
    finally:
        pygame.quit()
    assert max(recorded) >= 10      # the random player and the computer got commands through the door


# Every prompt, reached on purpose -------------------------------------------------------------------------
# Random clicks rarely line up a charge into a Shield, so the monkey is given each position that asks a
# question (an interrupt during a charge, an area attack, a bull rush; an opportunity attack) and then
# answers, clicks and presses at random while the prompt is up. Positions are staged as in
# test_battle_screen (a test position, not a rule); the provoking command goes through the scene as a
# player's would.

PROMPT_FRAMES = 240


def open_row(state, length: int, taken: set) -> tuple[int, int]:
    """The top-left square of two rows of ``length`` open, empty squares (room for a charge, a push or a
    Large ogre)."""
    bf = state.battlefield
    for y in range(1, bf.height - 2):
        for x in range(1, bf.width - length):
            row = [(x + i, y + j) for i in range(length) for j in (0, 1)]
            around = [(x + i, y + j) for i in range(-2, length + 2) for j in range(-2, 4)]   # no one else near
            if all(not bf.at(s).solid for s in row) and all(
                    state.occupant_at(s) is None or state.occupant_at(s) in taken for s in around if bf.in_bounds(s)):
                return x, y
    raise AssertionError("no open row on the map")


def monkey_through_prompt(game, rng: random.Random) -> bool:
    """Random input for PROMPT_FRAMES frames; whether an offer prompt was drawn on the way (a hand-over
    screen is passed with Enter, as the next player would)."""
    seen = False
    for _ in range(PROMPT_FRAMES):
        scene = game.scene
        if isinstance(scene, BattleScene) and scene.handover is not None:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        elif seen or rng.random() < 0.5:
            post_random_input(rng, scene)
        assert game.frame()
        seen = seen or bool(getattr(game.scene, "prompt_buttons", None))
    pygame.event.clear()
    return seen


def _provoke_4e(kind: str, scene) -> tuple[dict[str, object] | None, object]:
    """The staged places and the provoking command of one kind of 4e prompt."""
    from game.rulesets.dnd4e.actions.commands import AreaAttack, BullRush, Charge, Move

    state = scene.state
    ids = {state.name(e): e for e in state.creatures()}
    hob, ogre, miriel = ids["Hobgoblin soldier"], ids["Ogre bludgeoneer"], ids["Miriel"]
    x, y = open_row(state, 6, {hob, ogre, miriel})
    if kind == "charge":
        places = {"Hobgoblin soldier": (x, y), "Miriel": (x + 5, y)}
        return places, lambda: Charge(hob, miriel, tuple((x + i, y) for i in range(5)))
    if kind == "area":
        places = {"Ogre bludgeoneer": (x, y), "Miriel": (x + 2, y)}      # the ogre is Large: 2 x 2
        return places, lambda: AreaAttack(ogre, "Sweeping Club", (x, y))
    if kind == "bull rush":
        places = {"Hobgoblin soldier": (x, y), "Miriel": (x + 1, y)}
        return places, lambda: BullRush(hob, miriel)
    places = {"Miriel": (x + 3, y), "Hobgoblin soldier": (x + 4, y)}
    return places, lambda: Move(miriel, ((x + 3, y), (x + 2, y), (x + 1, y)))


@pytest.mark.parametrize("kind", ["charge", "area", "bull rush", "opportunity"])
def test_the_monkey_reaches_each_4e_prompt_and_answers_it_at_random(kind):
    from test_battle_screen import stage

    rng = random.Random(kind)
    computer = None if kind == "opportunity" else {"red": "normal"}     # the opportunity is red's to take
    game = Game(MAPS[[p.stem for p in MAPS].index("four-banners")], 7, WINDOW, loop=FixedStepLoop(SteppedClock()),
                computer=computer)
    try:
        scene = game.scene
        places, command = _provoke_4e(kind, scene)
        actor = "Miriel" if kind == "opportunity" else next(iter(places))
        stage(game, actor, places)
        assert scene.submit(command()), scene.message
        assert scene.state.offer is not None, f"the {kind} raised no offer"
        assert monkey_through_prompt(game, rng), f"the {kind} prompt was never drawn"
    finally:
        pygame.quit()


def test_the_monkey_reaches_the_5e_opportunity_attack_prompt_and_answers_it_at_random():
    from game.ecs.components import Position
    from game.rulesets.dnd5e.presentation import adapter as rules_5e

    rng = random.Random("5e opportunity")
    game = Game(MAPS[[p.stem for p in MAPS].index("default")], 5, WINDOW, loop=FixedStepLoop(SteppedClock()),
                ruleset="5e-house")
    try:
        scene = game.scene
        for _ in range(3000):
            if scene.state.side(scene.actor) == "blue" and scene.acting and scene.handover is None:
                break
            if scene.handover is not None or not scene.animator.busy:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="",
                                                     scancode=0))
            assert game.frame()
        actor = scene.actor
        x, y = scene.state.square(actor)
        goblin = next(e for e in scene.state.standing() if scene.state.side(e) != "blue")
        beside = next(s for s in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1))
                      if scene.state.occupant_at(s) is None and not scene.state.battlefield.at(s).solid)
        scene.state.world.add(goblin, Position(beside))
        search = rules_5e.reachable(scene.state, actor)
        away = max((s for s in scene.walk_costs), key=lambda s: (abs(s[0] - beside[0]) + abs(s[1] - beside[1]), s))
        assert scene.submit(rules_5e.walk_to(actor, search, away)), scene.message
        assert rules_5e.offer_text(scene.state) is not None
        assert monkey_through_prompt(game, rng), "the opportunity attack prompt was never drawn"
    finally:
        pygame.quit()


def test_the_monkey_reaches_the_5e_readied_action_prompt_and_answers_it_at_random():
    from game.ecs.components import Position
    from game.rulesets.dnd5e.components import Readied
    from game.rulesets.dnd5e.presentation import adapter as rules_5e

    rng = random.Random("5e readied")
    game = Game(MAPS[[p.stem for p in MAPS].index("default")], 5, WINDOW, loop=FixedStepLoop(SteppedClock()),
                ruleset="5e-house")
    try:
        scene = game.scene
        for _ in range(3000):
            if scene.state.side(scene.actor) == "blue" and scene.acting and scene.handover is None:
                break
            if scene.handover is not None or not scene.animator.busy:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="",
                                                     scancode=0))
            assert game.frame()
        state, actor = scene.state, scene.actor
        x, y = state.square(actor)

        def free(square: tuple[int, int]) -> bool:
            return (state.battlefield.in_bounds(square) and state.occupant_at(square) is None
                    and not state.battlefield.at(square).solid)

        goblin = next(e for e in state.standing() if state.side(e) != "blue")
        state.world.add(goblin, Readied(rules_5e.ready_weapon(state, goblin)))
        walk = None
        for target in sorted(scene.walk_costs):     # the goblin two squares east of one the walk reaches; it stops beside
            far = (target[0] + 2, target[1])
            if max(abs(far[0] - x), abs(far[1] - y)) > 2 and free(far):
                state.world.add(goblin, Position(far))
                walk = rules_5e.walk_to(actor, rules_5e.reachable(state, actor), (target[0] + 1, target[1]))
                if walk is not None:
                    break
        assert walk is not None and scene.submit(walk), scene.message
        assert rules_5e.offer_text(state) is not None and "readied" in rules_5e.offer_text(state).lower()
        assert monkey_through_prompt(game, rng), "the readied action prompt was never drawn"
    finally:
        pygame.quit()
