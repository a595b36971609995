"""sotdl-house skirmishes save, load and replay through the shared machinery; a free action can be taken back."""

from pathlib import Path

from game.replay import saves
from game.replay.format import Setup
from game.replay.load import load
from game.replay.rewind import plan_rewind
from game.rulesets import ruleset
from game.simulate import load_map, play_game

MAP = Path(__file__).resolve().parent.parent / "maps" / "default.tmx"


def short_game(seed=3, rounds=2):
    rules = ruleset("sotdl-house")
    creatures = rules.load_creatures()
    rosters = rules.load_rosters(creatures=creatures)
    players = {r.side: rules.make_player("ai", r.side, "normal", seed) for r in rosters}
    result = play_game(load_map(MAP), rosters, creatures, seed, players, max_rounds=rounds, ruleset_name="sotdl-house")
    return result.match, Setup(MAP, tuple(rosters))


def test_a_save_loads_back_to_the_same_match(tmp_path):
    match, setup = short_game()
    path = saves.write_save(tmp_path / "sotdl.json", match, setup)
    loaded = load(path)
    assert loaded.match.ruleset == "sotdl-house"
    assert [c for c, _ in loaded.match.record] == [c for c, _ in match.record]
    assert loaded.match.events == match.events


def test_dropping_prone_and_a_walk_are_taken_back_until_the_other_side_answers():
    from game.rulesets.sotdl.commands import DropProne, Move, Pass
    rules = ruleset("sotdl-house")
    creatures = rules.load_creatures()
    rosters = rules.load_rosters(creatures=creatures)
    setup = Setup(MAP, tuple(r for r in rosters if load_map(MAP).start_squares(r.side)))
    match = rules.new_match(load_map(MAP), list(setup.rosters), creatures, 11)
    who = rules.decider(match.state)
    events = match.submit(DropProne(who))
    assert isinstance(events, list) and not rules.turn_started(events)
    rewind = plan_rewind(match, setup)
    assert rewind.command == DropProne(who) and not rewind.match.state.has_condition(who, "prone")
    match = rewind.match
    x, y = match.state.square(who)
    step = next((x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if rules.validate(match.state, Move(who, ((x, y), (x + dx, y + dy)))) is None)
    before = match.state.world.snapshot()
    assert rules.turn_started(match.submit(Move(who, ((x, y), step))))     # the initiative went to the next side
    rewind = plan_rewind(match, setup)                   # R4 hand-off: still the walker's until the other side acts
    assert rewind.command == Move(who, ((x, y), step)) and rewind.side == match.state.side(who)
    assert rewind.match.state.world.snapshot() == before
    other = rules.decider(match.state)
    match.submit(Pass(other))                                    # the other side answered: the walk stands
    assert plan_rewind(match, setup).command == Pass(other)      # only the last command is ever taken back


def test_R2_the_banner_names_the_side_holding_the_initiative_by_its_roster_label_in_both_languages():
    from game.i18n import set_language
    rules = ruleset("sotdl-house")
    creatures = rules.load_creatures()
    rosters = [r for r in rules.load_rosters(creatures=creatures) if load_map(MAP).start_squares(r.side)]
    match = rules.new_match(load_map(MAP), rosters, creatures, 11)
    first = rules.decider(match.state)
    label = next(r.label for r in rosters if r.side == match.state.side(first))
    banner = rules.presenter().round_label(match.state)
    assert banner == f"Round 1 · {label} move first" and "side" not in banner
    assert set_language("zh") == ""
    try:
        chinese = rules.presenter().round_label(match.state)
        assert chinese.startswith("第 1 轮") and "先行动" in chinese and label not in chinese
    finally:
        set_language("en")


def test_R20_a_long_jump_and_its_landing_square_save_load_and_replay(tmp_path):
    from game.replay.load import verify
    from game.rulesets.sotdl.area import landings
    from game.rulesets.sotdl.commands import Defend
    from game.rulesets.sotdl.components import PendingArea
    match, rosters = next(found for seed in range(40) if (found := flask_on_an_orc(seed)) is not None)
    state = match.state
    blast = state.world.resource(PendingArea)
    orc, landing = blast.target, landings(state, blast)[-1]
    assert isinstance(match.submit(Defend(orc, "long_jump", landing)), list) and state.square(orc) == landing
    path = saves.write_save(tmp_path / "jump.json", match, Setup(MAP, tuple(rosters)))
    loaded = load(path)
    assert [c for c, _ in loaded.match.record] == [c for c, _ in match.record]
    assert loaded.match.record[-1][0] == Defend(orc, "long_jump", landing)
    assert loaded.match.state.square(orc) == landing and verify(path) == []


def flask_on_an_orc(seed):
    """A default-map skirmish (seeded dice, so it replays) in which, in round 1, the archer and the orcs walk towards
    each other (everyone else passes) and, blue first in round 2, the archer throws alchemist's fire at an orc that
    may long-jump: the match, or None for this seed."""
    from game.rulesets.sotdl.area import landings
    from game.rulesets.sotdl.commands import Move, Pass, Throw
    from game.rulesets.sotdl.components import PendingArea
    from game.rulesets.sotdl.presentation.choices import walk_search
    rules = ruleset("sotdl-house")
    creatures = rules.load_creatures()
    rosters = [r for r in rules.load_rosters(creatures=creatures) if load_map(MAP).start_squares(r.side)]
    match = rules.new_match(load_map(MAP), rosters, creatures, seed)
    state = match.state
    archer = next(e for e in state.creatures() if state.name(e) == "Archer")
    orcs = [e for e in state.creatures() if state.name(e).startswith("Orc ")]
    while rules.round_number(state) == 1:
        mover = rules.decider(state)
        if mover == archer or mover in orcs:
            toward = state.square(orcs[0] if mover == archer else archer)
            search = walk_search(state, mover, 10 if mover == archer else 5)
            if search is not None:
                spot = min(search.endable, key=lambda s: (max(abs(s[0] - toward[0]), abs(s[1] - toward[1])), s))
                if isinstance(match.submit(Move(mover, search.path_to(spot))), list):
                    continue
        match.submit(Pass(mover))
    if state.side(rules.decider(state)) != "blue":        # R2: any blue creature may act when blue holds it
        return None
    orc = next((o for o in orcs if rules.validate(state, Throw(archer, state.square(o))) is None), None)
    if orc is None:
        return None
    match.submit(Throw(archer, state.square(orc)))
    blast = state.world.maybe_resource(PendingArea)
    return (match, rosters) if blast is not None and blast.target == orc and landings(state, blast) else None
