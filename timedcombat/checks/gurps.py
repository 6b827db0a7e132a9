"""The rules of the ``gurps`` system (seed 002, GURPS 4e Close Combat), as the checker
states them: a second reading of the rule text, independent of the engine.

:data:`RULES` is the rule list (``docs/checks/gurps.md`` prints it). Each rule names its
source: a passage of seed 002 (quoted from the team's English working text; the Russian
is the source where they differ), or, for what the seed leaves to the game it belongs to,
the time model and the Basic Set rules written down in ``docs/rules/gurps.md`` (the
section then starts with ``(docs/rules/gurps.md``, and the quote is that page's). The
conditions read the facts of :mod:`timedcombat.checks.gurps_model`; what a log does not
say is skipped, never guessed.
"""

from __future__ import annotations

from timedcombat.checks import FieldSpec, Rule, RuleSet
from timedcombat.checks import gurps_base as base
from timedcombat.checks import gurps_close as close
from timedcombat.checks import gurps_scores as scores
from timedcombat.checks import gurps_turns as turns
from timedcombat.checks.gurps_model import read

DOCS = "(docs/rules/gurps.md) "
TIME = DOCS + "Turns, phases and tenths"
BASE = DOCS + "Base rules from the GURPS 4e Basic Set"
STEPS_Q = ("Its `m` steps (each hex moved, each attack, a ready, a contest …) fall at "
           "`start + ⌊k·L/m⌋` (`k` = 0 … m−1, `L` the phase's length): a tenth each when the "
           "phase has room, the last inside the phase.")
STOP_Q = ("With Move, Move and Attack or All-Out Attack you may run into the foe's hex and "
          "stop there, facing the foe.")
GRAPPLED_Q = ("If a foe has grappled you, you still choose a maneuver on your turn, but you "
              "cannot leave the hex until you break free.")
MANEUVERS_Q = ("Maneuvers: Move, Move and Attack, All-Out Attack, Attack, Ready, All-Out "
               "Defense, Step, Wait, Aim, Change Posture, Do Nothing: movement, attacks, "
               "defences (B363–B366)")
CRIT_Q = "Critical Hit Table, Critical Miss Table and their exceptions (B556)"
SEVERAL = "Close combat with several participants"
OUTSIDE = "Attacks on close-combat participants"

