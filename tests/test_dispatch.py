"""Handler declarations (simulator/engine/handlers/) and the dispatch generated from them."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from simulator.cards import load_cards
from simulator.cards.vocabulary import OPS
from simulator.engine.handlers import ids as handler_ids
from simulator.engine.handlers.declare import read_declarations
from simulator.engine.host.tables import handler_names

REPO = Path(__file__).resolve().parents[1]


def test_generated_ids_and_dispatch_are_up_to_date():
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "build_dispatch.py"), "--check"],
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr + "\nrun scripts/build_dispatch.py"


def test_every_declared_function_exists_and_every_card_handler_is_declared():
    declared = read_declarations()
    kinds = dict(zip(handler_ids.HANDLERS, handler_ids.HANDLER_KINDS, strict=True))
    assert {h.name: h.kind for h in declared} == kinds
    for h in declared:
        if h.kind == "static":
            assert h.hook and not h.function, h.name
        else:
            module, _, function = h.function.partition(":")
            assert callable(getattr(importlib.import_module(module), function)), h.name
    named = {name for card in load_cards() for name in handler_names(dict(card.effect))}
    assert named == {h.name for h in declared}  # no handler without a card, none missing


def test_the_op_dispatch_names_one_kernel_per_vocabulary_op():
    text = (REPO / "simulator" / "engine" / "rules" / "dispatch.py").read_text(encoding="utf-8")
    for code, op in enumerate(OPS):
        assert f"op == {code}:  # {op}\n" in text
        call = "run_handler(" if op == "handler" else f"ops.op_{op}("
        assert call in text.split(f"# {op}\n", 1)[1].splitlines()[0]


def _module(root: Path, name: str, body: str) -> None:
    (root / f"{name}.py").write_text("from simulator.engine.handlers import declare\n\n" + body,
                                     encoding="utf-8")


def test_a_name_declared_twice_or_a_bad_estimate_is_refused(tmp_path):
    _module(tmp_path, "one", 'declare.static("mask", "hook", __name__)\n')
    _module(tmp_path, "two", '@declare.step("mask")\ndef mask(st, tb, wk, r, card, side, slot):\n'
                             '    pass\n')
    with pytest.raises(ValueError, match="'mask' is declared twice"):
        read_declarations(tmp_path)
    (tmp_path / "two.py").unlink()
    _module(tmp_path, "three", '@declare.step("wind", estimate={"dammage": 2.0})\n'
                               'def wind(st, tb, wk, r, card, side, slot):\n    pass\n')
    with pytest.raises(ValueError, match="unknown estimate features"):
        read_declarations(tmp_path)


def test_a_declaration_is_read_with_its_kind_module_and_estimate(tmp_path):
    (tmp_path / "sand").mkdir()
    _module(tmp_path / "sand", "dunes", '@declare.ability("dune", estimate={"heal": 1.5})\n'
                                        'def dune(st, tb, wk, r, card, side, slot):\n    pass\n')
    (h,) = read_declarations(tmp_path)
    module = "simulator.engine.handlers.sand.dunes"
    assert (h.name, h.kind, h.module, h.function, dict(h.estimate)) == (
        "dune", "ability", module, module + ":dune", {"heal": 1.5})


@pytest.mark.parametrize(("names", "prefix"), [
    ("DECISION_KINDS", ""), ("EVENT_NAMES", "EV_"), ("ZONE_NAMES", ""), ("OUTCOME_NAMES", ""),
    ("ADV_KINDS", "ADV_"), ("PURPOSES", "PURPOSE_"), ("DISCARD_REASONS", "REASON_"),
    ("TRIGGERS", "T_"), ("TARGETS", "TG_"),
])
def test_each_code_constant_is_its_name_s_index(names, prefix):
    """The ``(A, B, ...) = range(n)`` unpackings of layout.py are in the order of their name
    tuples: a constant named after each name holds that name's index (the handler ids are
    generated, see above)."""
    from simulator.engine.rules import layout

    for i, name in enumerate(getattr(layout, names)):
        assert getattr(layout, prefix + (name or "none").upper()) == i, (names, name)
