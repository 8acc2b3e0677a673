"""Collections (simulator.collection): boxes and files of owned cards, what a deck may take
from them, the starting decks of a build, and the build command's bad-input lines."""

from __future__ import annotations

import random

import pytest

from simulator.cli import main
from simulator.collection import (
    BOX_COUNTS_NOTE,
    Collection,
    check_can_build,
    drafted_decks,
    example_decks,
    from_boxes,
    from_file,
    starting_decks,
)
from simulator.deck_doctor import candidate_swaps, swapped_deck
from simulator.decks import Deck, _check_rules
from simulator.errors import DeckError, UserError


@pytest.mark.parametrize("names", ["base", "Base Game", "JEU DE BASE", "base_game", " core "])
def test_boxes_are_named_in_english_or_french_in_any_case(db, names):
    collection = from_boxes(names, db)
    assert collection.boxes == ("Base Game",)
    assert collection.owned["fire_ball"] == 4 and collection.owned["ignition"] == 1
    assert "crimson_ritual" not in collection.usable(db)  # banned: never in a deck
    assert collection.left_out == ("Crimson ritual (banned, R2.5)",)
    assert BOX_COUNTS_NOTE in collection.describe()


def test_several_boxes_and_a_card_in_two_of_them(db):
    both = from_boxes("base,sable,Glace", db)
    assert both.boxes == ("Base Game", "Sand", "Ice")
    sand = from_boxes(["sand"], db)
    assert set(sand.owned) < set(both.owned)
    time_bender = from_boxes("time bender", db)
    assert time_bender.owned["rite_of_passage"] == 4  # in the Base Game and the Time Bender


def test_an_unknown_box_is_named_with_the_valid_ones(db):
    with pytest.raises(UserError, match="unknown extension 'sandd'; valid values: Base Game"):
        from_boxes("base,sandd", db)


