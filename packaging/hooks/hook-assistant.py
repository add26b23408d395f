"""PyInstaller hook for the engine: every module (the command line imports the engine
lazily, inside the commands)."""

from PyInstaller.utils.hooks import collect_submodules

hiddenimports = collect_submodules("assistant")
