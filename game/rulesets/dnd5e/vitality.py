"""Hit points, damage, dying and death saves in 5e-house (§3, §4.1-§4.2); every step is a pure function."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from game.core.dice import Dice
from game.rulesets.dnd5e.i18n import L_
from game.rulesets.dnd5e.verdict import Refused


class DamageType(Enum):
    """§4.1: the 13 damage types (the page's groupings are only a reading aid)."""

    BLUDGEONING = "bludgeoning"
    PIERCING = "piercing"
    SLASHING = "slashing"
    FIRE = "fire"
    COLD = "cold"
    LIGHTNING = "lightning"
    POISON = "poison"
    ACID = "acid"
    RADIANT = "radiant"
    NECROTIC = "necrotic"
    THUNDER = "thunder"
    PSYCHIC = "psychic"
    FORCE = "force"


FIRST_AID_DC = 10            # §3.1: Wisdom (Medicine) on a creature at 0 HP
DEATH_SAVES_TO_STABILISE = 3  # §3.1
DEATH_SAVES_TO_DIE = 3        # §3.1
DEATH_SAVE_SUCCESS = 10       # §3.1: 10-19 is one success, 2-9 one failure


@dataclass(frozen=True)
class Defences:
    """Damage types a creature resists, is vulnerable to or immune to (§4.2); each counts once."""

    resist: tuple[DamageType, ...] = ()
    vulnerable: tuple[DamageType, ...] = ()
    immune: tuple[DamageType, ...] = ()


@dataclass(frozen=True)
class Vitals:
    """A creature's hit points and where it stands between healthy and dead.

    ``knocked_out``: unconscious at 1 HP after a knockout (§3.1), making no death saves.
    """

    hp: int
    max_hp: int
    temp: int = 0
    successes: int = 0
    failures: int = 0
    stable: bool = False
    knocked_out: bool = False
    dead: bool = False

    @property
    def dying(self) -> bool:
        """§3.1: at 0 HP and alive: unconscious, "dying"."""
        return self.hp == 0 and not self.dead

    @property
    def unconscious(self) -> bool:
        return self.dying or self.knocked_out

    @property
    def bloodied(self) -> bool:
        """§3 (R004-HP-02): half of maximum or less; an indicator with no effect of its own."""
        return 2 * self.hp <= self.max_hp


def max_hp(level: int, con_mod: int, classes: tuple[tuple[int, int], ...]) -> int:
    """§3 (R004-HP-01): level × Con modifier + Σ (class hit die's largest face × class level).

    ``classes``: (hit die sides, levels in that class) per class. No floor is stated; at least 1 per
    level keeps a sickly creature alive (docs/rulings.md).
    """
    return max(level, level * con_mod + sum(die * levels for die, levels in classes))


def gain_temp(vitals: Vitals, amount: int, keep_old: bool | None = None) -> Vitals:
    """§3 (R004-HP-04): temporary HP never add up; the creature keeps the old pool or takes the new.
    ``keep_old`` None: take whichever is larger (the choice the game makes for everyone)."""
    if keep_old is None:
        keep_old = vitals.temp >= amount
    return vitals if keep_old else replace(vitals, temp=amount)


def long_rest(vitals: Vitals) -> Vitals:
    """§3 (R004-HP-05): temporary HP disappear on a long rest."""
    return replace(vitals, temp=0)


def adjusted_damage(amount: int, kind: DamageType, defences: Defences) -> int:
    """§4, §4.2 (R004-DM-01..03): never negative; immunity to the type stops it; otherwise resistance
    halves (rounded down) and then vulnerability doubles, each once however many sources."""
    if kind in defences.immune:
        return 0
    amount = max(0, amount)
    if kind in defences.resist:
        amount //= 2
    if kind in defences.vulnerable:
        amount *= 2
    return amount


@dataclass(frozen=True)
class Harm:
    """What one instance of damage did: taken by temporary HP and by HP, and what it led to."""

    vitals: Vitals
    absorbed: int
    lost: int
    dropped: bool = False        # fell to 0 HP now
    knocked_out: bool = False    # left at 1 HP, unconscious (§3.1 knockout)
    killed: bool = False
    failures_added: int = 0


def take_damage(vitals: Vitals, amount: int, critical: bool = False, knockout: bool = False) -> Harm:
    """§3, §3.1, §4.2: ``amount`` after resistances. Temporary HP absorb first (R004-HP-03).

    At 0 HP: a hit adds one death-save failure, a critical two, and one instance greater than the
    maximum HP kills (R004-DY-05); damage also ends stability (R004-DY-06). Dropping a creature to 0
    with ``knockout`` (a melee attacker's choice) leaves it at 1 HP, knocked out (R004-DY-02).
    """
    if vitals.dead:
        return Harm(vitals, 0, 0)
    absorbed = min(vitals.temp, amount)
    rest = amount - absorbed
    vitals = replace(vitals, temp=vitals.temp - absorbed)
    if rest == 0:
        return Harm(vitals, absorbed, 0)
    if vitals.hp == 0:
        if rest > vitals.max_hp:
            return Harm(replace(vitals, dead=True, stable=False), absorbed, rest, killed=True)
        failures = min(DEATH_SAVES_TO_DIE, vitals.failures + (2 if critical else 1))   # R004-DY-04: stops at death
        dead = failures >= DEATH_SAVES_TO_DIE
        return Harm(replace(vitals, failures=failures, stable=False, dead=dead), absorbed, rest,
                    killed=dead, failures_added=failures - vitals.failures)
    lost = min(vitals.hp, rest)
    if lost < vitals.hp:
        return Harm(replace(vitals, hp=vitals.hp - lost), absorbed, lost)
    if knockout:
        return Harm(replace(vitals, hp=1, knocked_out=True), absorbed, vitals.hp - 1, knocked_out=True)
    return Harm(replace(vitals, hp=0, knocked_out=False, successes=0, failures=0, stable=False), absorbed, lost,
                dropped=True)


def heal(vitals: Vitals, amount: int) -> Vitals:
    """§3.1 (R004-DY-07): regaining HP ends unconsciousness from dying or a knockout and clears the
    death-save tallies ([5e], docs/rulings.md). The dead regain nothing."""
    if vitals.dead or amount <= 0:
        return vitals
    return replace(vitals, hp=min(vitals.max_hp, vitals.hp + amount), successes=0, failures=0, stable=False,
                   knocked_out=False)


@dataclass(frozen=True)
class DeathSave:
    natural: int
    vitals: Vitals
    outcome: str      # "revived", "success", "failure", "stable", "dead"


def needs_death_save(vitals: Vitals) -> bool:
    """§3.1 (R004-DY-03): a creature starting its turn at 0 HP, not stable and not dead."""
    return vitals.dying and not vitals.stable


def death_save(vitals: Vitals, dice: Dice) -> DeathSave:
    """§3.1 (R004-DY-03, R004-DY-04): a bare d20: 20 regains 1 HP; 10-19 a success, three of them make the
    creature stable; 2-9 a failure, 1 two failures; three failures kill."""
    natural = dice.roll(20)
    if natural == 20:
        return DeathSave(natural, heal(vitals, 1), "revived")
    if natural >= DEATH_SAVE_SUCCESS:
        successes = vitals.successes + 1
        if successes >= DEATH_SAVES_TO_STABILISE:
            return DeathSave(natural, stabilise(vitals), "stable")
        return DeathSave(natural, replace(vitals, successes=successes), "success")
    failures = min(DEATH_SAVES_TO_DIE, vitals.failures + (2 if natural == 1 else 1))
    if failures >= DEATH_SAVES_TO_DIE:
        return DeathSave(natural, replace(vitals, failures=failures, dead=True), "dead")
    return DeathSave(natural, replace(vitals, failures=failures), "failure")


def stabilise(vitals: Vitals) -> Vitals:
    """§3.1: stable: still at 0 HP and unconscious, no more death saves; tallies reset ([5e])."""
    return replace(vitals, stable=True, successes=0, failures=0)


def first_aid(vitals: Vitals, medicine_total: int) -> Vitals | Refused:
    """§2.1 Help, §3.1 (R004-SA-12): on a creature at 0 HP, Wisdom (Medicine) 10 or more makes it
    stable; on a knocked-out creature success ends the knockout early (it wakes at 1 HP)."""
    if vitals.dead:
        return Refused(L_("first aid cannot help the dead"), "5e-house §3.1")
    if vitals.knocked_out:
        return replace(vitals, knocked_out=False) if medicine_total >= FIRST_AID_DC else vitals
    if not vitals.dying:
        return Refused(L_("first aid is for a creature at 0 hit points"), "5e-house §3.1")
    if vitals.stable:
        return Refused(L_("the creature is already stable"), "5e-house §3.1")
    return stabilise(vitals) if medicine_total >= FIRST_AID_DC else vitals


def slay(vitals: Vitals) -> Vitals:
    """§4.3 house rule (R004-AT-08): a confirmed natural 20 kills outright, whatever the hit points."""
    return replace(vitals, hp=0, temp=0, dead=True, stable=False, knocked_out=False)
