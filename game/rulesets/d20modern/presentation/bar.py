"""The d20-modern action bar: every command the door takes as a button, greyed with the door's own reason, and the
commands a pick and a click make; no pygame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ecs.world import Entity
from game.engine.choices import Choice
from game.engine.refusal import Refusal
from game.i18n.gettext_domains import translate
from game.rulesets.d20modern import budget as bud
from game.rulesets.d20modern import injury
from game.rulesets.d20modern.commands import (
    Aid, Attack, BullRush, CoupDeGrace, Delay, Disarm, DropProne, Grapple, Knockout, Overrun, PickUp, Ready, Reload,
    Stabilize, StandUp, StartFullRound, TotalDefense, Trip,
)
from game.rulesets.d20modern.components import Ammo, Carried, Disarmed, Sheet, Weapon
from game.rulesets.d20modern.engine import budget_of, validate
from game.rulesets.d20modern.i18n import _
from game.rulesets.d20modern.maneuvers import unarmed_of
from game.rulesets.d20modern.overrun import path_through
from game.rulesets.d20modern.preview import provokers
from game.rulesets.d20modern.situation import allies, enemies, feet_between, in_hand, vitals
from game.rulesets.d20modern.presentation.narration import tidy, who
from game.state import GameState

# Modes a pick leaves the map in (besides the shared WALK), each one map click away from its command.
DOUBLE, RUN, WITHDRAW, CHARGE, STEP = "double", "run", "withdraw", "charge", "step"
# Firing modes and maneuvers are cards on the bar's first row ("power:" keys), beside the weapons.
BURST, AUTOFIRE, GRAPPLE, TRIP, DISARM, BULL_RUSH, AID, HELPLESS = (
    "power:burst", "power:autofire", "power:grapple", "power:trip", "power:disarm", "power:bull_rush", "power:aid",
    "power:helpless")
OVERRUN = "power:overrun"
STABILIZE = "stabilize"
DEFENSIVELY = "defensively"                 # a toggle: the next attacks are made fighting defensively
INSTANT = ("reload", "total_defense", "posture", "delay", "ready", "pick_up", "start_full_round")
THREATS_KEY = "letter_t"                     # T shows the squares the enemies threaten (AOO-01)


def why(refusal: Refusal | None, state: GameState | None = None) -> str:
    """A refusal in the player's language, with its rule; with ``state``, its creatures' names too."""
    if refusal is None:
        return ""
    words = translate(refusal.reason)
    if state is not None and words != refusal.reason:
        for e in state.creatures():
            words = words.replace(state.name(e), who(state, e))
    return f"{words} ({refusal.rule})" if refusal.rule else words


@dataclass(frozen=True)
class Tried:
    """One command tried against every candidate: those the door accepts, else the nearest's refusal."""

    ok: tuple[Any, ...]
    refusal: Refusal | None


def first_ok(state: GameState, actor: Entity, commands: list[tuple[Entity, Any]]) -> Tried:
    """The targets whose command the door accepts; when none does, the refusal for the nearest."""
    ok = tuple(target for target, command in commands if validate(state, command) is None)
    if ok or not commands:
        return Tried(ok, None if ok or commands else Refusal(_("no enemy in sight"), "d20-modern §4.5"))
    nearest = min(commands, key=lambda tc: (feet_between(state, actor, tc[0]), tc[0]))
    return Tried((), validate(state, nearest[1]))


def nearest_foes(state: GameState, actor: Entity) -> list[Entity]:
    return sorted(enemies(state, actor), key=lambda e: (feet_between(state, actor, e), e))


def no_enemy() -> Refusal:
    return Refusal(_("no enemy left"), "d20-modern §1")


def melee_of(state: GameState, actor: Entity) -> Weapon:
    """The weapon a disarm or a knockout blow is made with: the best melee weapon in hand, else unarmed."""
    best = max((w for w in in_hand(state, actor) if w.melee), key=lambda w: (w.damage.maximum(), w.name), default=None)
    return best or unarmed_of(state, actor)


def loaded(state: GameState, actor: Entity, weapon: Weapon) -> str:
    """"12/15 rounds, 2 spare" for a firearm with a magazine, "" otherwise."""
    if not weapon.magazine:
        return ""
    ammo = state.world.get(actor, Ammo)
    return _("{n}/{size} rounds, {spare} spare").format(n=ammo.rounds(weapon.name), size=weapon.magazine,
                                                        spare=ammo.spares(weapon.name))


