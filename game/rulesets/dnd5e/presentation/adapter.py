"""The 5e-house screen adapter: the bar with the door's reasons, walks in feet, forecasts, card, prompt, log (no pygame)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core.grid import Square, footprint
from game.ecs.world import Entity
from game.rulesets.dnd5e.attacks import COVER_BONUS, hit_chance, needed_roll
from game.rulesets.dnd5e.commands import (
    Attack, Cast, Dash,
    Disengage, Dismiss, Dodge, Draw, DrinkPotion, DropProne, EndTurn, Escape, FirstAid, Help, Hide, Move, OffHandAttack, PickUp, React,
    Ready, Search, StandUp, Stow,
)
from game.rulesets.dnd5e.components import HANDS, Potions, Spell, Weapon, Zone
from game.rulesets.dnd5e.distance import distance_ft
from game.rulesets.dnd5e.engine import (
    POTIONS, alive, attack_edges, budget, concentration, decider, dropped, feet_rules, hands, pending, readied,
    round_of, sheet, slots, speed_ft, spell_area, spell_named, validate, vitals, weapon_named,
)
from game.i18n import listing, named
from game.rulesets.dnd5e.i18n import L_, Ln_, sentences
from game.rulesets.dnd5e.movement import FeetSearch
from game.rulesets.dnd5e.situation import MELEE, RANGED, cover
from game.rulesets.dnd5e.verdict import Refused
from game.state import GameState
from game.engine.choices import POWER_KEYS, Choice
from game.engine.controls import Controls, Screen
from game.engine.rosters import Roster
from game.rulesets.dnd5e.presentation.words import (
    ACTION, ACTION_HELP, ACTION_SHORT, BONUS_ACTION, COVER_WORDS, FREE, MANEUVER_LABELS, MOVEMENT, POTION_LABELS,
    spell_aim, spell_summary, weapon_reach,
)
from game.rulesets.dnd5e.presentation.narration import (
    FELL, FLIGHT, SILENT, SOUNDS, animation_cues, narrate, rule_reference, signed, sound_cues, spell_label,
)
from game.core.battlefield import Battlefield
from game.ecs.components import (
    ActionPoints, Appearance, Arsenal, Body, Conditions, DeathSaves, Health, Name, OutOfFight, Outcome, Position,
    SpentPowers, Stats, Surges, Team,
)
from game.ecs.components import Readied as Readied4e
from game.match import rosters_in_play as in_play
from game.rulesets.dnd5e.components import Dropped, Hands, HelpInForce, PendingStrike, Readied, Round, Sheet
from game.rulesets.dnd5e.economy import Budget
from game.rulesets.dnd5e.spells import Concentration, SpellSlots
from game.rulesets.dnd5e.vitality import Vitals
from game.engine.badges import badge, harmful

__all__ = ["FELL", "FLIGHT", "SILENT", "SOUNDS", "animation_cues", "answer", "area_spell", "area_template",
           "badges", "card_lines", "choices", "command_for", "controls", "decider", "delayed", "drawn_types",
           "forecast", "hit_points", "narrate", "offer_situation", "offer_text", "reachable", "refusal_at", "rosters_in_play",
           "round_label", "round_number", "rule_reference", "self_centred", "sound_cues", "spell_squares",
           "spell_zones", "turn_order", "walk_squares", "walk_to"]
MANEUVERS = ("grapple", "trip", "disarm")          # §2.1: each replaces one melee attack roll
# Letters of the action row; fixed, so a key always means the same thing (C, M, N, Q, Y are taken elsewhere).
ACTION_KEYS = {
    "grapple": "G", "trip": "T", "disarm": "D", "dodge": "O", "dash": "H", "disengage": "E", "hide": "I",
    "search": "J",
    "help": "L", "first_aid": "F", "potion:healing": "P", "potion:heroism": "R", "stand": "S", "prone": "S",
    "escape": "X", "pick_up": "U", "knockout": "K", "ready": "A", "off_hand": "B", "dismiss": "V",
}
SPARE_KEYS = ("W", "Z", "N")         # letters no 5e action or shared key takes (N: "no" only at a prompt)
INSTANT = {"dodge": Dodge, "dash": Dash, "disengage": Disengage, "hide": Hide, "search": Search, "stand": StandUp, "prone": DropProne,
           "escape": Escape, "pick_up": PickUp, "end_turn": EndTurn, "dismiss": Dismiss}
AREA_EFFECTS = ("save", "obscure", "darken")      # spells.toml: the effects that cover an area


# What the screen reads of the world: a change to any of these (components are replaced, never changed in
# place) is a new state to draw.
DRAWN_COMPONENTS = (Name, Team, Position, Body, Stats, Health, Surges, ActionPoints, DeathSaves, Arsenal, SpentPowers,
                    Conditions, Appearance, OutOfFight, Readied4e, Readied, Sheet, Vitals, Budget, SpellSlots,
                    Concentration, Potions, Zone, Hands, Dropped)


# What the shared drawing asks (the same names as game.rulesets.dnd4e.presentation.adapter) ----------------------------------------
def round_number(state: GameState) -> int:
    return round_of(state).number


def round_label(state: GameState) -> str:
    return L_("Round {round}", round=round_of(state).number)


def turn_order(state: GameState) -> tuple[tuple[Entity, ...], int]:
    """The initiative order (§1) and the index of the creature whose turn it is."""
    now = round_of(state)
    return now.order, now.index


def hit_points(state: GameState, entity: Entity) -> tuple[int, int, int]:
    """(hit points, maximum, temporary)."""
    now = vitals(state, entity)
    return now.hp, now.max_hp, now.temp


def badges(state: GameState, entity: Entity) -> tuple[tuple[str, bool], ...]:
    """The creature's conditions as (badge, harmful), each once, then Dodge and concentration."""
    shown: list[tuple[str, bool]] = []
    for entry in state.conditions(entity).entries:
        label = (badge(entry), harmful(entry))
        if label not in shown:
            shown.append(label)
    if budget(state, entity).dodging:
        # TRANSLATORS: the badge of a creature taking the Dodge action: as short as the other badges (one character).
        shown.append((L_("DG"), False))
    if concentration(state, entity).spell:
        # TRANSLATORS: the badge of a creature concentrating on a spell: one character.
        shown.append((L_("CN"), False))
    return tuple(shown)


