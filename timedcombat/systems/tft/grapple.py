"""Inside hand-to-hand combat (seed 000): the strongest figure's bonus, readying a knife,
disengaging, being released, pins and take-downs, and Judo 2 on the ground.

Pure functions over plain numbers and already-rolled faces. Pins and take-downs are only
named by the seed; their contests here are our definition (parameters ``contest_*``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

import attrs

from timedcombat.events import Modifiers
from timedcombat.systems.tft.resolve import AdjustedDx
from timedcombat.systems.tft.rules import BASE, SEED, TftRules, Weapon

PIN, TAKE_DOWN = "pin", "take_down"


def strongest_bonus(actor: str, st: Mapping[str, int], enemies: Collection[str],
                    judo: Collection[str]) -> Modifiers:
    """+2 DX for all HTH actions of the strongest figure in the HTH (``st`` holds every
    figure in it); ties for strongest get no bonus; a stronger figure gets none when an
    enemy in the HTH has Judo (seed 000)."""
    if actor not in st:
        raise ValueError(f"{actor} is not in this HTH")
    top = max(st.values())
    if st[actor] != top or sum(1 for v in st.values() if v == top) > 1:
        return ()
    if any(e in judo for e in enemies if e in st and e != actor):
        return ()
    return (("strongest", SEED.strongest_dx_bonus),)


@attrs.frozen
class SavingRoll:
    """A roll of N dice against adjusted DX: success when the sum is equal or under."""

    name: str
    faces: tuple[int, ...]
    roll: int
    against: int
    modifiers: Modifiers
    success: bool


def _saving(name: str, faces: Sequence[int], dice: int, adj: AdjustedDx) -> SavingRoll:
    faces = tuple(faces)
    if len(faces) != dice:
        raise ValueError(f"{name} is a roll of {dice} dice, got {len(faces)} faces")
    if any(not 1 <= f <= 6 for f in faces):
        raise ValueError(f"not six-sided faces: {faces}")
    roll = sum(faces)
    return SavingRoll(name, faces, roll, adj.total, adj.modifiers, roll <= adj.total)


def ready_knife_roll(faces: Sequence[int], adj: AdjustedDx, knife: Weapon) -> SavingRoll:
    """Option (t): draw and ready a knife in HTH: 3 dice equal to or under DX, a dirk's or
    poniard's HTH adjustment making it harder (seed 000)."""
    if not knife.is_knife:
        raise ValueError(f"{knife.name} is not a knife")
    if knife.hth_dx:
        adj = adj.plus(((f"{knife.name}_in_hth", knife.hth_dx),))
    return _saving("ready_knife", faces, SEED.ready_knife_dice, adj)


def hth_disengage_roll(faces: Sequence[int], adj: AdjustedDx) -> SavingRoll:
    """Option (u): 4 dice against adjusted DX; success leaves HTH (seed 000)."""
    return _saving("disengage", faces, SEED.hth_disengage_dice, adj)


def why_not_in_hth(action: str, *, entered_this_turn: bool, has_knife: bool = True,
                   knife_ready: bool = False) -> str | None:
    """Seed 000: no disengaging or knife-drawing in the turn of entry ("Initiating HTH is
    considered an attack (thus, you may not enter HTH and then disengage from HTH in the
    same turn)"). ``None`` when the action is allowed."""
    if action in ("disengage", "ready_knife") and entered_this_turn:
        return f"no {action} in the turn the figure entered HTH"
    if action == "ready_knife" and not has_knife:
        return "no knife to ready"
    if action == "ready_knife" and knife_ready:
        return "a knife is already ready"
    return None


def disengaging_holders_strike(*, hth: bool) -> bool:
    """Foes holding a figure in HTH never strike as it disengages (seed 000); foes of a
    normal disengagement may (see :func:`timedcombat.systems.tft.movement.disengage_strikers`)."""
    return not hth


@attrs.frozen
class Release:
    """A figure let go from HTH: no roll, it stands up in an adjacent hex (seed 000)."""

    released: str
    by: str
    stands: bool