def test_a_collection_file_keeps_its_counts_and_a_deck_takes_up_to_the_copy_limit(db, tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("6 Fire ball\n2 Boule de feu\n1 Rituel pourpre\n2 ignition\n", encoding="utf-8")
    collection = from_file(path, db)
    assert collection.owned == {"fire_ball": 8, "crimson_ritual": 1, "ignition": 2}
    assert collection.usable(db) == {"fire_ball": 4, "ignition": 1}
    assert collection.left_out == ("Crimson ritual (banned, R2.5)",)


def test_a_collection_file_names_the_line_of_an_unknown_card(db, tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("4 Fire ball\n3 Fire bal\n", encoding="utf-8")
    with pytest.raises(DeckError, match=r"mine.txt:2: unknown card 'Fire bal' \(did you mean: "
                                        r"Fire ball"):
        from_file(path, db)


def test_too_few_cards_says_how_many_are_missing_in_one_line(db):
    collection = Collection({"fire_ball": 6, "flame": 4, "ignition": 3, "crimson_ritual": 2},
                            "mine.txt", (), ("Crimson ritual (banned, R2.5)",))
    with pytest.raises(UserError) as err:
        check_can_build(collection, db, 40)
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith("mine.txt: a deck can take 9 cards from this collection, a legal "
                              "deck needs 40: 31 more cards are missing")
    assert "Fire ball 4 of 6 owned" in message and "Ignition 1 of 3 owned" in message
    check_can_build(collection, db, 9)  # exactly enough: no error


def test_the_example_decks_a_collection_builds_are_the_ones_it_owns_every_card_of(db):
    base = example_decks(from_boxes("base", db), db, 40)
    assert [d.name for d in base] == ["air-winds", "fire-flames", "vegetal-grove", "water-tides"]
    fire = next(d for d in base if d.name == "fire-flames")
    short = dict(fire.as_dict())
    short["fire_ball"] -= 1  # one Fire ball fewer: fire-flames cannot be built
    assert "fire-flames" not in [d.name for d in example_decks(Collection(short, "x"), db, 40)]


def test_every_starting_deck_is_legal_and_owned(db):
    for boxes in ("base", "base,sand,ice", "phase", "electric,sun"):
        collection = from_boxes(boxes, db)
        decks, examples = starting_decks(collection, db, 40)
        assert decks and examples <= len(decks)
        assert len({tuple(sorted(d.as_dict().items())) for d in decks}) == len(decks)
        for deck in decks:
            assert collection.admits(deck, db, 40), deck.name


def test_a_thin_collection_gets_one_draft_of_all_its_cards(db):
    # ten cards of five elements, 4 copies each: no element or pair holds 40
    ids = ["flame", "fire_ball", "droplet", "condensation", "breath", "zephyr", "seed", "dead_tree",
           "rite_of_passage", "flame_projectile"]
    collection = Collection({cid: 4 for cid in ids}, "thin")
    drafts = drafted_decks(collection, db, 40)
    assert len(drafts) == 1 and drafts[0].as_dict() == {cid: 4 for cid in ids}


def _random_collection(rng: random.Random, db, cards: int) -> Collection:
    pool = [c.id for c in db.official]
    return Collection({cid: rng.randint(1, 6) for cid in rng.sample(pool, cards)}, "random")


def test_every_swap_the_search_may_make_keeps_the_deck_legal_and_owned(db):
    """Property: from any legal owned deck, every candidate swap gives a legal owned deck."""
    rng = random.Random(40)
    checked = 0
    for _ in range(25):
        collection = _random_collection(rng, db, rng.randint(12, 40))
        usable = collection.usable(db)
        if sum(usable.values()) < 20:
            continue
        for deck in drafted_decks(collection, db, 20)[:2]:
            for swap in candidate_swaps(deck, list(usable), db, usable):
                after = swapped_deck(deck, swap).as_dict()
                assert all(n <= usable[c] for c, n in after.items())
                assert sum(after.values()) == 20
                assert not _check_rules([(0, db.by_id[c], n) for c, n in after.items()], 20,
                                        False)
                checked += 1
    assert checked > 1000


def test_admits_refuses_a_deck_beyond_the_copies_owned(db):
    collection = Collection({"fire_ball": 2, "flame": 4}, "x")
    assert collection.admits(Deck.from_counts("a", {"fire_ball": 2, "flame": 4}, db), db, 6)
    assert not collection.admits(Deck.from_counts("b", {"fire_ball": 3, "flame": 3}, db), db, 6)
    assert not collection.admits(Deck.from_counts("c", {"fire_ball": 2, "flame": 3}, db), db, 6)


@pytest.mark.parametrize("argv, message", [
    (["build"], "give the cards owned: a COLLECTION file in the deck format, or --owned"),
    (["build", "x.txt", "--owned", "base"], "not both"),
    (["build", "--owned", "base,sandd"], "unknown extension 'sandd'"),
    (["build", "--owned", ","], "--owned needs the boxes owned"),
    (["build", "--owned", "base", "--budget", "0"], "--budget must be more than 0 minutes"),
    (["build", "--owned", "base", "--budget", "1", "--games", "9"], "not both"),
    (["build", "--owned", "base", "--games", "5000"], "--games 5,000 is too few for 17 "
                                                      "starting decks: give at least"),
    (["build", "--owned", "base", "--population", "0"], "--population must be at least 1"),
    (["build", "--owned", "base", "--confirm-games", "10"], "--confirm-games must be at least"),
    (["build", "--owned", "base", "--level", "nightmare"], "nightmare"),
    (["build", "--owned", "base", "--figure", "f.gif"], "--figure f.gif: name the file .png"),
    (["build", "nope.txt"], "nope.txt: no such file"),
])
def test_build_bad_input_is_one_line_exit_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_apply_never_overwrites_the_collection_file(tmp_path, capsys):
    path = tmp_path / "mine.txt"
    path.write_text("4 Fire ball\n", encoding="utf-8")
    assert main(["build", str(path), "--apply", str(path)]) == 2
    assert "is the collection file" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == "4 Fire ball\n"


def test_a_collection_file_with_a_misspelt_card_is_refused_by_build(tmp_path, capsys):
    path = tmp_path / "mine.txt"
    path.write_text("4 Fire ball\n4 Flamme draconique\n4 Zephir\n", encoding="utf-8")
    assert main(["build", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"magenoir-sim: error: {path}:3: unknown card 'Zephir' (did you mean")
    assert "Zephyr" in err


def test_a_collection_too_small_for_a_deck_is_one_line_exit_2(tmp_path, capsys):
    path = tmp_path / "mine.txt"
    path.write_text("6 Fire ball\n4 Flame\n4 Zephyr\n", encoding="utf-8")
    assert main(["build", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"magenoir-sim: error: {path}: a deck can take 12 cards from this "
                   "collection, a legal deck needs 40: 28 more cards are missing (copies "
                   "limits: Fire ball 4 of 6 owned)")


def test_a_collection_given_in_python_as_card_counts(db):
    from simulator.deck_builder import read_collection

    collection = read_collection({"Boule de feu": 4, "zephyr": 2, "Fire ball": 2}, None, db)
    assert collection.owned == {"fire_ball": 6, "zephyr": 2} and not collection.from_file
    with pytest.raises(UserError, match="unknown card 'Boule de fue' in the collection "
                                        r"\(did you mean Fire ball"):
        read_collection({"Boule de fue": 4}, None, db)