def delayed(state: GameState, entity: Entity) -> bool:
    """5e-house has no Delay: a creature acts on its initiative."""
    return False


def spell_zones(state: GameState) -> list[tuple[str, tuple[Square, ...], bool]]:
    """The spells laid on the map, for drawing: ("Darkness (Ilvara)", its squares, whether it is magical
    darkness, R004-LT-04), in the order they were cast."""
    return [(L_("{spell} ({caster})", spell=spell_label(state, zone.caster, zone.spell), caster=named(state.name(zone.caster))),
             zone.squares, zone.darkness) for _, zone in state.world.query(Zone)]


# The bar -------------------------------------------------------------------------------------------------
def choices(state: GameState, actor: Entity) -> list[Choice]:
    """Both rows: weapons and spells on the number keys, then the §2.1 actions on letters."""
    return attack_choices(state, actor) + action_choices(state, actor)


def attack_choices(state: GameState, actor: Entity) -> list[Choice]:
    """Each weapon, then each spell at every slot level the caster could spend on it (§5.1)."""
    found: list[Choice] = []
    for weapon in sheet(state, actor).attacks:
        blocked, targets = _first_ok(state, [Attack(actor, e, weapon.name) for e in _others(state, actor, enemies=True)],
                                     lambda c: c.target, Refused(L_("no enemy in reach or range"), "5e-house §2.1"))
        summary = L_("{reach}. {damage} {kind}, {bonus} to hit.", reach=weapon_reach(weapon), damage=str(weapon.damage),
                     kind=weapon.damage_type, bonus=signed(weapon.bonus))
        found.append(Choice(f"attack:{weapon.name}", L_(weapon.name), blocked, action=L_(ACTION),
                            reach=weapon_reach(weapon), aim=L_("vs AC"), uses=L_("at-will"), summary=summary,
                            usage=L_("At-will"), targets=targets))
    for spell in sheet(state, actor).spells:
        for level in _slot_levels(state, actor, spell):
            found.append(_spell_choice(state, actor, spell, level))
    return [replace(c, hotkey=POWER_KEYS[i]) if i < len(POWER_KEYS) else c for i, c in enumerate(found)]


