"""The look-ahead bot (simulator/bots/lookahead.py): it plays its options forward, it never
reads what its player cannot see, and it plays the same games however they are split.

Positions come two ways: hand-built (``make_engine``) where one option wins at once, and real
games of the example decks stopped at a main-phase decision (:func:`main_phase_position`, the
match loop's own steps run one by one), where the unseen order of the decks is changed.
"""

from __future__ import annotations

import contextlib

import numpy as np
import pytest
from engine_fixtures import G0, P0, lid, make_engine, mana, put_adversary, put_on_board, set_hand

from simulator import bots
from simulator.decks import find_deck, load_deck
from simulator.engine.host import api
from simulator.engine.host.batch import Matchup, play_seeds
from simulator.engine.rules import layout as L
from simulator.engine.rules.options import RuleOptions
from simulator.engine.rules.rng import game_seeds
from simulator.errors import UserError
from simulator.scenarios import load_scenario

ROLLOUTS = "lookahead:4"


# --- positions -------------------------------------------------------------------------------

def main_phase_position(db, deck: str, players: int, seed: int, turns: int,
                        opponent: str | None = None):
    """``(engine, player)``: game ``seed`` of ``deck`` against the Duke (normal), played by the
    planner for ``turns`` player turns, then on to the next player's first main-phase
    decision (the steps of ``game.advance`` between two turns, as commands); None when the
    game ended first. With ``opponent``: a 1 vs 1 duel of ``deck`` against that deck."""
    if opponent is None:
        decks = tuple(load_deck(find_deck(deck), db) for _ in range(players))
        matchup = Matchup(decks, load_scenario("duke", db), "normal")
    else:
        decks = (load_deck(find_deck(deck), db), load_deck(find_deck(opponent), db))
        matchup = Matchup(decks, None, None, "duel")
    eng = api.new_engine(matchup, db, policy=bots.get("planner"), seeds=game_seeds(seed, 0, 1))
    for _ in range(turns):
        if not api.play_turn(eng, 0):
            return None
    record = eng.records
    q = int(record["step"][0]) % players
    if record["out"][0, q]:
        return None
    record["active"][0] = q
    if opponent is None:
        eng.command("adversary_turn", 0)
    if record["outcome"][0] != L.RUNNING:
        return None
    record["seat"][0] = q
    if not eng.command("begin_turn", 0, q):
        return None
    record["phase"][0] = L.PHASE_MAIN
    return eng, q


def decide_main_action(eng, q: int, position: np.ndarray, spec: str):
    """The main-phase action ``spec`` picks in ``position`` (a copy of the game's record),
    and the look-ahead's candidates and rollout values (None for another bot)."""
    eng.records[:] = position
    eng.set_policy(bots.get(spec))
    choice = int(api.main_action_choice(eng, G0, [q])[0])
    if not spec.startswith("lookahead"):
        return choice, None
    record = eng.bot_records[0]
    return choice, (record["la_cands"][:3].copy(), record["la_value"][:3].copy())


def hidden_order_changed(position: np.ndarray, q: int, players: int,
                         rng: np.random.Generator) -> np.ndarray:
    """``position`` with what player ``q`` cannot see changed: the order of their deck and of
    the Adversary's, and each teammate's hand and deck dealt again from their cards."""
    other = position.copy()
    record = other[0]
    n = record["deck_len"][q]
    record["deck"][q, :n] = rng.permutation(record["deck"][q, :n])
    n = record["adv_deck_len"]
    record["adv_deck"][:n] = rng.permutation(record["adv_deck"][:n])
    for mate in range(players):
        if mate == q:
            continue
        hand = np.repeat(np.arange(L.C_MAX), record["hand"][mate])
        pool = rng.permutation(np.concatenate([hand, record["deck"][mate, :record["deck_len"][mate]]]))
        record["hand"][mate] = np.bincount(pool[:len(hand)], minlength=L.C_MAX)
        record["deck"][mate, :len(pool) - len(hand)] = pool[len(hand):]
    return other


@contextlib.contextmanager
def kept_records():
    """The bot records of every batch played inside the block, in order (their counters)."""
    from simulator.bots.registry import Bot

    kept, real = [], Bot.records

    def keep(self, *args):
        kept.append(real(self, *args))
        return kept[-1]

    Bot.records = keep
    try:
        yield kept
    finally:
        Bot.records = real


