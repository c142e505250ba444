#include "driver/Property.h"

#include "core/ValueIO.h"
#include "driver/RandomInput.h"
#include "frontend/Type.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <map>

namespace loom {

namespace {

/** Shrinking stops after this many calls of the property. */
constexpr int shrink_budget = 2000;

/** A scalar of type t for size n: integers in [-n, n] ([0, n] unsigned) clamped to t,
 * floats in [-n, n], booleans either way. */
PrimValue small_prim(PrimType t, int64_t n, SplitMix64 &rng) {
    if (t == PrimType::Bool) return PrimValue::boolean(rng.next() & 1);
    if (is_float(t)) {
        double u = (double)(rng.next() >> 11) * 0x1p-53;
        return PrimValue::floating(t, (2 * u - 1) * (double)n);
    }
    bool sign = is_signed_int(t);
    int64_t hi = n, lo = sign ? -n : 0;
    if (prim_size(t) < 8) {
        int bits = prim_bits(t);
        int64_t top = sign ? (int64_t(1) << (bits - 1)) - 1 : (int64_t(1) << bits) - 1;
        hi = std::min(hi, top);
        lo = std::max(lo, sign ? -top - 1 : int64_t(0));
    }
    return PrimValue::integer(t, (uint64_t)(lo + (int64_t)rng.below((uint64_t)(hi - lo) + 1)));
}

/** The name a parameter is reported by. */
std::string param_name(const FunDef &fn, size_t i) {
    const Pat *p = fn.params[i].get();
    while (p && p->kind == Pat::Kind::Ascript && p->inner) p = p->inner.get();
    if (p && p->kind == Pat::Kind::Id) return p->name;
    return "argument " + std::to_string(i + 1);
}

/** Candidates from the property's parameter types, or why they cannot be made. */
struct Generator {
    const FunDef &fn;
    int64_t size;

    std::string unsupported() const {
        for (size_t i = 0; i < fn.params.size(); i++) {
            TypePtr t = fn.params[i]->type;
            bool ok = t && (t->kind == Type::Kind::Prim ||
                            (t->kind == Type::Kind::Array && t->elem && t->elem->kind == Type::Kind::Prim));
            if (!ok)
                return "parameter `" + param_name(fn, i) + "` has type `" + (t ? type_to_string(t) : "?") +
                       "`, of which loom test makes no candidates: give a generator, `#[prop(gen(f))]`";
        }
        return "";
    }

    std::vector<Value> make(SplitMix64 &rng) const {
        std::map<std::string, int64_t> lengths;  // one per size name
        std::vector<Value> args;
        for (const PatPtr &p : fn.params) {
            const TypePtr &t = p->type;
            if (t->kind == Type::Kind::Prim) {
                args.push_back(small_prim(t->prim, size, rng));
                continue;
            }
            std::vector<int64_t> shape;
            int64_t count = 1;
            for (const Dim &d : t->shape) {
                int64_t len;
                if (d.kind == Dim::Kind::Const) len = d.value;
                else if (d.kind == Dim::Kind::Var && lengths.count(d.name)) len = lengths[d.name];
                else len = (int64_t)rng.below((uint64_t)size + 1);
                if (d.kind == Dim::Kind::Var) lengths[d.name] = len;
                shape.push_back(len);
                count *= len;
            }
            Value v = Value::prim_array(t->elem->prim, shape);
            for (int64_t e = 0; e < count; e++) store_prim(t->elem->prim, v.mutable_data(), e, small_prim(t->elem->prim, size, rng));
            args.push_back(std::move(v));
        }
        return args;
    }
};

/** One call of the property: true where it holds; a run-time error counts as false,
 * with its message kept. */
struct Verdict {
    bool holds = false;
    std::string error;    ///< a run-time error, rendered
    std::string problem;  ///< the property is not one (its result is not a bool)
};

Verdict run(const EntryCall &call, const std::string &name, const std::vector<Value> &args) {
    Verdict v;
    try {
        Value r = call(name, args);
        if (!r.is_prim() || r.prim().type != PrimType::Bool) {
            v.problem = "property `" + name + "` must return a bool";
            return v;
        }
        v.holds = r.prim().b;
    } catch (const RuntimeError &e) {
        v.error = e.render();
    }
    return v;
}

/** Array `v` without the rows not in `keep` (sorted). */
Value keep_rows(const Value &v, const std::vector<int64_t> &keep) {
    std::vector<int64_t> shape = v.shape();
    int64_t row = 1;
    for (size_t i = 1; i < shape.size(); i++) row *= shape[i];
    const size_t bytes = (size_t)row * (size_t)prim_size(v.elem_prim());
    shape[0] = (int64_t)keep.size();
    Value r = Value::prim_array(v.elem_prim(), shape);
    for (size_t k = 0; k < keep.size(); k++)
        if (bytes) std::memcpy(r.mutable_data() + k * bytes, v.data() + (size_t)keep[k] * bytes, bytes);
    return r;
}

/** A scalar moved towards zero: zero, then half of it (false for a bool). */
std::vector<PrimValue> smaller(const PrimValue &p) {
    if (p.type == PrimType::Bool) return p.b ? std::vector<PrimValue>{PrimValue::boolean(false)} : std::vector<PrimValue>{};
    if (is_float(p.type)) {
        if (p.f == 0 || std::isnan(p.f)) return {};
        return {PrimValue::floating(p.type, 0), PrimValue::floating(p.type, std::trunc(p.f)),
                PrimValue::floating(p.type, p.f / 2)};
    }
    if (p.i == 0) return {};
    return {PrimValue::integer(p.type, 0), PrimValue::integer(p.type, (uint64_t)(is_signed_int(p.type) ? p.i / 2 : (int64_t)(p.u / 2)))};
}

/** Shrinks a counterexample without a shrink function: rows dropped from arrays whose
 * outer size is theirs alone, then scalars and elements moved towards zero. */
struct Shrinker {
    const FunDef &fn;
    const EntryCall &call;
    int calls = 0;

