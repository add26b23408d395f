"""The bundle's program: the ``poker-assistant`` command (the window with no command)."""

import multiprocessing

from assistant.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    raise SystemExit(main())