def peeking_outcomes(eng, q: int, position: np.ndarray, actions) -> list[tuple[bool, int]]:
    """For each action: played in ``position`` with the real order of the decks, then the
    planner to the end of the game; (won, damage dealt to the Adversary). What a bot that
    read the decks would compare."""
    out = []
    for action in actions:
        eng.records[:] = position
        eng.set_policy(bots.get("planner"))
        api.apply_actions(eng, G0, [q], [int(action)])
        api.play_to_end(eng, G0)
        record = eng.records[0]
        out.append((record["outcome"] == L.WIN, int(record["damage_to_adversary"])))
    return out


# --- it looks ahead --------------------------------------------------------------------------

def _one_mana_short_of_both():
    """The Duke at 2 HP, the player at 1 HP (the Duke's next blow puts them out), 3 Fire: a
    Draconic flame (2 Fire, 2 damage once activated) or an Artificial sun (3 Fire, a
    Permanent), not both."""
    eng = make_engine(["draconic_flame", "artificial_sun"], policy="planner")
    eng.state.turn[:] = 3
    set_hand(eng, {"draconic_flame": 1, "artificial_sun": 1})
    eng.state.reserve[0, 0] = mana(fire=3)
    put_adversary(eng, "duke", hp=2)
    eng.state.hp[0, 0] = 1
    return eng


def test_it_prepares_the_spell_that_wins_this_turn_where_the_planner_builds_a_permanent():
    eng = _one_mana_short_of_both()
    position = eng.records.copy()
    prepare = api.action_space(eng).prepare
    flame, sun = prepare + lid(eng, "draconic_flame"), prepare + lid(eng, "artificial_sun")
    assert decide_main_action(eng, 0, position, "planner")[0] == sun
    choice, (candidates, values) = decide_main_action(eng, 0, position, "lookahead:8")
    assert choice == flame
    # every rollout of the flame wins, none of the others does
    won = dict(zip(candidates.tolist(), np.floor(values).astype(int).tolist(), strict=True))
    assert won == {sun: 0, flame: 8, 0: 0}
    # the rollouts played on copies: the game is where it was, one decision further
    after = eng.records.copy()
    assert after["decision_count"][0] == position["decision_count"][0] + 1
    changed = [name for name in L.STATE_DTYPE.names
               if not np.array_equal(after[name], position[name])]
    assert changed == ["decision_count"]
    # and the look-ahead wins this turn: the flame prepared, activated on the Duke
    eng.records[:] = position
    api.main_phase(eng, G0, P0)
    assert eng.state.outcome[0] == L.WIN
    assert eng.state.discard[0, 0, lid(eng, "draconic_flame")] == 1
    assert eng.state.hand[0, 0, lid(eng, "artificial_sun")] == 1
    assert eng.state.reserve[0, 0].tolist() == mana(fire=1).tolist()


def test_rollouts_are_the_budget_given(db):
    eng = _one_mana_short_of_both()
    position = eng.records.copy()
    for spec, rollouts in (("lookahead:3", 3), ("lookahead", bots.get("lookahead").rollouts)):
        decide_main_action(eng, 0, position, spec)
        record = eng.bot_records[0]
        # three candidates, each played once per rollout, none a transposition of another
        assert record["la_played"] == 3 * rollouts and record["la_looked"] == 1


# --- it never sees what its player cannot --------------------------------------------------

@pytest.mark.parametrize("players", [1, 2])
def test_its_rollouts_ignore_the_unseen_order_of_the_decks_and_a_teammates_hand(db, players):
    rng = np.random.default_rng(7)
    checked = 0
    for seed in range(1, 12):
        got = main_phase_position(db, "air-winds", players, seed, 2 * players)
        if got is None:
            continue
        eng, q = got
        position = eng.records.copy()
        choice, (candidates, values) = decide_main_action(eng, q, position, ROLLOUTS)
        if eng.bot_records[0]["la_looked"] == 0:
            continue  # one candidate only: nothing rolled out
        for _ in range(3):
            other = hidden_order_changed(position, q, players, rng)
            assert not np.array_equal(other["deck"], position["deck"])
            again, (cands_again, values_again) = decide_main_action(eng, q, other, ROLLOUTS)
            assert again == choice
            assert cands_again.tolist() == candidates.tolist()
            assert values_again.tolist() == values.tolist()  # every rollout alike
        checked += 1
    assert checked >= 3


