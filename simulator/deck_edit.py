"""A deck file rewritten one swap at a time, the player's way of writing it kept.

Why: ``doctor --apply FILE`` gives a player their own deck back with a few cards changed. A
file regenerated from the card list would lose what the player wrote: French names, ids,
``4x`` counts, comments, blank lines, the order of the lines. So each swap changes only the
lines it must: one copy fewer on the line of the card going out (the line names the card
coming in when that was its last copy), and one more on the line of the card coming in, or
a new line just below the one going out, written like it (the same count style, in the
same language: a card named in French brings its replacement in French).

Text decklists and TOML decks (their ``[cards]`` table) are both rewritten in place. The
caller checks that the text reads back as the expected deck, and writes a plain list when
the file's layout defeats the rewrite (:func:`swapped_deck_text` raises ValueError when a
card going out has no line).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from simulator.cards.names import normalise_name
from simulator.decks import read_line

#: A ``[cards]`` entry of a TOML deck: indent, key (quoted or bare), `` = ``, count, rest.
_TOML_ENTRY = re.compile(r"""^(?P<lead>\s*)(?P<key>"[^"]*"|'[^']*'|[A-Za-z0-9_-]+)(?P<eq>\s*=\s*)"""
                         r"""(?P<count>\d+)(?P<rest>.*)$""")
_TOML_TABLE = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]")


@dataclass
class _Entry:
    """One line of the deck naming a card: how to write it again with another count or card."""

    index: int               # the line's index in the file
    card_id: str
    count: int
    lead: str                # the line's indent
    template: str            # the rest, with {count} and {name} where they go
    name_text: str           # the card's name as the line writes it
    tail: str = ""           # the line's comment ("  # ..."), kept on it
    bare: bool = False       # a name alone (a count of 1): written so again while 1

    def written(self, count: int, name: str | None = None) -> str:
        name = self.name_text if name is None else name
        text = name if self.bare and count == 1 else self.template.format(count=count, name=name)
        return self.lead + text + self.tail


def _name_like(card, written: str, db) -> str:
    """How to write ``card`` the way ``written`` (another card's name on its line) is
    written: its French name, its id, or its English name."""
    def same(a: str, b: str) -> bool:
        return normalise_name(a) == normalise_name(b)

    original = db.find(written)
    if original is not None and same(written, original.name_fr) and not same(written, original.name_en):
        return card.name_fr
    if original is not None and written.strip() == original.id:
        return card.id
    return card.name_en


def _text_entries(lines: list[str], db) -> list[_Entry]:
    entries = []
    for index, raw in enumerate(lines):
        body, sep, comment = raw.partition("#")
        line = body.strip()
        read = read_line(line, db) if line else None
        if read is None:
            continue
        card, count, match = read
        lead = body[:len(body) - len(body.lstrip())]
        tail = body[len(body.rstrip()):] + sep + comment if sep else ""
        if match is None:
            entries.append(_Entry(index, card.id, count, lead, "{count} {name}", line, tail, True))
            continue
        template = line
        for group in sorted(("count", "name"), key=match.start, reverse=True):
            template = template[:match.start(group)] + "{" + group + "}" + template[match.end(group):]
        entries.append(_Entry(index, card.id, count, lead, template, match["name"], tail))
    return entries


def _toml_entries(lines: list[str], db) -> list[_Entry]:
    entries, table = [], None
    for index, raw in enumerate(lines):
        header = _TOML_TABLE.match(raw)
        if header:
            table = header[1].strip("\"' ")
            continue
        entry = _TOML_ENTRY.match(raw)
        if table != "cards" or entry is None:
            continue
        key = entry["key"]
        quote = key[0] if key[0] in "\"'" else ""
        card = db.find(key.strip("\"'"))
        if card is None:
            continue
        template = f"{quote}{{name}}{quote}{entry['eq']}{{count}}"
        entries.append(_Entry(index, card.id, int(entry["count"]), entry["lead"], template,
                              key.strip("\"'"), entry["rest"]))
    return entries


def _swap(lines: list[str], out: str, into: str, db, toml: bool) -> list[str]:
    """``lines`` with one copy of ``out`` replaced by one of ``into`` (see the module)."""
    entries = (_toml_entries if toml else _text_entries)(lines, db)
    going = [e for e in entries if e.card_id == out]
    coming = [e for e in entries if e.card_id == into]
    if not going:
        raise ValueError(f"the deck file has no line for {out!r}")
    last = going[-1]
    new_name = _name_like(db.by_id[into], last.name_text, db)
    lines: list[str | None] = list(lines)
    if coming:
        lines[coming[0].index] = coming[0].written(coming[0].count + 1)
        if last.count > 1:
            lines[last.index] = last.written(last.count - 1)
        else:  # its last copy: the line goes, its comment stays
            lines[last.index] = (last.lead + last.tail.lstrip()) if last.tail else None
    elif last.count > 1:
        lines[last.index] = last.written(last.count - 1)
        lines.insert(last.index + 1, _Entry(-1, into, 1, last.lead, last.template, new_name,
                                            bare=last.bare).written(1))
    else:  # its only copy: the line now names the card coming in
        lines[last.index] = last.written(1, new_name)
    return [line for line in lines if line is not None]


def swapped_deck_text(text: str, swaps: Iterable[tuple[str, str]], db, toml: bool = False) -> str:
    """The deck file ``text`` after each ``(out, into)`` swap of one copy, in order; the lines
    no swap touches are left as they were."""
    lines = text.splitlines()
    for out, into in swaps:
        lines = _swap(lines, out, into, db, toml)
    return "\n".join(lines) + "\n"
