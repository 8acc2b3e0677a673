"""Deck files: every accepted line format, every refused mistake, and the example decks.

A refused deck must give one line per problem, ``PATH:LINE: message`` (``PATH: message`` for
the whole deck), and the ``validate`` command must turn them into exit code 2 on stderr.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.cards import load_cards
from simulator.cli import main
from simulator.decks import Deck, bundled_decks, check_deck_file, load_deck
from simulator.errors import DeckError

DECKS_DIR = Path(__file__).resolve().parent.parent / "decks"
EXAMPLE_DECKS = sorted(p for p in DECKS_DIR.iterdir() if p.suffix in (".txt", ".toml"))

# 36 legal cards on lines 1-9, so one bad line added after them is line 10.
FILLER = "".join(f"4 {name}\n" for name in (
    "Flame", "Draconic flame", "Flame projectile", "Fiery arrow", "Fire whip",
    "Breath", "Healer's breath", "Zephyr", "Rite of passage",
))


@pytest.fixture(scope="module")
def db():
    return load_cards()


def write(tmp_path: Path, text: str | bytes, name: str = "deck.txt") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def parse(tmp_path, db, text, name="deck.txt", min_cards=1) -> Deck:
    deck, problems = check_deck_file(write(tmp_path, text, name), db, min_cards=min_cards)
    assert problems == []
    return deck


# -- accepted formats ------------------------------------------------------------------------

@pytest.mark.parametrize("line", [
    "4 Fire ball", "4x Fire ball", "4 x Fire ball", "4X fire ball", "4xFire ball",
    "4 × Fire ball", "4 fire_ball", "4 Boule de feu", "4x boule de feu", "4 BOULE DE FEU",
    "4 Boule de féu", "  4   Fire ball  ", "4 Fire ball  # trailing comment", "+4 Fire ball",
    "Fire ball x4", "Boule de feu ×4", "FIRE-BALL X 4", "\t4\tFire ball",
])
def test_line_formats(tmp_path, db, line):
    assert parse(tmp_path, db, line + "\n").counts == (("fire_ball", 4),)


def test_no_count_means_one(tmp_path, db):
    assert parse(tmp_path, db, "Fire ball\nboule de feu\n").as_dict() == {"fire_ball": 2}


def test_english_french_ids_and_accents_mix(tmp_path, db):
    text = ("# my deck\n\n2 Fiery arrow\n2 Flèche ardente\n"
            "3 Souffle de la guerisseuse\n1 healers_breath\n\n# end\n")
    deck = parse(tmp_path, db, text)
    assert deck.counts == (("fiery_arrow", 4), ("healers_breath", 4))
    assert deck.size == 8
    assert deck.card_ids() == ["fiery_arrow"] * 4 + ["healers_breath"] * 4


def test_duplicates_merge_in_first_appearance_order(tmp_path, db):
    deck = parse(tmp_path, db, "1 Flame\n2 Fire ball\n2 Flamme\n2 fire_ball\n")
    assert deck.counts == (("flame", 3), ("fire_ball", 4))


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "cp1252", "latin-1"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_encodings_and_line_endings(tmp_path, db, encoding, newline):
    text = newline.join(["# Flèches", "4 Flèche ardente", "2 Boule de feu", ""])
    deck = parse(tmp_path, db, text.encode(encoding))
    assert deck.as_dict() == {"fiery_arrow": 4, "fire_ball": 2}


def test_deck_fields_and_summary(tmp_path, db):
    deck = parse(tmp_path, db, FILLER + "4 Fire ball\n", name="burn-test.txt", min_cards=40)
    assert deck.name == "burn-test"
    assert deck.path == str(tmp_path / "burn-test.txt")
    assert deck.size == 40
    assert deck.summary() == "fire 24, air 12, arcane 4"
    with pytest.raises(FrozenInstanceError):
        deck.name = "other"


def test_toml_form(tmp_path, db):
    text = ('name = "Compact"\n\n[cards]\nfire_ball = 2\n"Boule de feu" = 1\n'
            "'Flèche ardente' = 4\n")
    deck = parse(tmp_path, db, text, name="d.toml")
    assert deck.name == "Compact"
    assert deck.counts == (("fire_ball", 3), ("fiery_arrow", 4))


def test_toml_name_defaults_to_file_stem(tmp_path, db):
    assert parse(tmp_path, db, "[cards]\nflame = 1\n", name="tiny.toml").name == "tiny"


def test_from_counts(db):
    deck = Deck.from_counts("t", {"Fire ball": 2, "fire_ball": 1, "Flamme": 4}, db)
    assert deck.counts == (("fire_ball", 3), ("flame", 4))
    assert deck.summary() == "fire 7"
    with pytest.raises(DeckError, match="unknown card"):
        Deck.from_counts("t", {"Fire bal": 1}, db)


def test_load_deck(db, tmp_path):
    assert load_deck(DECKS_DIR / "fire-flames.txt", db).size == 40
    bad = write(tmp_path, "0 Flame\nFire bal\n")
    with pytest.raises(DeckError) as err:
        load_deck(bad, db)
    assert str(err.value).splitlines() == check_deck_file(bad, db)[1]


# -- refused decks ---------------------------------------------------------------------------

# (fixture id, file content (None: no file, "DIR": a directory), file name,
#  [(line number or None for the whole deck, words the message must contain)])
BAD_DECKS = [
    ("empty", "", "deck.txt", [(None, ["no cards"])]),
    ("comments-only", "# nothing yet\n\n", "deck.txt", [(None, ["no cards"])]),
    ("binary", bytes(range(256)) * 4, "deck.txt", [(None, ["not a text decklist"])]),
    ("undecodable", b"4 Fire ball\n\x81\x8d\x8f\x90\x9d\n", "deck.txt",
     [(None, ["not a text decklist"])]),
    ("unknown-card", FILLER + "4 Fire bal\n", "deck.txt",
     [(10, ["unknown card 'Fire bal'", "did you mean:", "Fire ball"])]),
    ("unknown-no-count", FILLER + "Boule de fue\n", "deck.txt",
     [(10, ["unknown card 'Boule de fue'", "did you mean:"])]),
    ("count-zero", FILLER + "0 Fire ball\n", "deck.txt", [(10, ["count 0", "Fire ball"])]),
    ("count-negative", FILLER + "-1 Fire ball\n", "deck.txt",
     [(10, ["count -1", "Fire ball", "negative"])]),
    ("count-absurd", FILLER + "1000000000 Fire ball\n", "deck.txt",
     [(10, ["count 1000000000", "Fire ball", "not plausible"])]),
    ("count-not-integer", FILLER + "abc Fire ball\n", "deck.txt",
     [(10, ["'abc'", "not a whole number", "Fire ball"])]),
    ("count-decimal", FILLER + "2.5 Fire ball\n", "deck.txt",
     [(10, ["'2.5'", "not a whole number"])]),
    ("count-alone", FILLER + "4x\n", "deck.txt", [(10, ["no card name"])]),
    ("over-limit-two-lines", "3 Fire ball\n" + FILLER + "2 Boule de feu\n", "deck.txt",
     [(11, ["5 copies of Fire ball", "lines 1, 11", "at most 4"])]),
    ("over-limit-one-line", FILLER + "5 Fire ball\n", "deck.txt",
     [(10, ["5 copies of Fire ball", "at most 4"])]),
    ("ignition-limit", FILLER + "2 Ignition\n2 Fire ball\n", "deck.txt",
     [(10, ["2 copies of Ignition", "at most 1"])]),
    ("banned", FILLER + "1 Crimson ritual\n3 Fire ball\n", "deck.txt",
     [(10, ["Crimson ritual", "banned"])]),
    ("39-cards", FILLER + "3 Fire ball\n", "deck.txt",
     [(None, ["only 39 cards", "at least 40", "--min-cards"])]),
    ("two-problems", FILLER + "4 Fire bal\n0 Fire whip\n", "deck.txt",
     [(10, ["unknown card"]), (11, ["count 0", "Fire whip"])]),
    ("directory", "DIR", "adir", [(None, ["is a directory"])]),
    ("missing", None, "nope.txt", [(None, ["no such file"])]),
    ("toml-syntax", "[cards]\nfire_ball = = 4\n", "deck.toml", [(2, ["invalid TOML"])]),
    ("toml-no-cards", 'name = "x"\n', "deck.toml", [(None, ["no [cards] table"])]),
    ("toml-bad-values", "[cards]\nflame = 4\nfire_ball = 2.5\n'Fire bal' = 2\n",
     "deck.toml", [(3, ["'2.5'", "not a whole number"]), (4, ["unknown card 'Fire bal'"])]),
    ("toml-unknown-keys", 'nom = "x"\nname = 3\n[cards]\nflame = 4\n', "deck.toml",
     [(2, ["'name' must be a non-empty string"]), (None, ["unknown top-level key 'nom'"])]),
    ("unknown-with-x", FILLER + "4 x Fire bal\n", "deck.txt",
     [(10, ["unknown card 'Fire bal'", "did you mean:"])]),
    ("toml-over-limit", "[cards]\nfire_ball = 3\n'Boule de feu' = 3\n", "deck.toml",
     [(3, ["6 copies of Fire ball", "lines 2, 3"]), (None, ["only 6 cards"])]),
]


def make_bad_deck(tmp_path: Path, content, name: str) -> Path:
    path = tmp_path / name
    if content == "DIR":
        path.mkdir()
    elif content is not None:
        write(tmp_path, content, name)
    return path


@pytest.mark.parametrize(("content", "name", "expected"),
                         [case[1:] for case in BAD_DECKS], ids=[case[0] for case in BAD_DECKS])
def test_bad_deck_problems(tmp_path, db, content, name, expected):
    path = make_bad_deck(tmp_path, content, name)
    deck, problems = check_deck_file(path, db)
    assert deck is None
    assert len(problems) == len(expected), problems
    for problem, (line, words) in zip(problems, expected, strict=True):
        prefix = f"{path}:{line}: " if line else f"{path}: "
        assert problem.startswith(prefix), problem
        assert "\n" not in problem
        for word in words:
            assert word in problem, problem


@pytest.mark.parametrize(("content", "name", "expected"),
                         [case[1:] for case in BAD_DECKS], ids=[case[0] for case in BAD_DECKS])
def test_validate_command_refuses_bad_deck(tmp_path, db, capsys, content, name, expected):
    path = make_bad_deck(tmp_path, content, name)
    assert main(["validate", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == check_deck_file(path, db)[1]
    assert len(captured.err.splitlines()) == len(expected)
    assert "Traceback" not in captured.err
    assert captured.out == ""


def test_more_than_one_animal_is_refused(tmp_path, db):
    """R2.3 is data-driven: no base card is an Animal, so pretend two cards are."""
    from dataclasses import replace

    class AnimalDB:
        def __init__(self, base):
            self.base = base
            self.by_id = dict(base.by_id)
            self.by_id["flame"] = replace(base.by_id["flame"], type="animal")
            self.by_id["seed"] = replace(base.by_id["seed"],
                                         keywords=base.by_id["seed"].keywords | {"animal"})

        def find(self, name):
            card = self.base.find(name)
            return self.by_id[card.id] if card else None

        def suggest(self, name, n=3):
            return self.base.suggest(name, n)

    fake = AnimalDB(db)
    path = write(tmp_path, "1 Flame\n3 Fire ball\n")
    assert check_deck_file(path, fake, min_cards=1) == (check_deck_file(path, db, 1)[0], [])
    path = write(tmp_path, "1 Flame\n3 Fire ball\n1 Seed\n")
    deck, problems = check_deck_file(path, fake, min_cards=1)
    assert deck is None
    assert len(problems) == 1
    assert problems[0].startswith(f"{path}:3: ")
    assert "more than one Animal" in problems[0] and "R2.3" in problems[0]


def test_min_cards_option(tmp_path, capsys):
    path = write(tmp_path, "4 Flame\n4 Fiery arrow\n2 Fire ball\n")
    assert main(["validate", str(path)]) == 2
    assert "only 10 cards" in capsys.readouterr().err
    assert main(["validate", "--min-cards", "10", str(path)]) == 0
    assert "ok, 10 cards (fire 10)" in capsys.readouterr().out


# -- example decks ---------------------------------------------------------------------------

def test_there_is_an_example_deck_per_base_element(db):
    elements = set()
    for path in EXAMPLE_DECKS:
        deck = load_deck(path, db)
        elements.add(deck.elements[0][0])
    assert {"fire", "water", "air", "vegetal"} <= elements


def test_the_bundled_decks_are_the_top_level_folder_not_a_copy():
    """One copy: the package's bundled decks (what an install ships and finds by name, as
    the bench does) are the repository's decks/ folder, which the README names."""
    bundled = DECKS_DIR.parent / "simulator" / "bundled" / "decks"
    assert bundled.is_symlink() and bundled.resolve() == DECKS_DIR.resolve()
    assert sorted(p.name for p in bundled_decks().values()) == [p.name for p in EXAMPLE_DECKS]


