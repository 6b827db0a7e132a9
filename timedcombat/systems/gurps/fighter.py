"""A GURPS combatant's state during a fight (the arena's :class:`Combatant`, extended).

What the rules read from one phase to the next: hit points, posture, stun, shock owed,
the maneuver that governs his defences until his next phase (and the defences already
made since), close combat, grapples and pins, the ready weapon, aiming and reloading.
Nothing here decides anything: the driver (``engine``) and the pure rules do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from timedcombat.arena import Combatant
from timedcombat.systems.gurps.closecombat import dx_roll_modifiers
from timedcombat.systems.gurps.rolls import Modifiers
from timedcombat.systems.gurps.rules import BASIC, STANDING, GurpsRules, Shield, Weapon
from timedcombat.systems.gurps.stats import GurpsStats
from timedcombat.systems.gurps.timing import Phase
from timedcombat.systems.gurps.traits import basic_move, halve_up, hit_points, reeling

if TYPE_CHECKING:
    from timedcombat.systems.gurps.actions import WaitOrder


class Fighter(Combatant):
    """One combatant of a ``gurps`` fight."""

    # (slotted, as the arena's Combatant: see there)
    __slots__ = (
        "stats", "rules", "hp_max", "hp", "ready", "carried", "posture", "stunned", "dead",
        "owed_injury", "owed_double", "shock", "maneuver", "option", "retreated", "parries",
        "blocked", "attacked_with", "lost_balance", "retreat_next", "retreat_from", "retreat_to",
        "in_cc", "cc_turns", "entered", "entering_used", "free_ready", "moved", "spent", "grips",
        "held_by", "pinned", "counted", "reload_left", "unready", "arm_lame", "aim_turns",
        "aim_target", "wait_order", "phase", "foe", "quiet_turns", "attacked_this_turn",
        "sparing_ht",
    )

    def __init__(self, spec: Any, rules: GurpsRules) -> None:
        super().__init__(spec)
        st: GurpsStats = spec.stats
        self.stats = st
        self.rules = rules
        self.hp_max = hit_points(st)
        self.hp = self.hp_max
        self.ready: Weapon = st.ready_weapon  # punch when he carries none
        self.carried: list[Weapon] = list(st.weapons[1:])  # not in hand
        self.posture = STANDING
        self.stunned = False
        self.dead = False
        # shock: injuries since his last phase, applied in the next one (B419)
        self.owed_injury = 0
        self.owed_double = False
        self.shock = 0  # this phase's penalty (<= 0)
        # the maneuver that governs his defences until his next phase, and what he did
        self.maneuver = "do_nothing"
        self.option: str | None = None
        self.retreated = False
        self.parries: dict[str, int] = {}
        self.blocked = False
        self.attacked_with: set[str] = set()
        self.lost_balance = False
        self.retreat_next = False  # the plan's retreat: his next active defence retreats
        self.retreat_from: str | None = None
        self.retreat_to: tuple[int, int] | None = None
        # close combat: in it (a foe in his hex), own phases begun there (the shield's DX
        # penalty), entering
        self.in_cc = False
        self.cc_turns = 0
        self.entered = False  # entered a foe's hex during this maneuver
        self.entering_used = False  # ... and made the attack with which he entered
        self.free_ready = False  # a Fast-Draw readied a weapon with no maneuver spent
        self.moved = 0  # hexes moved this phase (a slam's velocity)
        self.spent = 0  # movement points spent this phase
        # grappling: whom he holds (id -> with both hands), who holds him (in order)
        self.grips: dict[str, bool] = {}
        self.held_by: dict[str, bool] = {}
        self.pinned = False
        self.counted = True  # counts for his side (a pinned fighter may not: pinned_is_out)
        # weapons
        self.reload_left = 0  # Ready maneuvers before a bow can shoot again
        self.unready = False  # a critical miss turned the weapon in his hand
        self.arm_lame = False  # a strained shoulder: the weapon arm is useless
        self.aim_turns = 0
        self.aim_target: str | None = None
        self.wait_order: WaitOrder | None = None  # a Wait's trigger, until his next phase
        self.phase: Phase | None = None  # his phase this turn
        self.foe: Fighter | None = None  # the policy's chosen foe
        self.quiet_turns = 0  # turns in a row with no attack roll of his (the policy)
        self.attacked_this_turn = False
        # at 0 HP or less, doing nothing and making no defence roll spares the HT roll to
        # stay conscious (B419): he gives up his active defences until his next phase
        self.sparing_ht = False

    # ------------------------------------------------------------------ derived values

    @property
    def move(self) -> int:
        """Basic Move now: halved (round up) when reeling below 1/3 HP (B419)."""
        move = basic_move(self.stats.ht, self.stats.dx, self.rules.encumbrance)
        return halve_up(move) if self.reeling else move

    @property
    def reeling(self) -> bool:
        return reeling(self.hp, self.hp_max)

    @property
    def grappled(self) -> bool:
        return bool(self.held_by)

    @property
    def standing(self) -> bool:
        return self.posture == STANDING

    @property
    def shield(self) -> Shield | None:
        """The shield he carries (``stats`` lose it when he discards it)."""
        return self.stats.shield

    @property
    def shield_db(self) -> int:
        return self.shield.db if self.shield is not None else 0

    def dx_mods(self) -> Modifiers:
        """Named modifiers of a DX roll now: the shield's -DB in close combat after his first
        turn there (seed 002), shock, and -4 while grappled (B370)."""
        return dx_roll_modifiers(self.shield_db if self.in_cc else 0, self.cc_turns,
                                 self.shock, BASIC.grappled_dx if self.grappled else 0)

    def dr(self, damage_type: str) -> int:
        return self.stats.armor.dr_against(damage_type)

    def free_hands(self) -> int:
        """Hands holding neither the ready weapon nor the shield (a lame arm holds
        nothing)."""
        used = (0 if self.ready.unarmed else self.ready.hands) + (1 if self.shield else 0)
        return max(0, 2 - used - (1 if self.arm_lame else 0))

    def weapon_named(self, name: str) -> Weapon | None:
        """A weapon he has now: the ready one, one carried, or an unarmed attack."""
        if self.ready.name == name:
            return self.ready
        for w in self.carried:
            if w.name == name:
                return w
        unarmed = self.stats.weapon(name)
        return unarmed if unarmed is not None and unarmed.unarmed else None
