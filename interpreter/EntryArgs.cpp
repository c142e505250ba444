// The size check of an entry point's arguments (see EntryArgs.h).
#include "interpreter/EntryArgs.h"

#include <algorithm>
#include <unordered_map>

namespace loom {

std::string param_display_name(const Pat &p) {
    switch (p.kind) {
    case Pat::Kind::Id: return p.name;
    case Pat::Kind::Ascript: return p.inner ? param_display_name(*p.inner) : "_";
    case Pat::Kind::Tuple: {
        if (p.elems.size() == 1) return param_display_name(*p.elems[0]);  // parenthesised
        std::string s = "(";
        for (size_t i = 0; i < p.elems.size(); ++i)
            s += (i ? ", " : "") + param_display_name(*p.elems[i]);
        return s + ")";
    }
    case Pat::Kind::Record: {
        std::string s = "{";
        for (size_t i = 0; i < p.fields.size(); ++i) s += (i ? ", " : "") + p.fields[i].first;
        return s + "}";
    }
    default: return "_";
    }
}

namespace {

/** Walks the arguments, remembering the first value of each size variable and where it
 * came from, and throws at the first disagreement. */
class SizeChecker {
public:
    SizeChecker(const std::string &entry, const SrcLoc &loc) : entry_(entry), loc_(loc) {}

    /** A parameter `name: t` that later types may name as a size (`(n: i64) (xs: [n]t)`). */
    void value_param(const std::string &name, const Value &v) {
        sizes_[name] = Known{v.prim().as_i64(), "argument `" + name + "`"};
    }

    /** `name` is the argument's name, with `.i`/`.field` for a part of a tuple or record. */
    void walk(const TypePtr &t, const Value &v, const std::string &name) {
        if (!t) return;
        switch (t->kind) {
        case Type::Kind::Array:
            if (!v.is_array()) return;
            for (size_t k = 0; k < t->shape.size() && (int)k < v.rank(); ++k)
                dim(t->shape[k], v.shape()[k], (int)k + 1, name);
            // Elements with arrays in them (not read otherwise: they may be on a GPU still):
            // the first, or each where a sum's held constructor decides what is there.
            if (t->elem && type_contains(t->elem, Type::Kind::Array) && !v.is_prim_array()) {
                const int64_t n = type_contains(t->elem, Type::Kind::Sum)
                                      ? v.num_elements()
                                      : std::min<int64_t>(v.num_elements(), 1);
                for (int64_t i = 0; i < n; ++i)
                    walk(t->elem, v.flat_boxed(i), name);
            }
            return;
        case Type::Kind::Tuple:
            if (v.kind() == Value::Kind::Tuple)
                for (size_t i = 0; i < t->elems.size() && i < v.elems().size(); ++i)
                    walk(t->elems[i], v.elems()[i], name + "." + std::to_string(i));
            return;
        case Type::Kind::Record:
            if (v.kind() == Value::Kind::Record || v.kind() == Value::Kind::Tuple)
                for (size_t i = 0; i < t->fields.size() && i < v.elems().size(); ++i)
                    walk(t->fields[i].second, v.elems()[i], name + "." + t->fields[i].first);
            return;
        case Type::Kind::Sum:
            if (v.kind() == Value::Kind::Sum)
                for (const auto &[ctor, payload] : t->fields)
                    if (ctor == v.ctor() && payload)
                        walk(payload, Value::tuple(v.elems()), name + ".#" + ctor);
            return;
        default: return;
        }
    }

    std::unordered_map<std::string, int64_t> sizes() const {
        std::unordered_map<std::string, int64_t> out;
        for (const auto &[name, known] : sizes_)
            out[name] = known.value;
        return out;
    }

private:
    struct Known {
        int64_t value;
        std::string origin;  ///< "dimension 1 of `xs`" or "argument `n`"
    };
    const std::string &entry_;
    const SrcLoc &loc_;
    std::unordered_map<std::string, Known> sizes_;

    void dim(const Dim &d, int64_t actual, int k, const std::string &name) {
        if (d.kind == Dim::Kind::Const) {
            if (d.value != actual) fail(name, k, actual, "its type says " + std::to_string(d.value));
            return;
        }
        if (d.kind != Dim::Kind::Var) return;
        auto [it, fresh] =
            sizes_.try_emplace(d.name, Known{actual, "dimension " + std::to_string(k) + " of `" + name + "`"});
        if (!fresh && it->second.value != actual)
            fail(name, k, actual,
                 "`" + d.name + "` = " + std::to_string(it->second.value) + " from " + it->second.origin);
    }

    [[noreturn]] void fail(const std::string &name, int k, int64_t actual, const std::string &but) {
        throw RuntimeError(loc_, "entry point `" + entry_ + "`: argument `" + name + "` has size " +
                                     std::to_string(actual) + " in dimension " + std::to_string(k) +
                                     ", but " + but);
    }
};

}  // namespace

std::unordered_map<std::string, int64_t>
check_entry_sizes(const std::string &entry, const SrcLoc &loc,
                  const std::vector<std::string> &param_names,
                  const std::vector<TypePtr> &param_types, const std::vector<Value> &args) {
    SizeChecker check(entry, loc);
    for (size_t i = 0; i < args.size() && i < param_types.size() && i < param_names.size(); ++i) {
        const TypePtr &t = param_types[i];
        if (t && t->kind == Type::Kind::Prim && is_int(t->prim) && args[i].is_prim())
            check.value_param(param_names[i], args[i]);
        else
            check.walk(t, args[i], param_names[i]);
    }
    return check.sizes();
}

}  // namespace loom