    bool still_fails(const std::vector<Value> &c) {
        if (calls >= shrink_budget) return false;
        calls++;
        Verdict v = run(call, fn.name, c);
        return !v.holds && v.problem.empty();
    }

    /** Groups of parameters whose outer size is one name found nowhere else (or none). */
    std::vector<std::vector<size_t>> row_groups() const {
        std::map<std::string, int> uses;
        for (const PatPtr &p : fn.params)
            if (p->type->kind == Type::Kind::Array)
                for (const Dim &d : p->type->shape)
                    if (d.kind == Dim::Kind::Var) uses[d.name]++;
        std::map<std::string, std::vector<size_t>> by_name;
        std::vector<std::vector<size_t>> groups;
        for (size_t i = 0; i < fn.params.size(); i++) {
            const TypePtr &t = fn.params[i]->type;
            if (t->kind != Type::Kind::Array) continue;
            const Dim &d = t->shape[0];
            if (d.kind == Dim::Kind::Any) groups.push_back({i});
            if (d.kind == Dim::Kind::Var) by_name[d.name].push_back(i);
        }
        for (auto &[name, ps] : by_name)
            if (uses[name] == (int)ps.size())  // no inner size too: dropping rows keeps the shapes
                groups.push_back(ps);
        return groups;
    }

    bool drop_rows(std::vector<Value> &c) {
        for (const std::vector<size_t> &g : row_groups()) {
            int64_t n = c[g[0]].length();
            // Halves first, then single rows.
            for (int64_t chunk = n / 2 > 0 ? n / 2 : 1; chunk >= 1; chunk /= 2) {
                for (int64_t start = 0; start + chunk <= n; start += chunk) {
                    std::vector<int64_t> keep;
                    for (int64_t r = 0; r < n; r++)
                        if (r < start || r >= start + chunk) keep.push_back(r);
                    std::vector<Value> next = c;
                    for (size_t i : g) next[i] = keep_rows(c[i], keep);
                    if (still_fails(next)) {
                        c = std::move(next);
                        return true;
                    }
                }
                if (chunk == 1) break;
            }
        }
        return false;
    }

    bool shrink_scalars(std::vector<Value> &c) {
        for (size_t i = 0; i < c.size(); i++) {
            if (c[i].is_prim()) {
                for (const PrimValue &s : smaller(c[i].prim())) {
                    std::vector<Value> next = c;
                    next[i] = Value(s);
                    if (still_fails(next)) {
                        c = std::move(next);
                        return true;
                    }
                }
                continue;
            }
            for (int64_t e = 0; e < c[i].num_elements(); e++) {
                for (const PrimValue &s : smaller(c[i].flat_prim(e))) {
                    std::vector<Value> next = c;
                    Value copy = c[i];
                    copy.make_unique_storage();
                    store_prim(copy.elem_prim(), copy.mutable_data(), e, s);
                    next[i] = std::move(copy);
                    if (still_fails(next)) {
                        c = std::move(next);
                        return true;
                    }
                }
                if (calls >= shrink_budget) return false;
            }
        }
        return false;
    }

