// Values in and out of an IR function (see EntryValues.h).
#include "compiler/ir/EntryValues.h"

#include "frontend/Type.h"
#include "interpreter/EntryArgs.h"

#include <algorithm>
#include <cstring>

namespace loom::ir {

namespace {

/** The value of each size variable, from the arguments (check_entry_sizes). */
using Sizes = std::unordered_map<std::string, int64_t>;

PrimValue zero(PrimType t) {
    PrimValue z; // every bit zero: 0, 0.0 or false
    z.type = t;
    return z;
}

/** Zero columns for the components of a value of type t under outer shape `shape`: the
 * payloads a sum does not hold, or the columns of an empty array of tuples.  A size
 * variable the arguments did not give is 0. */
void zero_columns(const TypePtr &t, const std::vector<int64_t> &shape, const Sizes &sizes,
                  std::vector<Value> &out) {
    if (!t)
        throw InternalError("IR call: an array of tuples or a sum without a type");
    switch (t->kind) {
    case loom::Type::Kind::Prim:
        out.push_back(shape.empty() ? Value(zero(t->prim)) : Value::prim_array(t->prim, shape));
        return;
    case loom::Type::Kind::Array: {
        std::vector<int64_t> s = shape;
        for (const Dim &d : t->shape) {
            auto it = d.kind == Dim::Kind::Var ? sizes.find(d.name) : sizes.end();
            s.push_back(d.kind == Dim::Kind::Const ? d.value : it != sizes.end() ? it->second : 0);
        }
        zero_columns(t->elem, s, sizes, out);
        return;
    }
    case loom::Type::Kind::Tuple:
        for (const TypePtr &e : t->elems)
            zero_columns(e, shape, sizes, out);
        return;
    case loom::Type::Kind::Record:
        for (const auto &f : t->fields)
            zero_columns(f.second, shape, sizes, out);
        return;
    case loom::Type::Kind::Sum:
        out.push_back(shape.empty() ? Value(zero(sum_tag_type(t->fields.size())))
                                    : Value::prim_array(sum_tag_type(t->fields.size()), shape));
        for (const auto &f : t->fields)
            if (f.second)
                zero_columns(f.second, shape, sizes, out);
        return;
    default:
        throw InternalError("IR call: cannot pass this value to IR");
    }
}

/** How many flat values a value of type t is (its scalar components; an array of values
 * that hold no data, as a result: its sizes, then its element's). */
size_t columns(const TypePtr &t) {
    if (!t)
        return 1;
    switch (t->kind) {
    case loom::Type::Kind::Array:
        return (holds_no_data(t->elem) ? t->shape.size() : 0) + columns(t->elem);
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
    case loom::Type::Kind::Sum: { // the tag, then every constructor's payload
        size_t n = 1;
        for (const auto &f : t->fields)
            n += f.second ? columns(f.second) : 0;
        return n;
    }
    default:
        return 1;
    }
}

/** Whether zero columns of t may take sizes from other arguments: an array of a size
 * not constant in a sum's payload. */
bool sized_by_arguments(const TypePtr &t, bool in_sum = false) {
    if (!t)
        return true;
    if (t->kind == loom::Type::Kind::Array) {
        if (in_sum)
            for (const Dim &d : t->shape)
                if (d.kind != Dim::Kind::Const)
                    return true;
        return sized_by_arguments(t->elem, in_sum);
    }
    for (const TypePtr &e : t->elems)
        if (sized_by_arguments(e, in_sum))
            return true;
    for (const auto &f : t->fields)
        if (f.second && sized_by_arguments(f.second, in_sum || t->kind == loom::Type::Kind::Sum))
            return true;
    return false;
}

void flatten_value(const Value &v, const TypePtr &t, const Sizes &sizes, std::vector<Value> &out);
void unzip_elements(const Value &v, const TypePtr &elem, const Sizes &sizes,
                    std::vector<Value> &out);

/** An array of tuples or sums (boxed) as the IR takes it: one array per scalar component
 * of its elements, of v's shape followed by the component's own.  A sum's payloads that
 * an element does not hold are zeros (empty where the arguments give no size, so the
 * column takes its shape from the elements that hold it). */
void unzip(const Value &v, const TypePtr &elem, const Sizes &sizes, std::vector<Value> &out) {
    if (const std::vector<Value> *cols = v.columns();
        cols && elem && cols->size() == columns(elem)) {
        out.insert(out.end(), cols->begin(), cols->end()); // zipped from these: no copy
        return;
    }
    const size_t first = out.size();
    unzip_elements(v, elem, sizes, out);
    // Kept for the next call (a session's value: unzipped once, and left on the device),
    // unless a sum's payload took its sizes from the other arguments.
    if (!sized_by_arguments(elem))
        v.set_columns(std::vector<Value>(out.begin() + (std::ptrdiff_t)first, out.end()));
}

void unzip_elements(const Value &v, const TypePtr &elem, const Sizes &sizes,
                    std::vector<Value> &out) {
    const int64_t n = v.num_elements();
    if (n == 0)
        return zero_columns(elem, v.shape(), sizes, out);
    std::vector<std::vector<Value>> parts((size_t)n); // the flat components of each element
    for (int64_t i = 0; i < n; i++)
        flatten_value(v.flat_boxed(i), elem, sizes, parts[(size_t)i]);
    for (size_t j = 0; j < parts[0].size(); j++) {
        const Value *ref = &parts[0][j]; // an element's component of the column's shape
        for (int64_t i = 0; i < n && !ref->is_prim() && ref->num_elements() == 0; i++)
            ref = &parts[(size_t)i][j];
        const PrimType t = ref->is_prim() ? ref->prim().type : ref->elem_prim();
        std::vector<int64_t> shape = v.shape();
        if (!ref->is_prim())
            shape.insert(shape.end(), ref->shape().begin(), ref->shape().end());
        Value col = Value::prim_array(t, shape);
        const size_t each = (size_t)(ref->is_prim() ? 1 : ref->num_elements()) * prim_size(t);
        for (int64_t i = 0; i < n; i++) {
            const Value &x = parts[(size_t)i][j];
            if (x.is_prim())
                store_prim(t, col.mutable_data(), i, x.prim());
            else if (x.shape() == ref->shape() && each > 0)
                std::memcpy(col.mutable_data() + (size_t)i * each, x.data(), each);
            else if (x.num_elements() > 0)
                throw InternalError("IR call: an irregular array of tuples or sums");
        }
        out.push_back(std::move(col));
    }
}

/** v's flat components, as Lower's entry_param makes the parameters of its type t
 * (v's own types where t is not known: no sums then). */
void flatten_value(const Value &v, const TypePtr &t, const Sizes &sizes, std::vector<Value> &out) {
    auto part = [&](size_t i) -> TypePtr {
        if (!t)
            return nullptr;
        if (t->kind == loom::Type::Kind::Tuple)
            return i < t->elems.size() ? t->elems[i] : nullptr;
        if (t->kind == loom::Type::Kind::Record)
            return i < t->fields.size() ? t->fields[i].second : nullptr;
        return nullptr;
    };
    switch (v.kind()) {
    case Value::Kind::Prim:
        out.push_back(v);
        return;
    case Value::Kind::Array:
        if (v.is_prim_array())
            out.push_back(v);
        else
            unzip(v, t && t->kind == loom::Type::Kind::Array ? t->elem : v.elem_type(), sizes, out);
        return;
    case Value::Kind::Tuple:
    case Value::Kind::Record:
        for (size_t i = 0; i < v.elems().size(); i++)
            flatten_value(v.elems()[i], part(i), sizes, out);
        return;
    case Value::Kind::Sum: {
        if (!t || t->kind != loom::Type::Kind::Sum)
            throw InternalError("IR call: a sum value without its type");
        size_t k = 0;
        while (k < t->fields.size() && t->fields[k].first != v.ctor())
            k++;
        if (k == t->fields.size())
            throw InternalError("IR call: constructor #" + v.ctor() + " is not of type " +
                                type_to_string(t));
        out.push_back(Value(PrimValue::integer(sum_tag_type(t->fields.size()), k)));
        for (size_t c = 0; c < t->fields.size(); c++) {
            const TypePtr &payload = t->fields[c].second;
            if (!payload)
                continue;
            if (c != k) {
                zero_columns(payload, {}, sizes, out);
                continue;
            }
            for (size_t i = 0; i < v.elems().size(); i++)
                flatten_value(v.elems()[i], i < payload->elems.size() ? payload->elems[i] : nullptr,
                              sizes, out);
        }
        return;
    }
    default:
        throw InternalError("IR call: cannot pass this value to IR");
    }
}

Value regroup(const TypePtr &t, const std::vector<Value> &flat, size_t &pos);

/** The array of tuples of type t (of rank r) from its columns (unzip's inverse): element i
 * is regrouped from element i of each column (a scalar, or a view of the rest).  A
 * scalar column where r > 0 is the same in every element: a size of an array of no data
 * (Note [Results of no data] in Lower.cpp). */
Value zip(const TypePtr &t, const std::vector<Value> &cols) {
    const size_t r = (size_t)t->rank();
    auto whole = [r](const Value &c) { return c.is_array() && (size_t)c.rank() >= r; };
    auto col0 = std::find_if(cols.begin(), cols.end(), whole);
    if (col0 == cols.end())
        throw InternalError("IR call: an array of tuples without a column");
    const std::vector<int64_t> &full = col0->shape();
    std::vector<int64_t> shape(full.begin(), full.begin() + (std::ptrdiff_t)r);
    // Each column's element shape and size, once for every element read.
    std::vector<std::vector<int64_t>> rests;
    std::vector<int64_t> sizes;
    for (const Value &c : cols) {
        if (!whole(c)) {
            rests.emplace_back();
            sizes.push_back(-1);
            continue;
        }
        rests.emplace_back(c.shape().begin() + (std::ptrdiff_t)r, c.shape().end());
        int64_t each = 1;
        for (int64_t d : rests.back())
            each *= d;
        sizes.push_back(each);
    }
    // Made when first read: a GPU's result columns come down only as far as they are read
    // (a display's few elements), and not at all where a later entry takes the columns.
    auto make = [elem = t->elem, cols, rests, sizes](int64_t i) {
        std::vector<Value> row(cols.size());
        for (size_t j = 0; j < cols.size(); j++) {
            const Value &c = cols[j];
            row[j] = sizes[j] < 0       ? c
                     : rests[j].empty() ? Value(c.flat_prim(i))
                                      : Value::prim_array(c.elem_prim(), rests[j], c.buffer(),
                                                          c.offset() + i * sizes[j]);
        }
        size_t pos = 0;
        return regroup(elem, row, pos);
    };
    Value zipped = Value::lazy_boxed_array(std::move(shape), t->elem, std::move(make));
    zipped.set_columns(cols);
    return zipped;
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
    if (t && t->kind == loom::Type::Kind::Sum) { // the held constructor's payload only
        if (pos >= flat.size() || !flat[pos].is_prim())
            throw InternalError("IR call: too few results");
        const int64_t k = flat[pos++].prim().as_i64();
        if (k < 0 || (size_t)k >= t->fields.size())
            throw InternalError("IR call: a sum's tag " + std::to_string(k) + " out of range");
        std::vector<Value> payload;
        for (size_t c = 0; c < t->fields.size(); c++) {
            const TypePtr &p = t->fields[c].second;
            if (!p)
                continue;
            if (c != (size_t)k)
                pos += columns(p);
            else
                for (const TypePtr &e : p->elems)
                    payload.push_back(regroup(e, flat, pos));
        }
        return Value::sum(t->fields[(size_t)k].first, std::move(payload));
    }
    if (t && t->kind == loom::Type::Kind::Array && holds_no_data(t->elem)) {
        std::vector<int64_t> shape; // Note [Results of no data] in Lower.cpp
        for (size_t d = 0; d < t->shape.size(); d++) {
            if (pos >= flat.size() || !flat[pos].is_prim())
                throw InternalError("IR call: too few results");
            shape.push_back(flat[pos++].prim().as_i64());
        }
        Value e = regroup(t->elem, flat, pos); // the same in every element
        return Value::lazy_boxed_array(std::move(shape), t->elem, [e](int64_t) { return e; });
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
    const Sizes sizes =
        check_entry_sizes(f.name, f.loc, f.source_param_names, f.source_params, args);
    std::vector<Value> flat;
    for (size_t i = 0; i < args.size(); i++)
        flatten_value(args[i], i < f.source_params.size() ? f.source_params[i] : nullptr, sizes,
                      flat);
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