def test_in_a_duel_its_rollouts_ignore_the_opponents_hand_and_the_decks_order(db):
    """The opponent's hand and deck are dealt again from their cards (as a teammate's in
    co-op), the own deck's order too: the decision and every rollout's value stay the same."""
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(1, 16):
        got = main_phase_position(db, "fire-flames", 2, seed, 4, opponent="water-tides")
        if got is None:
            continue
        eng, q = got
        position = eng.records.copy()
        choice, (candidates, values) = decide_main_action(eng, q, position, ROLLOUTS)
        if eng.bot_records[0]["la_looked"] == 0:
            continue
        for _ in range(2):
            other = hidden_order_changed(position, q, 2, rng)
            assert not np.array_equal(other["hand"][0, 1 - q], position["hand"][0, 1 - q]) \
                or not np.array_equal(other["deck"], position["deck"])
            again, (cands_again, values_again) = decide_main_action(eng, q, other, ROLLOUTS)
            assert again == choice
            assert cands_again.tolist() == candidates.tolist()
            assert values_again.tolist() == values.tolist()
        checked += 1
    assert checked >= 3


def test_it_plays_a_duel_seat_against_another_bot(db):
    from simulator.duel_games import make_side, play_duel_games

    look = make_side("fire-flames", ROLLOUTS, db=db)
    planner = make_side("fire-flames", "planner", db=db)
    games = play_duel_games([look, planner], seed=2, count=3, db=db)
    assert np.isin(games.outcome, (L.WIN, L.LOSS_HP, L.LOSS_DECK, L.DRAW)).all()
    again = play_duel_games([look, planner], seed=2, count=3, db=db, threads=2)
    np.testing.assert_array_equal(games.outcome, again.outcome)


def test_it_does_not_follow_the_real_order_where_knowing_it_would_change_the_best_play(db):
    """A bot reading the decks would pick differently as their real order changes (the
    planner playing each candidate on with the real order); the look-ahead keeps one choice,
    so for some order it is not the choice that order favours."""
    rng = np.random.default_rng(11)
    for seed in range(1, 40):
        got = main_phase_position(db, "fire-flames", 1, seed, 4)
        if got is None:
            continue
        eng, q = got
        position = eng.records.copy()
        choice, (candidates, _) = decide_main_action(eng, q, position, ROLLOUTS)
        if eng.bot_records[0]["la_looked"] == 0:
            continue
        orders = [hidden_order_changed(position, q, 1, rng) for _ in range(6)]
        favoured = set()
        for other in orders:
            outcomes = peeking_outcomes(eng, q, other, candidates)
            favoured.add(int(candidates[max(range(len(candidates)), key=outcomes.__getitem__)]))
        if len(favoured) < 2:
            continue  # here the real order would not change the best play
        choices = {decide_main_action(eng, q, other, ROLLOUTS)[0] for other in orders}
        assert choices == {choice}
        return
    pytest.fail("no position where the order of the decks changes the best play")


# --- same games, however they are played ------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2])
def test_the_same_games_whatever_the_threads_and_chunks(db, players):
    matchup = Matchup(tuple(load_deck(find_deck("air-winds"), db) for _ in range(players)),
                      load_scenario("duke", db), "normal")
    bot = bots.get("lookahead:2")
    whole = play_seeds(matchup, db, 3, 0, 12, bot, RuleOptions(), threads=2)
    part = play_seeds(matchup, db, 3, 7, 5, bot, RuleOptions(), threads=1)
    for field in ("outcome", "end_turn", "final_hp", "damage_to_adversary", "hp_by_turn",
                  "drawn", "activated"):
        assert np.array_equal(getattr(whole, field)[7:], getattr(part, field)), field
    planner = play_seeds(matchup, db, 3, 0, 12, bots.get("planner"), RuleOptions())
    assert not np.array_equal(planner.hp_by_turn, whole.hp_by_turn)  # it plays otherwise


def test_decisions_inside_a_turn_are_replayed_from_the_checkpoint(db):
    """Which pile, targets and forced discards are asked between main-phase actions: their
    rollouts replay the answers since the last main-phase decision to reach them (a replay
    that reached another position would stop the game with an error)."""
    matchup = Matchup((load_deck(find_deck("vegetal-grove"), db),), load_scenario("duke", db),
                      "normal")
    with kept_records() as kept:
        play_seeds(matchup, db, 5, 0, 6, bots.get("lookahead:1"), RuleOptions())
    looked = kept[0]["la_by_kind"][0]
    assert looked[L.MAIN_ACTION] > 0 and looked[L.TAKE_PILE] > 0
    assert looked[L.KEEP_HAND] == 0 and looked[L.MANA_ELEMENT] == 0


