"""Generated lookup tables and the scripts that write them.

Installed as the package ``assistant.tables`` (``tables`` is PyTables' name), so
that :mod:`importlib.resources` finds the data files in a wheel and in an
editable install alike.  Every data file here is written by a script here.
"""