def _slot_levels(state: GameState, actor: Entity, spell: Spell) -> list[int]:
    """0 for a cantrip; else every slot level from the spell's own up that has a slot left (its own level
    alone when none is left, so the bar still shows it, with the door's reason)."""
    if spell.level == 0:
        return [0]
    held = slots(state, actor)
    levels = [lv for lv in range(spell.level, len(held.left) + 1) if held.at(lv) > 0]
    return levels or [spell.level]


def _spell_choice(state: GameState, actor: Entity, spell: Spell, level: int) -> Choice:
    key = f"spell:{spell.key}:{level}"
    label = L_(spell.name) if level in (0, spell.level) else L_("{spell} (level {level})", spell=spell.name, level=level)
    left = slots(state, actor).at(level) if level else None
    # The radius is in the tooltip: cards are narrow.
    reach = L_("Self") if spell.range_ft == 0 else L_("{range} ft", range=spell.range_ft)
    common = dict(action=L_(ACTION_SHORT.get(spell.action, spell.action)), reach=reach, aim=spell_aim(spell),
                  uses=L_("at-will") if left is None else str(left),   # the card: "2 left" (slots of its level)
                  usage=L_("Cantrip") if left is None else L_("Level {level} slot, {left} left", level=level, left=left),
                  summary=spell_summary(spell, level))
    if spell.effect in ("attack", "heal"):
        pool = _others(state, actor, enemies=spell.effect == "attack", with_self=spell.effect == "heal")
        blocked, targets = _first_ok(state, [Cast(actor, spell.key, e, slot_level=level) for e in pool],
                                     lambda c: c.target, Refused(L_("no creature for {spell}", spell=spell.name), "5e-house §5"))
        return Choice(key, label, blocked, targets=targets, **common)   # type: ignore[arg-type]
    if spell.range_ft == 0:
        # Centred on the caster: one with an area is picked first, to show its template; one without acts at once.
        return Choice(key, label, validate(state, Cast(actor, spell.key, slot_level=level)),
                      instant=not spell.radius_ft, **common)   # type: ignore[arg-type]
    # Aimed at a square: the door judges the square when it is clicked; here only whether it could be cast.
    blocked = None if _aimable(state, actor, spell, level) else \
        validate(state, Cast(actor, spell.key, at=state.square(actor), slot_level=level))
    return Choice(key, label, blocked, **common)   # type: ignore[arg-type]


def spell_squares(state: GameState, actor: Entity, choice_key: str) -> list[Square]:
    """The squares a square-aimed spell (teleport, area, obscurement) may be cast at now, by the door; for an
    area centred on the caster, the caster's own squares (a click there casts it)."""
    spell, level = spell_of(state, actor, choice_key)
    if spell is not None and spell.range_ft == 0 and spell.radius_ft:
        castable = validate(state, Cast(actor, spell.key, slot_level=level)) is None
        return list(footprint(*state.space(actor))) if castable else []
    if spell is None or spell.range_ft == 0 or spell.effect in ("attack", "heal") or \
            not _aimable(state, actor, spell, level):
        return []
    here = state.space(actor)
    near = [sq for sq in state.battlefield.squares() if distance_ft(here, (sq, 1)) <= spell.range_ft]
    return [sq for sq in near if validate(state, Cast(actor, spell.key, at=sq, slot_level=level)) is None]


def area_spell(state: GameState, actor: Entity, choice_key: str) -> bool:
    """A spell with an area (a save for everyone in it, fog, darkness): aimed by its template, as 4e's areas are."""
    spell = spell_of(state, actor, choice_key)[0] if choice_key.startswith("spell:") else None
    return spell is not None and spell.radius_ft > 0 and spell.effect in AREA_EFFECTS


def self_centred(state: GameState, actor: Entity, choice_key: str) -> bool:
    """An area spell centred on the caster (Thunderwave): picked, it shows its template; picked again, or its
    caster clicked, it is cast."""
    spell = spell_of(state, actor, choice_key)[0] if area_spell(state, actor, choice_key) else None
    return spell is not None and spell.range_ft == 0


def refusal_at(state: GameState, actor: Entity, choice_key: str, square: Square) -> Refused | None:
    """Why the door would refuse the chosen spell cast at ``square`` (None: it would cast it)."""
    return validate(state, command_for(state, actor, choice_key, at=square))


