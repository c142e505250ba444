/** \file
 * A compact S-expression rendering of the AST, for tests and debugging
 * (e.g. `1 + 2 * x` prints as `(+ 1 (* 2 x))`).  Not a pretty-printer of source.
 */
#pragma once

#include "frontend/AST.h"

#include <string>

namespace loom {

std::string print_exp(const Exp &e);
std::string print_type_exp(const TypeExp &t);
/** The type a failed size coercion (`e :> t`) names: the checked type, or t as written
 * where the checked type lost a size (`[n * m]i64` checked as `[]i64`). */
std::string coercion_type_text(const TypeExp &written, const Type *checked);
std::string print_pat(const Pat &p);
std::string print_slice(const std::vector<DimIndex> &slice);
std::string print_decl(const Decl &d);
/** Type parameters as written after a name: ` [n] 'a '^b`. */
std::string print_type_params(const std::vector<TypeParam> &ps);

}  // namespace loom
