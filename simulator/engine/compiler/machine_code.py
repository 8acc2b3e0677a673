"""Optimized machine code only for what runs: a library is optimized and emitted on first need.

Why: numba compiles every function a root calls into a library of its own and, as soon as
that library is complete, links into it the libraries of the functions it calls, optimizes
the whole (LLVM's module passes, at numba's -O3) and turns it into machine code (with
``cache=True``, written to the cache). But the engine never runs a callee's machine code: a
caller links the callee's LLVM IR into its own library and optimizes it again, so only the
roots' machine code (``warmup``) is ever executed. And each library holds the whole tree of
functions under it, so a function deep in the engine was optimized once per library above it.
Before this, emitting the callees' machine code took a quarter of a cold compile's CPU time and
their optimization nearly a third (docs/performance.md, "The cold compile").

:class:`LazyMachineCodeLibrary` is numba's JIT library, except that completing it (numba's
``finalize``) only links: it optimizes its module and emits the machine code the first time
the code is needed, a pointer to one of its own functions or its object code for the cache.
Every function still goes through numba's function passes as it is added. A library never
needed is cached as its bitcode (numba's ``bitcode`` form, loaded without generating code),
which is what a caller compiled in another process links in; a root is cached with its machine
code (``jit.keep_machine_code``, before a warm start loads it).

A root is optimized once, with everything it links (numba's cheap pass for reference-count
pruning, then the full -O3), instead of on top of its callees' optimized IR: the games are
the same (``scripts/fingerprint.py``) and their speed is measured in docs/bench.md.
"""

from __future__ import annotations

from numba.core import codegen, environment
from numba.core.compiler_lock import global_compiler_lock


class LazyMachineCodeLibrary(codegen.JITCodeLibrary):
    """numba's JIT code library, emitting its machine code on first need (module docstring)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._machine_code_pending = False
        self._optimization_pending = False

    def _optimize_final_module(self):
        """Left to the emission: the library's module is linked into its callers as it is
        (its functions already went through numba's function passes), and the root that runs
        optimizes everything it linked at once."""
        self._optimization_pending = True

    def _finalize_final_module(self):
        """Complete the library; emit its machine code now only if it was loaded as object
        code (nothing is generated then: the engine takes the object as it is)."""
        if getattr(self, "_compiled_object", None) is not None:
            super()._finalize_final_module()
            return
        self._dynamic_globals = []
        self._finalize_dynamic_globals()  # the cache asks for them before saving
        self._finalized = True
        self._machine_code_pending = True

    def emit_machine_code(self) -> None:
        """Optimize the library's module, generate its machine code and hand it to the
        execution engine (once)."""
        with global_compiler_lock:
            if not self._machine_code_pending:
                return
            if not self._object_caching_enabled:  # loaded as bitcode: keep its object for the cache
                self.enable_object_caching()
            if self._optimization_pending:
                super()._optimize_final_module()
                self._optimization_pending = False
            self._dynamic_globals = []  # numba's finalization scans them again
            super()._finalize_final_module()
            self._machine_code_pending = False
            self._set_environments()

    def _set_environments(self) -> None:
        """Point the environment variables of the machine code just emitted at their
        environments, as numba does for a library it loads from the cache: numba set them
        when each function was compiled, and its variables were not in the engine then."""
        for variable in self._final_module.global_variables:
            env = environment.lookup_environment(variable.name)
            if env is not None:
                self._codegen.set_env(variable.name, env)

    @property
    def machine_code_emitted(self) -> bool:
        return not self._machine_code_pending

    def get_pointer_to_function(self, name):
        self._ensure_finalized()
        if self._machine_code_pending and self._defines(name):
            self.emit_machine_code()
        return super().get_pointer_to_function(name)

    def _defines(self, name: str) -> bool:
        try:
            return not self._final_module.get_function(name).is_declaration
        except NameError:
            return False

    def get_asm_str(self):
        self.emit_machine_code()
        return super().get_asm_str()

    def serialize_using_object_code(self):
        """The cached form: object code and bitcode once the machine code exists, else the
        bitcode alone (numba's ``bitcode`` form, loaded without generating code)."""
        if self._machine_code_pending:
            return self.serialize_using_bitcode()
        return super().serialize_using_object_code()


def _set_env_if_emitted(self, env_name, env):
    """numba's ``JITCPUCodegen.set_env``, skipping a variable whose machine code does not
    exist yet (a null address: numba would write there); it is set when the code is emitted."""
    if self._engine.get_global_value_address(env_name):
        _numba_set_env(self, env_name, env)


_numba_set_env = codegen.JITCPUCodegen.set_env


def install() -> None:
    """Make numba's JIT code generator create :class:`LazyMachineCodeLibrary` libraries."""
    codegen.JITCPUCodegen._library_class = LazyMachineCodeLibrary
    codegen.JITCPUCodegen.set_env = _set_env_if_emitted
