"""sotdl-house's log lines with their rules, and the sounds of its events (no pygame).

Every line is a Lazy message of this ruleset's gettext domain: it reads as English (tests, logs) and is drawn in
the chosen language; names and labels placed in it are looked up in the catalogue too.
"""

from __future__ import annotations

from typing import Any

from game.engine.controls import LogLine
from game.ecs.world import Entity
from game.engine.cues import Sound
from game.i18n.gettext_domains import Lazy
from game.i18n.gettext_domains import name as shown_name
from game.rulesets.sotdl.commands import (
    ActionTaken, AfflictionChanged, ApLost, AttackResolved, Damaged, DefenseOffered, Fell, FreeAttackOffered, Healed,
    InitiativePassed, ItemDamaged, Moved, Pushed, Rolled, RoundEnded, RoundStarted, SideInitiativeRolled,
    SkirmishWon, WeaponDropped, WeaponRecovered,
)
from game.rulesets.sotdl.components import Sheet
from game.rulesets.sotdl import attack, forecast
from game.rulesets.sotdl.i18n import L_, Ln_, N_, _
from game.rulesets.sotdl.rounds import round_of, side_label
from game.rulesets.sotdl.vitality import Vitals
from game.state import GameState

# The door's action names (ActionTaken.action) as the log says them.
ACTIONS = {"move": N_("Move"), "withdraw": N_("Withdraw"), "attack": N_("Attack"), "charge": N_("Charge"),
           "shove": N_("Shove"), "grab": N_("Grab"), "escape": N_("Escape"), "hide": N_("Hide"),
           "feint": N_("Feint"), "disarm": N_("Disarm"), "standup": N_("Stand up"), "dropprone": N_("Drop prone"),
           "useitem": N_("Potion"), "pickup": N_("Pick up"), "throw": N_("Alchemist's fire"),
           "free attack": N_("Free attack")}
# The defenses (§12) by their door names.
DEFENSE_NAMES = {"dodge": N_("Dodge"), "block": N_("Block"), "parry": N_("Parry"), "counter": N_("Counter"),
                 "body_throw": N_("Body throw"), "backflip": N_("Backflip"), "disarm": N_("Disarm"),
                 "long_jump": N_("Long jump"), "none": N_("no defense")}
# What a d20 test was for (Rolled.what): the attack's own tests and the defenses' rolls.
TESTS = {"hit": N_("hit test"), "grab": N_("grab"), "disarm": N_("disarm"), "shove": N_("shove"),
         "escape": N_("escape"), "hide": N_("hide"), "feint": N_("feint"), "peril": N_("Agility at the edge"),
         "free weapon": N_("free the weapon"), "throw": N_("throw"), "parry": N_("Parry"), "counter": N_("Counter"),
         "block": N_("Block"), "body_throw": N_("Body throw"), "backflip": N_("Backflip")}
# The afflictions and the engine's own states (§6, afflictions.py), as badges' long names.
AFFLICTIONS = {"asleep": N_("asleep"), "blinded": N_("blinded"), "charmed": N_("charmed"),
               "compelled": N_("compelled"), "dazed": N_("dazed"), "deafened": N_("deafened"),
               "defenseless": N_("defenseless"), "diseased": N_("diseased"), "fatigued": N_("fatigued"),
               "frightened": N_("frightened"), "grabbed": N_("grabbed"), "immobilized": N_("immobilized"),
               "impaired": N_("impaired"), "poisoned": N_("poisoned"), "prone": N_("prone"), "slowed": N_("slowed"),
               "stunned": N_("stunned"), "unconscious": N_("unconscious"), "incapacitated": N_("incapacitated"),
               "hidden": N_("hidden"), "parried": N_("locked in a parry"), "grabbing": N_("grabbing"),
               "feinted": N_("feinted"), "invisible": N_("invisible")}
