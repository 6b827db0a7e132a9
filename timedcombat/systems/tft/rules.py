"""Rule data of the ``tft`` system: seed 000's values, the base game's tables, parameters.

Three kinds of data live here, kept apart so that a reader always knows where a number
comes from:

* :data:`SEED` — every number seed 000 (Rick Smith's HTH rules) states. Never overridden.
* :data:`BASE` and the weapon / armour / shield tables — the base rules of the published
  game (*Melee* / *Advanced Melee* / *In the Labyrinth*) that a fight needs and the seed
  builds on. Never overridden either: they are the game, not our choices.
* :class:`TftRules` — every gap the texts leave, filled once as a named parameter with a
  default (a scenario's ``[rules]`` table may override it). Each one is listed in
  ``docs/rules/tft.md`` under "Assumptions (not in the source)".

:func:`tables` renders all of it as :class:`~timedcombat.systems.base.RuleTable` records
for ``timedcombat rules tft``.
"""

from __future__ import annotations

import attrs

from timedcombat.dice import DiceSpec
from timedcombat.systems.base import (
    RuleParameters,
    RuleTable,
    param,
    parameters_table,
    values_table,
)

# --------------------------------------------------------------------------- dice


@attrs.frozen(order=True)
class DamageDice:
    """TFT damage notation: ``dice`` six-sided dice plus ``adds`` (``1d-3``, ``2d+1``)."""

    dice: int
    adds: int = 0

    def __str__(self) -> str:
        return f"{self.dice}d{self.adds:+d}" if self.adds else f"{self.dice}d"

    def plus(self, adds: int) -> DamageDice:
        return DamageDice(self.dice, self.adds + adds)

    @property
    def spec(self) -> DiceSpec:
        """The same expression as the core :class:`~timedcombat.dice.DiceSpec` (for rolling)."""
        return DiceSpec(self.dice, 6, self.adds)


def dd(text: str) -> DamageDice:
    """Parse ``"1d-3"``, ``"2d"``, ``"2d+1"`` into :class:`DamageDice`."""
    head, _, tail = text.partition("d")
    adds = int(tail) if tail else 0
    return DamageDice(int(head), adds)


# --------------------------------------------------------------------------- seed 000


