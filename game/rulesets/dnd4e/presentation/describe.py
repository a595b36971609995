"""Words for powers and conditions as the screen shows them: short labels for the power bar and badges,
full sentences for the unit card and tooltips (pure: no pygame, read-only on the state)."""

from __future__ import annotations

from game.ecs.components import (
    END_OF_TURN, ENCOUNTER, SAVE_ENDS, START_OF_TURN, SUSTAIN, ActionPoints, Condition, DeathSaves, Health,
    OutOfFight, Power, Readied, Surges, TeleportPower,
)
from game.rulesets.dnd4e.actions.turn_actions import READY_TRIGGERS
from game.ecs.world import Entity
from game.engine.refusal import Refusal
from game.rulesets.dnd4e.actions.commands import Rejected
from game.i18n import listing, named
from game.rulesets.dnd4e.i18n import L_, N_, _, ngettext
from game.engine.badges import badge, harmful
from game.state import GameState

ACTION_SHORT = {"standard": N_("Std"), "move": N_("Move"), "minor": N_("Minor"), "free": N_("Free"),
                "interrupt": N_("Interrupt"), "reaction": N_("Reaction")}
DEFENSE_SHORT = {"ac": "AC", "fortitude": N_("Fort"), "reflex": N_("Ref"), "will": N_("Will")}
DEFENSE_LONG = {"ac": "AC", "fortitude": N_("Fortitude"), "reflex": N_("Reflex"), "will": N_("Will")}
AREA_TITLES = {"blast": N_("Blast"), "burst": N_("Burst"), "wall": N_("Wall")}
USAGE_TITLES = {"encounter": N_("Encounter"), "daily": N_("Daily")}
AIMS = {"ally": N_("ally"), "ally_or_self": N_("ally/self"), "self": N_("self"), "creature": N_("any")}

NAMES = {"defense_bonus": N_("defenses"), "attack_bonus": N_("attack rolls"), "aided_attack": N_("aided attack"),
         "aided_defense": N_("aided defenses"), "temp_hp": N_("temporary hit points")}
DURATIONS = {"end_of_your_next_turn": N_(" until the end of your next turn"), "save_ends": N_(" (save ends)"),
             "start_of_your_next_turn": N_(" until the start of your next turn"), "sustain": N_(" (sustain minor)"),
             "end_of_its_next_turn": N_(" until the end of its next turn"), "encounter": N_(" for the encounter")}
OBSCUREMENTS = {"light": N_("light obscurement"), "heavy": N_("heavy obscurement"), "total": N_("total obscurement")}
ZONE_DURATIONS = {"sustain": N_("sustain"), "end_of_your_next_turn": N_("end of your next turn"), "encounter": N_("encounter")}
STATE_WORDS = (N_("DEAD"), N_("DYING"), N_("UNCONSCIOUS"), N_("BLOODIED"))


def refusal_text(refusal: Refusal) -> str:
    """A refusal as the screen writes it: "the reason (4e §x)", as a Lazy line."""
    if isinstance(refusal, Rejected):
        return str(refusal)
    return L_("{reason} ({rule})", reason=refusal.reason, rule=refusal.rule) if refusal.rule else refusal.reason


def sentences(parts: list[str]) -> str:
    """Sentences one after another, as one message (Chinese puts no space after its full stop)."""
    line = parts[-1] if parts else ""
    for earlier in reversed(parts[:-1]):
        line = L_("{first} {rest}", first=earlier, rest=line)
    return line


def clauses(parts: list[str]) -> str:
    """Parts joined with semicolons, as one message so that each part is still translated."""
    line = parts[-1] if parts else ""
    for earlier in reversed(parts[:-1]):
        line = L_("{first}; {rest}", first=earlier, rest=line)
    return line


def power_reach(power: Power | TeleportPower) -> str:
    """ "Melee 1", "Ranged 10/20", "Close blast 3", "Area burst 1 within 10", "Personal", "Teleport 5"."""
    if isinstance(power, TeleportPower):
        return L_("Teleport {n}", n=power.squares)
    if power.kind == "melee":
        return L_("Melee {n}", n=power.reach)
    if power.kind == "ranged":
        if power.long_range:
            return L_("Ranged {n}/{n2}", n=power.reach, n2=power.long_range)
        return L_("Ranged {n}", n=power.reach)
    if power.kind == "close":
        return L_("Close {area} {n}", area=power.area, n=power.size)
    if power.kind == "area":
        return L_("Area {area} {n} within {n2}", area=power.area, n=power.size, n2=power.reach)
    return L_("Personal")


