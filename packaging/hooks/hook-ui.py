"""PyInstaller hook for the window: every module (the command line imports it lazily)."""

from PyInstaller.utils.hooks import collect_submodules

hiddenimports = collect_submodules("ui")
