"""The ``tft`` rule system: seed 000 (Rick's hand-to-hand house rules for The Fantasy Trip)
on the base rules of the published game. Pure rules layer only; the driver waits for the
shared arena (issue 9), so nothing is registered yet."""
