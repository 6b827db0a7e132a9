"""The rules of the ``percentile`` system (seed 001, unarmed martial arts of *Rhand*), as
the checker states them.

:data:`RULES` is the rule list: each :class:`~timedcombat.checks.Rule` quotes the passage
of seed 001 it comes from (``docs/checks/percentile.md`` lists them) and has a condition
over the facts :mod:`timedcombat.checks.percentile_model` reads from the log. Where the
seed leaves a gap (a phase's length in tenths, where in a phase each Combat Action falls,
the base game's tables it cites without printing), the condition follows the
assumption written in ``docs/rules/percentile.md`` and its ``checks`` text says so.

This is a reading of the rule text independent of the engine: no engine code is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from timedcombat.checks import Finding, Rule, RuleSet
from timedcombat.checks import percentile_blows as blows
from timedcombat.checks import percentile_grapples as grapples
from timedcombat.checks import percentile_reach as reach
from timedcombat.checks import percentile_timing as timing
from timedcombat.checks.model import as_int as num
from timedcombat.checks.percentile_model import (
    DAMAGE,
    GRAPPLE,
    RAM,
    STRIKE,
    PercentileLog,
    found,
    read,
)

Found = Iterator[Finding]

# ---------------------------------------------------------------------- rolls, out

ROLLED: dict[str, tuple[str, str, dict[Any, bool]]] = {
    # event: (its chance field, its outcome field, outcome -> "at or under the chance")
    STRIKE: ("odds", "result", {"hit": True, "miss": False}),
    GRAPPLE: ("odds", "result", {"success": True, "failure": False}),
    RAM: ("odds", "result", {"hit": True, "miss": False}),
    "percentile.control": ("chance", "result", {"success": True, "failure": False}),
    "percentile.fall": ("chance", "result", {"unhurt": True, "hurt": False}),
    "percentile.knockout": ("chance", "result", {"out": True, "up": False}),
    "percentile.disabled": ("chance", "permanent", {True: True, False: False}),
    "percentile.throw": ("rollout_chance", "result",
                         {"rolled_out": True, "thrown": False, "unhurt": False}),
}


ODDS_ROLLS = (STRIKE, GRAPPLE, RAM)
"""Rolls against Odds of Success or of Hitting: "less than or equal to", whatever
``chance_roll`` says of the chances stated as "N %" (the other events of :data:`ROLLED`)."""


def roll(log: PercentileLog) -> Found:
    """Every percentile roll is 00-99; against its odds it succeeds exactly when at or under
    them; against a chance stated as "N %" at or under it, or under it (``chance_roll``)."""
    mode = log.rules["chance_roll"]
    under = mode == "under"
    for e in log.events:
        kind = e.get("event")
        if kind == DAMAGE:
            loc = num(e.get("location_roll"))
            if loc is not None and not 0 <= loc <= 99:
                yield found(e, "a hit-location roll of 00-99", f"location_roll {loc}")
            continue
        if kind not in ROLLED:
            continue
        chance_key, outcome_key, outcomes = ROLLED[kind]
        r, chance, outcome = num(e.get("roll")), num(e.get(chance_key)), e.get(outcome_key)
        if r is None:
            continue
        if not 0 <= r <= 99:
            yield found(e, "a roll of 00-99", f"roll {r}")
            continue
        if chance is None or outcome not in outcomes or (
                kind not in ODDS_ROLLS and mode not in ("at_or_under", "under")):
            continue
        strict = under and kind not in ODDS_ROLLS
        made = r < chance if strict else r <= chance
        if outcomes[outcome] != made:
            want = [k for k, v in outcomes.items() if v == made][0]
            how = ("under" if made else "not under") if strict else \
                ("at or under" if made else "over")
            yield found(e, f"{outcome_key} {_word(want)} (roll {r} {how} {chance})",
                        f"{outcome_key} {_word(outcome)}")


def _word(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


ACTS = ("percentile.declare", STRIKE, GRAPPLE, RAM, "percentile.control")


def out(log: PercentileLog) -> Found:
    """A combatant knocked out (or out) acts no more."""
    for i, e in enumerate(log.events):
        actor = e.get("actor")
        kind = e.get("event")
        acting = (kind in ACTS and (kind != "percentile.declare" or e.get("actions"))) or \
            (kind == "percentile.hold" and e.get("state") == "on")
        if acting and log.out_before(actor, i):
            at = log.events[log.out_at[actor]]  # type: ignore[index]
            yield found(e, f"nothing from {actor} (out at {at['t']})", f"{e.get('event')}")


# ---------------------------------------------------------------------- the rule list

CA = "Combat Actions"
STRIKING, GRAPPLING, EXAMPLE = "Striking", "Grappling", "Example"
PHASE_Q = "Each phase strikes, grappling moves, or both may be executed."
BAT_Q = ("In martial arts, the character gets six times his Base Action Time (BAT) Combat "
         "Actions each phase.")
COST_Q = ("The cost in Combat Actions for each strike or grappling move is given below. "
          "Martial Arts Combat Actions Type of Stroke Short Normal Long punch or elbow 1 2 3 "
          "knee or kick '2 3 5 duck or block an unarmed opponent 1 duck or block an armed "
          "opponent 3 any grappling move 4")
PENALTY_Q = ("Penalties to the Martial Arts Level and Combat Actions allowed per phase are "
             "listed below. Martial Combat Arts Level Actions arm disabled -8 -3 leg disabled "
             "-12-3 strapped in shield -3-2 holding an object -2-2 surprised, attack from "
             "front -2 -2 surprised, attack from rear -15 -4")
COMPARE_Q = ("the attacker com- pares the number of strikes made to the target's number of "
             "parries, ducks, or blocks, then uses rules of section 6.2 to find the Odds Of "
             "Hitting.")
LEVELS_Q = ("To get the results from the character's move, add together his Martial Arts "
            "Level, his prior phase's Posi- tion Modifier (PM), and the move's Difficulty "
            "Rating (DR) to get his Attack Level (AL). This is cross indexed with the "
            "opponent's Defense Level (the opponent's Martial Arts Level plus prior phase's "
            "Position Modifier) on Combat Attack Table (4B) to find the Odds Of Success.")
ROLL_Q = ("The character and oppo- nent then try to roll a 00-99 percentile number less. "
          "than or equal to their Odds Of Success.")
OUTCOME_Q = ("If one succeeds and the other fails, the position is changed to reflect the "
             "successful move. Ifboth fail, position remains constant from the last phase. "
             "Ifboth succeed at moves that cannot coincide, such as two Pins, they have "
             "disengaged and must reinitiate combat.")
FOOTING_Q = "If Thrown and unable to roll, it takes 1 to 2 phases to regain footing."
MAPPING = "docs/rules/percentile.md, \"Phases on the tenth-second clock\""
BASE = "docs/rules/percentile.md, \"Base rules from Rhand\""


def _r(rid: str, section: str, quote: str, checks: str,
       condition: Callable[[PercentileLog], Found]) -> Rule:
    return Rule(rid, section, quote, checks, condition)


RULES: tuple[Rule, ...] = (
    # -- turn and phase structure
    _r("P-PHASE-LENGTH", CA, f"{PHASE_Q} / {BAT_Q}",
       "Each `percentile.phase` lasts `phase_tenths` tenths: its `end` (the tenth after its "
       "last) is its first tenth + phase_tenths (the seed gives no length; default 20, an "
       f"assumption of {MAPPING}).", timing.phase_length),
    _r("P-PHASE-ORDER", f"{CA}; {EXAMPLE}",
       f"{PHASE_Q} / This ends the action of this phase. In the next phase Derek drops the "
       "reins and tries to free his left arm.",
       "Turns are numbered 1, 2, ... in order, turn k at (k - 1) x phase_tenths; each turn is "
       "one phase (the seed knows no turn above the phase), its `percentile.phase` on the "
       "turn's first tenth.", timing.phase_order),
    _r("P-PHASE-INSIDE", f"{CA}; {EXAMPLE}",
       f"{PHASE_Q} / Derek rolls a 23 and lands without injury ending the action of the phase.",
       "Every step of the fight falls inside a begun phase (before its `end`); an `action` "
       "ends inside its phase (an action never splits across phases, "
       f"{MAPPING}).", timing.phase_inside),
    _r("P-DECLARE", EXAMPLE,
       "He has a BAT of 1.0 and therefore gets six unarmed Combat Actions. He uses two of "
       "these ducking and four grabbing at Derek's arm.",
       "A `percentile.declare` falls on its phase's first tenth, its `phase` the phase's "
       "number (phase p starts at p x phase_tenths), one a phase for each combatant, with "
       "a cost and a tenth for every action.", timing.declare),
    # -- Combat Actions
    _r("P-CA-BAT", f"{CA}; {EXAMPLE}",
       f"{BAT_Q} / He has a BAT of 1.0 and therefore gets six unarmed Combat Actions.",
       "`base_budget` = 6 x BAT (from `placed`; rounded down; an armed combatant "
       "armed_ca_per_bat x BAT, an assumption) and `base_mal` = the placed `mal`.",
       timing.ca_bat),
    _r("P-CA-COST", CA, f"{COST_Q} / All Grappling moves take four Combat Actions to do",
       "Each declared action costs the table's Combat Actions: punch or elbow 1/2/3 and "
       "knee or kick 2/3/5 (by the stroke its strike was made with), duck or block 1 "
       "against unarmed opponents and 3 against armed ones, a grappling move 4; "
       "documented: a head butt as a punch, parry weapon_parry_ca, close step_ca, ram and "
       "reins 0.", timing.ca_cost),
    _r("P-CA-BUDGET", f"{CA}; {EXAMPLE}",
       "As in armed combat, these moves take specific Combat Actions to execute. / He uses "
       "two of these ducking and four grabbing at Derek's arm.",
       "The costs declared for a phase add up to no more than its `budget`.",
       timing.ca_budget),
    _r("P-CA-TENTHS", CA,
       f"{PHASE_Q} / A Duck is not a Dodge, but a defensive movement that counts as a parry "
       "and does not preclude other actions.",
       "The declared actions fall in their order at the documented tenths: one that brings "
       "the spending to s of the budget B falls at start + max(0, ceil(s x P / B) - 1); one "
       "of no cost with the action before; the mount's k-th ram at start + max(0, "
       f"ceil(k x P / M) - 1), M its Combat Actions ({MAPPING}).", timing.ca_tenths),
    _r("P-ACTION-TENTH", EXAMPLE,
       "Derek chooses to hold his ground and Ram the Captain with his horse while taking two "
       "punches with his right hand.",
       "Every strike and ram is a declared action of its phase made on its declared tenth; "
       "every grappling move is a declared one, made at its declared tenth or, with the "
       "opponent's move on him in the same phase, together at the later of the two tenths.",
       timing.action_tenth),
    _r("P-PENALTY", "Penalties", PENALTY_Q,
       "Every penalty is a row of the table; `mal` = `base_mal` + the rows' MAL penalties, "
       "`budget` = `base_budget` + their Combat Action penalties (at least 0).",
       timing.penalty),
    _r("P-PENALTY-WHEN", f"Penalties; {GRAPPLING} > Escapes",
       f"{PENALTY_Q} / if an escape is attempted (10-100) PD* are taken and the locked limb "
       "disabled",
       "The penalties are those that apply: one row per disabled limb (placed `disabled`, "
       "and every `percentile.disabled` before), shield, holding, and the surprise row in "
       "the first surprise_phases phases (an assumption).", timing.penalty_when),
    # -- striking
    _r("P-STRIKE-COUNT", STRIKING,
       "Strikes are blows using the hands, elbows, knees, head, and feet. / "
       f"{COMPARE_Q} / A Duck is not a Dodge, but a defensive movement that counts as a parry",
       "A strike's `strikes` is at most the striking actions its maker declared that phase "
       "(punches, elbows, knees, kicks, head butts, blows, shield and pommel strikes) and at "
       "least those he has made at the target so far; its `parries` at most the ducks, "
       "blocks and parries the target declared.", timing.strike_count),
    _r("P-STRIKE-PARRY", f"{STRIKING}; {EXAMPLE}",
       f"{COMPARE_Q} / This gives an Odds of Hitting of 18% (Full Parry for Captain Plunder).",
       "Parry Type: full when parries >= strikes, half when 2 x parries >= strikes, else "
       f"none (the documented split of section 6.2, {BASE}).", blows.strike_parry),
    _r("P-STRIKE-AL", EXAMPLE,
       "Derek's Attack Level is 5th (his martial arts level plus the punches WC of2) / takes "
       "a long stroke kick at the ducking Captain. The Captain has a Full Parry so the Odds "
       "of Hitting are 14%.",
       "An unarmed strike's AL = the striker's MAL of the phase + WC (punch 2, the "
       "example's; elbow 1, knee 0, kick 0, head butt 1) + the stroke (short_stroke_al, 0, "
       f"long_stroke_al) ({BASE}).", blows.strike_al),
    _r("P-STRIKE-DL", EXAMPLE, "versus the Captain's 4th level ducks.",
       "Against an unarmed target a strike's DL is the target's MAL of the phase.",
       blows.strike_dl),
    _r("P-STRIKE-ODDS", f"{STRIKING}; {EXAMPLE}",
       "then uses rules of section 6.2 to find the Odds Of Hitting. / This gives an Odds of "
       "Hitting of 18% (Full Parry for Captain Plunder). / The Captain has a Full Parry so "
       "the Odds of Hitting are 14%.",
       "A strike's odds are the Odds of Hitting of its Parry Type at AL - DL: Full Parry "
       "(AL 5 v 4 = 18, 4 v 4 = 14), Half Parry, no parry on Table 4D (the reconstruction "
       f"of {BASE}).", blows.strike_odds),
    _r("P-ARMED-BLOCK", CA,
       "When fighting an armed foe an unarmed man must either duck weapon blows, or close to "
       "range 1 and block the opponent's arms.",
       "A blow of an armed foe on an unarmed man standing further than 1 hex away counts at "
       "most his declared ducks as parries (he blocks only at range 1).", blows.armed_block),
    _r("P-GRABBED-LIMB", f"{GRAPPLING} > Grabs",
       "and any limb grabbed may not be used to strike.",
       "No strike is made with a `limb` an opponent's grab holds.", blows.grabbed_limb),
    _r("P-DISABLED-LIMB", f"{GRAPPLING} > Escapes; Penalties",
       "if an escape is attempted (10-100) PD* are taken and the locked limb disabled / "
       "Limbs disabled by Joint Locks have a 20% chance of becoming permanently useless. / "
       "arm disabled -8 -3 leg disabled -12-3",
       "No strike is made with a `limb` that is disabled: in the placed `disabled`, or by "
       "a `percentile.disabled` before it (a punch or elbow with a disabled arm, a knee or "
       "kick with a disabled leg).", reach.disabled_limb),
    _r("P-REACH", f"{CA}; {EXAMPLE}",
       "When fighting an armed foe an unarmed man must either duck weapon blows, or close to "
       "range 1 and block the opponent's arms. / Derek and the Captain are now rolling on "
       "the ground, struggling.",
       "Unarmed strikes (punch, elbow, knee, kick, head butt, shield strike), grappling "
       "moves and rams are made on a target within unarmed_reach (default 1, the seed's "
       "range 1) of their maker where the two stand at that moment (a weapon's blows and "
       "pommel strikes reach as far as the weapon, whose table is not checked).",
       reach.reach),
    _r("P-GRABBED-DAMAGE", f"{GRAPPLING} > Grabs; {EXAMPLE}",
       "A person who has been grabbed halves his Damage Bonus for striking actions. / A long "
       "stroke kick would do two six sided dice Impact, but since Derek is in the Captain's "
       "grasp halving his Damage Bonus, his kick does a single six sided dice Impact.",
       "A strike's damage is `halved` when its striker is grabbed (also when rounding up "
       "leaves one die at one: the Damage Bonus is halved all the same), and not when nobody "
       "holds him (held otherwise: not checked).", blows.grabbed_damage),
    _r("P-IMPACT", f"{STRIKING}; {EXAMPLE}",
       "If a strike hits, use the Impact Damage data on table (5E) and the Blunt Damage table "
       "(5D) detailed in section 6.2 to resolve damage. / A long stroke kick would do two "
       "six sided dice Impact",
       "A hit's Impact dice are 5E's for the strike and stroke (punch and head butt 1/1/2, "
       "elbow, knee and kick 1/2/2, shield and pommel strikes 1; a ram 3): `base_dice` when "
       "given, and `dice` those halved when `halved` (rounded up "
       f"unless grabbed_round_up is false); one d6 face each; impact = faces - armor "
       f"({BASE}).", blows.impact),
    _r("P-BLUNT", EXAMPLE,
       "Using the Blunt damage table he rolls a 52 for the Hit Location giving a hit into the "
       "body. / Derek rolls a 6. Using the Blunt damage table, the unarmored Captain takes 18 "
       "PD.",
       "The location of the 00-99 roll on 5D (head 00-09, right arm 10-19, left arm 20-29, "
       "body 30-69, right leg 70-84, left leg 85-99); PD = Impact x 5 head, 3 body, 2 limb "
       f"(unarmed strikes and rams; {BASE}).", blows.blunt),
    _r("P-KNOCKOUT", f"{EXAMPLE}; {GRAPPLING} > Throws",
       "The Captain rolls a 05 for his Knockout Roll and keels over. / If he is unable to "
       "rollout of a Throw, (30) PD* from a Non-injuring Throw or (10-100) PD from an "
       "Injuring Throw are received. / The PD* indicates that this damage is divided by "
       "four when determining the chance of survival and the time of recovery.",
       "A Knockout Roll follows every strike or ram that hits for PD (on its tenth); its "
       "chance = PD x 3 at the head, x 1 at the body, x 1/2 at a limb (rounded down; "
       f"{BASE}); PD* (its `damage`'s `star`, or its own) counted a quarter when "
       "pd_star_knockout_quarter (the default: 30 PD* at the body, 7), in full when not.",
       blows.knockout),
    _r("P-DAMAGE-TOTAL", f"{GRAPPLING} > Throws",
       "The PD* indicates that this damage is divided by four when determining the chance of "
       "survival and the time of recovery.",
       "A damage's `total` is the PD taken so far with PD* counted a quarter, the sum kept "
       "exact and rounded down once (90 + 50 PD* is 35, not 22 + 12 = 34); its `limit` the "
       "combatant's pd_limit or the rule's.", blows.damage_total),
    # -- grappling
    _r("P-GRAPPLE-LEVELS", GRAPPLING, LEVELS_Q,
       "AL = mal + pm + dr and DL = defender_mal + defender_pm, the MALs being the two "
       "combatants' of the phase (their declarations).", grapples.grapple_levels),
    _r("P-GRAPPLE-DR", f"{GRAPPLING}; {EXAMPLE}",
       "All Grappling moves take four Combat Actions to do, have Difficulty Ratings (DR), and "
       "Position Modifiers (PM). These are given on Table (5F) for each move- ment. / The "
       "Captain's Attack Level for his grab is his Martial Arts level of 4 minus the move's "
       "Difficulty Rating of2",
       "`dr` is Table 5F's: grab -2, escape +4, non-injuring throw -5, joint lock -10 (the "
       "example's); choke -8, strangle -6, pins -6/-9/-12, injuring throw -8 "
       f"({BASE}).", grapples.grapple_dr),
    _r("P-GRAPPLE-PM", EXAMPLE,
       "Since last phase they were not engaged in combat the PM = 0 / The Cap- tain's Defense "
       "Level is 4 (martial arts level) + 7 (PM) = 11.",
       "`pm` and `defender_pm` are the two combatants' PMs from their position of the prior "
       "phase (0 when they never were engaged, or when they begin the phase farther apart "
       "than unarmed_reach with no hold between them: no longer engaged, the documented "
       "reading; not checked when their last position is older).", grapples.grapple_pm),
    _r("P-GRAPPLE-ODDS", f"{GRAPPLING}; {EXAMPLE}",
       "on Combat Attack Table (4B) to find the Odds Of Success. / Looking at Combat Attack "
       "Table (4B) an AL of2 versus Defense Skill Level of3 gives the Captain a 30% chance "
       "of success.",
       "`odds` = Table 4B at AL - DL (the example's 2 v 3 = 30, 7 v 11 = 22, 6 v 3 = 46, "
       f"0 v 3 = 24; the rest the reconstruction of {BASE}).", grapples.grapple_odds),
    _r("P-GRAPPLE-ONE", GRAPPLING, "When Grappling each person attempts a move on his opponent.",
       "A combatant makes at most grapples_per_phase grappling moves on one opponent in a "
       "phase (default 1).", grapples.grapple_one),
    _r("P-GRAPPLE-TOGETHER", GRAPPLING,
       "This process is reversed (enemy as attacker and character as defender) to find the "
       f"Odds Of Success for the move attempted by the opponent. {ROLL_Q}",
       "Two grappling moves of a phase on each other are rolled on one tenth, and a "
       "`percentile.position` of the two follows every move on its tenth.",
       grapples.grapple_together),
    _r("P-POSITION", GRAPPLING, OUTCOME_Q,
       "The position's `result` is the case of the passage: changed when one move succeeds "
       "(a lone successful escape too: the position it changes to is 'free and "
       "disengaged'), kept when all fail, disengaged when both succeed at moves that cannot "
       "coincide, both when they can (a grab with any move but an escape: documented); "
       "`applied` names the makers of the moves that took effect.",
       grapples.position_result),
    _r("P-POSITION-PM", f"{GRAPPLING} > Grabs, Escapes",
       "Once the opponent has been grabbed, other moves are easier to execute. / If the "
       "Escape is successful the opponents are free and disengaged. / Ifboth fail, position "
       "remains constant from the last phase.",
       "Changed: the maker's PM is Table 5F's for his move (grab 7, throw 6, the example's), "
       "the other's victim_pm; a successful escape: both 0; kept: both keep their prior "
       "PMs; disengaged: both 0.", grapples.position_pm),
    _r("P-HOLD-ON", f"{GRAPPLING}; {EXAMPLE}",
       "If one succeeds and the other fails, the position is changed to reflect the "
       "successful move. / He rolls a 23 and grabs Derek's left arm.",
       "A hold (grab, joint lock, choke, strangle, pin) goes on on the tenth its move "
       "succeeds, and every holding move that takes effect puts its hold on.",
       grapples.hold_on),
    _r("P-ESCAPE-FREES", f"{GRAPPLING} > Escapes",
       "If the Escape is successful the opponents are free and disengaged. / Ifboth succeed "
       "at moves that cannot coincide, such as two Pins, they have disengaged and must "
       "reinitiate combat.",
       "After a successful escape or a disengagement no hold between the two stays on past "
       "that tenth.", grapples.escape_frees),
    _r("P-JOINT-LOCK-HELD", f"{GRAPPLING} > Locks",
       "The attacker can main- tain the Joint Lock indefinitely and loses position only if "
       "the defender escapes.",
       "A joint lock is let go only on a tenth the two are freed (escape, disengaged), a "
       "new move of the holder takes effect, one of them is out, or a third has thrown one "
       "of them out of unarmed_reach of the other (no hold is kept apart: documented).",
       grapples.joint_lock_held),
    _r("P-LOCK-ONLY-ESCAPE", f"{GRAPPLING} > Locks",
       "These put the foe in a position from which he may do nothing but attempt to Escape "
       "the lock.",
       "A joint-locked man makes no strike and no grappling move but an escape from the one "
       "who locks him, and no parries, ducks or blocks count for him.",
       grapples.lock_only_escape),
    _r("P-PIN-ONLY-ESCAPE", f"{GRAPPLING} > Pins",
       "When an opponent is Pinned, his limbs are immobilized. / A Pinned person cannot "
       "attempt any move other than an Escape.",
       "A pinned man makes no strike and no grappling move but an escape, and no parries, "
       "ducks or blocks count for him.", grapples.pin_only_escape),
    _r("P-JOINT-ESCAPE", f"{GRAPPLING} > Escapes",
       "In the special case oUoint Locks. if an escape is attempted (10-100) PD* are taken "
       "and the locked limb disabled, regardless of whether or not the Escape is successful. "
       "Limbs disabled by Joint Locks have a 20% chance of becoming permanently useless.",
       "An escape attempted from a joint lock (at the one who holds it) is followed on its "
       "tenth by PD* of 10 x d10 "
       "(10-100) to the escaper and a `percentile.disabled` of the locked limb with a chance "
       "of 20, success or not.", grapples.joint_escape),
    _r("P-PERMANENT-ONCE", f"{GRAPPLING} > Escapes",
       "Limbs disabled by Joint Locks have a 20% chance of becoming permanently useless.",
       "A limb has that chance once: the first `percentile.disabled` of a combatant's limb "
       "has its roll (chance 20); every later one has none and the first one's `permanent` "
       "(a limb once permanently useless stays so, one that escaped the 20 % stays "
       "curable).", grapples.permanent_once),
    _r("P-NO-DISABLING", f"{GRAPPLING} > Locks",
       "Es- capes from Choke and Strangle Holds may be attempted by any means possible, and "
       "unlike Joint Locks, no disabling injuries result (see escapes).",
       "A limb is disabled only on a tenth its owner attempted an escape from a joint lock "
       "on it.", grapples.no_disabling),
    _r("P-HOLD-DAMAGE", f"{GRAPPLING} > Locks",
       "A Choke Hold held for N phases does lOx N x N Physical Damage (PD) points. A "
       "Strangle Hold held for N phases does N x N Physical Damage (PD) points.",
       "A `percentile.hold_phase` of a choke (strangle) held on, on its phase's last tenth, "
       "N = the whole phases begun with the hold on (+1 if hold_first_phase_counts), total "
       "10 x N x N (N x N), pd the phase's share; one at the end of every phase held "
       f"({MAPPING}).", grapples.hold_damage),
    _r("P-HOLD-KNOCKOUT", f"{GRAPPLING} > Locks",
       "The opponent is knocked out after two phases in a Choke Hold, and ten phases in a "
       "Strangle Hold.",
       "`knocked_out` exactly from the 2nd phase of a choke, the 10th of a strangle.",
       grapples.hold_knockout),
    _r("P-THROW-ROLLOUT", f"{GRAPPLING} > Throws",
       "The thrown person has a 10 x (his Martial Arts Level) % chance of rolling out of the "
       "Throw. If this roll is made he moves 3 hexes in the direction of the Throw, ends up "
       "on his feet, and does not take any damage.",
       "`rollout_chance` = 10 x the thrown man's MAL of the phase; rolled out: on his feet, "
       "no damage, at most 3 hexes (fewer only when his way is blocked: P-THROW-HEX).",
       grapples.throw_rollout),
    _r("P-THROW-DAMAGE", f"{GRAPPLING} > Throws; {EXAMPLE}",
       "If he is unable to rollout of a Throw, (30) PD* from a Non-injuring Throw or (10-100) "
       "PD from an Injuring Throw are received. / Derek rolls a 23 and lands without injury",
       "Thrown and not rolled out: at most one hex (P-THROW-HEX), off his feet, 30 PD* "
       "(non-injuring) or 10 x d10 PD (injuring), a `damage` on the throw's tenth; a rider "
       "dragged down is unhurt, on his feet, only by a Fall Recovery roll made.",
       grapples.throw_damage),
    _r("P-THROW-HEX", f"{GRAPPLING} > Throws",
       "If successfully done, the opponent is thrown one hex in a direction chosen by the "
       "attacker. / If this roll is made he moves 3 hexes in the direction of the Throw",
       "The `direction` does not lead from the thrown man into the thrower's own hex; the "
       "throw's `to` is `hexes` hexes in it from where the thrown man stood, every hex of "
       "the way free; `hexes` is the full distance (1, rolled out 3) unless the next hex "
       "is a wall (`start.walls`) or a figure still in the fight (the documented reading "
       "throw_blocked: he stops before it; with redirect a blocked first hex is no "
       "direction while a neighbouring hex is free); the thrown man's `move` of the tenth "
       "takes him to `to` (none when he stays).", grapples.throw_hex),
    _r("P-FOOTING", f"{GRAPPLING} > Throws", FOOTING_Q,
       "A throw not rolled out of has a `percentile.footing` on its tenth, also when the "
       "throw's damage puts the man out (the passage has no exception): 1 or 2 phases by a "
       "roll of 1 to footing_die (default a d2: the roll itself; another die spread evenly, "
       "1 + (roll - 1) x 2 // footing_die), standing at the start of phase fell + phases + 1 "
       f"({MAPPING}).", grapples.footing),
    _r("P-FOOTING-DOWN", f"{GRAPPLING} > Throws", FOOTING_Q,
       "Until he stands a man regaining his footing makes no strike, ram or grappling move "
       "but an escape (he may duck, block or parry: an assumption of "
       "docs/rules/percentile.md).", grapples.footing_down),
    _r("P-FOOTING-STAND", f"{GRAPPLING} > Throws", FOOTING_Q,
       "A man down after a throw (or a fall) is on his feet again (`state` `down` false) "
       "at his footing's `until` and not before; if he declares in the phase that begins "
       "then, he has stood by then.", grapples.footing_stand),
    # -- mounts (the worked example)
    _r("P-CONTROL", EXAMPLE,
       "so from the Action/Reaction table of section 3.3 under Combat Maneuver- ing with one "
       "hand free, he has a 30 x 3 = 90% chance of controlling his mount this phase. / Being "
       "a 3rd level Horseman, Derek's warhorse may take 1 Combat Action. / The chance of "
       "success is now 10 x 3 = 30% (taken from the Action/Reaction table). Derek rolls a 67 "
       "and fails, his horse shying away from the Captain's attack at the speed of 4 hexes "
       "per phase (determined from the roll of a ten sided die).",
       "The Control roll's chance is 30 (one hand free), 10 (both) or 50 (none, an "
       "assumption; `per_level` when given) x the placed Horseman level; success gives "
       "the mount level // 3 Combat Actions, failure none and a d10 shy roll.",
       blows.control),
    _r("P-RAM", EXAMPLE,
       "Since Derek failed his Control roll he cannot use his warhorse to make attacks this "
       "phase. / Entering this table with the warhorse's Attack Level of 1 versus the "
       "Captain's defense level of 4 gives an Odds of Hitting of 36%.",
       "A ram follows a successful Control roll of its phase, within the mount's Combat "
       "Actions; a warhorse's AL is 1, the DL the target's MAL, the odds Table 4D's.",
       blows.ram),
    _r("P-FALL", EXAMPLE,
       "Referring to the Ac- tion/Reaction table the chance he can take this spill without "
       "injury is 100 / 5 x 2 = 40% (Derek is 2nd level Fall Recovery).",
       "A fall's chance = 100 // height x the placed Fall Recovery level; a warhorse's rider "
       "falls 5 feet.", blows.fall),
    # -- every roll; out of the fight
    _r("P-ROLL", f"{GRAPPLING}; {EXAMPLE}",
       f"{ROLL_Q} / Derek rolls a 32 against the 22 needed for success / The thrown person "
       "has a 10 x (his Martial Arts Level) % chance of rolling out of the Throw. / he has "
       "a 30 x 3 = 90% chance of controlling his mount this phase. Derek rolls a 76 and "
       "succeeds.",
       "Every 00-99 roll (odds, control, fall, knockout, permanence, roll-out, hit location) "
       "is 0-99; against Odds of Success or of Hitting (grappling moves, strikes, rams) its "
       "outcome is the success exactly when the roll is at or under them; against a chance "
       "stated as 'N %' (control, fall, knockout, permanence, roll-out) the same, or, with "
       "chance_roll under, exactly when the roll is under it.", roll),
    _r("P-OUT", f"{EXAMPLE}; {GRAPPLING} > Locks",
       "The Captain rolls a 05 for his Knockout Roll and keels over. / The opponent is "
       "knocked out after two phases in a Choke Hold",
       "A combatant knocked out (Knockout Roll, hold) or out declares no action, and "
       "strikes, grapples, rams, rides and puts on holds no more.", out),
)

NOT_CHECKED: tuple[tuple[str, str], ...] = (
    ("Table (5E) also shows the Impact Damage of various dirty tricks such as shield and "
     "pommel strikes which may be done in place of other armed combat acts.",
     "Their Combat Action costs and Weapon Classes are not in the seed nor given as numbers "
     "in docs/rules/percentile.md: not checked (their one die of Impact is)."),
    ("When fighting an armed foe an unarmed man must either duck weapon blows, or close to "
     "range 1 and block the opponent's arms.",
     "An armed foe's blows (weapon skill, WC, stroke costs, edged PD) follow a weapons "
     "table the seed does not have and the rules page names without numbers: a blow's AL, "
     "cost, DL against an armed man and PD are not checked; only the ducks-or-block-at-"
     "range-1 part (P-ARMED-BLOCK) and the duck or block cost (P-CA-COST) are."),
    ("The easiest uses all of the attacker's limbs to maintain the Pin. The other two free "
     "one or both of the attacker's arms while keeping the foe Pinned.",
     "Which of his own limbs a holder keeps busy (left limb first) is an assumption of "
     "docs/rules/percentile.md that a log does not show: a holder's strikes are not "
     "checked against them (the pins' Difficulty Ratings are, P-GRAPPLE-DR)."),
    ("The PD* indicates that this damage is divided by four when determining the chance of "
     "survival and the time of recovery.",
     "Survival and recovery fall outside a fight's log; only the running total "
     "(P-DAMAGE-TOTAL) and the Knockout Roll's chance (P-KNOCKOUT) are checked. Being "
     "down at the pd_limit (an assumption) is not checked."),
    ("Derek is a 3rd level Horseman and has his left hand on the reins",
     "The hands on the reins change by the `reins` action, which the log does not detail: "
     "a Control roll's `free_hands` is taken as logged (its chance is checked from it)."),
    ("his horse shying away from the Captain's attack at the speed of 4 hexes per phase "
     "(determined from the roll of a ten sided die).",
     "The shy roll is checked (1-10); the mount's path on the map is not."),
    ("Once the opponent has been grabbed, other moves are easier to execute.",
     "Advice, which Table 5F's Position Modifiers carry (P-POSITION-PM); nothing else to "
     "check."),
    ("A Duck is not a Dodge, but a defensive movement that counts as a parry and does not "
     "preclude other actions.",
     "A permission: nothing in a log can break it beyond the count of ducks as parries "
     "(P-STRIKE-COUNT) and their cost (P-CA-COST)."),
)
"""Passages of seed 001 a log cannot show being kept or broken, with the reason."""

DOC_INTRO = """\
How a `percentile` log is read (`timedcombat/checks/percentile_model.py`):

