"""The bundle's program: the ``poker-assistant`` command (the window with no command)."""

from assistant.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