@attrs.frozen
class SeedRules:
    """Every number seed 000 states; each name says the sentence it comes from."""

    # "you may not dive for the enemies' legs if the enemies' MA is twice your MA or higher"
    dive_ma_ratio: int = 2
    # "The defender will roll 1 die to see if the attacker successfully enters HTH"
    hth_roll_dice: int = 1
    # "If the defender rolls a 1 or 2" / "3 or 4" / "a 5" / "a 6 or higher"
    hth_entered_down_max: int = 2
    hth_entered_max: int = 4
    hth_repelled: int = 5
    hth_repelled_hit_min: int = 6
    # "If the attacker jumped the defender from the side or rear hexes, ignore a 6 result"
    side_rear_ignored: int = 6
    # "the defender ADDS ONE to the roll" (dive) ... "if a 5, 6 or 7 is rolled ... knocked
    # back ... automatically hit if a 6 or 7 was rolled"
    dive_roll_bonus: int = 1
    dive_knocked_back_min: int = 5
    dive_knocked_back_hit_min: int = 6
    dive_knocked_back_max_stated: int = 7
    # "This attack is at -4 DX" (the attack on entering HTH)
    hth_entry_attack_dx: int = -4
    # "he or she has +2 DX for all actions in HTH (ties for strongest figure get no bonus)"
    strongest_dx_bonus: int = 2
    # "figures in HTH never get the +4 'on the ground, rear hex' DX adjustment"
    hth_denied_ground_rear_dx: int = 4
    # "In HTH combat all fighters do +1 damage"
    hth_damage_bonus: int = 1
    # "roll 3 dice and get equal to or under his DX" (readying a knife in HTH)
    ready_knife_dice: int = 3
    # "rolls 4 dice verses its adjDX" (disengaging from HTH)
    hth_disengage_dice: int = 4
    # "A one handed club does Fist damage +2", "two handed club ... +4", "thrown rock ... Fist"
    club_one_hand_fist_bonus: int = 2
    club_two_hand_fist_bonus: int = 4
    rock_fist_bonus: int = 0
    # Unarmed damage table: "After 20 ST, the damage rises more slowly"; "Follow the
    # pattern from 20 ST to 40 ST"
    unarmed_slow_from_st: int = 20
    unarmed_pattern_period: int = 20
    # DIVE BLOCK (IQ 7, 0.5): "you add one to the 1 die roll"
    dive_block_iq: int = 7
    dive_block_bonus: int = 1
    # DIVE BLOCK 2 (IQ 9, 0.5) "coreq. Dive Block and a DX of 13+ ... you add two"
    dive_block_2_iq: int = 9
    dive_block_2_dx: int = 13
    dive_block_2_bonus: int = 2
    # JUDO (IQ 12, 2) "that person must subtract 1 ... you may add +1 to your HTH roll.
    # If the modified result is a 6+ you get an automatic attack. If it is a 7+ and you are
    # unarmed you may throw ... and do +3 damage"; "You get a 1 die bonus in contests for
    # any and all Pins and Take Downs"
    judo_iq: int = 12
    judo_attacker_penalty: int = -1
    judo_defender_bonus: int = 1
    judo_auto_attack_min: int = 6
    judo_throw_min: int = 7
    judo_throw_damage: int = 3
    judo_contest_dice: int = 1
    # JUDO 2 (IQ 14, 2) "coreq Judo, DX 14+ and UC2 ... 1 die bonus for any take down
    # contest ... 1 die bonus on all pins ... add or subtract one point ... +5 instead of +3
    # ... crawl 3 hexes ... attack unarmed at -3 DX while prone if they move 0 hexes"
    judo_2_iq: int = 14
    judo_2_dx: int = 14
    judo_2_shift: int = 1
    judo_2_throw_damage: int = 5
    judo_2_contest_dice: int = 1
    judo_2_crawl_hexes: int = 3
    judo_2_prone_attack_dx: int = -3
    judo_2_prone_attack_move: int = 0


SEED = SeedRules()

TALENT_COSTS: dict[str, float] = {  # seed 000: the number in brackets after each talent
    "dive_block": 0.5, "dive_block_2": 0.5, "judo": 2.0, "judo_2": 2.0,
}
TALENTS: tuple[str, ...] = tuple(TALENT_COSTS)

# The unarmed-damage table exactly as seed 000 prints it: (low ST, high ST, damage).
UNARMED_TABLE: tuple[tuple[int, int, DamageDice], ...] = (
    (0, 3, dd("1d-5")),
    (4, 7, dd("1d-4")),
    (8, 11, dd("1d-3")),
    (12, 15, dd("1d-2")),
    (16, 19, dd("1d-1")),
    (20, 26, dd("1d")),
    (27, 32, dd("1d+1")),
    (33, 39, dd("1d+2")),
    (40, 46, dd("2d")),
    (47, 52, dd("2d+1")),
)
UNARMED_TABLE_MAX_ST = 52


def unarmed_damage(st: int) -> DamageDice:
    """Fist or kicking damage for a figure of ``st`` (seed 000's table and its pattern).

    Up to ST 52 the seed's rows; beyond, "Follow the pattern from 20 ST to 40 ST": every 20
    ST adds a die, and within each 20 the adds rise +1 after 7 ST and +2 after 13 ST
    (20-26 1d, 27-32 1d+1, 33-39 1d+2, 40-46 2d ...). ST below 0 uses the first row.
    """
    for lo, hi, dmg in UNARMED_TABLE:
        if st <= hi and (st >= lo or lo == 0):
            return dmg
    period = SEED.unarmed_pattern_period
    over = st - SEED.unarmed_slow_from_st
    block, within = divmod(over, period)
    # the steps inside one period, read off the seed's rows 20-26, 27-32, 33-39
    adds = 0 if within < 7 else 1 if within < 13 else 2
    return DamageDice(1 + block, adds)