def provoke_words(state: GameState, command: Any) -> str:
    """" Provokes an attack of opportunity from Gangster 2." when the command would (AOO-04), else ""."""
    found = provokers(state, command)
    if not found:
        return ""
    names = ", ".join(dict.fromkeys(who(state, e) for _sq, e in found))
    return " " + _("Provokes an attack of opportunity from {names}.").format(names=names)


def choice(key: str, label: str, blocked: Refusal | None, hotkey: str, summary: str, *, instant: bool = False,
           action: str = "", reach: str = "", aim: str = "", uses: str = "at-will", targets: tuple[Any, ...] = (),
           usage: str = "") -> Choice:
    return Choice(key, label, blocked, instant=instant, hotkey=hotkey, action=action, reach=reach, aim=aim,
                  uses=uses, summary=tidy(summary), usage=usage, targets=targets)


def weapon_choices(state: GameState, actor: Entity, defensively: bool) -> list[Choice]:
    """A card for each weapon in hand (1, 2, ...): the attack action, then the full attack's later attacks
    (ACT-06..08); and one for each explosive carried, thrown at a square (§10.3)."""
    found: list[Choice] = []
    b = budget_of(state, actor)
    foes = nearest_foes(state, actor)
    sheet = state.world.get(actor, Sheet)
    full = b.attacks > 0
    steps = bud.iterative_bonuses(sheet.bab)
    for weapon in in_hand(state, actor):
        tried = first_ok(state, actor, [(e, Attack(actor, e, weapon.name, defensively)) for e in foes])
        blocked = tried.refusal if foes else no_enemy()
        reach = _("Melee 5 ft") if weapon.melee else _("Range {n} ft").format(n=weapon.increment_ft)
        crit = f"{weapon.threat}-20" if weapon.threat < 20 else "20"
        summary = _("{damage} damage, critical {crit} x{mult}.").format(damage=str(weapon.damage), crit=crit,
                                                                        mult=weapon.multiplier)
        rounds = loaded(state, actor, weapon)
        if rounds:
            summary += " " + rounds + "."
        if full:
            action = _("Full attack")
            summary += " " + _("Another attack of the full attack ({left} of {all}); the move action is given up "
                               "(ACT-06).").format(left=min(b.attacks + 1, len(steps)), all=len(steps))
        else:
            action = _("Attack")
            summary += " " + _("The attack action; a second attack makes it a full attack (ACT-06).")
        ammo = state.world.get(actor, Ammo)
        uses = f"{ammo.rounds(weapon.name)}/{weapon.magazine}" if weapon.magazine else "at-will"
        found.append(choice(f"attack:{weapon.name}", _(weapon.name), blocked, str(len(found) + 1), summary,
                            action=action, reach=reach, aim=_("vs Defense"), uses=uses, targets=tried.ok))
    carried = state.world.get(actor, Carried)
    for item in sheet.explosives:
        left = carried.left(item.name)
        blocked = bud.attack_action_problem(b) if left else Refusal(_("none left"), "d20-modern §10.3")
        if item.splash is not None:
            summary = _("A splash weapon: at a creature, a ranged touch attack dealing {damage} to it and {splash} to "
                        "everyone within 5 ft; at a square or on a miss, {splash} around where it lands; no save "
                        "(SPL-01).").format(damage=str(item.damage), splash=str(item.splash))
        else:
            summary = _("{damage} in a {radius}-ft burst, Reflex DC {dc} for half; thrown at a square (range {inc} "
                        "ft); a miss scatters (EXP-02).").format(damage=str(item.damage), radius=item.burst_ft,
                                                                 dc=item.reflex_dc, inc=item.increment_ft)
        found.append(choice(f"attack:grenade:{item.name}", _(item.name), blocked, str(len(found) + 1), summary,
                            action=_("Attack"), reach=_("Range {n} ft").format(n=item.increment_ft),
                            aim=_("a square"), uses=f"{left}"))
    return found