# How each affliction reads on the card: what it does (§6).
AFFLICTION_EFFECTS = {
    "prone": N_("1 bane on Strength and Agility rolls; melee attacks on it have 1 boon, ranged 1 bane (A8)"),
    "grabbed": N_("defenseless; only Escape (A13)"), "grabbing": N_("defenseless while it holds (A13)"),
    "defenseless": N_("Defense 5, no defenses, no actions (A3)"),
    "incapacitated": N_("out of the fight: no actions, Defense 5 (§5.8)"),
    "hidden": N_("cannot be targeted; its next attack takes no defense (E7-E8)"),
    "parried": N_("defenseless against all but its partner; Escape frees the weapon (A14)"),
    "feinted": N_("no free attacks on the feinter (R19)"), "frightened": N_("1 AP less each round (A11)"),
    "slowed": N_("half speed (A16)"), "immobilized": N_("speed 0; attacks on it have 1 boon (A6)"),
    "blinded": N_("speed at most 2; attacks on it have 1 boon (A6)"), "stunned": N_("no actions (A1)"),
    "dazed": N_("no actions (A1)"), "asleep": N_("no actions, Defense 5 (A3)"),
    "unconscious": N_("no actions, Defense 5 (A3)"), "poisoned": N_("1 bane on its rolls (A5)"),
    "diseased": N_("1 bane on its rolls (A5)"), "fatigued": N_("1 bane on its rolls (A5)"),
    "impaired": N_("1 bane on its rolls (A5)"), "charmed": N_("cannot attack the charmer (A10)"),
}
# The reasons of a hit test's boons and banes (situation.hit_edges), as the forecast names them.
EDGES = {"size": N_("size"), "invisible": N_("invisible"), "charge": N_("charge"), "untrained": N_("untrained"),
         "two-handed weapon": N_("two-handed weapon"), "prone, within reach": N_("prone, within reach"),
         "prone, beyond reach": N_("prone, beyond reach"), "half cover": N_("half cover"),
         "three-quarters cover": N_("three-quarters cover"), "partially obscured": N_("partially obscured"),
         "heavily obscured": N_("heavily obscured"), "unseen": N_("unseen"),
         "in shadow": N_("in a light's shadows (E4)"), "in darkness": N_("in darkness, unseen (E3-E4)")}
# The weapons and armor of data/gear.toml by their keys (their names on screen), and the shield.
GEAR = {"longsword": N_("longsword"), "greatsword": N_("greatsword"), "mace": N_("mace"), "dagger": N_("dagger"),
        "venom_dagger": N_("venom dagger"), "staff": N_("staff"), "spear": N_("spear"), "shortbow": N_("shortbow"),
        "crossbow": N_("crossbow"), "club": N_("club"), "claws": N_("claws"), "greataxe": N_("greataxe"),
        "leather": N_("leather"),
        "hide": N_("hide armor"), "chain": N_("chain"), "plate": N_("plate"), "shield": N_("shield"),
        "unarmed": N_("unarmed")}


def cite(rule: str) -> Lazy:
    """A log line's rule, as the log's tooltip names it: "sotdl-house R9" (a line of the digest)."""
    return L_("sotdl-house {rule}", rule=rule)


def gear_name(name: str) -> str:
    """A weapon's, armor's or shield's name in the chosen language."""
    return _(GEAR.get(name, name))


def round_label(state: GameState) -> str:
    """The banner: "Round 2 · Orc 2 was attacked: Orc 2's move" or "Round 1 · Wanderers move first" (R2, R4), in the
    chosen language (a roster's label is looked up in the catalogues like a creature's name)."""
    text, values = forecast.banner(state)
    current = round_of(state)
    line = _(text).format(**{key: shown_name(value) for key, value in values.items()})
    return _("Round {number}").format(number=current.number) + " · " + line


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def boon_dice(net: int, d6s: tuple[int, ...]) -> str:
    """T3: "+4 (2d6: 4, 1)" or "-3 (1d6)" or "": the boons' or banes' highest d6 as it counted."""
    if not net or not d6s:
        return ""
    best = max(d6s)
    faces = ", ".join(str(d) for d in d6s)
    return f" {'+' if net > 0 else '-'}{best} ({len(d6s)}d6: {faces})"


