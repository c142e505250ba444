/** \file
 * Polynomials of i64 sizes, to see that two slice bounds differ by a constant or by one
 * variable whatever their other variables (`i + 2` and `i`, `3 * (i + 1)` and `3 * i`,
 * `(i + 1) * k` and `i * k`).  The type checker builds
 * them from a bound's source (variables by name), Lower from its IR (by id): both must
 * give a slice the same size, so both use this one arithmetic.  Coefficients wrap as i64
 * arithmetic does (ring identities hold modulo 2^64).
 */
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace loom {

/** Each monomial's variables (sorted) and its coefficient; no zero coefficients. */
template <class Var> using SizePoly = std::map<std::vector<Var>, uint64_t>;

/** Terms beyond which a polynomial is not worth comparing (its builder gives up). */
inline constexpr size_t size_poly_max_terms = 16;

/** a op b, for op '+', '-' or '*'. */
template <class Var>
SizePoly<Var> size_poly_combine(char op, const SizePoly<Var> &a, const SizePoly<Var> &b) {
    SizePoly<Var> out;
    if (op == '*') {
        for (const auto &[ma, ca] : a)
            for (const auto &[mb, cb] : b) {
                std::vector<Var> m = ma;
                m.insert(m.end(), mb.begin(), mb.end());
                std::sort(m.begin(), m.end());
                out[m] += ca * cb;
            }
    } else {
        out = a;
        for (const auto &[m, c] : b)
            out[m] += op == '+' ? c : (uint64_t)0 - c;
    }
    for (auto it = out.begin(); it != out.end();)
        it = it->second == 0 ? out.erase(it) : std::next(it);
    return out;
}

/** end - start where that is a constant of at least 0: the size of slice start:end (a
 * negative difference fails in the slice itself). */
template <class Var>
std::optional<int64_t> size_poly_constant_difference(const SizePoly<Var> &start, const SizePoly<Var> &end) {
    SizePoly<Var> d = size_poly_combine('-', end, start);
    if (d.empty())
        return 0;
    if (d.size() != 1 || !d.begin()->first.empty() || (int64_t)d.begin()->second < 0)
        return std::nullopt;
    return (int64_t)d.begin()->second;
}

/** end - start where that is one variable (`xs[i:i+k]`, `xs[i*k:(i+1)*k]`): the size of
 * slice start:end is that variable's value (a negative one fails in the slice itself). */
template <class Var>
std::optional<Var> size_poly_variable_difference(const SizePoly<Var> &start, const SizePoly<Var> &end) {
    SizePoly<Var> d = size_poly_combine('-', end, start);
    if (d.size() != 1 || d.begin()->first.size() != 1 || d.begin()->second != 1)
        return std::nullopt;
    return d.begin()->first[0];
}

} // namespace loom