def move_choices(state: GameState, actor: Entity) -> list[Choice]:
    """Move (W), double move (D), run (V), withdraw (X), charge (H), 5-foot step (S): each lit on the map."""
    b = budget_of(state, actor)
    prone = Refusal(_("prone: stand up first"), "d20-modern ACT-11") if state.has_condition(actor, "prone") else None
    double = None if b.attack and b.move and not b.stepped and not b.restricted else Refusal(
        _("a double move takes both actions and no 5-foot step"), "d20-modern ACT-14")
    full = bud.full_round_problem(b, allows_step=False)
    charge = bud.full_round_problem(b, allows_step=False, charge=True)
    return [
        choice("walk", _("Move"), prone or bud.move_action_problem(b, True), "W",
               _("A move action: walk up to your speed; farther (hatched) is a double move (ACT-14)."), action=_("Move")),
        choice(DOUBLE, _("Double"), prone or double, "D",
               _("Both actions: walk up to twice your speed (ACT-14)."), action=_("Full")),
        choice(RUN, _("Run"), prone or full, "V",
               _("Full-round: four times your speed in a straight line; you lose your Dex bonus to Defense "
                 "(MOV-04)."), action=_("Full")),
        choice(WITHDRAW, _("Withdraw"), prone or full, "X",
               _("Full-round: twice your speed; leaving the first square provokes no attack of opportunity "
                 "(§4.7.3)."), action=_("Full")),
        choice(CHARGE, _("Charge"), prone or charge, "H",
               _("Full-round: a straight line of 10 ft to twice your speed, then a melee attack at +2; -2 Defense "
                 "until your next turn (ATK-15)."), action=_("Full")),
        choice(STEP, _("5-ft step"), prone or bud.five_foot_step_problem(b), "S",
               _("One square (violet) that provokes nothing; not in a round with other movement (§6.5)."),
               action=_("Free")),
    ]


def firing_choices(state: GameState, actor: Entity) -> list[Choice]:
    """Burst fire (B) and autofire (U) with the automatic weapon in hand; reload (E)."""
    b = budget_of(state, actor)
    guns = [w for w in in_hand(state, actor) if w.autofire]
    foes = nearest_foes(state, actor)
    found: list[Choice] = []
    if guns:
        gun = guns[0]
        tried = first_ok(state, actor, [(e, Attack(actor, e, gun.name, burst=True)) for e in foes])
        found.append(choice(BURST, _("Burst fire"), tried.refusal if foes else no_enemy(), "B",
                            _("{gun}: 5 rounds at one target, -4 to hit, +2 damage dice (FIR-02).").format(
                                gun=_(gun.name)), action=_("Attack"), reach=_("Range {n} ft").format(n=gun.increment_ft),
                            aim=_("-4, 5 rounds"), targets=tried.ok))
        autofire: Refusal | None = bud.attack_action_problem(b)
        if autofire is None and state.world.get(actor, Ammo).rounds(gun.name) < 10:
            autofire = Refusal(_("autofire needs 10 rounds loaded"), "d20-modern FIR-01")
        found.append(choice(AUTOFIRE, _("Autofire"), autofire, "U",
                            _("{gun}: 10 rounds over 2x2 squares; one roll against Defense 10, then everyone there "
                              "saves (Reflex DC 15) or takes the damage (FIR-01).").format(gun=_(gun.name)),
                            action=_("Attack"), reach=_("2x2 squares"), aim=_("Reflex DC 15")))
    magazines = [w for w in in_hand(state, actor) if w.magazine]
    if magazines:
        reloads = [Reload(actor, w.name) for w in magazines]
        good = next((r for r in reloads if validate(state, r) is None), None)
        blocked = None if good is not None else validate(state, reloads[0])
        summary = _("A move action: a fresh box magazine (§4.2).") + (provoke_words(state, good) if good else "")
        found.append(choice("reload", _("Reload"), blocked, "E", summary, instant=True, action=_("Move")))
    return found


