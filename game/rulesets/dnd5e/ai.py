"""A computer player for 5e-house at three levels (easy, normal, hard), sending only commands the door accepts.

Each call looks at the creature the skirmish waits for and picks the first thing that helps, in this
order: take an offered opportunity attack or readied action; get back up, pick up a dropped weapon, break a grapple;
bring a dying ally back (Healing Word, Cure Wounds, first aid); drink a potion when hurt (or heroism as
the enemy nears); a caster caught in melee teleports clear (Misty Step); throw an area
spell that catches two or more enemies and no ally; attack the weakest enemy it can reach (stowing a
weapon when both hands are full and only another could reach), then the off-hand attack; Ready an attack
when it can hit nobody this turn and an enemy can come to it (the enemy would get the first blow otherwise);
Search when a hidden enemy is close and nothing is in reach; walk towards the nearest enemy (melee creatures
until they are in reach, archers and casters until one is in range and seen); Dash when nothing is in reach
this turn; end the turn. That is the normal level; ``Level`` says what easy leaves out and hard adds (docs/ai.md,
"5e-house"). Every choice depends on the state, the level and the seed alone, so a replay replays it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterator

from game.core.dice import DiceExpr, SeededDice
from game.core.grid import Square, footprint
from game.core.lines import line_of_effect
from game.ecs.components import Body
from game.ecs.world import Entity
from game.engine.routes import route_squares
from game.rulesets.dnd5e.attacks import COVER_BONUS, hit_chance, needed_roll
from game.i18n import named
from game.rulesets.dnd5e.i18n import L_, Ln_
from game.rulesets.dnd5e.commands import (
    Attack, Cast, Dash, Disengage, Dodge, DrinkPotion, EndTurn, Escape, FirstAid, Move, OffHandAttack, PickUp, React,
    Ready, Search, StandUp, Stow,
)
from game.rulesets.dnd5e.components import Potions, Sheet, Spell, Weapon
from game.rulesets.dnd5e.distance import distance_ft
from game.rulesets.dnd5e.engine import (
    attack_odds, attack_problem, awake, budget, concentration, decider, feet_rules, hands, hidden_enemies, pending,
    readied, round_of, sheet, slots, spell_named, spell_problem, validate, vitals, weapon_named,
)
from game.rulesets.dnd5e.movement import FeetSearch, half_speed_ft
from game.rulesets.dnd5e.sight import FAILS, sight_check
from game.rulesets.dnd5e.situation import MELEE, RANGED, REACH_FT, can_see, cover, provokers, sight_field
from game.state import GameState


@dataclass(frozen=True)
class Level:
    """What one level of the computer does (docs/ai.md, "5e-house")."""

    random_picks: bool     # easy: a seeded random pick among the attacks it can make and the best squares to walk to
    tends_wounded: bool    # potions, healing and first aid for the dying, Misty Step out of melee (easy: none)
    careful_areas: bool    # an area spell only when it catches no ally (easy: one ally caught is fine)
    focus_fire: bool       # hard: the target by expected damage, the chance to drop it and what it would go on doing
    heeds_reach: bool      # hard: walks that provoke no opportunity attack; Disengage to leave an enemy's reach
    keeps_back: bool       # hard: archers and casters shoot, then step back out of the enemies' next charge
    dodges: bool           # hard: Dodge when wounded, nothing is in reach and an enemy closes in
    readies: bool          # Ready its attack for the enemy to come, rather than walk into the enemy's first blow
    searches: bool         # Search for a hidden enemy close by when it can attack no one
    first_aid: bool        # first aid for a dying ally (hard: none; a stabilised ally stays out of the fight)


LEVELS: dict[str, Level] = {
    "easy": Level(random_picks=True, tends_wounded=False, careful_areas=False, focus_fire=False, heeds_reach=False,
                  keeps_back=False, dodges=False, readies=False, searches=False, first_aid=False),
    "normal": Level(random_picks=False, tends_wounded=True, careful_areas=True, focus_fire=False, heeds_reach=False,
                    keeps_back=False, dodges=False, readies=True, searches=True, first_aid=True),
    "hard": Level(random_picks=False, tends_wounded=True, careful_areas=True, focus_fire=True, heeds_reach=True,
                  keeps_back=True, dodges=True, readies=True, searches=True, first_aid=False),
}


# Ready only in the first rounds: from then on two sides that both wait for the other would stall the game.
READY_UNTIL_ROUND = 4


class NotMyTurn(RuntimeError):
    """The skirmish waits for a creature of another side."""


class Controller5e:
    """The computer player for every creature of ``side``, at ``difficulty`` (a key of LEVELS); ``seed``
    seeds easy's random picks."""

    def __init__(self, side: str, difficulty: str = "normal", seed: int = 0) -> None:
        if difficulty not in LEVELS:
            raise ValueError(f"unknown difficulty {difficulty!r} (choose {', '.join(LEVELS)})")
        self.side = side
        self.difficulty = difficulty
        self.level = LEVELS[difficulty]
        self.seed = seed
        self.last_label = ""          # why the last command was chosen, for logs and tests

    def next_command(self, state: GameState) -> Any:
        who = decider(state)
        if state.side(who) != self.side:
            raise NotMyTurn(f"{state.name(who)} is on side {state.side(who)!r}, not {self.side!r}")
        if pending(state) is not None:
            return self._chose(L_("opportunity attack"), React(who, True))
        if state.outcome is None:
            for label, command in self._options(state, who):
                if command is not None and validate(state, command) is None:
                    return self._chose(label, command)
        return self._chose(L_("end turn"), EndTurn(who))

    def _chose(self, label: str, command: Any) -> Any:
        self.last_label = label
        return command

    def _options(self, state: GameState, me: Entity) -> Iterator[tuple[str, Any]]:
        """Candidate commands, best first; the first the door accepts is sent. Built lazily, group by group,
        so a call stops working as soon as one passes."""
        level = self.level
        mine = budget(state, me)
        if state.has_condition(me, "prone") and mine.movement_ft >= half_speed_ft(mine.speed_ft):
            yield L_("stand up"), StandUp(me)
        yield L_("pick up the weapon"), PickUp(me)
        yield L_("break the grapple"), Escape(me)
        if level.tends_wounded:
            yield from self._rescue(state, me)
            yield from self._potion(state, me)
            yield from self._step_away(state, me)
        if mine.standard:
            yield from self._area_spell(state, me)
        if level.keeps_back:
            yield from self._leave_melee(state, me)
        if mine.standard:
            yield from self._attacks(state, me)
            yield from self._free_a_hand(state, me)
        if mine.bonus and mine.attacked_with:
            yield from self._off_hand(state, me)
        if level.keeps_back:
            yield from self._keep_back(state, me)
        if level.searches and mine.standard:
            yield from self._search(state, me)
        if level.readies and mine.standard:
            yield from self._ready(state, me)
        yield from self._approach(state, me)
        if mine.standard and not self._anything_in_reach(state, me):
            if level.dodges and vitals(state, me).bloodied and \
                    self._nearest_enemy_ft(state, me) <= mine.speed_ft + 5:
                yield L_("dodge: wounded, with enemies closing in"), Dodge(me)
            yield L_("dash"), Dash(me)

    def _dice(self, state: GameState, me: Entity) -> SeededDice:
        """Easy's random picks: the game's own seeded dice, seeded from a digest of the controller's seed,
        its side and where the skirmish stands (round, turn, what the creature has left, its square and
        hit points), so asking twice gives the same answer and a replay the same game in any process."""
        now = round_of(state)
        mine = budget(state, me)
        moment = (f"{self.seed}:{self.side}:{me}:{now.number}:{now.index}:{mine.standard}{mine.bonus}"
                  f"{mine.movement_ft}:{state.square(me)}:{vitals(state, me).hp}")
        return SeededDice(int.from_bytes(hashlib.sha256(moment.encode()).digest()[:8], "big"))

    # Helping allies -------------------------------------------------------------------------------------
    def _rescue(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        down = [a for a in state.standing() if not state.are_enemies(me, a) and vitals(state, a).dying
                and not vitals(state, a).stable]
        found: list[tuple[str, Any]] = []
        for ally in down:
            for spell in sheet(state, me).spells:
                if spell.effect == "heal":
                    found.append((L_("{spell} on a dying ally", spell=spell.name), Cast(me, spell.key, ally)))
            if distance_ft(state.space(me), state.space(ally)) <= 5 and self.level.first_aid:
                found.append((L_("first aid"), FirstAid(me, ally)))
        return found

    def _potion(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        bag = state.world.maybe(me, Potions)
        if bag is None:
            return []
        found: list[tuple[str, Any]] = []
        now = vitals(state, me)
        if now.bloodied and bag.healing:
            found.append((L_("healing potion"), DrinkPotion(me, "healing")))
        if bag.heroism and not bag.lasting_effect and self._nearest_enemy_ft(state, me) <= 30:
            found.append((L_("potion of heroism"), DrinkPotion(me, "heroism")))
        return found

    def _step_away(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        """A caster or archer with an enemy next to it teleports clear (Misty Step) to the seen, unoccupied
        square farthest from the enemies that still leaves one within its range."""
        wants = self._wants_ft(state, me)
        if wants <= 5 or self._nearest_enemy_ft(state, me) > 5:
            return []
        found: list[tuple[str, Any]] = []
        foes = self._enemies(state, me)
        for spell in sheet(state, me).spells:
            if spell.effect != "teleport" or slots(state, me).at(spell.level) < 1:
                continue
            here, size = state.space(me)
            spots = [sq for sq in state.battlefield.squares() if distance_ft((here, size), (sq, size)) <= spell.range_ft]

            def clear(square: Square) -> tuple[int, int]:
                gaps = [distance_ft((square, size), state.space(e)) for e in foes]
                return (min(gaps) if min(gaps) <= wants else -1, -(square[1] * 10_000 + square[0]))

            for spot in sorted(spots, key=clear, reverse=True)[:8]:
                if clear(spot)[0] > 5 and spell_problem(state, me, spell, None, spot) is None:
                    found.append((L_("{spell} away from the melee", spell=spell.name), Cast(me, spell.key, at=spot)))
                    break
        return found

    # Attacking ------------------------------------------------------------------------------------------
    def _enemies(self, state: GameState, me: Entity) -> list[Entity]:
        """Awake enemies, weakest first (then the nearest, then the lowest id)."""
        here = state.space(me)
        foes = [e for e in state.standing() if state.are_enemies(me, e) and awake(state, e)]
        return sorted(foes, key=lambda e: (vitals(state, e).hp, distance_ft(here, state.space(e)), e))

    def _area_spell(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        found: list[tuple[str, Any]] = []
        left = slots(state, me)
        allies_allowed = 0 if self.level.careful_areas else 1
        for spell in sheet(state, me).spells:
            if spell.effect != "save" or spell.level == 0 or left.at(spell.level) < 1:
                continue
            centres: list[Square | None] = [None] if spell.range_ft == 0 else \
                [state.square(e) for e in self._enemies(state, me)]
            for centre in centres:
                caught = self._caught(state, me, spell, centre)
                awake_foes = sum(state.are_enemies(me, e) and awake(state, e) for e in caught)
                allies = sum(not state.are_enemies(me, e) for e in caught)
                if awake_foes >= self._enough_caught(left.at(spell.level)) and allies <= allies_allowed:
                    why = Ln_("{spell} on {n} enemy", "{spell} on {n} enemies", awake_foes, spell=spell.name)
                    found.append((why, Cast(me, spell.key, at=centre)))
        return found

    def _enough_caught(self, slots_left: int) -> int:
        """How many enemies an area spell has to catch: two; hard spends a slot on one enemy while it keeps
        another slot of that level (for a rescue, or a better chance later)."""
        return 1 if self.level.focus_fire and slots_left >= 2 else 2

    def _caught(self, state: GameState, me: Entity, spell: Spell, centre: Square | None) -> list[Entity]:
        """Every creature on the battlefield the spell would reach, the unconscious included."""
        space = state.space(me) if centre is None else (centre, 1)
        return [e for e in state.standing() if e != me and distance_ft(space, state.space(e)) <= spell.radius_ft]

    def _attacks(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        found: list[tuple[str, Any]] = []
        for target in self._enemies(state, me):
            for weapon in self._weapons_by_preference(state, me, target):
                if attack_problem(state, me, target, weapon) is None:
                    found.append((L_("{weapon} on the weakest enemy in reach", weapon=weapon.name), Attack(me, target, weapon.name)))
            for spell in sheet(state, me).spells:
                if spell.effect == "attack" and spell_problem(state, me, spell, target, None) is None:
                    found.append((L_("{spell} on the weakest enemy in range", spell=spell.name), Cast(me, spell.key, target)))
        if self.level.focus_fire:
            return self._focused(state, me, found)
        if self.level.random_picks and found:
            _, pick = found[self._dice(state, me).roll(len(found)) - 1]
            return [(L_("{attack} on {target}, picked at random", attack=self._weapon_name(state, me, pick),
                        target=named(state.name(pick.target))), pick)]
        return found

    def _weapon_name(self, state: GameState, me: Entity, command: Attack | Cast) -> str:
        if isinstance(command, Attack):
            return command.weapon
        spell = spell_named(state, me, command.spell)
        assert spell is not None               # the door accepted the cast
        return spell.name

    def _free_a_hand(self, state: GameState, me: Entity) -> Iterator[tuple[str, Any]]:
        """With both hands full and only a weapon it does not hold able to hit an enemy (a bow out of melee),
        stow one it holds that cannot (§2.4); the Attack then draws the other for free."""
        held = hands(state, me).held
        if hands(state, me).free:
            return
        foes = self._enemies(state, me)
        useful = [w for w in sheet(state, me).attacks if w.name not in held
                  and any(attack_problem(state, me, t, w, as_if_held=True) is None for t in foes)]
        if not useful:
            return
        for name in held:
            weapon = weapon_named(state, me, name)
            if all(attack_problem(state, me, t, weapon) is not None for t in foes):
                yield L_("stow the {weapon} to draw another weapon", weapon=name), Stow(me, name)

    def _off_hand(self, state: GameState, me: Entity) -> Iterator[tuple[str, Any]]:
        """Two-weapon fighting (§2.2): the bonus action attack with the other Light weapon, weakest enemy first."""
        for target in self._enemies(state, me):
            for weapon in sheet(state, me).attacks:
                if weapon.light:
                    yield L_("off-hand {weapon}", weapon=weapon.name), OffHandAttack(me, target, weapon.name)

    def _focused(self, state: GameState, me: Entity, found: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
        """Hard: the attacks by their worth (``_attack_worth``), best first; ties keep the normal order."""
        scored = []
        for order, (_, command) in enumerate(found):
            if isinstance(command, Attack):
                weapon = weapon_named(state, me, command.weapon)
                assert weapon is not None
                worth = self._attack_worth(state, me, command.target, weapon.bonus, weapon.kind, weapon.damage,
                                           weapon.damage_type, weapon.kind == RANGED and
                                           distance_ft(state.space(me), state.space(command.target)) > weapon.range_ft)
                name = weapon.name
            else:
                spell = spell_named(state, me, command.spell)
                assert spell is not None and spell.damage is not None
                worth = self._attack_worth(state, me, command.target, sheet(state, me).spell_attack, RANGED,
                                           spell.damage, spell.damage_type, False)
                name = spell.name
            scored.append((-worth, order, (L_("{attack} on {target}: the best blow", attack=name,
                                                      target=named(state.name(command.target))), command)))
        return [entry for _, _, entry in sorted(scored)]

    @staticmethod
    def _healer_for(state: GameState, e: Entity) -> bool:
        """Whether an awake ally of ``e`` has a healing spell and a slot for it (it can bring ``e`` back up)."""
        return any(a != e and not state.are_enemies(e, a) and awake(state, a) and any(
            s.effect == "heal" and slots(state, a).at(s.level) > 0 for s in sheet(state, a).spells)
            for a in state.standing())

    def _attack_worth(self, state: GameState, me: Entity, target: Entity, bonus: int, kind: str, damage: DiceExpr,
                      damage_type: str, beyond: bool) -> Fraction:
        """Hard's worth of one attack roll, in hit points: the expected damage (no more than the target has
        left) and the chance of dropping it times what it would go on dealing (or healing) each round, plus 3;
        half that chance when an ally of the target can heal it back up (issue 21: hard's fighter threw javelins
        at a wizard its cleric kept healing back up, while the fighter and cleric next to it went unanswered)."""
        ac = sheet(state, target).ac + COVER_BONUS.get(cover(state, me, target, kind), 0)
        chance = hit_chance(needed_roll(bonus, ac), attack_odds(state, me, target, kind, beyond))
        left = vitals(state, target).hp
        taken = _damage_taken(sheet(state, target), damage_type)
        outcomes = _outcomes(damage)
        total = sum(outcomes.values())
        expected = Fraction(sum(min(left, amount * taken[0] // taken[1]) * n for amount, n in outcomes.items()), total)
        drops = Fraction(sum(n for amount, n in outcomes.items() if amount * taken[0] // taken[1] >= left), total)
        if self._healer_for(state, target):
            drops /= 2              # Healing Word brings it back as a bonus action: a drop is worth less
        return chance * (expected + drops * (Fraction(self._threat2(state, target), 2) + 3))

    def _threat2(self, state: GameState, foe: Entity) -> int:
        """Twice what a creature deals with its best attack (weapon or attack spell) on average, plus twice its
        best heal while it has a slot for it (a healer keeps its side standing)."""
        mine = sheet(state, foe)
        blows = [_average2(w.damage) for w in mine.attacks]
        blows += [_average2(s.damage) for s in mine.spells if s.effect in ("attack", "save") and s.damage
                  and (s.level == 0 or slots(state, foe).at(s.level) > 0)]
        heals = [_average2(s.heal) for s in mine.spells
                 if s.effect == "heal" and s.heal and slots(state, foe).at(s.level) > 0]
        return max(blows, default=0) + max(heals, default=0)

    def _weapons_by_preference(self, state: GameState, me: Entity, target: Entity) -> list[Weapon]:
        """Melee when the target is in reach, else ranged weapons within normal range, then long range."""
        gap = distance_ft(state.space(me), state.space(target))
        attacks = sheet(state, me).attacks
        melee = [w for w in attacks if w.kind == MELEE and gap <= w.reach_ft]
        ranged = sorted((w for w in attacks if w.kind != MELEE), key=lambda w: gap > w.range_ft)
        return melee + ranged

    def _anything_in_reach(self, state: GameState, me: Entity) -> bool:
        foes = self._enemies(state, me)
        return any(attack_problem(state, me, t, w) is None for t in foes for w in sheet(state, me).attacks)

    # Moving ---------------------------------------------------------------------------------------------
    def _nearest_enemy_ft(self, state: GameState, me: Entity) -> int:
        here = state.space(me)
        return min((distance_ft(here, state.space(e)) for e in self._enemies(state, me)), default=10 ** 6)

    def _wants_ft(self, state: GameState, me: Entity) -> int:
        """How close it wants to be: within its best normal range when its best shot (weapon or attack
        spell) deals at least as much on average as its best melee weapon, else within melee reach."""
        mine = sheet(state, me)
        melee = [w for w in mine.attacks if w.kind == MELEE]
        shots = [(w.range_ft, _average2(w.damage)) for w in mine.attacks if w.kind != MELEE]
        shots += [(s.range_ft, _average2(s.damage)) for s in mine.spells if s.effect == "attack" and s.damage]
        best_melee = max((_average2(w.damage) for w in melee), default=-1)
        if shots and max(avg for _, avg in shots) >= best_melee:
            return max(reach for reach, avg in shots if avg >= best_melee)
        return max((w.reach_ft for w in melee), default=5)

    def _walks(self, state: GameState, me: Entity) -> tuple[FeetSearch, list[Square]]:
        """The walk search from where the creature stands, and the squares a walk may end on (no falls)."""
        mine = budget(state, me)
        search = feet_rules(state, me).search(mine.movement_ft, mine.diagonals)
        return search, [s for s in search.reachable(mine.movement_ft) if s not in search.falls]

    def _provokes(self, state: GameState, me: Entity, path: tuple[Square, ...]) -> bool:
        """Hard: whether walking ``path`` gives an enemy an opportunity attack (§6), as the door asks it."""
        return any(budget(state, e).reaction for e in provokers(state, me, path, budget(state, me).disengaged))

    def _approach(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        mine = budget(state, me)
        if mine.movement_ft < 5 or self._anything_in_reach(state, me) and self._settled(state, me):
            return []
        if self._shooter(state, me) and readied(state, me) is not None:
            return []           # its shot is held for the enemy that steps out (_ready): walking off wastes it
        foes = self._enemies(state, me)
        if not foes:
            return []
        wants = self._wants_ft(state, me)
        search, options = self._walks(state, me)
        here = state.space(me)
        size = here[1]

        seen: dict[Entity, bool] = {}
        # Walking distance round walls to the enemies (5e-house has no map portals): the straight line
        # alone leaves it pressed against the near face of a wall the enemy stands behind (issue 21).
        goals = [square for e in foes for square in footprint(*state.space(e))]
        route = route_squares(state.battlefield, goals, size, state.world.get(me, Body).flying)
        unreached = 10 ** 6

        def score(square: Square) -> tuple[int, int, int, int, int, int]:
            space = (square, size)
            nearest = min(foes, key=lambda e: (distance_ft(space, state.space(e)), e))
            gap = distance_ft(space, state.space(nearest))
            if gap <= wants and nearest not in seen:
                seen[nearest] = can_see(state, me, nearest)
            # In place: in range, seen, and a line of effect from that square (a wall of force is seen through
            # but stops every blow, so standing behind one is no place to shoot from).
            placed = gap <= wants and seen[nearest] and line_of_effect(state.battlefield, space, state.space(nearest))
            sees = seen[nearest] if gap <= wants else True
            return (0 if placed else 1, 0 if placed else route.get(square, unreached), max(0, gap - wants),
                    0 if sees else 1, search.cost[square], square[1] * 10_000 + square[0])

        # Only a walk that gets it in place, nearer by the way round, or nearer in a line (when no way leads
        # there) or into sight is worth taking: each one makes progress.
        stay = score(here[0])[:4]
        ranked = sorted((s for s in options if score(s)[:4] < stay), key=score)
        if self.level.random_picks and ranked:
            ranked = [ranked[self._dice(state, me).roll(min(3, len(ranked))) - 1]]
        if self.level.heeds_reach and ranked:
            # The best of the first dozen walks that provoke nothing; none: Disengage first, if it can.
            safe = next((s for s in ranked[:12]
                         if not self._provokes(state, me, search.path_to(s) or (here[0],))), None)
            if safe is None and mine.standard and not self._anything_in_reach(state, me):
                return [(L_("disengage before walking out of reach"), Disengage(me))]
            ranked = [safe] if safe is not None else []
        path = search.path_to(ranked[0]) if ranked else None
        return [(L_("walk towards the enemy"), Move(me, path))] if path else []

    def _settled(self, state: GameState, me: Entity) -> bool:
        """In reach of an enemy already: a melee creature stays put rather than provoke."""
        return self._nearest_enemy_ft(state, me) <= self._wants_ft(state, me)

    # Ready: let the enemy come ---------------------------------------------------------------------------
    def _search(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        """Search (§2.1) when nothing is in reach and a hidden enemy stands within a walk and a blow of it where
        its eyes could make it out: found, it can be hit without disadvantage next turn."""
        if self._anything_in_reach(state, me):
            return []
        near = budget(state, me).speed_ft + REACH_FT
        field, eye = sight_field(state, me), state.space(me)
        if any(distance_ft(eye, state.space(e)) <= near and sight_check(field, eye, state.space(e)) != FAILS
               for e in hidden_enemies(state, me)):
            return [(L_("search for the hidden enemy"), Search(me))]
        return []

    def _ready(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        """Ready (§2.1) its best attack for the first enemy to come within reach or sight, when it can attack
        nobody this turn and an enemy can come to it on its own next turn: whoever closes the gap takes the
        first blow, so it lets the enemy close it. A melee creature with no enemy within reach of any square
        it can walk to this turn readies its melee weapon; an archer or caster with an enemy in range that it
        cannot see or hit (behind a wall, in fog or darkness: walking nearer does not help) readies its shot.
        Up to round READY_UNTIL_ROUND only: two sides both waiting would wait for ever."""
        if round_of(state).number > READY_UNTIL_ROUND or self._anything_in_reach(state, me):
            return []
        foes = self._enemies(state, me)
        here = state.space(me)
        wants = self._wants_ft(state, me)
        if self._shooter(state, me):
            if not any(distance_ft(here, state.space(e)) <= wants for e in foes):
                return []
            return self._readied_shots(state, me, wants)
        melee = [w for w in sheet(state, me).attacks if w.kind == MELEE]
        reach = max((w.reach_ft for w in melee), default=0)
        if not reach:
            return []
        _, options = self._walks(state, me)
        spaces = [state.space(e) for e in foes]
        if any(distance_ft((square, here[1]), space) <= reach for square in options for space in spaces):
            return []           # it can walk up and strike first this turn (_approach)
        coming = [e for e in foes if distance_ft(here, state.space(e)) <= 2 * sheet(state, e).speed_ft + reach]
        if not coming:
            return []
        best = max(melee, key=lambda w: (_average2(w.damage), w.name in hands(state, me).held))
        return [(L_("ready the {weapon} for the enemy to come", weapon=best.name), Ready(me, weapon=best.name))]

    def _readied_shots(self, state: GameState, me: Entity, wants: int) -> list[tuple[str, Any]]:
        """The shots an archer or caster can hold, best first by average damage: ranged weapons reaching
        ``wants`` and attack cantrips (not while another concentration spell holds: readying one ends it)."""
        mine = sheet(state, me)
        shots: list[tuple[int, str, Any]] = [(_average2(w.damage), w.name, Ready(me, weapon=w.name))
                                             for w in mine.attacks if w.kind != MELEE and w.range_ft >= wants]
        if not concentration(state, me).spell:
            shots += [(_average2(s.damage), s.name, Ready(me, spell=s.key)) for s in mine.spells
                      if s.effect == "attack" and s.level == 0 and s.damage and s.range_ft >= wants]
        return [(L_("ready the {attack} for an enemy to come into sight", attack=name), command)
                for _, name, command in sorted(shots, key=lambda shot: (-shot[0], shot[1]))]

    # Hard: archers and casters keep their distance -------------------------------------------------------
    def _danger_ft(self, state: GameState, me: Entity) -> int:
        """How far an enemy's next turn reaches: its speed and its longest melee reach (the farthest a
        square has to be to stay out of every charge)."""
        foes = self._enemies(state, me)
        return max((sheet(state, e).speed_ft + max((w.reach_ft for w in sheet(state, e).attacks if w.kind == MELEE),
                                                   default=0) for e in foes), default=0)

    def _safety(self, state: GameState, me: Entity) -> Callable[[Square], int]:
        """For a square: the gap to the nearest awake enemy, counted up to where no enemy reaches next turn."""
        spaces = [state.space(e) for e in self._enemies(state, me)]
        size = state.space(me)[1]
        enough = self._danger_ft(state, me) + 5
        return lambda square: min(enough, min((distance_ft((square, size), s) for s in spaces), default=enough))

    def _shooter(self, state: GameState, me: Entity) -> bool:
        return self._wants_ft(state, me) > 5

    def _keep_back(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        """An archer or caster that has acted (shot, cast or disengaged) walks with the movement left, provoking
        nothing, to the square that keeps an enemy within its range and puts the most ground between it and
        the nearest enemy."""
        mine = budget(state, me)
        if not self._shooter(state, me) or mine.standard or mine.movement_ft < 5 or not self._enemies(state, me):
            return []
        wants = self._wants_ft(state, me)
        size = state.space(me)[1]
        here = state.square(me)
        search, options = self._walks(state, me)
        foes = self._enemies(state, me)

        def in_range(square: Square) -> bool:
            return any(distance_ft((square, size), state.space(e)) <= wants for e in foes)

        safety = self._safety(state, me)
        now = safety(here)
        better = sorted((s for s in options if safety(s) > now and in_range(s)),
                        key=lambda s: (-safety(s), search.cost[s], s[1], s[0]))
        for square in better[:12]:
            path = search.path_to(square)
            if path and len(path) > 1 and not self._provokes(state, me, path):
                return [(L_("step back, keeping the enemy in range"), Move(me, path))]
        return []

    def _leave_melee(self, state: GameState, me: Entity) -> list[tuple[str, Any]]:
        """An archer or caster with an enemy next to it that can still act takes Disengage, when a walk out of
        every enemy's reach is there to take (the next call walks it, _keep_back)."""
        mine = budget(state, me)
        if not self._shooter(state, me) or not mine.standard or mine.disengaged or mine.movement_ft < 5 or \
                self._nearest_enemy_ft(state, me) > 5:
            return []
        _, options = self._walks(state, me)
        safety = self._safety(state, me)
        if any(safety(s) > 5 for s in options):
            return [(L_("disengage from the melee"), Disengage(me))]
        return []


def _average2(damage: DiceExpr) -> int:
    """Twice the average of a damage roll (whole numbers throughout)."""
    return damage.count * (damage.sides + 1) + 2 * damage.flat


def _outcomes(damage: DiceExpr) -> dict[int, int]:
    """Every total of a damage roll (at least 0) with how many of the equally likely rolls give it."""
    totals = {damage.flat: 1}
    for _ in range(damage.count):
        grown: dict[int, int] = {}
        for total, ways in totals.items():
            for face in range(1, damage.sides + 1):
                grown[total + face] = grown.get(total + face, 0) + ways
        totals = grown
    merged: dict[int, int] = {}
    for total, ways in totals.items():
        merged[max(0, total)] = merged.get(max(0, total), 0) + ways
    return merged


def _damage_taken(target: Sheet, damage_type: str) -> tuple[int, int]:
    """The share of damage of a type the target takes, as a fraction (numerator, denominator): §4.2."""
    defences = target.defences
    if damage_type in defences.immune:
        return 0, 1
    share = (1, 2) if damage_type in defences.resist else (1, 1)
    return (share[0] * 2, share[1]) if damage_type in defences.vulnerable else share
