"""The symbols a warm start reads from a cached root's object code (engine/compiler/
object_symbols.py) instead of parsing its bitcode: every function the root's bitcode defines
for other code to call is there, its entry point included; the bitcode is still there for a
library that would link the root."""

from __future__ import annotations

import llvmlite.binding as ll
import pytest

from simulator.engine.compiler.object_symbols import defined_symbols, is_elf64_little


def _cached_root():
    """The game loop as the engine's cache holds it: (its compiled function, its entry's
    symbol, numba's cached library data: name, kind, (object code, bitcode))."""
    from simulator.engine.compiler import warmup

    warmup.ensure(quiet=True)  # compiled into the cache if it was not there
    dispatcher, args = warmup._dispatcher_and_args("play_range")
    cache = dispatcher._cache
    reduced = cache._cache_file.load(cache._index_key(args, dispatcher.targetctx.codegen()))
    cres = dispatcher.overloads[args]
    return cres, cres.fndesc.llvm_func_name, reduced[0]


def test_the_object_code_names_every_function_the_bitcode_exports():
    cres, entry, (_, kind, (object_code, bitcode)) = _cached_root()
    assert kind == "object"
    if not is_elf64_little(object_code):
        pytest.skip("this platform's object code is not ELF: numba parses the bitcode itself")
    module = ll.parse_bitcode(bitcode)
    exported = {f.name for f in module.functions
                if not f.is_declaration and f.linkage != ll.Linkage.private
                and f.linkage != ll.Linkage.internal}
    names = defined_symbols(object_code)
    assert entry in names
    assert len(exported) > 100 and exported <= names
    assert not {f.name for f in module.functions if f.is_declaration} & names  # imports are not
    # the loaded root runs from its object code, and can still give its bitcode for linking
    assert cres.library.get_pointer_to_function(entry) != 0
    assert cres.library._get_module_for_linking().get_function(entry).name == entry


def test_a_file_that_is_not_an_elf_object_is_refused():
    assert not is_elf64_little(b"\xcf\xfa\xed\xfe" + bytes(100))  # a Mach-O object
    with pytest.raises(ValueError, match="ELF"):
        defined_symbols(b"\xcf\xfa\xed\xfe" + bytes(100))