TIME_RULES: tuple[Rule, ...] = (
    Rule("G-TURN", TIME,
         "Turn `k` (1, 2, …) covers tenths `10(k−1)` … `10k − 1`; `gurps.turn` at its first "
         "tenth lists the order of those still in the fight",
         "gurps.turn events number the turns 1, 2, 3 … and turn k comes at tenth 10(k - 1) "
         "(a turn is 10 tenths); nothing happens in a turn before its gurps.turn.",
         turns.turns),
    Rule("G-PHASE", TIME,
         "Each of the `n` in that order gets a phase: the `i`-th (0-based) from "
         "`T + ⌊10i/n⌋` to `T + ⌊10(i+1)/n⌋` (exclusive), logged as `gurps.phase` (`phase` "
         "and `actor`: whose it is, `rank`, `end`).",
         "Each turn has one gurps.phase per fighter of its order, in that order, the i-th of "
         "n at T + 10i // n with end T + 10(i + 1) // n (and rank i); none for anyone else; a "
         "phase is missing only for a fighter put out of the fight before it.", turns.phases),
    Rule("G-MANEUVER", TIME,
         "The maneuver is chosen at the phase's first tenth and logged there (core `action` "
         "and `gurps.maneuver`, both with `end` = the phase's end). / The maneuver governs "
         "his defences until his next phase",
         "action and gurps.maneuver fall inside their actor's phase with end = the phase's "
         "end; one gurps.maneuver per phase, but for the next one taken after a Fast-Draw "
         "readied a weapon with no maneuver spent (`ready_free`; docs/rules/gurps.md: \"he "
         "takes his next maneuver in the rest of the phase\").", turns.maneuvers),
    Rule("G-PHASE-MANEUVER", "Leaving a foe's hex", GRAPPLED_Q,
         "Every phase of a fighter able to act, grappled or not, has his gurps.maneuver (in "
         "logs that log maneuvers).", turns.phase_maneuver),
    Rule("G-STEP-IN-PHASE", TIME, STEPS_Q,
         "Every step of a maneuver (a hex moved other than a retreat, an attack roll, a "
         "ready) falls inside its actor's phase; a Wait's attack and its step when the "
         "trigger comes are G-WAIT-TRIGGER's.",
         turns.steps_in_phase),
    Rule("G-STEP-SPREAD", TIME, STEPS_Q,
         "The steps logged in a phase are the first of m steps at start + k*L // m, for "
         "some m between the number logged and the maneuver's movement + 2 (a maneuver "
         "taken after a `ready_free`: from its tenth to the phase's end); later steps may "
         "be missing (movement stopped), earlier ones only as many as the phase has steps a "
         "log cannot show as such (a facing change logged as a move on the spot, a contest "
         "or check instead of an attack roll, a refused step (gurps.plan_skip), a helper's "
         "attack in a takedown or pin).",
         turns.step_spread),
    Rule("G-DEFENCE-AT-ATTACK", TIME,
         "An active defence and its retreat step fall at the tenth of the attack they answer",
         "A defence follows, on its tenth, an attack (or wrong-target roll) of its "
         "`against` on the defender; a retreat has its move to the retreat hex on that tenth.",
         turns.defence_at_attack),
    Rule("G-WAIT-TRIGGER", TIME, "a Wait's attack at the tenth of the step that triggered it",
         "An attack (or its step) made under a Wait outside its actor's phase falls on a "
         "tenth on which another fighter has just made a step (moved, attacked or readied).",
         turns.wait_trigger),
    Rule("G-END-OF-TURN", TIME, "a stunned fighter's recovery roll at his phase's last tenth",
         "A stun_recovery check falls on the last tenth of its fighter's phase.",
         turns.end_of_turn_rolls),
    Rule("G-INITIATIVE", TIME,
         "At tenth 0 `gurps.initiative` logs the order of action, set once for the fight: "
         "higher Basic Speed, then higher DX, then the higher roll of one die each "
         "(`initiative_die`, rolled in scenario order), then scenario order.",
         "gurps.initiative lists everyone placed once, with Basic Speed x 4 = HT + DX and "
         "the DX of `placed`, a roll of 1 to initiative_die, sorted by Basic Speed, then DX, "
         "then the roll, then the order of placing.", turns.initiative),
    Rule("G-TURN-ORDER", TIME,
         "the order of action, set once for the fight / `gurps.turn` at its first tenth "
         "lists the order of those still in the fight (not unconscious or dead; a pinned "
         "fighter still acts: he may break free).",
         "Each gurps.turn's order is the initiative order (fixed for the fight) of the "
         "fighters not out or dead (a pinned fighter may stay in it).", turns.turn_order),
)

