"""The Qt window of the poker assistant: a thin layer over :mod:`assistant`."""
