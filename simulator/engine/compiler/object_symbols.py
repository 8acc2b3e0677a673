"""The symbols an ELF object file defines, read from its symbol table.

Why: numba caches a compiled root as its object code and the LLVM bitcode of the same code,
and on loading parses the bitcode (2.6 MB for the engine's roots, 0.13 s of every warm start)
only to learn which symbol names the object defines. The object's own symbol table says it
too; :mod:`warmup` reads it there and parses the bitcode only if the root is ever linked into
another library (it is not: the engine reaches its roots by address).
"""

from __future__ import annotations

import struct

#: ELF64 header: offset of the section header table, then entry size and count of the sections
_SH_OFFSET, _SH_SIZES = 0x28, 0x3A
_SECTION = struct.Struct("<IIQQQQIIQQ")  # name, type, flags, addr, offset, size, link, info, ...
_SYMBOL = struct.Struct("<IBBHQQ")       # name, info, other, section index, value, size
_SHT_SYMTAB = 2
_SHN_UNDEF = 0
#: symbol types that name code or data (not a section or the source file)
_NAMED_TYPES = frozenset({0, 1, 2})  # NOTYPE, OBJECT, FUNC


def is_elf64_little(obj: bytes) -> bool:
    """Whether ``obj`` is a 64-bit little-endian ELF file (what this module reads)."""
    return obj[:4] == b"\x7fELF" and len(obj) > 0x40 and obj[4] == 2 and obj[5] == 1


def defined_symbols(obj: bytes) -> set[str]:
    """Names of the functions and data the ELF object ``obj`` defines."""
    if not is_elf64_little(obj):
        raise ValueError("not a 64-bit little-endian ELF object")
    (offset,) = struct.unpack_from("<Q", obj, _SH_OFFSET)
    entry_size, count = struct.unpack_from("<HH", obj, _SH_SIZES)
    sections = [_SECTION.unpack_from(obj, offset + i * entry_size) for i in range(count)]
    names = set()
    for _, kind, _, _, start, size, link, _, _, symbol_size in sections:
        if kind != _SHT_SYMTAB:
            continue
        strings = sections[link][4]
        for k in range(size // symbol_size):
            name, info, _, section, _, _ = _SYMBOL.unpack_from(obj, start + k * symbol_size)
            if name == 0 or section == _SHN_UNDEF or info & 0xF not in _NAMED_TYPES:
                continue
            first = strings + name
            names.add(obj[first:obj.index(b"\0", first)].decode())
    return names