SEED_RULES: tuple[Rule, ...] = (
    Rule("G-CC-ENTER", "Entering a foe's hex",
         "You may move or step into an enemy's hex with any maneuver that allows enough "
         "movement. You are \"in close combat\" as soon as you enter that hex, whatever your "
         "and your foe's maneuvers.",
         "Whoever stands in the same hex as an able foe at the end of a tenth is in close "
         "combat (state close_combat true by then), the one who came in and the one he came "
         "in on alike.", close.close_combat_on_entering),
    Rule("G-CC-HEX", "Close combat (introduction); " + SEVERAL,
         "Close combat happens when you occupy the same hex as your foe, or try to move "
         "through a foe's hex. / as a compromise, fighters may join close combat while their "
         "figure stays in an adjacent hex.",
         "A fighter in close combat at the end of a tenth shares his hex with a foe (skipped "
         "when the compromise, adjacent_joins_close_combat, is on).",
         close.close_combat_in_hex),
    Rule("G-CC-PASS", "Entering a foe's hex",
         STOP_Q + " If you don't want to stop, you must (your choice, within remaining "
         "movement) try to evade or slam the foe.",
         "A fighter who moves on out of a foe's hex in the phase he entered it tried to "
         "evade (an evade contest or check) or slam a foe there in between.",
         close.passing_through),
    Rule("G-CC-FACING", "Entering a foe's hex", STOP_Q,
         "Stopping in a lone foe's hex with Move, Move and Attack or All-Out Attack, the "
         "entering move's facing (where logged), or that of a turn in place he makes later "
         "in his phase before he moves on, is the way he came in, towards the foe in the "
         "far half.",
         close.entering_facing),
    Rule("G-HALF-HEX", "Entering a foe's hex",
         "When you enter a hex occupied by a foe you occupy half of the hex: the half on the "
         "side you entered from; your foe occupies the other half.",
         "A fighter stopping in a foe's hex has a gurps.half_hex on that tenth giving him "
         "the half on the edge he came through and a lone foe the opposite one; others "
         "already there keep theirs (docs/rules/gurps.md: Half hexes).", close.half_hexes),
    Rule("G-LEAVE-SIDE", "Leaving a foe's hex",
         "If you start your turn in the hex of a foe who has not grappled you, you may leave "
         "through any hex adjacent to your side. / To leave through the foe's side you must "
         "evade him (\"pass through\"). / the step can only end in one of the three hexes on "
         "your side.",
         "A fighter in close combat leaves his hex into one of the three hexes on his half's "
         "side, unless he tried an evade earlier in that phase.", close.leaving_own_side),
    Rule("G-LEAVE-GRAPPLED", "Leaving a foe's hex", GRAPPLED_Q,
         "A grappled fighter (state grappled true, the grappler not out of the fight) makes "
         "no move out of his hex, a retreat included.", close.grappled_stays),
    Rule("G-CC-WEAPON", "Weapons in close combat",
         "Only small, compact weapons suit close combat. You may attack with any melee "
         "weapon of reach \"C\".",
         "An attack with a melee weapon by a fighter in close combat uses a weapon with reach "
         "C (Basic Set reaches; a weapon not in the table is not judged).",
         close.close_weapons),
    Rule("G-CC-BULK", "Weapons in close combat",
         "With a ranged weapon, ignore the usual speed/range penalty and use the weapon's "
         "Bulk as the to-hit penalty.",
         "A ranged attack by a fighter in close combat has bulk_in_close_combat = the "
         "weapon's Bulk (Basic Set; negative if unknown) and no range modifier; other "
         "attacks have no bulk_in_close_combat.", close.ranged_bulk),
    Rule("G-SHIELD-ATTACK", "Shields in close combat",
         "Every attack you make in close combat — except the initial slam or other attack "
         "with which you entered the foe's hex — gets a penalty equal to the shield's DB!",
         "An attack by a shield carrier in close combat has shield_in_close_combat = -DB "
         "(Basic Set DB, or shield_db of `placed`), except his first attack after moving "
         "into the foe's hex in that phase; other attacks have none; `entering: true` only "
         "on that attack.", close.shield_attacks),
    Rule("G-SHIELD-DX", "Shields in close combat",
         "Every DX roll you make in close combat after your first turn there gets the same "
         "penalty.",
         "A DX roll (a Ready's, a dx check) made in his own phase by a shield carrier in "
         "close combat has shield_in_close_combat = -DB from his second phase there on, none "
         "in the first (docs/rules/gurps.md: the phase he entered in, or, when a foe entered "
         "his hex, his next).", close.shield_dx),
    Rule("G-SHIELD-DISCARD", "Shields in close combat",
         "Getting rid of a shield in close combat takes one Ready maneuver and a successful "
         "DX roll.",
         "A gurps.ready discarding the shield in close combat has a DX roll, is `ready` "
         "exactly when it succeeds (else `wasted`), in a Ready maneuver.",
         close.discard_shield),
    Rule("G-READY-DX", "Ready in close combat",
         "You must make a DX roll to ready a weapon in close combat. On a failure your Ready "
         "maneuver is wasted!",
         "A gurps.ready in close combat has a DX roll; a failed one gives `wasted` (in a "
         "Ready maneuver), a successful one does not.", close.ready_dx),
    Rule("G-READY-FAST-DRAW", "Ready in close combat",
         "To use the Fast-Draw skill you roll twice: the DX roll above and, if it succeeds, a "
         "Fast-Draw roll to ready quickly. If the Fast-Draw roll fails you must take a full "
         "Ready maneuver to draw the weapon.",
         "In close combat a Fast-Draw roll comes only after a successful DX roll; drawing a "
         "weapon, it gives `ready_free` when it succeeds, else `ready` in a Ready maneuver; "
         "`ready_free` needs it (reloading the bow in hand, Fast-Draw (Arrow) saves one "
         "Ready: `ready` or `reloading`, never `ready_free`; docs/rules/gurps.md).",
         close.fast_draw),
    Rule("G-CC-PARRY", "Defence in close combat",
         "You may parry only with a bare hand or a weapon of reach \"C\".",
         "A parry in close combat (not retreating out of it, nor a retreat a grapple "
         "caught: docs/rules/gurps.md, Retreat) is bare-handed or with a reach C weapon.",
         close.close_parry),
    Rule("G-CC-NO-BLOCK", "Defence in close combat", "You cannot block at all!",
         "No block by a fighter in close combat, unless he retreats out of it, or a grapple "
         "caught his retreat (docs/rules/gurps.md: the retreat lets him use any active "
         "defence).",
         close.close_block),
    Rule("G-CC-RETREAT", "Defence in close combat",
         "You may retreat out of close combat if you are not grappled: step out into any of "
         "the three hexes on your side of the close-combat hex.",
         "A defence retreating out of close combat is made by a fighter not grappled (a "
         "retreat a grapple caught too), into one of the three hexes on his half's side.",
         close.close_retreat),
    Rule("G-RETREAT-BONUS", "Defence in close combat",
         "This lets you use any active defence with the usual (retreat) bonus.",
         "A retreating defence has retreat +3 (dodge; parry with a fencing weapon) or +1 "
         "(parry, block) (Basic Set B377); a defence without retreat has none, but for a "
         "retreat a grapple caught (a failed defence against a grapple that holds him on "
         "that tenth: docs/rules/gurps.md, \"he is caught as he steps back (the retreat bonus "
         "still counted)\").",
         close.retreat_bonus),
    Rule("G-COOP-LIMIT", SEVERAL,
         "Up to two fighters may join an attempt to take down one foe; up to three may "
         "jointly try to pin him.",
         "A joint takedown has at most 2 fighters, a joint pin at most 3 (counting the "
         "leader: cooperative_limit_includes_leader; else that many helpers).",
         close.cooperative_limit),
    Rule("G-COOP-ATTACK", SEVERAL,
         "Every fighter who wants to help chooses the Attack maneuver",
         "Every fighter of a joint takedown or pin took the Attack maneuver that turn.",
         close.cooperative_attack),
    Rule("G-COOP-LAST", SEVERAL, "the roll is made when the last participant acts.",
         "The contest of a joint takedown or pin falls in the phase of the fighter who acts "
         "last of them that turn, after all their phases began.", close.cooperative_last),
    Rule("G-COOP-SCORE", SEVERAL,
         "Use the ST, DX or wrestling skill of the participant with the best value, and add "
         "1/5 of the matching score of each helper (round down).",
         "The leader has the best score of the trait used; each helper adds his score // 5; "
         "the contest's score is the leader's plus those (docs/rules/gurps.md: untrained "
         "Wrestling is DX, Wrestling adds to ST by wrestling_st_bonus).",
         close.cooperative_score),
    Rule("G-CC-OUTSIDE", OUTSIDE,
         "You may stand outside the close-combat hex and attack a foe who is in close "
         "combat. Your attack is at -2.",
         "An attack (not a slam) from another hex on a fighter in close combat has "
         "into_close_combat -2; no other attack has it (a slam enters the hex: the seed's "
         "\"initial slam ... with which you entered the foe's hex\").",
         close.into_close_combat),
    Rule("G-WRONG-SKILL", OUTSIDE,
         "Your effective skill is 9 or what you would have if you deliberately attacked that "
         "target, whichever is less, and you must use the rules for Hitting the Wrong Target.",
         "A gurps.wrong_target has effective_skill = min(9, skill_vs_target); when it "
         "gives skill and modifiers, skill is the attack's, into_close_combat -2 is among "
         "the modifiers and skill_vs_target = skill + their sum (at most cap).",
         close.wrong_target_skill),
    Rule("G-WRONG-CHAIN", OUTSIDE,
         "If you miss, or your foe successfully dodges, you may have hit someone else — "
         "friend or foe! — in that hex. / Keep rolling until you hit someone, someone "
         "parries, or you run out of targets.",
         "After an attack (not a slam) from outside into close combat that misses (not "
         "critically) or is dodged, wrong-target rolls on its tenth go against the others "
         "in that hex, each once, until one hits or is parried; none after a hit, a parry "
         "or any other attack; while it goes on an able occupant not yet tried gets a roll.",
         close.wrong_target_chain),
    Rule("G-WRONG-ORDER", OUTSIDE,
         "If there are several possible targets, determine who is in the way first.",
         "The rolls follow the chain's `order`, and `order` puts the nearest half to the "
         "attacker first, then who came in first (wrong_target_order = nearest; `entry`: who "
         "came in first).", close.wrong_target_order),
)