def narrate(event: Any, state: GameState, side_labels: dict[str, str]) -> list[LogLine]:
    """The log lines of one event, each with the rule it follows; the dice of a test go to the dice tab."""
    def name(entity: Entity) -> str:
        return state.name(entity)

    def side(s: str) -> str:
        return side_labels.get(s, side_label(state, s))

    if isinstance(event, SideInitiativeRolled):
        return [LogLine(L_("{side} roll initiative: d20 {natural} {modifier} = {total}", side=side(event.side),
                           natural=event.natural, modifier=signed(event.modifier),
                           total=event.natural + event.modifier), cite("§16.4"))]
    if isinstance(event, RoundStarted):
        return [LogLine(L_("Round {number} begins: every creature's AP are refreshed", number=event.number),
                        cite("R1"))]
    if isinstance(event, RoundEnded):
        return [LogLine(L_("Round {number} ends", number=event.number), cite("R5"))]
    if isinstance(event, InitiativePassed):
        if event.reason == "attacked" and event.holder is not None:
            return [LogLine(L_("{name} was attacked: {name}'s move", name=name(event.holder)), cite("R4"))]
        if event.reason == "round":
            return [LogLine(L_("{side} hold the initiative first this round", side=side(event.side)), cite("R2"))]
        return [LogLine(L_("The initiative passes to {side}", side=side(event.side)), cite("R4"))]
    if isinstance(event, ActionTaken):
        action = ACTIONS.get(event.action, event.action)
        return [LogLine(L_("{name}: {action} ({spent} AP, {left} left)", name=name(event.actor), action=action,
                           spent=event.ap_spent, left=event.ap_left), cite("R3"))]
    if isinstance(event, Moved):
        return [LogLine(Ln_("{name} moves {n} yard", "{name} moves {n} yards", event.yards, name=name(event.actor)),
                        cite("M1"))]
    if isinstance(event, Pushed):
        yards = len(event.path) - 1
        return [LogLine(Ln_("{name} is pushed {n} yard", "{name} is pushed {n} yards", yards,
                            name=name(event.target)), cite("M21"))]
    if isinstance(event, Rolled):
        return _rolled(event, state)
    if isinstance(event, DefenseOffered):
        return [LogLine(L_("{target} may defend against {attacker}'s hit of {hit}", target=name(event.defender),
                           attacker=name(event.attacker), hit=event.hit), cite("§11.1.3"))]
    if isinstance(event, FreeAttackOffered):
        return [LogLine(L_("{mover} leaves {attacker}'s reach: {attacker} may make a free attack",
                           mover=name(event.mover), attacker=name(event.attacker)), cite("§16.5"))]
    if isinstance(event, AttackResolved):
        return [_resolved(event, state)]
    if isinstance(event, Damaged):
        return _damaged(event, state)
    if isinstance(event, ItemDamaged):
        item = GEAR.get(event.item, event.item)
        if event.broken:
            return [LogLine(L_("{owner}'s {item} takes {amount}: it is broken (durability 0)", owner=name(event.owner),
                               item=item, amount=event.amount), cite("R14"))]
        return [LogLine(L_("{owner}'s {item} takes {amount}: durability {left} left", owner=name(event.owner),
                           item=item, amount=event.amount, left=event.left), cite("R13"))]
    if isinstance(event, AfflictionChanged):
        affliction = AFFLICTIONS.get(event.name, event.name)
        if not event.added:
            return [LogLine(L_("{name} is no longer {affliction}", name=name(event.target), affliction=affliction),
                            cite("§6"))]
        if event.until_round:
            return [LogLine(L_("{name} is {affliction} until the end of round {number}", name=name(event.target),
                               affliction=affliction, number=event.until_round), cite("R7"))]
        return [LogLine(L_("{name} is {affliction}", name=name(event.target), affliction=affliction), cite("§6"))]
    if isinstance(event, Fell):
        faces = ", ".join(str(d) for d in event.dice)
        if event.dice:
            return [LogLine(Ln_("{name} falls {n} yard: {count}d6 ({faces})", "{name} falls {n} yards: {count}d6 ({faces})",
                                event.yards, name=name(event.actor), count=len(event.dice), faces=faces), cite("F1"))]
        return [LogLine(Ln_("{name} falls {n} yard, unhurt", "{name} falls {n} yards, unhurt", event.yards,
                            name=name(event.actor)), cite("F1"))]
    if isinstance(event, Healed):
        return [LogLine(L_("{name} heals {amount}: damage {total}", name=name(event.target), amount=event.amount,
                           total=event.total), cite("H9"))]
    if isinstance(event, WeaponDropped):
        return [LogLine(L_("{name} loses the weapon: it lies on the ground", name=name(event.owner)), cite("§12.2.1"))]
    if isinstance(event, WeaponRecovered):
        return [LogLine(L_("{name} picks the weapon up", name=name(event.owner)), cite("§11.6"))]
    if isinstance(event, ApLost):
        return [LogLine(L_("{name} loses {amount} AP ({left} left)", name=name(event.target), amount=event.amount,
                           left=event.left), cite("R19"))]
    if isinstance(event, SkirmishWon):
        return [LogLine(L_("{side} win the skirmish", side=side(event.side)), cite("R8"))]
    return []


