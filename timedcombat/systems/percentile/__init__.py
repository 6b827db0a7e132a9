"""The ``percentile`` system (seed 001): unarmed martial arts of Leading Edge Games' *Rhand*.

This package holds the pure rules layer only (rule data, resolution functions, events,
the phase-to-tenths mapping). The simpy driver, the scenario loader and the checker
come once the shared arena exists; see ``docs/rules/percentile.md``.
"""
