"""Rule systems: plug-ins behind the protocol of :mod:`timedcombat.systems.base`."""