def _aimable(state: GameState, actor: Entity, spell: Spell, level: int) -> bool:
    """Whether anything but the aimed square stops the spell (the action, the slot, the turn)."""
    refusal = validate(state, Cast(actor, spell.key, at=state.square(actor), slot_level=level))
    return refusal is None or refusal.rule in ("5e teleport", "5e spell range")


def spell_of(state: GameState, actor: Entity, choice_key: str) -> tuple[Spell | None, int]:
    """The spell and slot level of a "spell:KEY:LEVEL" choice."""
    _, key, level = choice_key.split(":")
    return spell_named(state, actor, key), int(level)


def action_choices(state: GameState, actor: Entity) -> list[Choice]:
    """The §2.1 actions, potions (§9), standing and dropping prone (§2.3.1) in a fixed order."""
    found: list[Choice] = []

    def add(key: str, label: str, answer: Refused | None | tuple[Refused | None, tuple[Any, ...]], action: str) -> None:
        blocked, targets = answer if isinstance(answer, tuple) else (answer, ())
        found.append(Choice(key, label, blocked, instant=key in INSTANT or key.startswith(("potion:", "draw:", "stow:")),
                            hotkey=ACTION_KEYS.get(key, ""), action=L_(action) if action else "",
                            summary=L_(ACTION_HELP.get(key) or ACTION_HELP[key.split(":")[0]]), targets=targets))

    enemies = _others(state, actor, enemies=True)
    allies = _others(state, actor, enemies=False)
    melee = next((w for w in sheet(state, actor).attacks if w.kind == MELEE), None)
    for option in MANEUVERS:
        if melee is not None:
            add(option, L_(MANEUVER_LABELS[option]), _first_ok(
                state, [Attack(actor, e, melee.name, option) for e in enemies], lambda c: c.target,
                Refused(L_("no enemy within reach"), "5e-house §2.1")), ACTION)
    for key, label in (("dodge", L_("Dodge")), ("dash", L_("Dash")), ("disengage", L_("Disengage")), ("hide", L_("Hide")),
                       ("search", L_("Search"))):
        add(key, label, validate(state, INSTANT[key](actor)), ACTION)
    add("help", L_("Help"), _first_ok(state, [Help(actor, e) for e in enemies], lambda c: c.target,
                                      Refused(L_("no enemy within 5 ft"), "5e-house §2.1")), ACTION)
    add("first_aid", L_("First aid"), _first_ok(state, [FirstAid(actor, a) for a in allies], lambda c: c.target,
                                                Refused(L_("no dying ally within 5 ft"), "5e-house §3.1")), ACTION)
    bag = state.world.maybe(actor, Potions)
    for potion in POTIONS:
        if bag is not None and bag.count(potion) > 0:
            add(f"potion:{potion}", L_(POTION_LABELS[potion]), validate(state, DrinkPotion(actor, potion)), BONUS_ACTION)
    if state.has_condition(actor, "prone"):
        add("stand", L_("Stand up"), validate(state, StandUp(actor)), MOVEMENT)
    else:
        add("prone", L_("Drop prone"), validate(state, DropProne(actor)), FREE)
    if state.has_condition(actor, "grappled"):
        add("escape", L_("Escape"), validate(state, Escape(actor)), ACTION)
    ready = ready_weapon(state, actor)
    add("ready", L_("Ready"), _first_ok(state, [Ready(actor, ready, target=e) for e in enemies], lambda c: c.target,
                                        Refused(L_("no enemy to wait for"), "5e-house §2.1")), ACTION)
    for spell in sheet(state, actor).spells:
        if spell.level == 0 and spell.effect == "attack":
            add(f"ready_spell:{spell.key}", L_("Ready {spell}", spell=spell.name), _first_ok(
                state, [Ready(actor, spell=spell.key, target=e) for e in enemies], lambda c: c.target,
                Refused(L_("no enemy to wait for"), "5e-house §2.1")), ACTION)
    off_hand = off_hand_choice(state, actor)
    if off_hand:
        add("off_hand", L_("Off-hand {weapon}", weapon=off_hand), _first_ok(
            state, [OffHandAttack(actor, e, off_hand) for e in enemies], lambda c: c.target,
            Refused(L_("no enemy within reach"), "5e-house §2.2")), BONUS_ACTION)
    # Drawing and stowing by hand only where an attack's free draw does not do it: stowing when both hands are
    # full (to draw another, grapple or cast), drawing a Light weapon for the off-hand attack.
    held = hands(state, actor).held
    for weapon in sheet(state, actor).attacks:
        if weapon.name in held and len(held) == HANDS:
            add(f"stow:{weapon.name}", L_("Stow {weapon}", weapon=weapon.name), validate(state, Stow(actor, weapon.name)), FREE)
        elif weapon.name not in held and off_hand and weapon.light and \
                all(d.weapon != weapon.name for _, d in dropped(state, actor)):
            add(f"draw:{weapon.name}", L_("Draw {weapon}", weapon=weapon.name), validate(state, Draw(actor, weapon.name)), FREE)
    if dropped(state, actor):
        add("pick_up", L_("Pick up"), validate(state, PickUp(actor)), FREE)
    if concentration(state, actor).spell:
        add("dismiss", L_("Dismiss spell"), validate(state, Dismiss(actor)), FREE)
    add("knockout", L_("Knockout"), None, "")      # a toggle on the next melee attack, not an action (§3.1)
    # The choices that come and go (a readied cantrip, drawing and stowing) take the letters left over, so
    # the keyboard reaches every button too.
    spare = iter(SPARE_KEYS)
    found[:] = [replace(c, hotkey=next(spare, "")) if not c.hotkey else c for c in found]
    add("end_turn", L_("End turn"), validate(state, EndTurn(actor)), "")
    return found