# The one-die HTH roll as seed 000 states it: (lowest total, highest total or None, result,
# what happens). Dive rows apply when the attacker dives at the defender's legs.
ENTERED_DEFENDER_DOWN = "entered_defender_down"
ENTERED = "entered"
REPELLED = "repelled"
REPELLED_HIT = "repelled_hit"
KNOCKED_BACK = "knocked_back"
KNOCKED_BACK_HIT = "knocked_back_hit"
THROWN = "thrown"
HTH_RESULTS = (ENTERED_DEFENDER_DOWN, ENTERED, REPELLED, REPELLED_HIT, KNOCKED_BACK,
               KNOCKED_BACK_HIT, THROWN)

HTH_ROLL_ROWS: tuple[tuple[str, int | None, int | None, str, str], ...] = (
    # (kind, low, high, result, effect)
    ("jump", None, 2, ENTERED_DEFENDER_DOWN,
     "attacker enters HTH; defender drops all weapons and shields (not a ready knife) "
     "and falls down"),
    ("jump", 3, 4, ENTERED,
     "attacker enters HTH; defender drops weapons and shields unless his ready weapon "
     "was a knife, and may ready his knife"),
    ("jump", 5, 5, REPELLED,
     "defender keeps his weapons; attacker backs up to the hex he came from; no HTH; "
     "the attacker has lost his option"),
    ("jump", 6, None, REPELLED_HIT,
     "defender keeps his weapon and automatically hits the attacker (even if he already "
     "attacked this turn); attacker retreats one hex; no HTH. From the side or rear "
     "hexes a 6 is ignored and rolled again"),
    ("dive", None, 2, ENTERED_DEFENDER_DOWN, "as for a jump (defender adds 1 to the roll)"),
    ("dive", 3, 4, ENTERED, "as for a jump"),
    ("dive", 5, 5, KNOCKED_BACK,
     "attacker knocked back into the hex adjacent to the defender that he moved through, "
     "and falls prone there"),
    ("dive", 6, 7, KNOCKED_BACK_HIT, "knocked back and prone, and automatically hit"),
)

# --------------------------------------------------------------------------- base game


@attrs.frozen
class BaseRules:
    """The base rules of the published game a fight needs (Melee, Advanced Melee, ITL).

    Source notes: to-hit and criticals, Melee; 4-dice criticals, Advanced Melee p. 18;
    reactions to injury, Advanced Melee p. 18 and ITL p. 118; turn length, TFT's 5-second
    turn (issue 10: 50 tenths).
    """

    turn_tenths: int = 50  # a turn is 5 seconds
    standard_ma: int = 10  # a human's MA unarmoured (armour table MAs are for MA 10)
    to_hit_dice: int = 3  # roll 3 dice, equal to or under adjusted DX hits
    defended_dice: int = 4  # attacks on a defending or dodging figure use 4 dice
    # 3 dice: 3 triple damage, 4 double, 5 automatic hit; 16 automatic miss, 17 drops weapon,
    # 18 breaks weapon
    triple_damage_roll: int = 3
    double_damage_roll: int = 4
    automatic_hit_max: int = 5
    automatic_miss_min: int = 16
    dropped_weapon_min: int = 17
    broken_weapon_min: int = 18
    # 4 dice: "4 and 5 are still automatic hits; 20 and above are automatic misses; 21 and
    # 22 are dropped weapons and 23 and 24 are broken weapons" (Advanced Melee p. 18)
    four_dice_automatic_hit_max: int = 5
    four_dice_automatic_miss_min: int = 20
    four_dice_dropped_weapon_min: int = 21
    four_dice_broken_weapon_min: int = 23
    # Reactions to injury (Advanced Melee p. 18): 5+ hits in a turn, DX -2 next turn;
    # 8+ hits, falls down at once; giants (ST 30+) 9 / 16, ST 50+ 15 / 25; ST 3 or less,
    # DX -3; ST 1 unconscious; ST 0 dead
    dx_penalty_hits: int = 5
    dx_penalty: int = -2
    knockdown_hits: int = 8
    giant_st: int = 30
    giant_dx_penalty_hits: int = 9
    giant_knockdown_hits: int = 16
    huge_st: int = 50
    huge_dx_penalty_hits: int = 15
    huge_knockdown_hits: int = 25
    low_st: int = 3
    low_st_dx: int = -3
    unconscious_st: int = 1
    dead_st: int = 0
    # Position: "the +4 'on the ground, rear hex' DX adjustment" (named by seed 000)
    rear_dx_bonus: int = 4
    ground_target_dx_bonus: int = 4
    # Standing figures striking into an HTH hex get +4 DX (Melee, multiple HTH)
    into_hth_dx_bonus: int = 4
    # A figure knocked down may next turn only stand up or stay down (or crawl 2 hexes)
    crawl_hexes: int = 2
    # Engaged figures may move one hex ("shift") during movement
    shift_hexes: int = 1
    # Disengaging (normal): one hex, during the action phase
    disengage_hexes: int = 1
    # Charge attack, dodge and the ready-weapon options allow up to half MA of movement
    half_ma_divisor: int = 2
    # Pole weapons do double damage in a charge attack (and against a charge)
    pole_charge_multiplier: int = 2


