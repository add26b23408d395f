"""What a hand record says about which hand it is and when it was played.

This is the database's only reading of the record's optional fields, so that it
adapts in one place when the readers give more.  It relies on ``venue`` and ``hand``
(the PokerStars reader sets ``venue = "PokerStars"`` and ``hand`` to the site's hand
number; a PHH file may give both) and on ``year``, ``month``, ``day`` and ``time``.
"""

import datetime
import hashlib

from assistant.history import HandRecord, format_phh

CONTENT_SITE = "content"
"""The site of a hand known by no site's hand number: its identity is a hash of its text."""


def hand_key(record: HandRecord) -> tuple[str, str]:
    """The hand's identity, for finding it again: (site, the site's hand number), or,
    for a hand without both, (:data:`CONTENT_SITE`, a hash of the hand as PHH), which
    is the same for the same hand however its file was laid out."""
    venue, number = record.fields.get("venue"), record.fields.get("hand")
    if isinstance(venue, str) and venue and isinstance(number, int | str) and str(number):
        return venue, str(number)
    digest = hashlib.sha256(format_phh([record]).encode()).hexdigest()
    return CONTENT_SITE, digest[:32]


def played_at(record: HandRecord) -> int | None:
    """When the hand was played, in seconds since 1970 of the file's clock (its time
    zone is not converted), or ``None`` if the record does not say.

    >>> from assistant.hand import HandConfig
    >>> config = HandConfig.standard([100, 100], button=1, small_blind=1, big_blind=2)
    >>> record = HandRecord(config, (), fields={"year": 1970, "month": 1, "day": 2,
    ...                                         "time": datetime.time(0, 1, 5)})
    >>> played_at(record)
    86465
    """
    fields = record.fields
    year, month, day = fields.get("year"), fields.get("month"), fields.get("day")
    if not (isinstance(year, int) and isinstance(month, int) and isinstance(day, int)):
        return None
    clock = fields.get("time")
    if not isinstance(clock, datetime.time):
        clock = datetime.time()
    try:
        days = datetime.date(year, month, day).toordinal() - _EPOCH
    except ValueError:
        return None
    # As calendar.timegm counts it: the clock's own fields, its time zone not converted.
    return days * 86400 + clock.hour * 3600 + clock.minute * 60 + clock.second


_EPOCH = datetime.date(1970, 1, 1).toordinal()
