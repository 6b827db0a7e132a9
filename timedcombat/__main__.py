"""``python -m timedcombat`` = the ``timedcombat`` command."""

from timedcombat.launch import main

raise SystemExit(main())