def power_reach_short(power: Power | TeleportPower) -> str:
    """The bar's version: "Melee 1", "Rng 10", "Blast 3", "Burst 1 in 10", "Personal"."""
    if isinstance(power, TeleportPower):
        return L_("Teleport {n}", n=power.squares)
    if power.kind == "ranged":
        if power.long_range:
            return L_("Rng {n}/{n2}", n=power.reach, n2=power.long_range)
        return L_("Rng {n}", n=power.reach)
    if power.kind == "close":
        return L_("{area} {n}", area=AREA_TITLES.get(power.area, power.area.title()), n=power.size)
    if power.kind == "area":
        return L_("{area} {n} in {n2}", area=AREA_TITLES.get(power.area, power.area.title()), n=power.size, n2=power.reach)
    return power_reach(power)


def power_target_text(power: Power | TeleportPower) -> str:
    """What the card's third line says a power aims at: "vs AC", "heal", "ally", "self"."""
    if isinstance(power, TeleportPower):
        return L_("self")
    if power.attacks:
        return L_("vs {defense}", defense=DEFENSE_SHORT.get(power.defense, power.defense))
    if power.heal is not None:
        return L_("heal")
    if power.zone is not None:
        return L_("zone")
    return L_("{aim}", aim=AIMS.get(power.targets, N_("self")))


def uses_text(left: int | None, uses: int) -> str:
    """ "at-will", or "1/2" uses left of an encounter or daily power."""
    return L_("at-will") if left is None else f"{max(left, 0)}/{uses}"


def usage_text(usage: str, left: int | None, uses: int) -> str:
    """ "At-will", "Encounter, 1/2 left", "Daily, used"."""
    if left is None:
        return L_("At-will")
    title = USAGE_TITLES.get(usage, usage.title())
    if left > 0:
        return L_("{usage}, {left}/{uses} left", usage=title, left=left, uses=uses)
    return L_("{usage}, used", usage=title)


def power_summary(power: Power | TeleportPower, user: str = "") -> str:
    """A line for the tooltip: damage and what a hit or use does (its effects on its ``user``, if named, else on "you")."""
    if isinstance(power, TeleportPower):
        return L_("Teleport up to {n} squares to a square you can see (4e §23).", n=power.squares)
    parts: list[str] = []
    if power.attacks:
        damage = L_("+{bonus} vs {defense}, {dice} {type} damage", bonus=power.bonus, dice=str(power.damage),
                    defense=DEFENSE_LONG.get(power.defense, power.defense), type=power.damage_type) \
            if power.damage_type else L_("+{bonus} vs {defense}, {dice} damage", bonus=power.bonus, dice=str(power.damage),
                                         defense=DEFENSE_LONG.get(power.defense, power.defense))
        parts.append(damage)
        if power.advantage_damage is not None:
            parts.append(L_("+{dice} with combat advantage", dice=str(power.advantage_damage)))
        if power.needs_combat_advantage:
            parts.append(L_("needs combat advantage"))
        if power.forced:
            parts.append(forced_words(power.forced, power.forced_squares))
        if power.miss_half:
            parts.append(L_("miss: half damage"))
    if power.heal is not None:
        bonus = str(power.heal.bonus)
        parts.append(L_("spend a healing surge: regain surge value + {bonus}", bonus=bonus) if bonus not in ("0", "+0")
                     else L_("spend a healing surge: regain surge value"))
    for effect in power.hit_effects:
        parts.append(_with_duration(effect_words(effect.condition, effect.amount, effect.damage_type), effect.duration))
    for effect in power.self_effects:
        words = _with_duration(effect_words(effect.condition, effect.amount, effect.damage_type), effect.duration)
        parts.append(L_("{who}: {effect}", who=user, effect=words) if user else L_("you: {effect}", effect=words))
    if power.zone is not None:
        what = OBSCUREMENTS.get(power.zone.obscurement, N_("difficult terrain"))
        duration = ZONE_DURATIONS.get(power.zone.duration, power.zone.duration.replace("_", " "))
        parts.append(L_("zone of {what} ({duration})", what=what, duration=duration))
    return clauses(parts)


def forced_words(kind: str, squares: int) -> str:
    """ "push 2", "slide 1", "swap" (a forced movement of no distance is written bare)."""
    return L_("{kind} {n}", kind=kind, n=squares) if squares else kind


def _with_duration(words: str, duration: str) -> str:
    ending = DURATIONS.get(duration, "")
    return L_("{effect}{duration}", effect=words, duration=ending) if ending else words


def effect_words(name: str, amount: int, damage_type: str) -> str:
    if name == "ongoing":
        if damage_type:
            return L_("ongoing {n} {type} damage", n=amount, type=damage_type)
        return L_("ongoing {n} damage", n=amount)
    if name in ("defense_bonus", "attack_bonus"):
        return L_("{amount:+d} to {what}", amount=amount, what=NAMES[name])
    if name == "regeneration":
        return L_("regeneration {n}", n=amount)
    if name == "temp_hp":
        return L_("{n} temporary hit points", n=amount)
    return name