def test_a_main_phase_cut_by_its_action_cap_is_not_replayed(db):
    """The match loop ends a main phase after ``max_actions_per_turn`` actions, a count a
    rollout resumed from a checkpoint would start afresh: after such a phase the bot drops its
    checkpoint, so the decisions up to the next main phase are the planner's, and the replays
    it does play reach their decision (a replay that did not would stop the game)."""
    matchup = Matchup((load_deck(find_deck("air-winds"), db),), load_scenario("duke", db),
                      "normal")
    capped = RuleOptions(max_actions_per_turn=2)
    with kept_records() as kept:
        result = play_seeds(matchup, db, 2, 0, 6, bots.get("lookahead:1"), capped)
        play_seeds(matchup, db, 2, 0, 6, bots.get("lookahead:1"), RuleOptions())
    assert (result.outcome != L.RUNNING).all()
    capped_piles, free_piles = (k["la_by_kind"][0][L.TAKE_PILE] for k in kept)
    assert free_piles > 0 and capped_piles < free_piles


# --- its budget -------------------------------------------------------------------------------

def test_the_budget_travels_in_the_bots_spec():
    assert bots.get("lookahead:16").rollouts == 16
    assert bots.spec("lookahead", 16) == "lookahead:16"
    assert bots.spec("lookahead", bots.get("lookahead").rollouts) == "lookahead"
    assert bots.get("lookahead:16").label == "lookahead (16 rollouts per option)"
    with pytest.raises(UserError, match="bot planner plays without rollouts"):
        bots.spec("planner", 4)
    with pytest.raises(UserError, match="--rollouts must be a whole number from 1 to 1024"):
        bots.spec("lookahead", 0)
    with pytest.raises(UserError, match="not 'x'"):
        bots.get("lookahead:x")


def test_the_trace_keeps_each_decision_looked_at_with_its_rollouts():
    from simulator.bots.lookahead_trace import trace_into

    eng = _one_mana_short_of_both()
    prepare = api.action_space(eng).prepare
    flame, sun = prepare + lid(eng, "draconic_flame"), prepare + lid(eng, "artificial_sun")
    eng.set_policy(bots.get("lookahead:4"))
    traces = trace_into(eng.bot_records, 8)
    api.main_action_choice(eng, G0, P0)
    (entry,) = traces[0][:int(eng.bot_records[0]["la_trace_len"])]
    assert (entry["kind"], entry["planned"], entry["chosen"]) == (L.MAIN_ACTION, sun, flame)
    assert entry["option"][:3].tolist() == [sun, flame, 0]
    assert entry["card"][:3].tolist() == [lid(eng, "artificial_sun"), lid(eng, "draconic_flame"), -1]
    assert np.floor(entry["value"][:3]).tolist() == [0, 4, 0] and entry["rollouts"] == 4
    assert entry["turn"] == 3 and entry["player"] == 0


# --- where a user meets it ------------------------------------------------------------------

