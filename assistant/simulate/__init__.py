"""Whole hands of no-limit hold 'em, dealt by :class:`assistant.hand.Hand`, between a hero
policy and rule bots, run many times over to measure bb/100, log growth and ruin.

* :mod:`~assistant.simulate.dealer` plays one hand: the deck, the streets, the showdown.
* :mod:`~assistant.simulate.reading` is the bots' reading of their own cards.
* :mod:`~assistant.simulate.bots` holds the opponents, by name.
* :mod:`~assistant.simulate.external` adapts the example players of PyPokerEngine.
* :mod:`~assistant.simulate.heroes` holds the hero policies, by name.
* :mod:`~assistant.simulate.runner` plays bankroll runs, on processes or Dask.
* :mod:`~assistant.simulate.statistics` summarises the runs.
"""
