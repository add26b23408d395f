"""The window's resources (icon, style sheet) and sample hand files.

Installed as the package ``ui.resources`` so that :mod:`importlib.resources` finds
them in a wheel and in an editable install alike.
"""
