"""The ``gurps`` rule system (seed 002: GURPS 4e Close Combat): the pure rules layer.

Rule data (``rules``), combatant records (``stats``), pure resolution modules and the
mapping of one-second turns onto tenths (``timing``). The simpy driver, the scenario
loader wiring and the checker come with the shared arena (not registered yet).
"""