BASE = BaseRules()

# --------------------------------------------------------------------------- equipment

KNIFE, SWORD, AXE_MACE, POLE, CLUB, THROWN = "knife", "sword", "axe_mace", "pole", "club", \
    "thrown"
PUBLISHED = "published game (Melee weapon table)"


@attrs.frozen
class Weapon:
    """A weapon of the table: damage (or fist damage + ``fist_bonus``), ST needed, hands.

    Knives carry a second, HTH damage (seed 000: "knives have two damages") and the DX
    adjustment that dirks and poniards give in HTH ("Some very large knives ... give
    negative DX adjustments in HTH").
    """

    name: str
    kind: str
    damage: DamageDice | None  # None: fist damage + fist_bonus (seed 000's clubs and rock)
    st: int  # minimum ST to use it
    hands: int = 1
    fist_bonus: int | None = None
    hth_damage: DamageDice | None = None  # knives only
    hth_dx: int = 0  # knives only: DX adjustment in HTH (drawing it and using it)
    source: str = PUBLISHED

    @property
    def is_knife(self) -> bool:
        return self.kind == KNIFE

    @property
    def is_pole(self) -> bool:
        return self.kind == POLE

    @property
    def throwable(self) -> bool:
        """Knives (seed 000: "used when throwing them"), the rock (seed 000), javelins and
        spears (base game) can be thrown."""
        return self.kind in (KNIFE, THROWN) or self.name in THROWN_POLES

    def damage_text(self) -> str:
        if self.damage is not None:
            return str(self.damage)
        return "fist" if not self.fist_bonus else f"fist{self.fist_bonus:+d}"