@pytest.mark.parametrize("path", EXAMPLE_DECKS, ids=lambda p: p.name)
def test_example_deck_is_legal_and_coherent(db, path):
    deck, problems = check_deck_file(path, db)
    assert problems == []
    assert deck.size == 40
    counts = deck.as_dict()
    # the Base Game's cards, and an extension's example deck the cards of that one extension
    assert len({db.by_id[c].extension for c in counts} - {"Base Game"}) <= 1
    for card_id in counts:
        card = db.by_id[card_id]
        assert not card.banned
        for word, needed in card.components.items():
            providers = sum(n for other, n in counts.items()
                            if other != card_id and word in db.by_id[other].provides)
            assert providers >= needed, f"{card.name_en} needs {needed} {word}: {providers}"


@pytest.mark.parametrize("path", [p for p in EXAMPLE_DECKS if p.suffix == ".txt"],
                         ids=lambda p: p.name)
def test_example_text_deck_has_plan_header_and_english_names(db, path):
    lines = path.read_text(encoding="utf-8").splitlines()
    header = []
    for line in lines:
        if not line.startswith("#"):
            break
        header.append(line)
    assert 2 <= len(header) <= 4, header
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line:
            count, name = line.split(" ", 1)
            assert db.find(name).name_en == name


def test_validate_command_accepts_example_decks(capsys):
    assert main(["validate", *map(str, EXAMPLE_DECKS)]) == 0
    out = capsys.readouterr().out
    assert "fire-flames.txt: ok, 40 cards (fire 28, air 9, arcane 3)" in out


