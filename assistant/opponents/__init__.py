"""Opponents as weighted ranges: who they are (profiles), what they start with (priors by
position and preflop action), how each action narrows them (Bayes), how they answer a bet
(policy), and what a player's own hands teach (learning).

A range here is a float64 numpy array of shape ``(1326,)``, one weight per combo of
:mod:`assistant.combos`; nothing in this package parses text except
:func:`~assistant.opponents.profile.get_profile` for profile names.
"""
