"""``doctor --rounds N`` and ``--apply FILE`` (simulator.doctor_rounds): the path of decks."""

from __future__ import annotations

import json

import pytest

import simulator.deck_doctor as deck_doctor
from simulator.cli import main
from simulator.deck_doctor import DoctorResult, Swap, SwapResult
from simulator.decks import load_deck
from simulator.doctor_rounds import best_confirmed, improve

#: fire-flames with 3 Droplet (a card that does nothing) instead of its 3 Rite of passage:
#: putting Rites back is a gain the doctor confirms clearly, round after round.
WEAK = """\
4 Flame
4 Draconic flame
3 Sulfur flame
4 Flame projectile
4 Fiery arrow
4 Fire ball
2 Magma eruption
3 Fire whip
3 Breath
4 Healer's breath
2 Zephyr
3 Droplet
"""


@pytest.fixture()
def weak(tmp_path):
    deck = tmp_path / "weak.txt"
    deck.write_text(WEAK, encoding="utf-8")
    pool = tmp_path / "pool.txt"
    pool.write_text("Rite of passage\n", encoding="utf-8")
    return deck, pool


def test_rounds_apply_the_confirmed_swaps_and_apply_writes_the_last_deck(weak, tmp_path, db,
                                                                        capsys):
    deck, pool = weak
    out_file = tmp_path / "better.txt"
    argv = ["doctor", str(deck), "--pool", str(pool), "--games", "20000", "--top", "2",
            "--rounds", "2", "--quiet"]
    assert main([*argv, "--apply", str(out_file)]) == 0
    text = capsys.readouterr().out
    assert "== round 1 (seed 1)" in text and "== round 2 (seed 2)" in text
    path_lines = text[text.index("path of decks"):].splitlines()
    assert path_lines[1].startswith("  round 1: ") and "then -1 " in path_lines[1]
    assert path_lines[2].startswith("  round 2: ") and "+1 Rite of passage" in path_lines[2]
    assert "stopped: 2 round(s) done" in text
    assert f"wrote {out_file}: the deck after 2 swap(s)" in text
    # the file is a deck the tool reads back: the input with two Rites of passage in
    assert main(["validate", str(out_file)]) == 0
    capsys.readouterr()
    before, after = load_deck(deck, db).as_dict(), load_deck(out_file, db).as_dict()
    assert after["rite_of_passage"] == 2 and sum(after.values()) == sum(before.values()) == 40
    assert sum(abs(after.get(c, 0) - before.get(c, 0)) for c in {*before, *after}) == 4
    assert out_file.read_text(encoding="utf-8").startswith("# better: ")
    # JSON: each round's deck, win rate and doctor result; the same seeds give the same path
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["round"] for r in data["rounds"]] == [1, 2] and data["applied"] == 2
    first, second = data["rounds"]
    assert second["deck"].startswith("weak ") and first["applied"] == first["doctor"]["swaps"][0]["swap"]
    assert first["gain_ci"][0] > 0 and second["win_rate"] > first["win_rate"]
    assert {load_deck(out_file, db).as_dict()[cid] == n
            for cid, n in data["final_deck"].items()} == {True}


def _result(gain: float, low: float, confirmed: bool = True, partial: bool = False):
    swap = SwapResult(Swap("droplet", "rite_of_passage"), "-1 Droplet +1 Rite of passage",
                      100, gain, 1000, gain, low, gain + 0.02, confirmed)
    swap.p_holm = 0.001 if low > 0 else 0.5  # the doctor's test (Holm-adjusted), when it has one
    settings = {"scenario": "The Duke", "level": "normal", "players": 1, "bot": "planner",
                "seed": 1}
    return DoctorResult("weak", settings, 1, 3, [{"candidates": 3, "games": 100}], 1000, 100,
                        [swap], 3000, 1.0, None, {}, 8000, partial)


def test_only_a_confirmed_gain_clearly_above_zero_is_applied():
    assert best_confirmed(_result(0.02, 0.01)) is not None
    assert best_confirmed(_result(0.02, -0.001)) is None          # the interval reaches 0
    assert best_confirmed(_result(0.02, 0.01, confirmed=False, partial=True)) is None
    assert best_confirmed(_result(-0.02, -0.03)) is None


def test_the_path_stops_at_the_first_round_without_a_clear_gain(monkeypatch, weak, db):
    results = iter([_result(0.02, 0.01), _result(0.01, -0.005), _result(0.03, 0.02)])
    seeds = []

    def fake_doctor(deck, scenario, seed, **kwargs):
        seeds.append((deck.as_dict().get("rite_of_passage", 0), seed))
        return next(results)

    monkeypatch.setattr(deck_doctor, "doctor", fake_doctor)
    path = improve(load_deck(weak[0], db), "duke", 5, seed=7)
    assert seeds == [(0, 7), (1, 8)]  # round 2 races the improved deck, on its own seed
    assert path.applied == 1 and len(path.steps) == 2
    assert path.stopped == "round 2 found no swap whose confirmed gain is clearly above 0"
    assert path.final.as_dict()["rite_of_passage"] == 1