def command_for(state: GameState, actor: Entity, choice_key: str, target: Entity | None = None,
                at: Square | None = None, knockout: bool = False) -> Any:
    """The door's command for a bar choice aimed at ``target`` (a creature) or ``at`` (a square)."""
    kind = choice_key.split(":", 1)[0]
    if kind == "attack":
        assert target is not None
        return Attack(actor, target, choice_key.split(":", 1)[1], knockout=knockout)
    if kind == "spell":
        spell, level = spell_of(state, actor, choice_key)
        assert spell is not None
        return Cast(actor, spell.key, target, at if spell.range_ft else None, level)     # range 0: on the caster
    if kind == "potion":
        return DrinkPotion(actor, choice_key.split(":", 1)[1])
    if kind in ("draw", "stow"):
        return (Draw if kind == "draw" else Stow)(actor, choice_key.split(":", 1)[1])
    if kind == "ready":
        return Ready(actor, ready_weapon(state, actor), target=target)
    if kind == "ready_spell":
        return Ready(actor, spell=choice_key.split(":", 1)[1], target=target)
    if kind == "off_hand":
        assert target is not None
        return OffHandAttack(actor, target, off_hand_choice(state, actor))
    if choice_key in MANEUVERS:
        assert target is not None
        melee = next(w for w in sheet(state, actor).attacks if w.kind == MELEE)
        return Attack(actor, target, melee.name, choice_key)
    if choice_key == "help":
        assert target is not None
        return Help(actor, target)
    if choice_key == "first_aid":
        assert target is not None
        return FirstAid(actor, target)
    return INSTANT[choice_key](actor)


def ready_weapon(state: GameState, actor: Entity) -> str:
    """The weapon a Ready choice holds an attack with: the first in hand (a melee one first), else the first."""
    held = hands(state, actor).held
    kit = sheet(state, actor).attacks
    in_hand = sorted((w for w in kit if w.name in held), key=lambda w: w.kind != MELEE)
    return (in_hand or list(kit))[0].name


def off_hand_choice(state: GameState, actor: Entity) -> str:
    """The Light weapon the off-hand attack would use (§2.2): one in hand other than the Attack's, preferring
    one that is not this turn's; "" when the creature carries fewer than two Light weapons."""
    light = [w.name for w in sheet(state, actor).attacks if w.light]
    if len(light) < 2:
        return ""
    used, held = budget(state, actor).attacked_with, hands(state, actor).held
    return next((w for w in light if w in held and w != used), next(w for w in light if w != used))


