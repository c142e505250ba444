/** \file
 * Foreign functions called by the interpreter: each is built, once, into a thunk with one
 * C signature for all (ObjectCache.h), from the same code the compiled backends paste in.
 */
#pragma once

#include "core/Foreign.h"
#include "core/Value.h"
#include "runtime/cpu/ObjectCache.h"

namespace loom::runtime {

/** Calls the C function with its sizes, its arguments (scalars in their C representation,
 * core/Value.h put_c_scalar; arrays' first elements) and its results' places, one slot
 * each, and writes a scalar result at `ret`. */
using ForeignThunk = void (*)(void *const *args, void *ret);

/** f's thunk, built on first use (so a `foreign` declaration costs nothing until it is
 * called); a CompileError at f's header when the host compiler refuses f's code, the
 * compiler's error lines quoted. */
ForeignThunk foreign_thunk(const ForeignFn &f);

/** A scalar f (ForeignFn::scalar) applied to `args` (of f's parameter types). */
PrimValue call_foreign(const ForeignFn &f, const PrimValue *args);

/** f applied to `args` (scalars and primitive arrays): its results, one per component;
 * a RuntimeError at `loc` when arrays sharing a size disagree. */
std::vector<Value> call_foreign(const ForeignFn &f, const std::vector<Value> &args, const SrcLoc &loc);

/** load_object (with optimisation flags `opt`) for generated code with the C of `fs`
 * pasted in: when the host compiler refuses it and `fs` is not empty, a CompileError at
 * the first one's header quoting the compiler's error lines (foreign code clashing with
 * Loom's or another file's), rather than an internal error. */
LoadedObject load_with_foreign(const std::string &source, size_t prelude_size,
                               const std::vector<std::shared_ptr<const ForeignFn>> &fs,
                               const std::string &opt = {});

} // namespace loom::runtime
