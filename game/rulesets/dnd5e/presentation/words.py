"""The 5e-house screen's words: what each choice costs, the tooltips of the actions, cover, the cards' reach, aim and
summary, and the terms the rules put in a line, each a message of the dnd5e domain (translated where drawn)."""

from __future__ import annotations

from game.rulesets.dnd5e.components import Spell, Weapon
from game.rulesets.dnd5e.i18n import L_, N_, sentences
from game.rulesets.dnd5e.situation import MELEE

# What a choice costs, in the words of the page (§2): the action, the bonus action, movement, or nothing.
ACTION, BONUS_ACTION, MOVEMENT, FREE = N_("Action"), N_("Bonus action"), N_("Movement"), N_("Free")
ACTION_SHORT = {"standard": ACTION, "bonus": N_("Bonus")}      # a spell card's words: "Bonus action" does not fit
ACTION_HELP = {
    "grapple": N_("In place of a melee attack: the target saves (Str or Dex) or is grappled, speed 0 (5e-house §2.1)."),
    "trip": N_("In place of a melee attack: the target saves (Str or Dex) or falls prone (5e-house §2.1)."),
    "disarm": N_("In place of a melee attack: the target saves (Str or Dex) or drops its weapon (5e-house §2.1)."),
    "dodge": N_("Attacks against you have disadvantage until your next turn (5e-house §2.1)."),
    "dash": N_("Gain your speed again in movement this turn (5e-house §2.1)."),
    "disengage": N_("Your movement provokes no opportunity attacks this turn (5e-house §2.1)."),
    "hide": N_("Stealth against DC 15, in heavy obscurement or behind cover, unseen (5e-house §2.1)."),
    "search": N_("Wisdom (Perception) against each hidden enemy's Stealth: at disadvantage in dim light, no chance "
                 "where you cannot see (5e-house §2.1, §8)."),
    "help": N_("The next ally's attack on an enemy within 5 ft of you has advantage (5e-house §2.1)."),
    "first_aid": N_("Medicine DC 10 stabilises a dying ally within 5 ft (5e-house §3.1)."),
    "potion:healing": N_("Bonus action: regain 2d4+2 HP; over a lasting potion, roll on the mixing table (5e-house §9)."),
    "potion:heroism": N_("Bonus action: 10 temporary HP, a lasting effect (5e-house §9)."),
    "stand": N_("Standing up costs half your speed (5e-house §2.3.1)."),
    "prone": N_("Drop prone for free: ranged attacks beyond 5 ft have disadvantage (5e-house §2.3.1)."),
    "escape": N_("Athletics or Acrobatics against the grapple's DC (5e-house §2.1)."),
    "pick_up": N_("Pick up your dropped weapon with the free object interaction (5e-house §2.4)."),
    "draw": N_("Draw this weapon with the free object interaction; an attack draws its weapon for free (5e-house §2.4)."),
    "stow": N_("Put this weapon away: free after attacking with it, else the free object interaction (5e-house §2.4)."),
    "ready": N_("Hold an attack until the enemy you click comes within reach or range; press again for any enemy. "
                "It takes your reaction (5e-house §2.1)."),
    "ready_spell": N_("Hold this cantrip, concentrating, until the enemy you click comes within range; press again for "
                      "any enemy. It takes your reaction (5e-house §2.1)."),
    "off_hand": N_("Bonus action after attacking with a Light weapon: attack with your other Light weapon, "
                   "no ability modifier to damage (5e-house §2.2)."),
    "dismiss": N_("End your concentration spell, at no cost (5e-house §5.2)."),
    "knockout": N_("A melee attack that drops a creature leaves it unconscious at 1 HP instead (5e-house §3.1)."),
    "end_turn": N_("End this creature's turn (Enter)."),
}
COVER_WORDS = {"none": "", "half": N_("half cover (+2 AC)"), "three_quarters": N_("three-quarters cover (+5 AC)"),
               "total": N_("total cover")}