def release(released: str, by: str, rules: TftRules) -> Release:
    return Release(released, by, rules.released_stands)


def contest_dice(kind: str, talents: Iterable[str], rules: TftRules) -> int:
    """Dice a figure rolls in a pin or take-down contest: ``contest_dice``, +1 for Judo
    ("a 1 die bonus in contests for any and all Pins and Take Downs"), +1 for Judo 2 ("a 1
    die bonus for any take down contest ... on all pins")."""
    if kind not in (PIN, TAKE_DOWN):
        raise ValueError(f"not a contest: {kind!r}")
    t = set(talents)
    return rules.contest_dice + (SEED.judo_contest_dice if "judo" in t else 0) \
        + (SEED.judo_2_contest_dice if "judo_2" in t else 0)


@attrs.frozen
class Side:
    """One side of a contest: who (``id``), the faces rolled, the named bonuses, the score."""

    id: str
    faces: tuple[int, ...]
    modifiers: Modifiers
    score: int


@attrs.frozen
class Contest:
    """A pin or take-down contest: the side that started it (``actor``), the other
    (``target``), and the winner's id."""

    kind: str
    actor: Side
    target: Side
    winner: str


def contest(kind: str, actor: str, target: str, actor_faces: Sequence[int],
            target_faces: Sequence[int], *, actor_st: int, target_st: int,
            actor_talents: Collection[str] = (), target_talents: Collection[str] = (),
            rules: TftRules) -> Contest:
    """Our definition of seed 000's pin and take-down contests (assumption): each side
    rolls its contest dice; the stronger adds ``contest_st_bonus`` (in a pin, not against a
    Judo 2 holder: "Your enemy gets no bonus for ST in pins"); the higher score wins, a tie
    goes to the figure that did not start it (``contest_ties_to_defender``)."""
    a_faces, t_faces = tuple(actor_faces), tuple(target_faces)
    for who, faces, talents in ((actor, a_faces, actor_talents),
                                (target, t_faces, target_talents)):
        need = contest_dice(kind, talents, rules)
        if len(faces) != need:
            raise ValueError(f"{who} rolls {need} dice in a {kind} contest, got {len(faces)}")
        if any(not 1 <= f <= 6 for f in faces):
            raise ValueError(f"not six-sided faces: {faces}")

    def st_bonus(st: int, other_st: int, other_talents: Collection[str]) -> Modifiers:
        if st <= other_st or not rules.contest_st_bonus:
            return ()
        if kind == PIN and "judo_2" in set(other_talents):
            return ()
        return (("stronger", rules.contest_st_bonus),)

    def side(who: str, faces: tuple[int, ...], mods: Modifiers) -> Side:
        return Side(who, faces, mods, sum(faces) + sum(v for _, v in mods))

    a = side(actor, a_faces, st_bonus(actor_st, target_st, target_talents))
    t = side(target, t_faces, st_bonus(target_st, actor_st, actor_talents))
    if a.score == t.score:
        winner = target if rules.contest_ties_to_defender else actor
    else:
        winner = actor if a.score > t.score else target
    return Contest(kind, a, t, winner)


def crawl_hexes(talents: Collection[str]) -> int:
    """A prone figure crawls 2 hexes (base game); 3 with Judo 2 (seed 000)."""
    return SEED.judo_2_crawl_hexes if "judo_2" in set(talents) else BASE.crawl_hexes


def may_defend_prone(talents: Collection[str], *, attack_unarmed: bool) -> bool:
    """Only a Judo 2 holder may defend on the ground, and only against unarmed attacks."""
    return "judo_2" in set(talents) and attack_unarmed


def prone_attack(talents: Collection[str], *, unarmed: bool, hexes_moved: int) -> Modifiers | None:
    """A prone figure may not attack, except a Judo 2 holder: unarmed, at -3 DX, having moved
    0 hexes. Returns the DX modifiers, or ``None`` when no attack is allowed."""
    if "judo_2" in set(talents) and unarmed and hexes_moved <= SEED.judo_2_prone_attack_move:
        return (("judo_2_prone", SEED.judo_2_prone_attack_dx),)
    return None
