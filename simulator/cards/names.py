"""Name normalisation shared by card lookup and the deck parser.

Players type card names from memory, in English or French, with or without accents,
apostrophes or capitals, and sometimes paste ids. Everything that looks a card up compares
``normalise_name`` forms, so "Kerloc'h's robe", "KERLOCHS ROBE" and "kerlochs_robe" meet.
"""

from __future__ import annotations

import re
import unicodedata

# Apostrophes and quotes vanish ("Kerloc'h's" -> "kerlochs", "Zeus's" -> "zeuss", like ids);
# separators become spaces ("fire_ball", "Warrior-mage", "guerrier–mage").
_DROPPED = dict.fromkeys(map(ord, "'\u2019\u2018\u02bc`´\"\u201c\u201d"), None)
_SPACED = dict.fromkeys(map(ord, "_-\u2010\u2011\u2012\u2013\u2014./,;:!?()"), " ")
_LIGATURES = {ord("œ"): "oe", ord("Œ"): "oe", ord("æ"): "ae", ord("Æ"): "ae"}
_SPACES = re.compile(r"\s+")


def normalise_name(s: str) -> str:
    """Fold a card name (or id) to a lookup key: lower case, no accents, no apostrophes,
    ``_``/hyphens/punctuation as single spaces, trimmed.

    >>> normalise_name("Kerloc\u2019h's  Robe")
    'kerlochs robe'
    >>> normalise_name("BOULE_DE-FÉU")
    'boule de feu'
    """
    s = s.translate(_LIGATURES).translate(_DROPPED).translate(_SPACED)
    s = unicodedata.normalize("NFKD", s)
    s = "".join(ch for ch in s if not unicodedata.combining(ch))
    return _SPACES.sub(" ", s.casefold()).strip()