def test_compare_bots_plays_one_deck_with_each_bot_on_the_same_seeds(capsys):
    import json

    from simulator.cli import main

    assert main(["compare", "air-winds", "--bots", "planner,lookahead", "--rollouts", "2",
                 "--games", "12", "--quiet", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == "bots" and out["bots"] == ["planner", "lookahead:2"]
    assert [e["label"] for e in out["entries"]] == ["planner",
                                                     "lookahead (2 rollouts per option)"]
    (diff,) = out["differences"]
    assert diff["b"] == "planner" and diff["a"] == "lookahead (2 rollouts per option)"
    assert diff["both_won"] + diff["only_a_won"] == out["entries"][1]["wins"]
    assert diff["both_won"] + diff["only_b_won"] == out["entries"][0]["wins"]
    assert main(["compare", "air-winds", "--bots", "planner,lookahead", "--rollouts", "2",
                 "--games", "12", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("bots compared on 12 paired games vs The Duke (normal), 1 player(s)")
    assert "lookahead (2 rollouts per option) minus planner:" in text
    assert "what better play wins with this deck" in text


@pytest.mark.parametrize("argv, message", [
    (["run", "fire-flames", "--rollouts", "4"], "bot planner plays without rollouts"),
    (["run", "fire-flames", "--bot", "lookahead", "--rollouts", "0"],
     "--rollouts must be a whole number from 1 to 1024"),
    (["compare", "fire-flames", "--bots", "planner"], "--bots takes two bots or more"),
    (["compare", "fire-flames", "--bots", "planner,lookahead", "--bot", "greedy"],
     "give --bot (one bot) or --bots (bots compared), not both"),
    (["compare", "fire-flames", "--bots", "planner,greedy", "--rollouts", "3"],
     "bot planner plays without rollouts"),
])
def test_budget_mistakes_are_one_line_exit_2(capsys, argv, message):
    from simulator.cli import main

    assert main([*argv, "--games", "5"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err


def test_a_run_with_the_look_ahead_says_so_and_gives_the_command_that_replays_it(capsys, tmp_path):
    import json

    from simulator.cli import main

    assert main(["run", "air-winds", "--bot", "lookahead", "--rollouts", "2", "--games", "6",
                 "--quiet", "--report", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "bot lookahead (2 rollouts per option), seed 1" in text.splitlines()[0]
    assert "note: Played by the look-ahead bot (2 rollouts per option)" in text
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["bot"] == "lookahead:2"
    assert "--bot lookahead --rollouts 2" in summary["command"]
    html = (tmp_path / "report.html").read_text()
    head = html.split("<h2>Summary</h2>")[0]
    assert "Played by the look-ahead bot (2 rollouts per option)" in head


def test_slow_bots_play_in_small_chunks_so_the_progress_bar_moves():
    from simulator.backends import auto_batch

    look = bots.get("lookahead")
    assert look.chunk_cap == 256 // look.rollouts and bots.get("planner").chunk_cap is None
    assert auto_batch(1000, 2, 1, look.chunk_cap) == look.chunk_cap
    assert auto_batch(1000, 2, 1, None) == 500


_DECIDE_AS_PYTHON = """
import sys
sys.path.insert(0, "tests")
from test_bots_lookahead import _one_mana_short_of_both, decide_main_action
eng = _one_mana_short_of_both()
choice, (candidates, values) = decide_main_action(eng, 0, eng.records.copy(), "lookahead:3")
print(choice, candidates.tolist(), values.tolist())
"""


def test_with_numba_disabled_it_decides_alike():
    """``NUMBA_DISABLE_JIT=1`` runs the look-ahead as Python (its records reached through
    ctypes views): the same decision and the same rollout values as the compiled bot."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", _DECIDE_AS_PYTHON], capture_output=True,
                          text=True, check=True, cwd=root,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1"})
    eng = _one_mana_short_of_both()
    choice, (candidates, values) = decide_main_action(eng, 0, eng.records.copy(), "lookahead:3")
    assert done.stdout.split("\n")[-2] == f"{choice} {candidates.tolist()} {values.tolist()}"


def test_no_target_on_the_own_side_is_tried():
    # player 1's damage spell with the Duke alone in play: the planner's best three targets
    # were the Duke, player 1 and player 2, and rollouts tied on wins sometimes took a
    # player for a tiebreak of noise (misplay scan, sixth round). Only the Duke is tried.
    eng = make_engine(["flame"], players=2, policy=ROLLOUTS)
    k = put_adversary(eng, "duke")
    record = eng.bot_records[0]
    record["la_cands"][:] = -1
    options = np.zeros(L.K_SLOTS + 2 + 2 * int(eng.table_record["slots"][0]), bool)
    options[[k, L.K_SLOTS, L.K_SLOTS + 1]] = True  # the Duke, player 1, player 2
    answer = api.ask(eng, 0, "target", 0, options, purpose=L.PURPOSE_DAMAGE, side=0)
    assert answer == k
    assert record["la_cands"][:3].tolist() == [k, -1, -1]
    heal = api.ask(eng, 0, "target", 0, options, purpose=L.PURPOSE_HEAL, side=0)
    assert heal in (L.K_SLOTS, L.K_SLOTS + 1)  # healing: the players, not the Duke
    assert sorted(record["la_cands"][:2].tolist()) == [L.K_SLOTS, L.K_SLOTS + 1]
    assert record["la_cands"][2] == -1


def test_no_preparation_the_planner_rules_out_is_tried():
    # a Druid ring in play and a second one in hand: preparing it would only replace the
    # first (the planner scores it -100). Among the planner's best three with few options,
    # rollouts tied on wins took such a replacement on the tiebreak (a Bark armor replacing
    # the Druid armor just prepared: the misplay scan's lost Equipment, eighth round). Only
    # the Seed and ending the main phase are tried.
    eng = make_engine(["druid_ring", "seed"], policy=ROLLOUTS)
    eng.state.turn[:] = 5
    put_adversary(eng, "duke")
    put_on_board(eng, "druid_ring", L.EQUIPMENT)
    set_hand(eng, {"druid_ring": 1, "seed": 1})
    eng.state.reserve[0, 0] = mana(vegetal=4, mineral=1)
    prepare = api.action_space(eng).prepare
    ring, seed = prepare + lid(eng, "druid_ring"), prepare + lid(eng, "seed")
    choice, (candidates, _) = decide_main_action(eng, 0, eng.records.copy(), ROLLOUTS)
    assert choice != ring
    assert ring not in candidates.tolist()  # the three legal plays: the ring is left out
    assert set(candidates[:2].tolist()) == {seed, 0}