THROWN_POLES = ("javelin", "spear")
_ASSUMED_KNIFE = "assumption (seed 000 names dirks and poniards; figures ours)"
WEAPONS: dict[str, Weapon] = {
    w.name: w
    for w in (
        Weapon("dagger", KNIFE, dd("1d-1"), 0, hth_damage=dd("1d+1"),
               source=PUBLISHED + "; HTH damage: assumption"),
        Weapon("dirk", KNIFE, dd("1d"), 9, hth_damage=dd("1d+2"), hth_dx=-1,
               source=_ASSUMED_KNIFE),
        Weapon("poniard", KNIFE, dd("1d+1"), 10, hth_damage=dd("2d-1"), hth_dx=-2,
               source=_ASSUMED_KNIFE),
        Weapon("rapier", SWORD, dd("1d"), 9),
        Weapon("cutlass", SWORD, dd("2d-2"), 10),
        Weapon("shortsword", SWORD, dd("2d-1"), 11),
        Weapon("broadsword", SWORD, dd("2d"), 12),
        Weapon("bastard_sword", SWORD, dd("2d+1"), 13),
        Weapon("two_handed_sword", SWORD, dd("3d-1"), 14, hands=2),
        Weapon("greatsword", SWORD, dd("3d+1"), 16, hands=2),
        Weapon("club", CLUB, None, 9, fist_bonus=SEED.club_one_hand_fist_bonus,
               source="seed 000 (damage); ST: " + PUBLISHED),
        Weapon("two_handed_club", CLUB, None, 13, hands=2,
               fist_bonus=SEED.club_two_hand_fist_bonus,
               source="seed 000 (damage); ST: assumption"),
        Weapon("hammer", AXE_MACE, dd("1d+1"), 10),
        Weapon("mace", AXE_MACE, dd("2d-1"), 11),
        Weapon("small_axe", AXE_MACE, dd("1d+2"), 11),
        Weapon("morningstar", AXE_MACE, dd("2d+1"), 13),
        Weapon("battleaxe", AXE_MACE, dd("3d"), 15, hands=2),
        Weapon("javelin", POLE, dd("1d-1"), 9),
        Weapon("spear", POLE, dd("1d"), 11),
        Weapon("halberd", POLE, dd("2d"), 13, hands=2),
        Weapon("pike_axe", POLE, dd("2d+2"), 15, hands=2),
        Weapon("rock", THROWN, None, 0, fist_bonus=SEED.rock_fist_bonus,
               source="seed 000"),
    )
}
KNIVES: tuple[str, ...] = tuple(n for n, w in WEAPONS.items() if w.is_knife)


@attrs.frozen
class Armor:
    """Body armour: hits stopped per attack, DX adjustment, MA of a standard (MA 10) man."""

    name: str
    stops: int
    dx: int
    ma: int
    source: str = "published game (Melee armour table)"

    @property
    def ma_penalty(self) -> int:
        """MA lost: the table's MA is for a figure of standard MA 10."""
        return BASE.standard_ma - self.ma


ARMOR: dict[str, Armor] = {
    a.name: a
    for a in (
        Armor("none", 0, 0, 10),
        Armor("cloth", 1, -1, 10, "published game (In the Labyrinth armour table)"),
        Armor("leather", 2, -2, 8),
        Armor("chainmail", 3, -3, 6),
        Armor("plate", 5, -5, 6),
    )
}


@attrs.frozen
class Shield:
    """A shield: hits stopped per attack and DX adjustment."""

    name: str
    stops: int
    dx: int
    source: str = "published game (Melee armour table)"


SHIELDS: dict[str, Shield] = {
    s.name: s for s in (Shield("small", 1, 0), Shield("large", 2, -1))
}

# --------------------------------------------------------------------------- parameters


