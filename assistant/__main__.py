"""``python -m assistant``: the same as the ``poker-assistant`` command."""

from assistant.cli import main

raise SystemExit(main())
