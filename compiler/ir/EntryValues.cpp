// Values in and out of an IR function (see EntryValues.h).
#include "compiler/ir/EntryValues.h"

#include "frontend/Type.h"
#include "interpreter/EntryArgs.h"

#include <cstring>

namespace loom::ir {

namespace {

void flatten_value(const Value &v, std::vector<Value> &out);

/** Empty columns for the components of element type t under outer shape `shape`. */
void empty_columns(const TypePtr &t, const std::vector<int64_t> &shape, std::vector<Value> &out) {
    if (!t)
        throw InternalError("IR call: an empty array of tuples without an element type");
    switch (t->kind) {
    case loom::Type::Kind::Prim:
        out.push_back(Value::prim_array(t->prim, shape));
        return;
    case loom::Type::Kind::Array: {
        std::vector<int64_t> s = shape;
        for (const Dim &d : t->shape)
            s.push_back(d.kind == Dim::Kind::Const ? d.value : 0);
        empty_columns(t->elem, s, out);
        return;
    }
    case loom::Type::Kind::Tuple:
        for (const TypePtr &e : t->elems)
            empty_columns(e, shape, out);
        return;
    case loom::Type::Kind::Record:
        for (const auto &f : t->fields)
            empty_columns(f.second, shape, out);
        return;
    default:
        throw InternalError("IR call: cannot pass this value to IR");
    }
}

/** An array of tuples (boxed) as the IR takes it: one array per scalar component of its
 * elements, of v's shape followed by the component's own. */
void unzip(const Value &v, std::vector<Value> &out) {
    const int64_t n = v.num_elements();
    if (n == 0)
        return empty_columns(v.elem_type(), v.shape(), out);
    std::vector<std::vector<Value>> parts((size_t)n); // the flat components of each element
    for (int64_t i = 0; i < n; i++)
        flatten_value(v.flat_boxed(i), parts[(size_t)i]);
    for (size_t j = 0; j < parts[0].size(); j++) {
        const Value &first = parts[0][j];
        const PrimType t = first.is_prim() ? first.prim().type : first.elem_prim();
        std::vector<int64_t> shape = v.shape();
        if (!first.is_prim())
            shape.insert(shape.end(), first.shape().begin(), first.shape().end());
        Value col = Value::prim_array(t, shape);
        const size_t each = (size_t)(first.is_prim() ? 1 : first.num_elements()) * prim_size(t);
        for (int64_t i = 0; i < n; i++) {
            const Value &x = parts[(size_t)i][j];
            if (x.is_prim())
                store_prim(t, col.mutable_data(), i, x.prim());
            else if (each > 0)
                std::memcpy(col.mutable_data() + (size_t)i * each, x.data(), each);
        }
        out.push_back(std::move(col));
    }
}

void flatten_value(const Value &v, std::vector<Value> &out) {
    switch (v.kind()) {
    case Value::Kind::Prim:
        out.push_back(v);
        return;
    case Value::Kind::Array:
        if (v.is_prim_array())
            out.push_back(v);
        else
            unzip(v, out);
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

/** How many flat values a value of type t is (its scalar components). */
size_t columns(const TypePtr &t) {
    if (!t)
        return 1;
    switch (t->kind) {
    case loom::Type::Kind::Array:
        return columns(t->elem);
    case loom::Type::Kind::Tuple: {
        size_t n = 0;
        for (const TypePtr &e : t->elems)
            n += columns(e);
        return n;
    }
    case loom::Type::Kind::Record: {
        size_t n = 0;
        for (const auto &f : t->fields)
            n += columns(f.second);
        return n;
    }
    default:
        return 1;
    }
}

Value regroup(const TypePtr &t, const std::vector<Value> &flat, size_t &pos);

/** The array of tuples of type t (of rank r) from its columns (unzip's inverse): element i
 * is regrouped from element i of each column (a scalar, or a view of the rest). */
Value zip(const TypePtr &t, const std::vector<Value> &cols) {
    const size_t r = (size_t)t->rank();
    const std::vector<int64_t> &full = cols.at(0).shape();
    std::vector<int64_t> shape(full.begin(), full.begin() + (std::ptrdiff_t)r);
    int64_t n = 1;
    for (int64_t d : shape)
        n *= d;
    std::vector<Value> elems;
    elems.reserve((size_t)n);
    std::vector<Value> row(cols.size());
    for (int64_t i = 0; i < n; i++) {
        for (size_t j = 0; j < cols.size(); j++) {
            const Value &c = cols[j];
            std::vector<int64_t> rest(c.shape().begin() + (std::ptrdiff_t)r, c.shape().end());
            int64_t each = 1;
            for (int64_t d : rest)
                each *= d;
            row[j] = rest.empty() ? Value(c.flat_prim(i))
                                  : Value::prim_array(c.elem_prim(), rest, c.buffer(),
                                                      c.offset() + i * each);
        }
        size_t pos = 0;
        elems.push_back(regroup(t->elem, row, pos));
    }
    return Value::boxed_array(std::move(shape), std::move(elems), t->elem);
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
    if (t && t->kind == loom::Type::Kind::Array && t->elem && !t->elem->is_prim()) {
        const size_t k = columns(t);
        if (pos + k > flat.size())
            throw InternalError("IR call: too few results");
        std::vector<Value> cols(flat.begin() + (std::ptrdiff_t)pos,
                                flat.begin() + (std::ptrdiff_t)(pos + k));
        pos += k;
        return zip(t, cols);
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
    return regroup_results(f.source_ret, flat);
}

Value regroup_results(const TypePtr &source_ret, const std::vector<Value> &flat) {
    size_t pos = 0;
    return regroup(source_ret, flat, pos);
}

} // namespace loom::ir