def aimed_weapon(state: GameState, actor: Entity, choice_key: str) -> str | None:
    """The weapon a creature-aimed choice attacks with, for the forecast: the off-hand weapon, or None."""
    return off_hand_choice(state, actor) if choice_key == "off_hand" else None


def _others(state: GameState, actor: Entity, enemies: bool, with_self: bool = False) -> list[Entity]:
    """Living creatures nearest first: the actor's enemies, or its allies (itself only if ``with_self``)."""
    here = state.space(actor)
    pool = [e for e in state.standing() if alive(state, e) and state.are_enemies(actor, e) == enemies
            and (e != actor or with_self)]
    return sorted(pool, key=lambda e: (distance_ft(here, state.space(e)), e))


def _first_ok(state: GameState, commands: list[Any], pick: Any,
              none: Refused) -> tuple[Refused | None, tuple[Any, ...]]:
    """What the door accepts among ``commands``, or the first reason when it accepts none."""
    passing, reason = [], None
    for command in commands:
        refusal = validate(state, command)
        if refusal is None:
            passing.append(pick(command))
        elif reason is None:
            reason = refusal
    return (None, tuple(passing)) if passing else (reason or none, ())


@dataclass(frozen=True)
class AreaTemplate:
    """An area spell placed where the mouse points, as the door would cast it: its squares, the creatures it
    catches (they save, allies too), whether it harms them, and the hint's words."""

    squares: tuple[Square, ...]
    caught: tuple[Entity, ...]
    harms: bool
    words: str


def area_template(state: GameState, actor: Entity, choice_key: str, square: Square | None) -> AreaTemplate | None:
    """The template of the chosen area spell cast at ``square`` (wherever it points, for one centred on the
    caster); None for another choice, or a square the door would refuse."""
    if not choice_key.startswith("spell:"):
        return None
    spell, level = spell_of(state, actor, choice_key)
    if spell is None or not area_spell(state, actor, choice_key) or (square is None and spell.range_ft):
        return None
    at = square if spell.range_ft else None
    if validate(state, Cast(actor, spell.key, at=at, slot_level=level)) is not None:
        return None
    squares, caught = spell_area(state, actor, spell, at or state.square(actor))
    harms = spell.effect == "save"
    names = listing([L_("{creature} (ally!)", creature=named(state.name(e))) if harms and not state.are_enemies(actor, e)
                     else named(state.name(e)) for e in caught])
    if harms:
        words = [L_("{spell} here catches {names}.", spell=spell.name, names=names) if caught
                 else L_("{spell} here catches no one.", spell=spell.name)]
        save = dict(ability=spell.save.upper(), dc=sheet(state, actor).spell_dc, damage=str(spell.damage),
                    kind=spell.damage_type)
        if caught:
            words.append(L_("{ability} save DC {dc} or {damage} {kind} damage, half on a success.", **save)
                         if spell.half_on_save else L_("{ability} save DC {dc} or {damage} {kind} damage.", **save))
        if caught and spell.push_ft:
            words.append(L_("Pushed {feet} ft on a failure.", feet=spell.push_ft))
    else:
        words = [L_("{spell} here: {radius} ft radius, heavily obscured.", spell=spell.name, radius=spell.radius_ft)
                 if spell.effect == "obscure" else
                 L_("{spell} here: {radius} ft radius, magical darkness.", spell=spell.name, radius=spell.radius_ft)]
        words += [L_("Inside: {names}.", names=names)] if caught else []
    return AreaTemplate(squares, caught, harms, sentences(words))


# Movement -----------------------------------------------------------------------------------------------
def reachable(state: GameState, actor: Entity) -> FeetSearch | None:
    """The walk search the door prices moves with (§2.3), within the feet left; None when it cannot move."""
    # The same facts validate_move checks first: whose turn, speed 0 (grappled, §2.1), feet left.
    if validate(state, EndTurn(actor)) is not None or speed_ft(state, actor) == 0 or budget(state, actor).movement_ft < 5:
        return None
    left = budget(state, actor)
    return feet_rules(state, actor).search(left.movement_ft, left.diagonals)


def walk_squares(state: GameState, actor: Entity, search: FeetSearch) -> dict[Square, int]:
    """Each square a walk may end on now, with its cost in feet; one down a ledge ends in a fall (search.falls)."""
    left = budget(state, actor).movement_ft
    return {sq: search.cost[sq] for sq in search.reachable(left) if sq != search.start}