def test_toml_example_matches_its_text_deck(db):
    text = load_deck(DECKS_DIR / "fire-flames.txt", db)
    compact = load_deck(DECKS_DIR / "fire-flames-compact.toml", db)
    assert compact.counts == text.counts


# -- robustness ------------------------------------------------------------------------------

def test_unreadable_and_oversized_files(tmp_path, db, monkeypatch):
    big = write(tmp_path, b"4 Flame\n" * 200_000, "big.txt")
    assert check_deck_file(big, db)[1] == [f"{big}: not a text decklist "
                                           "(larger than 1000000 bytes)"]
    assert check_deck_file("/dev/null", db)[1] == ["/dev/null: not a regular file"]

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    path = write(tmp_path, "4 Flame\n")
    monkeypatch.setattr(Path, "open", refuse)
    assert check_deck_file(path, db)[1] == [f"{path}: cannot read the file (Permission denied)"]


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(
    st.binary(max_size=300),
    st.lists(st.one_of(
        st.text(max_size=40),
        st.sampled_from(["4 Fire ball", "x", "4x", "#", "[cards]", "flame = 4", "-0 Flame",
                         "Flamme ×2", "abc", "= 4", "name = 1", "\ufeff", "\r"]),
    ), max_size=12).map(lambda lines: "\n".join(lines).encode("utf-8", "surrogatepass")),
), suffix=st.sampled_from([".txt", ".toml"]))
def test_any_input_gives_one_line_problems_never_an_exception(tmp_path, db, data, suffix):
    path = write(tmp_path, data, "fuzz" + suffix)
    deck, problems = check_deck_file(path, db, min_cards=1)
    assert (deck is None) == bool(problems)
    for problem in problems:
        assert problem.startswith(f"{path}:") and "\n" not in problem and "\r" not in problem


def test_validate_and_run_refuse_a_deck_over_the_engines_limit_with_one_rule(tmp_path, capsys):
    """``validate`` said "ok, 201 cards" where ``run`` refused the deck: both now ask the one
    deck rule (decks._check_rules), which knows the engine holds 200 cards a player."""
    from simulator.decks import MAX_CARDS
    from simulator.engine.host.tables import implemented_cards

    db = load_cards()
    simulated = implemented_cards(db)
    names = [c.name_en for c in db if c.id in simulated and not c.banned and c.copies_limit >= 4
             and c.type != "animal" and "animal" not in c.keywords]
    lines = [f"4 {name}" for name in names[:MAX_CARDS // 4]] + [f"1 {names[MAX_CARDS // 4]}"]
    path = tmp_path / "big.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    message = f"{path}: 201 cards: the simulator plays decks of at most {MAX_CARDS} cards"
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().err.strip().startswith(message)
    assert main(["run", str(path), "--games", "5", "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith(f"magenoir-sim: error: {message}")
    path.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")  # 200: legal and played
    assert main(["validate", str(path)]) == 0 and ": ok, 200 cards" in capsys.readouterr().out