    void shrink(std::vector<Value> &c) {
        while (calls < shrink_budget && (drop_rows(c) || shrink_scalars(c))) {
        }
    }
};

std::string show_candidate(const FunDef &fn, const std::vector<Value> &c) {
    std::string s;
    for (size_t i = 0; i < c.size(); i++)
        s += "\n  " + (i < fn.params.size() ? param_name(fn, i) : "argument " + std::to_string(i + 1)) +
             " = " + value_to_string(c[i]);
    return s;
}

std::vector<Value> values_of(const Value &r, size_t params) {
    if (params != 1 && r.kind() == Value::Kind::Tuple) return r.elems();
    return {r};
}

}  // namespace

std::optional<PropertySpec> property_spec(const FunDef &fn, std::string &problem) {
    for (const std::string &attr : fn.attrs) {
        std::string a;
        for (char ch : attr)
            if (!std::isspace((unsigned char)ch)) a += ch;
        if (a != "prop" && a.rfind("prop(", 0) != 0) continue;
        PropertySpec spec;
        if (a == "prop") return spec;
        if (a.back() != ')') {
            problem = "malformed attribute `#[" + attr + "]`";
            return spec;
        }
        // prop(gen(f),shrink(g),size(10))
        std::string args = a.substr(5, a.size() - 6);
        size_t i = 0;
        while (i < args.size()) {
            size_t open = args.find('(', i), close = args.find(')', i);
            if (open == std::string::npos || close == std::string::npos || close < open) {
                problem = "malformed attribute `#[" + attr + "]`: expected gen(f), shrink(f) or size(N)";
                return spec;
            }
            std::string key = args.substr(i, open - i), val = args.substr(open + 1, close - open - 1);
            if (key == "gen") spec.gen = val;
            else if (key == "shrink") spec.shrink = val;
            else if (key == "size" && !val.empty() && val.size() < 12 &&
                     val.find_first_not_of("0123456789") == std::string::npos)
                spec.size = std::stoll(val);
            else {
                problem = "in `#[" + attr + "]`: `" + key + "(" + val +
                          ")` is none of gen(f), shrink(f) and size(N) (N a number)";
                return spec;
            }
            i = close + 1;
            if (i < args.size() && args[i] == ',') i++;
        }
        return spec;
    }
    return std::nullopt;
}

PropertyResult check_property(const FunDef &prop, const PropertySpec &spec, const EntryCall &call, uint64_t seed) {
    PropertyResult res;
    Generator gen{prop, spec.size};
    if (spec.gen.empty()) {
        res.report = gen.unsupported();
        if (!res.report.empty()) return res;
    }
    SplitMix64 rng{seed};
    for (int k = 0; k < property_candidates; k++) {
        std::vector<Value> cand;
        if (spec.gen.empty()) {
            cand = gen.make(rng);
        } else {
            try {
                Value r = call(spec.gen, {PrimValue::integer(PrimType::I64, (uint64_t)spec.size),
                                          PrimValue::integer(PrimType::U64, rng.next())});
                cand = values_of(r, prop.params.size());
            } catch (const RuntimeError &e) {
                res.report = "the generator `" + spec.gen + "` failed:\n" + e.render();
                return res;
            }
        }
        Verdict v = run(call, prop.name, cand);
        if (!v.problem.empty()) {
            res.report = v.problem;
            return res;
        }
        if (v.holds) continue;
        // A counterexample: shrink it.
        Shrinker shrinker{prop, call};
        if (spec.shrink.empty()) {
            shrinker.shrink(cand);
        } else {
            for (int tries = 0; tries < 100 && shrinker.calls < shrink_budget; tries++) {
                std::vector<Value> args = cand;
                args.push_back(PrimValue::integer(PrimType::U64, rng.next()));
                std::vector<Value> next;
                try {
                    next = values_of(call(spec.shrink, args), prop.params.size());
                } catch (const RuntimeError &e) {
                    break;  // a shrinker that fails: report what we have
                }
                if (shrinker.still_fails(next)) cand = std::move(next);
            }
        }
        Verdict last = run(call, prop.name, cand);
        res.counterexample = true;
        res.report = "property `" + prop.name + "` " + (last.error.empty() ? "is false" : "fails") + " for" +
                     show_candidate(prop, cand) + "\n(candidate " + std::to_string(k + 1) + " of " +
                     std::to_string(property_candidates) + ", shrunk in " +
                     std::to_string(shrinker.calls) + " calls)";
        if (!last.error.empty()) res.report += "\n" + last.error;
        return res;
    }
    res.passed = true;
    return res;
}

}  // namespace loom
