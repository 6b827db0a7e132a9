"""``python -m timedcombat`` = the ``timedcombat`` command."""

from timedcombat.cli import main

raise SystemExit(main())
