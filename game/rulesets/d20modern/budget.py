"""The action budget of one turn (§4.3, ACT-01..09, ACT-14): attack + move, two moves, or one full-round
action, with free actions besides, and the 5-foot step when no other distance is covered."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rulesets.d20modern.verdict import Refused
from game.rulesets.d20modern.i18n import L_


@dataclass(frozen=True)
class Budget:
    """What is left of a creature's turn. ``restricted``: the surprise round's one attack or move action."""

    attack: bool = True          # the attack action is unspent
    move: bool = True            # the move action is unspent
    stepped: bool = False        # a 5-foot step was taken (ACT-02)
    moved: bool = False          # some other movement covered distance (ACT-02, ACT-03)
    no_step: bool = False        # charge, run, withdraw, bull rush or overrun this round (ACT-04)
    attacks: int = 0             # attack rolls of this turn's attack action or full attack
    full_attack: bool = False    # the turn became a full attack (ACT-05..08)
    restricted: bool = False     # SURP-02: only one attack action or one move action
    started: str = ""            # a full-round action started with an attack action (ACT-09)
    two_weapon: bool = False     # fighting with two weapons this turn (ATK-17)
    off_hand: bool = False       # the off-hand attack is made

    @property
    def untouched(self) -> bool:
        return self.attack and self.move and not self.stepped and not self.moved


def fresh(restricted: bool = False, started: str = "") -> Budget:
    return Budget(restricted=restricted, started=started)


def attack_action_problem(b: Budget) -> Refused | None:
    """ACT-01: an attack action needs the attack action unspent (in a restricted turn, nothing spent)."""
    if b.started:
        return Refused(L_("the started full-round action must be completed first"), "d20-modern ACT-09")
    if b.restricted and not (b.attack and b.move):
        return Refused(L_("a surprise-round turn has one attack or one move action"), "d20-modern SURP-02")
    if not b.attack:
        return Refused(L_("the attack action is already used this turn"), "d20-modern ACT-01")
    return None


def move_action_problem(b: Budget, covers_distance: bool) -> Refused | None:
    """ACT-01, ACT-03: a move action takes the move action, or the attack action downgraded (a double
    move); one that covers distance is barred after a 5-foot step."""
    if b.started:
        return Refused(L_("the started full-round action must be completed first"), "d20-modern ACT-09")
    if b.restricted and not (b.attack and b.move):
        return Refused(L_("a surprise-round turn has one attack or one move action"), "d20-modern SURP-02")
    if b.full_attack:
        return Refused(L_("a full attack leaves only the 5-foot step"), "d20-modern ACT-05")
    if not (b.move or b.attack):
        return Refused(L_("no move action is left this turn"), "d20-modern ACT-01")
    if covers_distance and b.stepped:
        return Refused(L_("after a 5-foot step no move action may cover distance"), "d20-modern ACT-03")
    if covers_distance and b.attacks and not b.move:
        return Refused(L_("no move action is left this turn"), "d20-modern ACT-01")
    return None


def full_round_problem(b: Budget, allows_step: bool, charge: bool = False, completes: bool = False) -> Refused | None:
    """ACT-01: a full-round action takes the whole turn; SURP-03: a charge alone may be made in a restricted
    turn. ``allows_step``: a 5-foot step already taken is compatible with it (ACT-04: not charge, run, withdraw).
    ``completes``: it may be the completion of one started last turn (ACT-09), made with the attack action."""
    if b.started:
        if completes and b.attack:
            return None
        return Refused(L_("the started full-round action must be completed first"), "d20-modern ACT-09")
    if not (b.attack and b.move) or b.moved or b.attacks:
        return Refused(L_("a full-round action needs the whole turn"), "d20-modern ACT-01")
    if b.restricted and not charge:
        return Refused(L_("a surprise-round turn has one attack or one move action"), "d20-modern SURP-02")
    if b.stepped and not allows_step:
        return Refused(L_("not in a round with a 5-foot step"), "d20-modern ACT-04")
    return None


def five_foot_step_problem(b: Budget) -> Refused | None:
    """ACT-02..04: once a round, only if no other distance was covered, never with a charge, run or withdraw."""
    if b.stepped:
        return Refused(L_("only one 5-foot step a round"), "d20-modern ACT-02")
    if b.moved:
        return Refused(L_("no 5-foot step in a round with other movement"), "d20-modern ACT-02")
    if b.no_step:
        return Refused(L_("no 5-foot step in a round with a charge, run, withdraw, bull rush or overrun"), "d20-modern ACT-04")
    return None


def use_attack(b: Budget) -> Budget:
    return replace(b, attack=False, attacks=b.attacks + 1)


def use_move(b: Budget, covers_distance: bool) -> Budget:
    """The move action, or the attack action when the move is spent (§4.3: an attack action can always be
    downgraded to a move action)."""
    if b.move:
        b = replace(b, move=False)
    else:
        b = replace(b, attack=False)
    return replace(b, moved=b.moved or covers_distance, attack=b.attack and not b.restricted)


def use_double_move(b: Budget) -> Budget:
    """ACT-14: both actions for up to 2x speed."""
    return replace(b, attack=False, move=False, moved=True)


def use_full_round(b: Budget, no_step: bool = False, moved: bool = False) -> Budget:
    if b.started:                # ACT-09: completing the started action takes the attack action only
        return replace(b, started="", attack=False)
    return replace(b, attack=False, move=False, no_step=b.no_step or no_step, moved=b.moved or moved)


def use_step(b: Budget) -> Budget:
    return replace(b, stepped=True)


def next_attack_problem(b: Budget, iterative_left: bool) -> Refused | None:
    """ACT-06..08: after the first attack, the remaining attacks of a full attack, if the move action is still
    unspent (it is given up for them) and no distance was covered besides one 5-foot step."""
    if b.attacks == 0:
        return attack_action_problem(b)
    if not b.full_attack and (not b.move or b.moved):
        return Refused(L_("more than one attack a round takes a full attack (the whole turn)"), "d20-modern ACT-07")
    if b.restricted:
        return Refused(L_("a surprise-round turn has one attack action"), "d20-modern SURP-02")
    if not iterative_left:
        return Refused(L_("no attacks left in this full attack"), "d20-modern ACT-08")
    return None


def use_next_attack(b: Budget) -> Budget:
    """ACT-06: the turn becomes a full attack; the move action is given up."""
    return replace(b, attack=False, move=False, full_attack=True, attacks=b.attacks + 1)


def iterative_bonuses(bab: int) -> tuple[int, ...]:
    """ACT-08: the attacks a base attack bonus gives in a full attack, highest first (+6 gives +6/+1)."""
    bonuses = [bab]
    while bonuses[-1] - 5 >= 1:
        bonuses.append(bonuses[-1] - 5)
    return tuple(bonuses)
