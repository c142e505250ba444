/** \file
 * Foreign functions called by the interpreter: each is built, once, into a thunk with one
 * C signature for all (ObjectCache.h), from the same code the compiled backends paste in.
 */
#pragma once

#include "core/Foreign.h"
#include "core/Value.h"

namespace loom::runtime {

/** Calls the C function with its arguments in their C representation
 * (core/Value.h put_c_scalar), one slot each, and writes its result at `ret`. */
using ForeignThunk = void (*)(const void *const *args, void *ret);

/** f's thunk, built on first use (so a `foreign` declaration costs nothing until it is
 * called); a CompileError at f's header when the host compiler refuses f's code, the
 * compiler's error lines quoted. */
ForeignThunk foreign_thunk(const ForeignFn &f);

/** f applied to `args` (f.params.size() of them, of f's parameter types) through its thunk. */
PrimValue call_foreign(const ForeignFn &f, const PrimValue *args);

} // namespace loom::runtime