def test_ctrl_c_in_a_later_round_keeps_the_swaps_already_confirmed(monkeypatch, weak, tmp_path,
                                                                   capsys, db):
    calls = []

    def fake_doctor(deck, scenario, seed, **kwargs):
        calls.append(seed)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return _result(0.02, 0.01)

    monkeypatch.setattr(deck_doctor, "doctor", fake_doctor)
    out_file = tmp_path / "kept.txt"
    assert main(["doctor", str(weak[0]), "--rounds", "3", "--apply", str(out_file),
                 "--quiet"]) == 130
    text = capsys.readouterr().out
    assert text.startswith("PARTIAL RESULTS (interrupted)")
    assert "stopped: interrupted before round 2 had a swap to show" in text
    assert "the same search again: none (interrupted" in text
    assert load_deck(out_file, db).as_dict()["rite_of_passage"] == 1


@pytest.mark.parametrize(("extra", "message"), [
    (["--rounds", "0"], "--rounds must be at least 1, not 0"),
    (["--apply", "INPUT"], "is the input deck; give another file name"),
    (["--apply", "no-such-folder/out.txt"], "the folder no-such-folder does not exist"),
])
def test_rounds_and_apply_errors_are_one_line_before_any_game(extra, message, weak, capsys,
                                                              monkeypatch):
    monkeypatch.setattr(deck_doctor, "doctor", lambda *a, **k: pytest.fail("a race was run"))
    extra = [str(weak[0]) if arg == "INPUT" else arg for arg in extra]
    assert main(["doctor", str(weak[0]), "--quiet", *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1


FRENCH = """\
# Mon deck de feu : brûler le Duc
4x Boule de feu      # le cœur du deck
4x Flamme
3x Flamme de soufre
4x Projectile de flamme
4x Flèche ardente
2x Éruption de magma
3x Fouet de feu
3 Souffle

4 Souffle de la guérisseuse
2 Zéphyr
3 droplet            # à remplacer ?
4 Flamme draconique
"""


def test_apply_keeps_a_french_deck_as_it_was_written_but_the_swapped_lines(monkeypatch, tmp_path,
                                                                           capsys, db):
    """doctor --apply on a French deck: the names stay French, the comments, blank line and
    ``4x`` counts stay; only the lines of the swaps change, the card coming in written like
    the line of the card going out (French, ``1x``), below it."""
    rounds = iter([_result(0.02, 0.01), _result(0.02, 0.01)])
    monkeypatch.setattr(deck_doctor, "doctor", lambda deck, scenario, seed, **kw: next(rounds))
    source, out_file = tmp_path / "feu.txt", tmp_path / "feu-mieux.txt"
    source.write_text(FRENCH, encoding="utf-8")
    assert main(["doctor", str(source), "--rounds", "2", "--apply", str(out_file), "--quiet"]) == 0
    capsys.readouterr()
    written = out_file.read_text(encoding="utf-8").splitlines()
    header = [line for line in written if line.startswith("# feu-mieux: ")]
    assert header and written.index(header[0]) == 0
    body = written[written.index("# Mon deck de feu : brûler le Duc"):]
    expected = FRENCH.replace("3 droplet            # à remplacer ?",
                              "1 droplet            # à remplacer ?\n2 rite_of_passage").splitlines()
    assert body == expected
    assert load_deck(out_file, db).as_dict()["rite_of_passage"] == 2


def test_a_swap_rewrites_only_its_lines_in_text_and_toml_decks(db):
    from simulator.deck_edit import swapped_deck_text

    text = "# burn\n4x Boule de feu  # core\nFire whip\n2 Souffle\nfiery_arrow x3\n"
    assert swapped_deck_text(text, [("fire_ball", "flame_projectile")], db) == \
        "# burn\n3x Boule de feu  # core\n1x Projectile de flamme\nFire whip\n2 Souffle\nfiery_arrow x3\n"
    # a name alone (one copy) becomes the card coming in; a copy into a card already listed
    assert swapped_deck_text(text, [("fire_whip", "zephyr"), ("fiery_arrow", "breath")], db) == \
        "# burn\n4x Boule de feu  # core\nZephyr\n3 Souffle\nfiery_arrow x2\n"
    toml = 'name = "Feu"\n\n[cards]\nfire_ball = 4  # core\n"Flamme" = 2\n'
    assert swapped_deck_text(toml, [("flame", "zephyr"), ("fire_ball", "breath")], db, toml=True) == \
        'name = "Feu"\n\n[cards]\nfire_ball = 3  # core\nbreath = 1\n"Flamme" = 1\n"Zéphyr" = 1\n'