def maneuver_choices(state: GameState, actor: Entity) -> list[Choice]:
    """Bull rush (0), overrun (N: "no" only at a prompt), trip (I), disarm (J), grapple (G), aid another (A), coup
    de grace or knockout blow (K)."""
    foes = nearest_foes(state, actor)
    using = melee_of(state, actor)

    def disarm_of(e: Entity) -> Disarm:
        held = next((w for w in in_hand(state, e) if w.kind != "unarmed"), None)
        return Disarm(actor, e, held.name if held else "", using.name)

    def grapple_of(e: Entity) -> Grapple:
        commands = [Grapple(actor, e, option) for option in ("start", "damage", "pin", "escape")]
        return next((c for c in commands if validate(state, c) is None), commands[0])

    def aid_of(e: Entity) -> Aid:
        helped = [Aid(actor, a, e) for a in allies(state, actor)]
        return next((c for c in helped if validate(state, c) is None), helped[0] if helped else Aid(actor, actor, e))

    def helpless_of(e: Entity) -> Any:
        blows = [CoupDeGrace(actor, e, w.name) for w in in_hand(state, actor)] + [Knockout(actor, e, using.name)]
        return next((c for c in blows if validate(state, c) is None), blows[0])

    aims = {BULL_RUSH: _("Str vs Str"), OVERRUN: _("touch, Str"), TRIP: _("touch, Str"), DISARM: _("opposed attack"),
            GRAPPLE: _("grapple check"), AID: _("vs Defense 10"), HELPLESS: _("helpless foe")}
    rows = [
        (BULL_RUSH, _("Bull rush"), "0", lambda e: BullRush(actor, e),
         _("With the move action: push an adjacent enemy back 5 ft and more on an opposed Strength check; moving "
           "into its square provokes (§10.7).")),
        (OVERRUN, _("Overrun"), "N", lambda e: overrun_of(state, actor, e),
         _("With the move action, or charging: 10 ft straight into an enemy's square and on past it; if it blocks, "
           "trip it to go on, else you are thrown back 5 ft (§10.8).")),
        (TRIP, _("Trip"), "I", lambda e: Trip(actor, e),
         _("In place of one melee attack: a touch attack, then Strength against Strength or Dexterity; a tripped "
           "enemy is prone (§10.9).")),
        (DISARM, _("Disarm"), "J", disarm_of,
         _("In place of one melee attack: an opposed attack roll knocks the enemy's weapon away; it provokes "
           "(§10.10).")),
        (GRAPPLE, _("Grapple"), "G", grapple_of,
         _("Grab and hold an adjacent enemy, then damage, pin or escape, each in place of one attack (§10.12).")),
        (AID, _("Aid another"), "A", aid_of,
         _("An attack against Defense 10: an ally engaged with the enemy gets +2 to attack it or +2 Defense "
           "against it (ATK-24).")),
        (HELPLESS, _("Coup de grace"), "K", helpless_of,
         _("Full-round, on a helpless enemy next to you: a coup de grace (an automatic critical, then Fortitude or "
           "die) or a knockout blow (§8).")),
    ]
    found: list[Choice] = []
    for key, label, hotkey, make, summary in rows:
        tried = first_ok(state, actor, [(e, make(e)) for e in foes])
        found.append(choice(key, label, tried.refusal if foes else no_enemy(), hotkey, summary, action=_("Attack"),
                            reach=_("Melee 5 ft"), aim=aims[key], targets=tried.ok))
    return found


def own_choices(state: GameState, actor: Entity, defensively: bool) -> list[Choice]:
    """Fight defensively (F, a toggle), total defense (O), stand up or drop prone (P), delay (L), ready (Z),
    and when they apply: treat a dying ally (Y is taken: 9) and pick up a dropped weapon (8)."""
    prone = state.has_condition(actor, "prone")
    posture: Any = StandUp(actor) if prone else DropProne(actor)
    ready = Ready(actor, melee_of(state, actor).name if not _guns(state, actor) else _guns(state, actor)[0].name)
    found = [
        choice(DEFENSIVELY, _("Defensive: on") if defensively else _("Defensive: off"), None, "F",
               _("Attack fighting defensively: -4 to attack, +2 dodge bonus to Defense until your next turn "
                 "(ATK-13)."), action=_("Free")),
        choice("total_defense", _("Total def."), validate(state, TotalDefense(actor)), "O",
               _("The attack action: +4 dodge bonus to Defense until your next turn, no attacks of opportunity "
                 "(ATK-14)."), instant=True, action=_("Attack")),
        choice("posture", _("Stand up") if prone else _("Drop prone"), validate(state, posture), "P",
               (_("A move action; it provokes (§4.2).") + provoke_words(state, posture)) if prone
               else _("A free action: -4 Defense in melee, +4 against ranged attacks (DEF-08)."),
               instant=True, action=_("Move") if prone else _("Free")),
        choice("delay", _("Delay"), validate(state, Delay(actor)), "L",
               _("Act after the next creature in the initiative order (§9.1)."), instant=True, action=_("Free")),
        choice("ready", _("Ready"), validate(state, ready), "Z",
               _("Hold an attack with the {weapon} for the first enemy that comes within reach (§9.2).").format(
                   weapon=_(ready.weapon)), instant=True, action=_("Attack")),
    ]
    if budget_of(state, actor).restricted:       # a surprise-round or disabled turn: one action, no full round
        found.append(choice("start_full_round", _("Start full round"), validate(state, StartFullRound(actor)), "7",
                            _("The attack action: start a coup de grace, a knockout blow or a careful shot, and "
                              "complete it with the first action of your next turn (ACT-09)."), instant=True,
                            action=_("Attack")))
    dying = [a for a in allies(state, actor) if _dying(state, a)]
    if dying:
        tried = first_ok(state, actor, [(a, Stabilize(actor, a)) for a in dying])
        found.append(choice(STABILIZE, _("Treat injury"), tried.refusal, "9",
                            _("Treat Injury DC 15 on a dying ally next to you: it becomes stable; it provokes (§11)."),
                            action=_("Attack"), targets=tried.ok))
    lost = state.world.maybe(actor, Disarmed)
    if lost is not None and lost.lost:
        pickups = [PickUp(actor, name) for name, _sq in lost.lost]
        good = next((p for p in pickups if validate(state, p) is None), None)
        found.append(choice("pick_up", _("Pick up"), None if good else validate(state, pickups[0]), "8",
                            _("A move action: pick up your dropped weapon; it provokes (DSR-02)."), instant=True,
                            action=_("Move")))
    return found