def _rolled(event: Rolled, state: GameState) -> list[LogLine]:
    """A d20 test: its verdict in the combat log, its dice (T1-T3) in the dice log."""
    who = state.name(event.actor)
    what = TESTS.get(event.what, event.what)
    verdict = N_("success") if event.success else N_("failure")
    rule = cite("R9") if event.what == "hit" else cite("T1")
    dice = L_("{name}, {what}: d20 {natural} {modifier}{boons} = {total} against {target}", name=who, what=what,
              natural=event.natural, modifier=signed(event.modifier), boons=boon_dice(event.net, event.d6s),
              total=event.total, target=event.target)
    if event.what == "hit":
        line = L_("{name}'s hit test: {total}, a hit (5 or more)", name=who, total=event.total) if event.success \
            else L_("{name}'s hit test: {total}, a miss (under 5)", name=who, total=event.total)
    else:
        line = L_("{name}, {what}: {total} against {target}: {verdict}", name=who, what=what, total=event.total,
                  target=event.target, verdict=verdict)
    return [LogLine(line, rule), LogLine(dice, rule, dice=True)]


def _resolved(event: AttackResolved, state: GameState) -> LogLine:
    """How an attack ended (§11.1.4, §12)."""
    attacker, target = state.name(event.attacker), state.name(event.target)
    defense = DEFENSE_NAMES.get(event.defense, event.defense)
    outcome = event.outcome
    if outcome == "miss":
        return LogLine(L_("{attacker} misses {target}", attacker=attacker, target=target), cite("R9"))
    if outcome == "dodged":
        return LogLine(L_("{target} dodges {attacker}'s blow", attacker=attacker, target=target), cite("R11"))
    if outcome == "blocked":
        return LogLine(L_("{target} blocks {attacker}'s blow", attacker=attacker, target=target), cite("§12.1"))
    if outcome == "parried":
        return LogLine(L_("{target} parries {attacker}: their weapons are locked", attacker=attacker, target=target),
                       cite("§12.2.2"))
    if outcome == "thrown":
        return LogLine(L_("{target} throws {attacker}", attacker=attacker, target=target), cite("§12.2.4"))
    if outcome == "flipped":
        return LogLine(L_("{target} backflips out of the way", target=target), cite("§12.2.5"))
    if outcome == "disarmed":
        return LogLine(L_("{target} disarms {attacker}", attacker=attacker, target=target), cite("R16"))
    if outcome == "jumped":
        return LogLine(L_("{target} leaps clear of the flames", target=target), cite("R20"))
    armor = state.world.get(event.target, Sheet).armor
    if outcome == "absorbed":
        return LogLine(L_("{target}'s armor absorbs {attacker}'s blow (armor value {value})", attacker=attacker,
                          target=target, value=armor.value if armor else 0), cite("R13"))
    if event.defense != "none":
        return LogLine(L_("{attacker}'s blow gets past {target}'s {defense}", attacker=attacker, target=target,
                          defense=defense), cite("R11"))
    return LogLine(L_("{attacker}'s blow gets through to {target}", attacker=attacker, target=target), cite("R15"))