def duration_text(state: GameState, entry: Condition) -> str:
    """When it ends: " (save ends)", " until the end of Miriel's next turn", ""."""
    who = named(state.name(entry.owner)) if entry.owner is not None and entry.owner in state.creatures() else L_("its user")
    if entry.until == SAVE_ENDS:
        return L_(" (save ends)")
    if entry.until == END_OF_TURN:
        return L_(" until the end of {who}'s next turn", who=who)
    if entry.until == START_OF_TURN:
        return L_(" until the start of {who}'s next turn", who=who)
    if entry.until == SUSTAIN:
        return L_(" while {who} sustains {power}", who=who, power=entry.source or L_("it"))
    if entry.until == ENCOUNTER:
        return L_(" for the encounter")
    return ""


def condition_text(state: GameState, entry: Condition, with_source: bool = True) -> str:
    """A full line for the unit card: "ongoing 5 fire (save ends)", "marked by Brakka until ..."; the power it
    came from in brackets unless ``with_source`` is False (the log names it its own way)."""
    words = effect_words(entry.name, entry.amount, entry.damage_type)
    if entry.name in ("aided_attack", "aided_defense") and entry.against is not None:
        against = named(state.name(entry.against))
        words = L_("{amount:+d} to its next attack on {who}", amount=entry.amount, who=against) \
            if entry.name == "aided_attack" else L_("{amount:+d} to defenses against {who}", amount=entry.amount, who=against)
    if entry.name == "marked" and entry.by is not None and entry.by in state.creatures():
        words = L_("marked by {who}", who=named(state.name(entry.by)))
    text = words
    if (ending := duration_text(state, entry)):
        text = L_("{effect}{duration}", effect=text, duration=ending)
    if entry.after:
        later = listing([effect_words(a.name, a.amount, a.damage_type) for a in entry.after])
        text = L_("{effect}; then {later}", effect=text, later=later)
    if with_source and entry.source and entry.name not in ("marked",) and entry.until != SUSTAIN and entry.source not in text:
        text = L_("{effect} [{source}]", effect=text, source=entry.source)
    return text


def vitals(state: GameState, entity: Entity) -> tuple[str, str]:
    """The card's hit point line and staying-power line: ("HP 12/26 +5 temp  DYING", "Surges 7 · AP 1 · ...")."""
    stats = state.stats(entity)
    health = state.world.get(entity, Health)
    if health.temp:
        hp = _("HP {hp}/{max} +{temp} temp").format(hp=health.hp, max=stats.max_hp, temp=health.temp)
    else:
        hp = _("HP {hp}/{max}").format(hp=health.hp, max=stats.max_hp)
    status = _(state_word(state, entity)) if state_word(state, entity) else ""
    parts: list[str] = []
    surges = state.world.maybe(entity, Surges)
    if stats.hero and surges is not None:
        parts.append(_("Surges {n}").format(n=surges.left))
    points = state.world.maybe(entity, ActionPoints)
    if points is not None and points.left:
        parts.append(_("Action point {n}").format(n=points.left))
    potions = state.arsenal(entity).potions
    if potions:
        parts.append(ngettext("Potion {n}", "Potions {n}", potions).format(n=potions))
    saves = state.world.maybe(entity, DeathSaves)
    if stats.hero and saves is not None and (saves.failures or state.has_condition(entity, "dying")):
        parts.append(_("Death saves failed {n}/3").format(n=saves.failures))
    return f"{hp}  {status}".rstrip(), " · ".join(parts)


def state_word(state: GameState, entity: Entity) -> str:
    """DEAD, DYING, UNCONSCIOUS, BLOODIED or "" (in English: the screen translates it where it shows it)."""
    if state.world.has(entity, OutOfFight):
        return "DEAD"
    if state.has_condition(entity, "dying"):
        return "DYING"
    if state.has_condition(entity, "unconscious"):
        return "UNCONSCIOUS"
    if state.hp(entity) <= state.stats(entity).bloodied_value:
        return "BLOODIED"
    return ""


def readied_text(state: GameState, entity: Entity) -> str:
    readied = state.world.maybe(entity, Readied)
    if readied is None:
        return ""
    return L_("Readied: {power} when {trigger}", power=readied.power,
              trigger=READY_TRIGGERS.get(readied.trigger, readied.trigger))


def badge_labels(state: GameState, entity: Entity) -> tuple[tuple[str, bool], ...]:
    """The creature's badges as (label, harmful), in the order they are drawn, each label once."""
    shown: list[tuple[str, bool]] = []
    for entry in state.conditions(entity).entries:
        label = (badge(entry), harmful(entry))
        if label not in shown:
            shown.append(label)
    if state.world.maybe(entity, Readied) is not None:
        shown.append((L_("RDY"), False))
    if entity in state.turn.delayed:
        shown.append((L_("DLY"), False))
    return tuple(shown)