def _guns(state: GameState, actor: Entity) -> list[Weapon]:
    return [w for w in in_hand(state, actor) if not w.melee]


def _dying(state: GameState, e: Entity) -> bool:
    v = vitals(state, e)
    return v is not None and injury.state_of(v) == "dying"


def choices(state: GameState, actor: Entity, defensively: bool) -> list[Choice]:
    """The whole bar, cards first."""
    return (weapon_choices(state, actor, defensively) + move_choices(state, actor) + firing_choices(state, actor)
            + maneuver_choices(state, actor) + own_choices(state, actor, defensively))


def instant_command(state: GameState, actor: Entity, key: str) -> Any:
    """The command an instant button sends."""
    if key == "reload":
        reloads = [Reload(actor, w.name) for w in in_hand(state, actor) if w.magazine]
        return next((r for r in reloads if validate(state, r) is None), reloads[0])
    if key == "total_defense":
        return TotalDefense(actor)
    if key == "posture":
        return StandUp(actor) if state.has_condition(actor, "prone") else DropProne(actor)
    if key == "delay":
        return Delay(actor)
    if key == "start_full_round":
        return StartFullRound(actor)
    if key == "ready":
        guns = _guns(state, actor)
        return Ready(actor, guns[0].name if guns else melee_of(state, actor).name)
    lost = state.world.get(actor, Disarmed)
    pickups = [PickUp(actor, name) for name, _sq in lost.lost]
    return next((p for p in pickups if validate(state, p) is None), pickups[0])


def overrun_of(state: GameState, actor: Entity, target: Entity) -> Overrun:
    """The overrun through ``target`` on the straight line past it: with the move action, else charging."""
    tries = [Overrun(actor, target, path_through(state, actor, target), charge) for charge in (False, True)]
    return next((c for c in tries if validate(state, c) is None), tries[0])


def options_at(state: GameState, actor: Entity, mode: str, target: Entity) -> list[tuple[str, Any]]:
    """The commands a click on ``target`` may mean in a maneuver mode: one, or several for a popup."""
    using = melee_of(state, actor)
    if mode == BULL_RUSH:
        return [(_("Bull rush"), BullRush(actor, target))]
    if mode == OVERRUN:
        return [(_("Overrun"), overrun_of(state, actor, target))]
    if mode == TRIP:
        return [(_("Trip"), Trip(actor, target))]
    if mode == DISARM:
        held = [w for w in in_hand(state, target) if w.kind != "unarmed"]
        return [(_("Disarm: the {weapon}").format(weapon=_(w.name)), Disarm(actor, target, w.name, using.name))
                for w in held]
    if mode == GRAPPLE:
        words = {"start": _("Grab and hold"), "damage": _("Damage (an unarmed strike)"), "pin": _("Pin"),
                 "escape": _("Escape")}
        return [(words[o], Grapple(actor, target, o)) for o in ("start", "damage", "pin", "escape")]
    if mode == HELPLESS:
        blows: list[tuple[str, Any]] = [(_("Coup de grace: the {weapon}").format(weapon=_(w.name)),
                                         CoupDeGrace(actor, target, w.name)) for w in in_hand(state, actor)]
        return blows + [(_("Knockout blow: the {weapon}").format(weapon=_(using.name)),
                         Knockout(actor, target, using.name))]
    if mode == STABILIZE:
        return [(_("Treat injury"), Stabilize(actor, target))]
    return []


def aid_options(state: GameState, actor: Entity, enemy: Entity, ally: Entity) -> list[tuple[str, Any]]:
    return [(_("+2 on its attacks against {foe}").format(foe=who(state, enemy)), Aid(actor, ally, enemy)),
            (_("+2 Defense against {foe}").format(foe=who(state, enemy)), Aid(actor, ally, enemy, defense=True))]


def aid_allies(state: GameState, actor: Entity, enemy: Entity) -> list[Entity]:
    return [a for a in allies(state, actor) if validate(state, Aid(actor, a, enemy)) is None]
