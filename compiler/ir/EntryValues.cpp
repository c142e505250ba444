// Values in and out of an IR function (see EntryValues.h).
#include "compiler/ir/EntryValues.h"

#include "frontend/Type.h"
#include "interpreter/EntryArgs.h"

namespace loom::ir {

namespace {

void flatten_value(const Value &v, std::vector<Value> &out) {
    switch (v.kind()) {
    case Value::Kind::Prim:
        out.push_back(v);
        return;
    case Value::Kind::Array:
        if (!v.is_prim_array())
            throw InternalError("IR call: arrays of tuples are passed as several arrays");
        out.push_back(v);
        return;
    case Value::Kind::Tuple:
    case Value::Kind::Record:
        for (const Value &x : v.elems())
            flatten_value(x, out);
        return;
    default:
        throw InternalError("IR call: cannot pass this value to IR");
    }
}

Value regroup(const TypePtr &t, const std::vector<Value> &flat, size_t &pos) {
    if (t && t->kind == loom::Type::Kind::Tuple) {
        std::vector<Value> xs;
        for (const TypePtr &e : t->elems)
            xs.push_back(regroup(e, flat, pos));
        return xs.empty() ? Value() : Value::tuple(std::move(xs));
    }
    if (t && t->kind == loom::Type::Kind::Record) {
        std::vector<std::string> names;
        std::vector<Value> xs;
        for (const auto &[n, ft] : t->fields) {
            names.push_back(n);
            xs.push_back(regroup(ft, flat, pos));
        }
        return Value::record(std::move(names), std::move(xs));
    }
    if (pos >= flat.size())
        throw InternalError("IR call: too few results");
    return flat[pos++];
}

} // namespace

std::vector<Value> flatten_arguments(const Function &f, const std::vector<Value> &args) {
    check_entry_sizes(f.name, f.loc, f.source_param_names, f.source_params, args);
    std::vector<Value> flat;
    for (const Value &a : args)
        flatten_value(a, flat);
    if (flat.size() != f.params.size())
        throw InternalError("IR call: " + f.name + " takes " + std::to_string(f.params.size()) +
                            " flat arguments, given " + std::to_string(flat.size()));
    return flat;
}

std::unordered_map<int, int64_t> bind_sizes(const Function &f, const std::vector<Value> &flat) {
    std::unordered_map<int, int64_t> sizes;
    for (size_t i = 0; i < flat.size() && i < f.params.size(); i++) {
        const Param &p = f.params[i];
        const Value &v = flat[i];
        for (int d = 0; d < p.type.rank(); d++) {
            const SubExp &dim = p.type.dims[(size_t)d];
            int64_t actual = d < v.rank() ? v.shape()[(size_t)d] : -1;
            if (dim.is_const) {
                if (dim.value.as_i64() != actual)
                    throw RuntimeError(f.loc, "argument has the wrong size");
                continue;
            }
            auto it = sizes.find(dim.var.id);
            if (it == sizes.end())
                sizes[dim.var.id] = actual;
            else if (it->second != actual)
                throw RuntimeError(f.loc, "arguments' sizes do not match");
        }
    }
    for (const Param &p : f.size_params)
        sizes.emplace(p.var.id, 0);
    return sizes;
}

Value regroup_results(const Function &f, const std::vector<Value> &flat) {
    size_t pos = 0;
    return regroup(f.source_ret, flat, pos);
}

} // namespace loom::ir