MANEUVER_LABELS = {"grapple": N_("Grapple"), "trip": N_("Trip"), "disarm": N_("Disarm")}
POTION_LABELS = {"healing": N_("Healing potion"), "heroism": N_("Heroism potion")}
# The card's hero classes (creatures.toml's table keys, capitalised).
CLASSES = (N_("Fighter"), N_("Rogue"), N_("Cleric"), N_("Wizard"))
# The words 5e-house events, refusals and the roster editor carry as values (actions, conditions, damage types, abilities,
# sizes, outcomes, mixing results): a line's values are looked up in the catalogue when it is drawn, so each is a message.
TERMS = (
    N_("grapple"), N_("trip"), N_("disarm"), N_("dodge"), N_("dash"), N_("disengage"), N_("hide"), N_("help"),
    N_("first aid"), N_("stand up"), N_("drop prone"), N_("escape"), N_("off-hand attack"), N_("dismiss"),
    N_("prone"), N_("grappled"), N_("hidden"), N_("unconscious"), N_("weapon broken"), N_("blinded"),
    N_("invisible"), N_("incapacitated"), N_("paralyzed"), N_("petrified"), N_("restrained"), N_("stunned"),
    N_("dying"), N_("helpless"), N_("immobilized"), N_("silenced"), N_("disarmed"),
    N_("bludgeoning"), N_("piercing"), N_("slashing"), N_("fire"), N_("cold"), N_("lightning"), N_("poison"),
    N_("acid"), N_("radiant"), N_("necrotic"), N_("thunder"), N_("psychic"), N_("force"),
    N_("STR"), N_("DEX"), N_("CON"), N_("WIS"), N_("advantage"), N_("disadvantage"),
    N_("success"), N_("failure"), N_("stable"), N_("revived"), N_("dead"), N_("healing"), N_("heroism"),
    N_("explosion"), N_("both fail"), N_("one fails"), N_("halved"), N_("normal"), N_("doubled"), N_("permanent"),
    N_("tiny"), N_("small"), N_("medium"), N_("large"), N_("huge"), N_("gargantuan"),
    # The rules a refusal cites that are not a section number.
    N_("5e reach"), N_("5e range"), N_("5e spell range"), N_("5e teleport"), N_("5e incapacitated"),
    N_("5e conditions"), N_("5e restrained"), N_("5e ranged attacks"), N_("5e-house falling"),
)


def weapon_reach(weapon: Weapon) -> str:
    """A weapon card's reach: "Melee 5 ft", "Range 80/320 ft"."""
    if weapon.kind == MELEE:
        return L_("Melee {reach} ft", reach=weapon.reach_ft)
    return L_("Range {range}/{long_range} ft", range=weapon.range_ft, long_range=weapon.long_range_ft)


def spell_aim(spell: Spell) -> str:
    """What a spell card says it goes against: "vs AC", "CON save", "heal", "self", "area"."""
    if spell.effect == "save":
        return L_("{ability} save", ability=spell.save.upper())
    return L_({"attack": N_("vs AC"), "heal": N_("heal"), "teleport": N_("self"), "obscure": N_("area"),
               "darken": N_("area")}.get(spell.effect, spell.effect))


def spell_summary(spell: Spell, level: int) -> str:
    """Short sentences: its area, what it does, then concentration, the cost, components."""
    words = [L_("Area: {radius} ft radius.", radius=spell.radius_ft)] if spell.radius_ft else []
    dice = dict(damage=str(spell.damage), kind=spell.damage_type)
    if spell.effect == "attack":
        words.append(L_("Spell attack, {damage} {kind}.", **dice))
    elif spell.effect == "save":
        words.append(L_("{ability} save, {damage} {kind}.", ability=spell.save.upper(), **dice))
        words += [L_("Half on a save.")] if spell.half_on_save else []
        words += [L_("Pushes {feet} ft.", feet=spell.push_ft)] if spell.push_ft else []
    elif spell.effect == "heal":
        words.append(L_("Heals {dice} + modifier.", dice=str(spell.heal)))
    else:
        words.append(L_({"teleport": N_("Teleport to a seen, unoccupied space."), "obscure": N_("Heavily obscures the area."),
                         "darken": N_("Magical darkness: even darkvision cannot see into it.")}.get(spell.effect, spell.effect)))
    words += [L_("Concentration.")] if spell.concentration else []
    words.append(L_("Cantrip.") if level == 0 else L_("Level {level} slot.", level=level))
    words.append(L_("Components {components}.", components=spell.components))
    return sentences(words)