def _damaged(event: Damaged, state: GameState) -> list[LogLine]:
    """H1-H8: the damage, the total against Health, and what it did."""
    who = state.name(event.target)
    health = state.world.get(event.target, Vitals).health
    faces = ", ".join(str(d) for d in event.dice)
    lines = [LogLine(L_("{name} takes {amount} damage: {total} of {health}", name=who, amount=event.amount,
                        total=min(event.total, health), health=health), cite("H1"))]
    if faces:
        # The roll as rolled: past the damage total's cap (H1) it still counts whole for instant death (H6).
        lines.append(LogLine(L_("{name}'s damage: {count}d ({faces}) = {amount}", name=who, count=len(event.dice),
                                faces=faces, amount=sum(event.dice)), cite("R15"), dice=True))
    if event.dead and event.instant:
        blow = sum(event.dice) if event.dice else event.amount
        lines.append(LogLine(L_("{name} dies at once: {amount} damage in one blow is at least its Health", name=who,
                                amount=blow), cite("H6")))
    elif event.dead:
        lines.append(LogLine(L_("{name} dies", name=who), cite("§5.8")))
    elif event.injured and not event.incapacitated:      # incapacitation is told by its affliction's line
        lines.append(LogLine(L_("{name} is injured (half its Health or more)", name=who), cite("D8")))
    return lines


# What each event sounds like: the kinds of game.audio it may make (sound_cues picks), or why it makes none.
SOUNDS: dict[type, tuple[str, ...]] = {
    Moved: ("step",), Pushed: ("push",), AttackResolved: ("hit", "miss", "equip", "shot"), Damaged: ("hurt", "drop", "death"),
    ItemDamaged: ("hurt", "drop"), AfflictionChanged: ("condition_on", "condition_off"), Fell: ("fall",),
    Healed: ("potion",), DefenseOffered: ("prompt",), FreeAttackOffered: ("prompt",), ActionTaken: ("action",),
    WeaponDropped: ("drop",), WeaponRecovered: ("equip",), ApLost: ("condition_on",), Rolled: ("roll",),
    InitiativePassed: ("turn",), SkirmishWon: ("victory",),
}
SILENT: dict[type, str] = {
    SideInitiativeRolled: "rolled before the first move, which sounds",
    RoundStarted: "the initiative passing at the round's start sounds",
    RoundEnded: "the next round's first move sounds",
}
FLIGHT = 8            # animation ticks from an arrow leaving to its landing
DEFENDED = ("dodged", "blocked", "parried", "thrown", "flipped", "disarmed", "jumped")


def sound_cues(events: list[Any], state: GameState) -> list[tuple[Sound, ...]]:
    """Each event's sounds: footfalls on every square walked, a blow landing, a miss or a defense's clash, the hurt
    when no blow was heard, the initiative passing to another side."""
    heard: list[tuple[Sound, ...]] = []
    previous: Any = None
    for event in events:
        sounds: tuple[Sound, ...] = ()
        if isinstance(event, (Moved, Pushed)):
            sounds = (Sound("step" if isinstance(event, Moved) else "push", per_square=True),)
        elif isinstance(event, AttackResolved):
            kind = "hit" if event.outcome in ("penetrates", "absorbed") else \
                "equip" if event.outcome in DEFENDED else "miss"
            shot = attack.weapon_of(state, event.attacker).ranged     # an arrow flies before it lands
            sounds = (Sound("shot"), Sound(kind, FLIGHT)) if shot else (Sound(kind),)
        elif isinstance(event, Damaged):
            if event.dead or event.incapacitated:
                sounds = (Sound("death" if event.dead else "drop"),)
            elif not isinstance(previous, (AttackResolved, Fell)):
                sounds = (Sound("hurt"),)
        elif isinstance(event, ItemDamaged):
            sounds = (Sound("drop" if event.broken else "hurt"),)
        elif isinstance(event, AfflictionChanged):
            sounds = (Sound("condition_on" if event.added else "condition_off"),)
        elif isinstance(event, Rolled):
            sounds = () if event.what == "hit" else (Sound("roll"),)
        elif isinstance(event, (DefenseOffered, FreeAttackOffered, InitiativePassed, SkirmishWon)):
            sounds = (Sound(SOUNDS[type(event)][0], own_beat=True),)
        elif type(event) in SOUNDS:
            sounds = (Sound(SOUNDS[type(event)][0]),)
        heard.append(sounds)
        previous = event
    return heard
