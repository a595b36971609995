"""The d20-modern creature card under the portrait: Defense (flat-footed and touch), saves, the weapons with their
rounds, the explosives, the conditions and, on its turn, what is left of its actions; no pygame."""

from __future__ import annotations

from game.ecs.world import Entity
from game.engine.controls import Card
from game.rulesets.d20modern import budget as bud
from game.rulesets.d20modern import injury
from game.rulesets.d20modern.components import Ammo, Carried, Readied, Reaction, Sheet
from game.rulesets.d20modern.defense import defense
from game.rulesets.d20modern.engine import budget_of
from game.rulesets.d20modern.i18n import _
from game.rulesets.d20modern.presentation.bar import loaded
from game.rulesets.d20modern.presentation.narration import word
from game.rulesets.d20modern.situation import guard, in_hand, speed_ft, vitals
from game.state import GameState


def creature_card(state: GameState, e: Entity, acting: bool) -> Card:
    """Defense (flat-footed and touch too), the hit points' state, the weapons with their rounds, the explosives,
    the conditions and, on its turn, what is left of its actions."""
    sheet = state.world.maybe(e, Sheet)
    if sheet is None:
        return Card()
    g = guard(state, e)
    stats = _("Defense {d} (flat-footed {ff}, touch {t})  ·  BAB {bab}  ·  Speed {speed} ft  ·  "
              "Fort {f} Ref {r} Will {w}").format(
        d=defense(g), ff=defense(g, dex_denied=True), t=defense(g, touch=True), bab=f"{sheet.bab:+d}",
        speed=speed_ft(state, e), f=f"{sheet.saves[0] + sheet.mod('con'):+d}",
        r=f"{sheet.saves[1] + sheet.mod('dex'):+d}", w=f"{sheet.saves[2] + sheet.mod('wis'):+d}")
    v = vitals(state, e)
    condition = injury.state_of(v) if v is not None else "fine"
    hp_line = None if condition == "fine" else word(condition)
    lines: list[tuple[str, str]] = []
    ammo = state.world.get(e, Ammo)
    for weapon in in_hand(state, e):
        rounds = loaded(state, e, weapon)
        dim = weapon.magazine and ammo.rounds(weapon.name) == 0
        lines.append((_(weapon.name) + (f"  ({rounds})" if rounds else ""), "bad" if dim else "text"))
    carried = state.world.get(e, Carried)
    for item in sheet.explosives:
        lines.append((_("{item} x{n}").format(item=_(item.name), n=carried.left(item.name)), "text"))
    for entry in state.conditions(e).entries:
        bad = entry.name in ("flat_footed", "prone", "pinned", "grappling", "charging")
        lines.append((word(entry.name), "bad" if bad else "good"))
    readied = state.world.maybe(e, Readied)
    if readied is not None:
        lines.append((_("readied: {weapon}").format(weapon=_(readied.weapon)), "good"))
    pips: tuple[tuple[str, bool], ...] = ()
    if acting:
        b = budget_of(state, e)
        reaction = state.world.maybe(e, Reaction)
        pips = ((_("Attack"), b.attack), (_("Move"), b.move or b.attack and not b.attacks),
                (_("5-ft step"), bud.five_foot_step_problem(b) is None),
                (_("AoO"), reaction is None or not reaction.used))
    subtitle = "  ·  " + _("level {n} {kind}").format(n=sheet.level, kind=_(sheet.kind.replace("_", " ").capitalize()))
    return Card(subtitle=subtitle, hp_line=hp_line, hp_alarm=condition not in ("fine", "stable"), stats=stats,
                lines=tuple(lines), pips=pips)