BASE_RULES: tuple[Rule, ...] = (
    Rule("G-ROLL-DICE", DOCS + "Log events", "Every die rolled appears in the event that used it.",
         "Every 3d6 roll has three faces of 1-6 summing to its roll (a Fast-Draw roll and "
         "a critical table's second roll too; a core attack's or defence's `total` is the "
         "roll); damage faces match their dice (N faces of 1-M for NdM).", base.dice),
    Rule("G-ROLL-SUCCESS", BASE,
         "Success roll: 3d6 ≤ effective skill; 3–4 always succeed, 17–18 always fail (B348)",
         "Attack, defence, check and wrong-target rolls succeed exactly when the roll is at "
         "most the effective skill (3-4 always, 17-18 never); margin = effective - roll.",
         base.success_rolls),
    Rule("G-ROLL-CRITICAL", BASE,
         "Criticals: success on 3–4, on 5 at skill 15+, on 6 at 16+; failure on 18, on 17 "
         "at skill ≤ 15, on any roll 10+ over skill (B348)",
         "An attack's `critical` is success / failure / absent as the roll and effective "
         "skill make it; no defence answers a critical hit.", base.criticals),
    Rule("G-ROLL-EFFECTIVE", DOCS + "Log events",
         "`attack` (core, extended): `weapon` (`grapple` and `slam` for those), `roll` = "
         "`total` (3d6), `against` = `effective`, `result` (`hit miss dodged parried "
         "blocked`), `margin`, `modifiers` (by name), `dice` = `\"3d6\"`; and `kind` "
         "(`swing`, `thrust`, `punch`, `kick`, `shot`, `grapple`, `slam`), `faces`, `skill`, "
         "`effective`, `critical`, `cap`, `entering`.",
         "Effective = skill (attack) or base (defence, check) + the sum of the named "
         "modifiers, an attack's at most its cap; the core attack's `against` is that "
         "effective skill and its `total` the roll; a Fast-Draw roll's fast_draw_effective = "
         "fast_draw_skill + its fast_draw_modifiers.", base.effective),
    Rule("G-MANEUVER-ATTACKS", BASE, MANEUVERS_Q,
         "Attack rolls in a phase only under Move and Attack, All-Out Attack, Attack or Wait, "
         "one each (All-Out Attack (Double): two), counted under the maneuver in force "
         "(Basic Set B363-B366).",
         base.maneuver_attacks),
    Rule("G-MANEUVER-DEFENCES", BASE,
         "Move and Attack: −4 and skill at most 9 (melee); ranged −2 or Bulk, the worse; "
         "dodge or block only, no retreat (B365)",
         "No defence while All-Out Attack governs the defender (no active defence, B365); "
         "no parry and no retreat (nor a retreat bonus) under Move and Attack.",
         base.maneuver_defences),
    Rule("G-MOVE-ALLOWANCE", BASE, MANEUVERS_Q,
         "A phase has no more hexes moved than its maneuver's `movement`.",
         base.move_allowance),
    Rule("G-DAMAGE", BASE,
         "Damage: basic roll (crushing ≥ 0, other ≥ 1), DR, wounding modifiers, injury ≥ 1 "
         "when anything penetrates (B377–B379)",
         "penetrating = max(0, basic - DR); the multiplier is the torso's for the damage "
         "type; injury = penetrating x multiplier rounded down, at least 1 if anything "
         "penetrates (not on a critical hit's effect); HP fall by the injury from hit to hit; "
         "the core `amount` is the injury, `body` the HP and `total` the HP lost.",
         base.damage),
    Rule("G-MAJOR-WOUND", BASE,
         "Major wound (> HP/2): HT roll; failure stunned and knocked down, by 5+ or critical: "
         "unconscious (B420); HT to recover from stun each turn / " + CRIT_Q,
         "A damage is `major` exactly when its injury exceeds HP / 2, or any injury gets "
         "through with a critical hit's `major_wound` (Critical Hit Table, B556).",
         base.major_wound),
    Rule("G-SHOCK", BASE,
         "Shock: −1 per HP to DX and IQ next turn, at most −4 (B419) / " + CRIT_Q,
         "Shock = injury, at most 4 (HP under 20; a critical hit's `double_shock`: twice, "
         "at most 8, B556); the victim's attacks in his next turn (the first he begins after "
         "the hit: a turn begins with his choice of maneuver, so a hit on his phase's first "
         "tenth before he chooses counts for it) carry shock = minus the injury taken since "
         "his previous turn began, at most -4 (doubled, -8, when a hit of it was); none "
         "later.", base.shock),
    Rule("G-RESIST-SCORE", BASE,
         "Takedown: Quick Contest of the highest of ST, DX, Wrestling, each as he rolls it "
         "(a grappled victim's DX and Wrestling after their −4)",
         "The victim of a takedown or pin resists at the best of his ST, DX and Wrestling as "
         "he rolls them: his DX and Wrestling after the -4 of a grappled fighter (and the "
         "rest of his DX-based roll's modifiers), his ST with Wrestling's bonus.",
         scores.resist_best),
    Rule("G-DEFENCE-VALUE", BASE,
         "Active defences: Dodge; Parry = 3 + skill/2 + weapon; Block = 3 + Shield/2; DB from "
         "front and shield side (B374–B376) / Basic Speed = (HT + DX)/4 (kept ×4), Basic Move "
         "= Speed without fractions, Dodge = Speed + 3; encumbrance (B17) / HP = ST (B16); "
         "below 1/3 HP, Move and Dodge halved, round up (B419)",
         "A defence's base is the defender's: Dodge (HT + DX) // 4 + 3 less encumbrance "
         "(halved, rounded up, below a third of his HP), Parry 3 + skill // 2 + the weapon's "
         "Parry (a bare hand: DX or Brawling), Block 3 + Shield // 2; a skill as bought or by "
         "its default, the higher (a weapon not in the checker's table is not judged).",
         scores.defence_values),
    Rule("G-ST-DAMAGE", BASE,
         "Thrust and swing damage from ST (B16 table; +1d per 10 ST above 100) / Weapons: "
         "damage (thr/sw + add), type, reach, parry, U, ST, hands, Acc, Bulk, reload "
         "(B271–B275)",
         "A weapon's damage dice are the thrust or swing of its wielder's ST (B16, ST 1-40 "
         "judged) plus the weapon's add for the attack made (a bow's from its archer's ST, "
         "bow_st_is_archer_st); All-Out Attack (Strong) adds the more of +2 and +1 a die.",
         scores.st_damage),
    Rule("G-KNOCKDOWN", BASE,
         "Major wound (> HP/2): HT roll; failure stunned and knocked down, by 5+ or critical: "
         "unconscious (B420); HT to recover from stun each turn",
         "A major wound calls for a knockdown roll against HT on its tenth (unless the wound "
         "or a death check killed him); failure: state stunned and prone; failure by 5 or "
         "more or a critical failure: state out; success: neither; no knockdown roll without "
         "a major wound on its tenth.", scores.knockdown),
    Rule("G-ZERO-HP", BASE,
         "0 HP or less: HT each turn (−1 per full multiple of HP below 0) or unconscious, "
         "unless he does nothing and attempts no defence roll; death checks at −1×…−4×HP; "
         "dead at −5×HP (B419)",
         "A fighter at 0 HP or less when his phase begins rolls HT at its first tenth, with "
         "hp_below_zero = -1 per full multiple of HP below zero, and a failure puts him out; "
         "no roll only when he does nothing (a stunned man's Do Nothing too) and makes no "
         "defence until his next phase.", scores.zero_hp),
)