def walk_to(actor: Entity, search: FeetSearch, square: Square) -> Move | None:
    """The walk to ``square`` along the search's cheapest path (the path is stored in the command)."""
    path = search.path_to(square)
    return Move(actor, path) if path is not None and len(path) > 1 else None


# Forecasts ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Forecast:
    """One attack as the rules will roll it: the mode with its reasons, cover and the numbers."""

    mode: str                        # "advantage", "disadvantage" or "none"
    advantages: tuple[str, ...]      # "target prone within 5 ft"
    disadvantages: tuple[str, ...]   # "long range"
    cover: str
    to_hit: int
    ac: int                          # with the cover bonus
    notes: tuple[str, ...] = ()      # what sways no side but tells why: "darkvision 60 ft" (R004-LT-04)

    @property
    def reasons(self) -> tuple[str, ...]:
        """Each reason marked with the side it sways: "+ target prone within 5 ft", "- long range"."""
        return tuple(f"+ {why}" for why in self.advantages) + tuple(f"- {why}" for why in self.disadvantages)

    @property
    def needed(self) -> int:
        """The natural roll that hits (R004-AT-07)."""
        return needed_roll(self.to_hit, self.ac)

    @property
    def chance(self) -> int:
        """The chance to hit in percent, rounded down (§4.3)."""
        return int(hit_chance(self.needed, self.mode) * 100)

    def line(self) -> str:
        """"+5 vs AC 15 with half cover (+2 AC): hits on 10+, 55%", then each reason and what it gives: "long range:
        disadvantage"; reasons on both sides cancel out to a straight roll."""
        odds = dict(bonus=signed(self.to_hit), ac=self.ac, needed=self.needed, chance=self.chance)
        words = [L_("{bonus} vs AC {ac} with {cover}: hits on {needed}+, {chance}%", cover=COVER_WORDS[self.cover], **odds)
                 if COVER_WORDS.get(self.cover) else L_("{bonus} vs AC {ac}: hits on {needed}+, {chance}%", **odds)]
        words += [L_("{why}: advantage", why=why) for why in self.advantages]
        words += [L_("{why}: disadvantage", why=why) for why in self.disadvantages]
        if self.reasons and self.mode == "none":
            words.append(L_("they cancel out: one d20"))
        line = words[0]
        for more in words[1:] + list(self.notes):
            line = L_("{line}; {more}", line=line, more=more)
        return line


def forecast(state: GameState, actor: Entity, target: Entity, attack: str) -> Forecast | None:
    """The forecast for a weapon (by name) or an attack spell (by key) at ``target``; None if neither."""
    weapon: Weapon | None = weapon_named(state, actor, attack)
    spell = None if weapon is not None else spell_named(state, actor, attack)
    if weapon is None and (spell is None or spell.effect != "attack"):
        return None
    kind = weapon.kind if weapon is not None else RANGED
    gap = distance_ft(state.space(actor), state.space(target))
    beyond = weapon is not None and weapon.kind == RANGED and gap > weapon.range_ft
    edges = attack_edges(state, actor, target, kind, beyond)      # what the attack itself asks (§4.3)
    shelter = cover(state, actor, target, kind)
    to_hit = weapon.bonus if weapon is not None else sheet(state, actor).spell_attack
    return Forecast(edges.result, tuple(e.reason for e in edges.advantages), tuple(e.reason for e in edges.disadvantages),
                    shelter, to_hit, sheet(state, target).ac + COVER_BONUS.get(shelter, 0),
                    edges.notes)