@attrs.frozen
class TftRules(RuleParameters):
    """Overridable parameters: every gap seed 000 and the base game leave, filled once."""

    movement_phase_tenths: int = param(
        25, "Tenths of the movement phase at the start of each 50-tenth turn; its last "
        "tenth is the end of movement (dives join HTH there); actions follow.")
    initiative_winner_moves: str = param(
        "first", "The side that wins the initiative roll moves first or last.",
        choices=("first", "last"))
    back_to_wall: str = param(
        "rear_hex_wall", "When a figure has 'his back to the wall' (a reason to jump it): "
        "'rear_hex_wall' (the hex behind it is a wall) or 'cannot_retreat' (its three rear "
        "and rear-side hexes are walls or held).", choices=("rear_hex_wall", "cannot_retreat"))
    side_dx_bonus: int = param(
        2, "DX bonus for a melee attack from one of the target's side hexes (rear: +4, base "
        "game).")
    kneeling_target_dx: int = param(
        0, "DX bonus against a kneeling target (prone and knocked-down targets: +4).")
    shield_guards_rear: bool = param(
        False, "A shield stops hits from rear-hex attacks as well (false: front and side "
        "only).")
    shield_in_hth: bool = param(
        False, "A shield still stops hits in HTH (seed 000: figures in HTH drop shields).")
    armor_in_hth: bool = param(True, "Body armour stops hits in HTH as elsewhere.")
    min_damage: int = param(0, "Least hits a damage roll can do (1d-5 can roll below 0).")
    unarmed_current_st: bool = param(
        False, "Unarmed (fist) damage from current ST (true) or basic ST (false).")
    hth_bonus_on_knives: bool = param(
        True, "Seed 000's '+1 damage for all fighters' in HTH applies to knife attacks "
        "too (the knife's HTH damage +1).")
    four_dice_double_on_four: bool = param(
        False, "On 4 attack dice a 4 does double damage (Advanced Melee names 4 only as "
        "an automatic hit).")
    side_rear_reroll: str = param(
        "six", "Which HTH-roll results are ignored and rolled again when the attacker "
        "jumped from a side or rear hex: 'six' (a modified result of exactly 6, as "
        "written) or 'six_or_more' (every repelled-with-hit result).",
        choices=("six", "six_or_more"))
    max_hth_rerolls: int = param(
        20, "Safety cap on side/rear re-rolls of one HTH roll; past it the last result "
        "stands.")
    dive_high_result: str = param(
        "knocked_back_hit", "A dive's HTH result above 7 (possible with Dive Block 2): "
        "seed 000 states 5-7 only.", choices=("knocked_back_hit", "knocked_back"))
    attacker_drops_on_failure: bool = param(
        False, "An attacker without a ready knife drops his weapons and shield even when "
        "HTH does not take place (false: only when he enters).")
    entered_keeps_shield_with_knife: bool = param(
        False, "On a 3-4 a defender whose ready weapon is a knife also keeps his shield "
        "(false: he keeps only the knife).")
    repelled_hit_is_free: bool = param(
        True, "The defender's automatic hit on a 6+ does not use his action for the turn.")
    judo_throws_divers: bool = param(
        True, "A Judo holder may throw a figure diving at its legs on a modified 7+ as one "
        "that jumps it (Judo: 'throw who ever tried to jump you'); false: a dive's 5-7 row "
        "stands (knocked back prone, hit on 6-7).")
    knife_draw_dx: str = param(
        "adjusted", "The DX a knife is drawn against in HTH ('equal to or under his DX'): "
        "'adjusted' DX, as TFT means by DX (armour, shield, ST 3 or less, last turn's "
        "hits, the HTH +2 and the knife's adjustment), or 'dx': basic DX with only the HTH "
        "modifiers the seed names (the strongest's +2, a dirk's or poniard's).",
        choices=("adjusted", "dx"))
    judo_throw_prone: bool = param(
        True, "A figure thrown by Judo lands prone in the adjacent hex.")
    strongest_by_current_st: bool = param(
        True, "'The strongest figure in HTH' is judged by current ST (false: basic ST).")
    knockdown_on_jump_hth: bool = param(
        True, "A figure knocked down by a foe it disengages from while jumping into HTH "
        "still joins HTH, both down in the defender's hex (seed 000, read literally).")
    join_hth: bool = param(
        True, "A figure may jump or dive into an HTH already going on (seed 000 writes of "
        "HTHs of several figures); false: an HTH is two figures, and one in HTH cannot be "
        "jumped (strike into its hex instead).")
    hth_target_down: bool = param(
        True, "A figure in HTH, jumped by another, is 'knocked down' for situation (a): "
        "figures in HTH are on the ground (seed 000: they never get the 'on the ground' +4 "
        "against each other); false: the situations are judged as for a figure standing.")
    join_hth_roll_by: str = param(
        "target", "Who makes the one-die HTH roll when a figure jumps into an HTH going on: "
        "'target' (the enemy it goes for, the defender of the text) or 'strongest_enemy' "
        "(the strongest of its enemies there, ties to the target).",
        choices=("target", "strongest_enemy"))
    strongest_among: str = param(
        "all", "'The strongest figure in HTH' (+2 DX) is the strongest of 'all' the figures "
        "in the HTH, friends too (ties: no bonus), or stronger than each of its 'enemies' "
        "there.", choices=("all", "enemies"))
    hth_disengage_rolls: str = param(
        "one", "Disengaging from an HTH with several enemies: 'one' 4-dice roll frees the "
        "figure (as written), or 'per_enemy': a roll for each enemy holding it, every one "
        "needed.", choices=("one", "per_enemy"))
    hth_release: str = param(
        "last_holder", "A figure held in HTH by several enemies goes free on a release only "
        "from the 'last_holder' (while another enemy holds it the release is refused), or "
        "from 'any_holder'.", choices=("last_holder", "any_holder"))
    disengage_strikes_by_unacted: bool = param(
        True, "Foes a figure disengages from may strike at it only if they have not yet "
        "taken their action this turn (false: every engaged foe may).")
    released_stands: bool = param(
        True, "A figure released from HTH stands up at once in the adjacent hex.")
    contest_dice: int = param(
        3, "Dice each side rolls in a pin or take-down contest (seed 000 names the "
        "contests only); talents add whole dice.")
    contest_st_bonus: int = param(
        2, "Added to the contest score of the stronger figure (none on ties; none against "
        "a Judo 2 holder in pins).")
    contest_ties_to_defender: bool = param(
        True, "A tied contest goes to the figure that did not start it.")
    check_talent_prerequisites: bool = param(
        True, "Reject a figure whose talents lack their IQ, DX or co-requisite talent "
        "(Unarmed Combat levels are not modelled and not checked).")
    auto_hit_uses_hth_damage: bool = param(
        False, "The defender's automatic hit on a 6+ uses HTH damage (false: its ready "
        "weapon's regular damage, as it is not in HTH).")
    disengage_strike_uses_action: bool = param(
        True, "A foe's strike at a figure disengaging from it (or jumping another foe) is "
        "that foe's attack for the turn.")
    thrown_dx_per_hex: int = param(
        -1, "DX adjustment of a thrown weapon for each hex of distance to its target (the "
        "seed states the rock's damage only).")
    stalemate: int = param(
        1000, "Tenths with no attack roll (to-hit, HTH roll, contest) after which the fight "
        "ends as a stalemate (0: never).")

    def validate(self) -> None:
        """Raise ``ValueError`` for values the rules cannot use."""
        for f in attrs.fields(type(self)):
            choices = f.metadata.get("choices")
            value = getattr(self, f.name)
            if choices is not None and value not in choices:
                raise ValueError(f"{f.name}: must be one of {', '.join(map(str, choices))}, "
                                 f"not {value!r}")
        if not 2 <= self.movement_phase_tenths <= BASE.turn_tenths - 1:
            raise ValueError("movement_phase_tenths: must be from 2 to "
                             f"{BASE.turn_tenths - 1}, not {self.movement_phase_tenths}")
        if self.contest_dice < 1:
            raise ValueError(f"contest_dice: must be at least 1, not {self.contest_dice}")
        if self.max_hth_rerolls < 0:
            raise ValueError("max_hth_rerolls: must not be negative")
        if self.stalemate < 0:
            raise ValueError("stalemate: must not be negative")