- **Events** are the log vocabulary of `docs/rules/percentile.md` ("Log events"): a
  strike or blow is the core `attack` event extended (`strike`, `stroke`, `attack_level`,
  `defense_level`, `parry`, `strikes`, `parries`, `odds`, `limb`), damage the core
  `damage` event extended (`pd`, `star`, `total`, `limit`, `location`, `dice`,
  `base_dice`, `faces`, `impact`, `armor`, `halved`, `by`, `location_roll`, `die`); the
  rest are the
  `percentile.*` events.
- **Rule parameters** come from `start.rules` (`phase_tenths`, `victim_pm`,
  `grapples_per_phase`, `short_stroke_al`, `long_stroke_al`, `grabbed_round_up`,
  `armed_ca_per_bat`, `weapon_parry_ca`, `step_ca`, `hold_first_phase_counts`,
  `footing_die`, `surprise_phases`, `pd_limit`, `unarmed_reach`, `throw_blocked`,
  `pd_star_knockout_quarter`, `chance_roll`; the
  documented defaults when absent, and a value of the wrong type counts as unknown);
  the map's **walls** from `start.walls` (none: open ground). **Stats** come from
  `placed` (`mal`, `bat` as a number or a fraction such as `"3/2"`, `weapon`, `shield`,
  `holding`, `armor`, `disabled`, `surprised`, `mount`, `horseman`, `fall_recovery`,
  `pd_limit`; a stat left out takes the scenario's default).
- **Phases**: the turn clock's `percentile.turn` and `percentile.phase`; a turn is one
  phase, and phase *p* (counted from 0, as in `percentile.declare`) is turn *p* + 1 and
  covers tenths *p* x P to *p* x P + P - 1. An event belongs to the phase whose
  `percentile.phase` last came before it.
- **Declarations**: a combatant's `percentile.declare` of a phase gives his MAL and
  Combat Actions for it (after penalties) and each action with its cost and tenth. Every
  strike and ram is matched to a declared action of its name on its tenth, every
  grappling move to one of its name; the stroke of the strike prices the action.
- **Holds** are on from their `percentile.hold` `on` to their `off`; **positions** are
  the `percentile.position` events (a pair's Position Modifiers in the next phase);
  **where everyone stands** comes from `placed.at` and `move.to` (one who is out has
  left the map); a combatant is **out**
  from a Knockout Roll `out`, a hold's `knocked_out`, or `state` `out`.
- **Missing information is not a violation.** A rule that needs what the log does not
  give (no stats, no declaration, no roll, a position older than the prior phase ...)
  skips that case.

Where seed 001 leaves a gap the rules follow the assumptions of `docs/rules/percentile.md`
and say so: a phase's length (`phase_tenths`), where in a phase each Combat Action falls,
and the base game's tables the seed cites without printing (Combat Attack Tables 4B and 4D,
the Odds of Hitting by Parry Type, Impact 5E, Blunt Damage 5D, DR/PM 5F: reconstructions
that reproduce every figure of the worked example).
"""

_ID = ((str,), True)
_INT = ((int,), False)
_STR = ((str,), False)
_LIST = ((list,), False)
_BOOL = ((bool,), False)
_OPT_STR = ((str, type(None)), False)

SCHEMA: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "placed": {"actor": _ID, "side": _STR, "at": _LIST, "stats": ((dict,), False)},
    "move": {"actor": _ID, "to": _LIST},
    "state": {"actor": _ID, "state": _ID},
    "action": {"actor": _ID, "name": _ID, "end": _INT},
    "percentile.turn": {"turn": ((int,), True), "order": _LIST},
    "percentile.phase": {"turn": ((int,), True), "end": ((int,), True)},
    "percentile.declare": {"actor": _ID, "phase": _INT, "mal": _INT, "budget": _INT,
                           "base_mal": _INT, "base_budget": _INT, "penalties": _LIST,
                           "actions": ((list,), True), "costs": _LIST, "tenths": _LIST},
    "percentile.grapple": {"actor": _ID, "target": _ID, "move": _ID, "attack_level": _INT,
                           "defense_level": _INT, "odds": _INT, "roll": _INT, "result": _STR,
                           "mal": _INT, "pm": _INT, "dr": _INT, "defender_mal": _INT,
                           "defender_pm": _INT, "kind": _OPT_STR, "limb": _OPT_STR},
    "percentile.position": {"actor": _ID, "target": _ID, "result": _STR, "pm": _INT,
                            "target_pm": _INT, "applied": _LIST},
    "percentile.hold": {"actor": _ID, "target": _ID, "hold": _ID, "state": _ID,
                        "limb": _OPT_STR, "kind": _OPT_STR},
    "percentile.hold_phase": {"actor": _ID, "target": _ID, "hold": _ID, "phases": _INT,
                              "pd": _INT, "total": _INT, "knocked_out": _BOOL},
    # a strike is the core `attack` extended, its damage the core `damage` extended
    STRIKE: {"actor": _ID, "target": _ID, "strike": _ID, "stroke": _STR,
             "attack_level": _INT, "defense_level": _INT, "parry": _STR, "strikes": _INT,
             "parries": _INT, "odds": _INT, "roll": _INT, "result": _STR, "limb": _OPT_STR,
             "weapon": _OPT_STR},
    DAMAGE: {"actor": _ID, "pd": _INT, "star": _BOOL, "total": _INT, "limit": _INT,
             "location": _STR, "dice": _STR, "base_dice": _OPT_STR, "faces": _LIST,
             "impact": _INT, "armor": _INT, "halved": _BOOL, "by": _OPT_STR,
             "location_roll": ((int, type(None)), False), "die": ((int, type(None)), False)},
    "percentile.knockout": {"actor": _ID, "pd": _INT, "location": _STR, "chance": _INT,
                            "roll": _INT, "result": _STR, "star": _BOOL},
    "percentile.disabled": {"actor": _ID, "limb": _STR, "chance": _INT, "roll": _INT,
                            "permanent": _BOOL},
    "percentile.throw": {"actor": _ID, "target": _ID, "kind": _STR, "result": _STR,
                         "hexes": _INT, "on_feet": _BOOL, "direction": _OPT_STR,
                         "to": ((list, type(None)), False),
                         "rollout_chance": ((int, type(None)), False),
                         "roll": ((int, type(None)), False)},
    "percentile.fall": {"actor": _ID, "height": _INT, "level": _INT, "chance": _INT,
                        "roll": _INT, "result": _STR},
    "percentile.footing": {"actor": _ID, "roll": _INT, "phases": _INT, "until": _INT},
    "percentile.control": {"actor": _ID, "horseman": _INT, "free_hands": _INT,
                           "per_level": _INT, "chance": _INT, "roll": _INT, "result": _STR,
                           "mount_actions": _INT, "shy_roll": ((int, type(None)), False)},
    "percentile.ram": {"actor": _ID, "target": _ID, "mount": _OPT_STR, "attack_level": _INT,
                       "defense_level": _INT, "odds": _INT, "roll": _INT, "result": _STR},
}
"""Fields the rules read, with their JSON types and whether they must be there."""

RULESET = RuleSet(
    system="percentile",
    source="seed 001 (unarmed martial arts of Leading Edge Games' Rhand: Combat Actions, "
           "striking, grappling, penalties, the worked example Captain Plunder vs Derek)",
    rules=RULES,
    prepare=read,
    schema=SCHEMA,
)