RULES: tuple[Rule, ...] = TIME_RULES + SEED_RULES + BASE_RULES

MAX_MOVEMENT = 10_000
"""The most hexes a logged maneuver may allow (``gurps.maneuver`` ``movement``): above any
Move the loader's attributes give (at most 1,000 each: Move at most 500)."""

_S, _I, _B, _L, _D, _N = (str,), (int,), (bool,), (list,), (dict,), (type(None),)
SCHEMA: dict[str, dict[str, FieldSpec]] = {
    "start": {"rules": (_D, False)},
    "placed": {"actor": (_S, True), "side": (_S, False), "at": (_L, False),
               "facing": (_S + _N, False), "stats": (_D, False)},
    "gurps.initiative": {"order": (_L, True), "speeds": (_L, False), "dx": (_L, False),
                         "rolls": (_L, False), "die": (_I, False)},
    "gurps.turn": {"turn": (_I, True), "order": (_L, True)},
    "gurps.phase": {"turn": (_I, True), "end": (_I, True), "actor": (_S, False),
                    "phase": (_S, False), "rank": (_I, False)},
    "action": {"actor": (_S, True), "name": (_S, True), "end": (_I, True)},
    "gurps.maneuver": {"actor": (_S, True), "end": (_I, True), "name": (_S, False),
                       "maneuver": (_S, False), "movement": (_I, False, (0, MAX_MOVEMENT)),
                       "option": (_S + _N, False)},
    "move": {"actor": (_S, True), "to": (_L, True), "from": (_L, False),
             "mode": (_S, False), "facing": (_S + _N, False)},
    "state": {"actor": (_S, True), "state": (_S, True), "opponent": (_S + _N, False)},
    "attack": {"actor": (_S, True), "target": (_S, True), "weapon": (_S + _N, False),
               "kind": (_S + _N, False), "faces": (_L, False), "roll": (_I, False),
               "total": (_I, False), "skill": (_I, False), "modifiers": (_D, False),
               "effective": (_I, False), "against": (_I, False), "margin": (_I, False),
               "result": (_S, False), "critical": (_S + _N, False), "cap": (_I + _N, False),
               "entering": (_B + _N, False)},
    "defence": {"actor": (_S, True), "against": (_S, True), "kind": (_S, True),
                "faces": (_L, False), "roll": (_I, False), "total": (_I, False),
                "base": (_I, False), "modifiers": (_D, False), "effective": (_I, False),
                "margin": (_I, False), "success": (_B, False), "weapon": (_S + _N, False),
                "retreat": (_L + _N, False)},
    "damage": {"actor": (_S, True), "amount": (_I, False), "total": (_I, False),
               "body": (_I, False), "basic": (_I, False), "dr": (_I, False),
               "penetrating": (_I, False), "damage_type": (_S, False),
               "multiplier": (_S, False), "injury": (_I, False), "hp": (_I, False),
               "hp_max": (_I, False), "shock": (_I, False), "major": (_B, False),
               "dice": (_S, False), "faces": (_L, False)},
    "gurps.check": {"actor": (_S, True), "kind": (_S, True), "faces": (_L, False),
                    "roll": (_I, False), "base": (_I, False), "modifiers": (_D, False),
                    "effective": (_I, False), "margin": (_I, False), "success": (_B, False)},
    "gurps.critical": {"actor": (_S, True), "faces": (_L, False), "roll": (_I, False),
                       "second_faces": (_L + _N, False), "second_roll": (_I + _N, False)},
    "gurps.contest": {"actor": (_S, True), "kind": (_S, True), "leader": (_S + _N, False),
                      "helpers": (_L + _N, False), "helper_bonuses": (_L + _N, False),
                      "trait": (_S + _N, False), "score": (_I, False)},
    "gurps.wrong_target": {"actor": (_S, True), "target": (_S, True),
                           "intended": (_S, False), "skill_vs_target": (_I, False),
                           "effective_skill": (_I, False), "faces": (_L, False),
                           "roll": (_I, False), "margin": (_I, False),
                           "result": (_S, False), "order": (_L, False),
                           "skill": (_I, False), "modifiers": (_D, False),
                           "cap": (_I + _N, False)},
    "gurps.ready": {"actor": (_S, True), "result": (_S, False), "faces": (_L + _N, False),
                    "roll": (_I + _N, False), "effective": (_I + _N, False),
                    "modifiers": (_D, False), "fast_draw_faces": (_L + _N, False),
                    "fast_draw_roll": (_I + _N, False),
                    "fast_draw_effective": (_I + _N, False), "discard": (_B + _N, False),
                    "fast_draw_skill": (_I + _N, False),
                    "fast_draw_modifiers": (_D + _N, False)},
    "gurps.half_hex": {"actor": (_S, True), "at": (_L, True), "occupants": (_L, True),
                       "sides": (_L, True)},
    "gurps.slam": {"actor": (_S, True), "target": (_S, False), "dice": (_S, False),
                   "faces": (_L, False), "target_dice": (_S, False),
                   "target_faces": (_L, False)},
}
"""Fields the rules read, with their JSON types and whether they must be there."""

RULESET = RuleSet(
    system="gurps",
    source="seed 002 (GURPS 4th edition Close Combat), with the time model and the Basic "
           "Set rules of docs/rules/gurps.md",
    rules=RULES,
    prepare=read,
    schema=SCHEMA,
)