# --------------------------------------------------------------------------- tables


def unarmed_rows(max_st: int = 119) -> tuple[tuple[int, int, str, str], ...]:
    """The unarmed-damage table, the seed's rows then the stated pattern up to ``max_st``."""
    rows: list[tuple[int, int, str, str]] = [
        (lo, hi, str(d), "seed 000") for lo, hi, d in UNARMED_TABLE
    ]
    st = UNARMED_TABLE_MAX_ST + 1
    while st <= max_st:
        dmg = unarmed_damage(st)
        hi = st
        while hi + 1 <= max_st and unarmed_damage(hi + 1) == dmg:
            hi += 1
        rows.append((st, hi, str(dmg), "pattern (seed 000: follow 20 ST to 40 ST)"))
        st = hi + 1
    return tuple(rows)


def tables(rules: TftRules | None = None) -> tuple[RuleTable, ...]:
    """Every table of the system, with ``rules`` applied (defaults when ``None``)."""
    rules = rules or TftRules()
    unarmed = RuleTable(
        "unarmed-damage", "Unarmed damage (fist or kicking) by ST (seed 000)",
        ("st_low", "st_high", "damage", "source"),
        unarmed_rows(),
        "In HTH all fighters do +1 damage. One-handed club: fist +2; two-handed club: "
        "fist +4; thrown rock: fist.",
    )
    hth = RuleTable(
        "hth-roll", "One-die HTH roll, rolled by the defender (seed 000)",
        ("kind", "low", "high", "result", "effect"),
        tuple((k, "-" if lo is None else lo, "+" if hi is None else hi, res, eff)
              for k, lo, hi, res, eff in HTH_ROLL_ROWS),
        "Modifiers: dive +1; Dive Block +1, Dive Block 2 +2 (against dives); defender's "
        "Judo +1, attacker's Judo -1; Judo 2 +-1 at its holder's choice. Judo defender: "
        "6+ automatic attack, 7+ unarmed: throw (+3 fist damage, Judo 2 +5; a diver: "
        f"{'yes' if rules.judo_throws_divers else 'no, the dive row stands'}). "
        "Results below 1 count as the 1-2 row; dive results above 7: "
        f"{rules.dive_high_result}; side/rear re-roll: {rules.side_rear_reroll}.",
    )
    weapons = RuleTable(
        "weapons", "Weapons (base game; clubs and rock from seed 000)",
        ("name", "kind", "damage", "st", "hands", "hth_damage", "hth_dx", "thrown", "source"),
        tuple((w.name, w.kind, w.damage_text(), w.st, w.hands,
               str(w.hth_damage) if w.hth_damage else "-", w.hth_dx, w.throwable, w.source)
              for w in WEAPONS.values()),
        "The first weapon a figure lists is ready. Only knives (and bare hands) work in HTH. "
        "Thrown weapons do their regular damage (the rock: fist damage).",
    )
    armor = RuleTable(
        "armor", "Armour and shields (base game)",
        ("name", "kind", "stops", "dx", "ma"),
        tuple((a.name, "armor", a.stops, a.dx, a.ma) for a in ARMOR.values())
        + tuple((s.name, "shield", s.stops, s.dx, "-") for s in SHIELDS.values()),
        "MA is for a figure of MA 10; other figures lose the same number of hexes.",
    )
    talents = RuleTable(
        "talents", "HTH talents (seed 000)",
        ("talent", "iq", "cost", "requires", "effect"),
        (
            ("dive_block", SEED.dive_block_iq, 0.5, "-",
             "+1 to the HTH roll against a dive at your legs"),
            ("dive_block_2", SEED.dive_block_2_iq, 0.5, "dive_block, DX 13+",
             "+2 more against dives (total +4 with Dive Block and the dive's +1)"),
            ("judo", SEED.judo_iq, 2.0, "UC1 (not modelled)",
             "foes you jump -1; +1 when jumped; 6+ automatic attack; 7+ unarmed: throw "
             "+3; stronger foes lose the strongest bonus; +1 die in pins and take-downs"),
            ("judo_2", SEED.judo_2_iq, 2.0, "judo, DX 14+, UC2 (not modelled)",
             "+1 die in take-downs and pins; +-1 on HTH rolls; throw +5; foe gets no ST "
             "bonus in pins; prone: crawl 3, defend vs unarmed, unarmed attack at -3 DX "
             "if not moving"),
        ),
    )
    params = parameters_table(
        rules, "Every parameter fills a gap of seed 000 or the base game (docs/rules/tft.md).")
    base = values_table("base", "Base rules of the published game used (not overridable)",
                        BASE)
    seed = values_table("seed", "Values stated by seed 000 (not overridable)", SEED)
    return (unarmed, hth, weapons, armor, talents, params, base, seed)