# The unit card and the prompt -------------------------------------------------------------------------
def card_lines(state: GameState, entity: Entity) -> list[str]:
    """AC, hit points, speed, conditions, spell slots, concentration and death saves."""
    me, now = sheet(state, entity), vitals(state, entity)
    lines: list[str] = [L_("{kind}, level {level}", kind=me.kind.capitalize(), level=me.level)] if me.hero else []
    lines.append(L_("AC {ac}   HP {hp}/{max_hp}   Speed {speed} ft", ac=me.ac, hp=now.hp, max_hp=now.max_hp,
                    speed=me.speed_ft))
    if me.darkvision_ft:
        lines.append(L_("Darkvision {range} ft: darkness looks dim, magical darkness stays dark", range=me.darkvision_ft))
    if now.temp:
        lines.append(Ln_("{n} temporary hit point", "{n} temporary hit points", now.temp))
    if round_of(state).current == entity:
        left = budget(state, entity)
        spent = [w for w, has in ((L_("action"), left.standard), (L_("bonus action"), left.bonus),
                                  (L_("reaction"), left.reaction)) if not has]
        lines.append(L_("Movement left: {feet} ft", feet=left.movement_ft))
        if spent:
            lines.append(L_("Used: {spent}", spent=listing(spent)))
    held = slots(state, entity).left
    if any(held):
        levels = [L_("{count} (level {level})", count=n, level=i + 1) for i, n in enumerate(held)]
        lines.append(L_("Spell slots left: {slots}", slots=listing(levels)))
    if concentration(state, entity).spell:
        lines.append(L_("Concentrating on {spell}", spell=spell_label(state, entity, concentration(state, entity).spell)))
    in_hand = hands(state, entity).held
    lines.append(L_("Holding: {weapons}", weapons=listing(list(in_hand))) if in_hand else L_("Holding no weapon"))
    for _, lying in dropped(state, entity):
        lines.append(L_("Its {weapon} lies on the ground", weapon=lying.weapon))
    ready = readied(state, entity)
    if ready is not None:
        what = ready.weapon or spell_label(state, entity, ready.spell)
        whom = named(state.name(ready.target)) if ready.target is not None else L_("any enemy")
        lines.append(L_("Readied: {weapon} at {target}", weapon=what, target=whom))
    if now.dead:
        lines.append(L_("Dead"))
    elif now.stable and now.hp == 0:
        lines.append(L_("Unconscious, stable"))
    elif now.knocked_out:
        lines.append(L_("Knocked out (1 HP)"))
    elif now.dying:
        lines.append(L_("Dying: death saves {passed} passed, {failed} failed", passed=now.successes, failed=now.failures))
    names = [n for n in state.conditions(entity).names if n != "unconscious"]
    if names:
        lines.append(L_("Conditions: {conditions}", conditions=listing(names)))
    return lines


def offer_text(state: GameState) -> str | None:
    """The opportunity-attack question for the creature offered one (§6), or None."""
    strike = pending(state)
    if strike is None:
        return None
    situation = offer_situation(state)
    if strike.readied:
        return L_("{situation} Take it with your reaction? (5e-house §2.1)", situation=situation)
    return L_("{situation} Make an opportunity attack with your reaction? (5e-house §6)", situation=situation)


def offer_situation(state: GameState) -> str:
    """What the creature offered a reaction sees happen (the prompt's first line), or "" when nothing is offered."""
    strike = pending(state)
    if strike is None:
        return ""
    by, mover = named(state.name(strike.reactors[0])), named(state.name(strike.mover))
    if strike.readied:
        ready = readied(state, strike.reactors[0])
        what = (ready.weapon or spell_label(state, strike.reactors[0], ready.spell)) if ready is not None else ""
        return L_("{creature}: {mover} comes within reach of your readied {weapon}.", creature=by, mover=mover,
                  weapon=what)
    return L_("{creature}: {mover} is leaving your reach.", creature=by, mover=mover)


def answer(state: GameState, take: bool) -> React | None:
    """The prompt's Yes or No as the door's command, from the creature asked; None when nothing is asked."""
    strike = pending(state)
    return None if strike is None else React(strike.reactors[0], take)


def controls(screen: Screen) -> Controls:
    """The battle screen's 5e-house controls (presentation/controls.py, which asks this module's rules answers)."""
    from game.rulesets.dnd5e.presentation.controls import Controls5e
    return Controls5e(screen)


def drawn_types() -> tuple[tuple[type, ...], tuple[type, ...]]:
    """The components and resources the screen draws from: a change to one is a new state to draw."""
    return DRAWN_COMPONENTS, (Round, Outcome, PendingStrike, HelpInForce)


def rosters_in_play(bf: Battlefield, rosters: list[Roster]) -> list[Roster]:
    """The sides the map has start areas for (game.match.rosters_in_play)."""
    return in_play(bf, rosters)
