// Semantic types: construction, printing and structural comparison.
#include "frontend/Type.h"

#include <algorithm>

namespace loom {

TypePtr Type::prim_type(PrimType p) {
    // Primitive types are shared: one instance per primitive type.
    static const std::vector<TypePtr> prims = [] {
        std::vector<TypePtr> v;
        for (int i = 0; i < num_prim_types; i++) {
            auto t = std::make_shared<Type>();
            t->kind = Kind::Prim;
            t->prim = (PrimType)i;
            v.push_back(t);
        }
        return v;
    }();
    return prims[(int)p];
}

TypePtr Type::array(TypePtr elem, std::vector<Dim> shape, bool unique) {
    auto t = std::make_shared<Type>();
    t->kind = Kind::Array;
    t->unique = unique;
    // Keep the invariant that the element is never an array.
    if (elem && elem->kind == Kind::Array) {
        for (auto &d : elem->shape) shape.push_back(d);
        t->elem = elem->elem;
    } else {
        t->elem = elem ? elem->with_unique(false) : elem;
    }
    t->shape = std::move(shape);
    return t;
}

TypePtr Type::tuple(std::vector<TypePtr> elems) {
    auto t = std::make_shared<Type>();
    t->kind = Kind::Tuple;
    t->elems = std::move(elems);
    return t;
}

TypePtr Type::record(std::vector<std::pair<std::string, TypePtr>> fields) {
    auto t = std::make_shared<Type>();
    t->kind = Kind::Record;
    std::sort(fields.begin(), fields.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    t->fields = std::move(fields);
    return t;
}

TypePtr Type::sum(std::vector<std::pair<std::string, TypePtr>> ctors) {
    auto t = std::make_shared<Type>();
    t->kind = Kind::Sum;
    std::sort(ctors.begin(), ctors.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    t->fields = std::move(ctors);
    return t;
}

TypePtr Type::func(TypePtr param, TypePtr result, std::string param_name) {
    auto t = std::make_shared<Type>();
    t->kind = Kind::Func;
    t->param = std::move(param);
    t->result = std::move(result);
    t->param_name = std::move(param_name);
    return t;
}

TypePtr Type::type_var(std::string name) {
    auto t = std::make_shared<Type>();
    t->kind = Kind::TypeVar;
    t->var = std::move(name);
    return t;
}

TypePtr Type::row_type() const {
    if (kind != Kind::Array) return nullptr;
    if (shape.size() <= 1) return elem;
    return array(elem, std::vector<Dim>(shape.begin() + 1, shape.end()), unique);
}

TypePtr Type::with_unique(bool u) const {
    if (kind == Kind::Prim && !u) return prim_type(prim);
    auto t = std::make_shared<Type>(*this);
    t->unique = u;
    return t;
}

std::vector<TypePtr> Type::components() const {
    if (kind == Kind::Tuple) return elems;
    std::vector<TypePtr> r;
    if (kind == Kind::Record)
        for (auto &f : fields) r.push_back(f.second);
    return r;
}

TypePtr Type::with_components(std::vector<TypePtr> cs) const {
    if (kind == Kind::Tuple) return tuple(std::move(cs));
    std::vector<std::pair<std::string, TypePtr>> fs = fields;
    for (size_t i = 0; i < fs.size() && i < cs.size(); i++) fs[i].second = std::move(cs[i]);
    return record(std::move(fs));
}

static void print_type(std::string &out, const Type &t, bool in_func_param);

bool is_size_op(const std::string &op) {
    return op == "+" || op == "-" || op == "*" || op == "/" || op == "%" || op == "//" || op == "%%" ||
           op == "**";
}

bool Dim::is_call() const { return kind == Kind::Exp && !is_size_op(name); }

std::string dim_to_string(const Dim &d) {
    switch (d.kind) {
    case Dim::Kind::Const:
        return std::to_string(d.value);
    case Dim::Kind::Var:
        return d.name;
    case Dim::Kind::Any:
        return {};
    case Dim::Kind::Exp: {
        // Operands that are themselves sums or products are parenthesised.
        auto operand = [](const Dim &a) {
            return a.kind == Dim::Kind::Exp ? "(" + dim_to_string(a) + ")" : dim_to_string(a);
        };
        if (d.is_call()) {
            std::string s = d.name;
            for (const Dim &a : *d.args) s += " " + operand(a);
            return s;
        }
        return operand((*d.args)[0]) + " " + d.name + " " + operand((*d.args)[1]);
    }
    }
    return {};
}

static void print_dim(std::string &out, const Dim &d) {
    out += "[" + dim_to_string(d) + "]";
}

static void print_type(std::string &out, const Type &t, bool in_func_param) {
    if (t.unique) out += '*';
    switch (t.kind) {
    case Type::Kind::Prim: out += prim_name(t.prim); break;
    case Type::Kind::Array:
        for (auto &d : t.shape) print_dim(out, d);
        if (t.elem) {
            bool paren = t.elem->kind == Type::Kind::Func || t.elem->kind == Type::Kind::Sum;
            if (paren) out += '(';
            print_type(out, *t.elem, false);
            if (paren) out += ')';
        } else {
            out += '?';
        }
        break;
    case Type::Kind::Tuple:
        out += '(';
        for (size_t i = 0; i < t.elems.size(); i++) {
            if (i) out += ", ";
            print_type(out, *t.elems[i], false);
        }
        out += ')';
        break;
    case Type::Kind::Record:
        out += '{';
        for (size_t i = 0; i < t.fields.size(); i++) {
            if (i) out += ", ";
            out += t.fields[i].first + ": ";
            print_type(out, *t.fields[i].second, false);
        }
        out += '}';
        break;
    case Type::Kind::Sum:
        if (in_func_param) out += '(';
        for (size_t i = 0; i < t.fields.size(); i++) {
            if (i) out += " | ";
            out += '#' + t.fields[i].first;
            const auto &p = t.fields[i].second;
            if (p && p->kind == Type::Kind::Tuple) {
                for (auto &e : p->elems) {
                    out += ' ';
                    bool paren = e->kind == Type::Kind::Func || e->kind == Type::Kind::Sum;
                    if (paren) out += '(';
                    print_type(out, *e, false);
                    if (paren) out += ')';
                }
            }
        }
        if (in_func_param) out += ')';
        break;
    case Type::Kind::Func:
        if (in_func_param) out += '(';
        if (!t.param_name.empty()) {
            out += '(' + t.param_name + ": ";
            print_type(out, *t.param, false);
            out += ')';
        } else {
            print_type(out, *t.param, true);
        }
        out += " -> ";
        print_type(out, *t.result, false);
        if (in_func_param) out += ')';
        break;
    case Type::Kind::TypeVar: out += t.var; break;
    }
}

bool type_any(const TypePtr &t, bool into_funcs, const std::function<bool(const Type &)> &pred) {
    if (!t) return false;
    if (pred(*t)) return true;
    switch (t->kind) {
    case Type::Kind::Array: return type_any(t->elem, into_funcs, pred);
    case Type::Kind::Tuple:
        for (auto &e : t->elems)
            if (type_any(e, into_funcs, pred)) return true;
        return false;
    case Type::Kind::Record:
    case Type::Kind::Sum:
        for (auto &f : t->fields)
            if (type_any(f.second, into_funcs, pred)) return true;
        return false;
    case Type::Kind::Func: return into_funcs && (type_any(t->param, into_funcs, pred) || type_any(t->result, into_funcs, pred));
    default: return false;
    }
}

std::string type_to_string(const Type &t) {
    std::string out;
    print_type(out, t, false);
    return out;
}

static bool dims_match(const Dim &a, const Dim &b) {
    return a.kind == Dim::Kind::Any || b.kind == Dim::Kind::Any || a == b;
}

// Tuples are records with fields 0..n-1: give both the same view.
static std::vector<std::pair<std::string, TypePtr>> fields_view(const Type &t) {
    if (t.kind == Type::Kind::Record) return t.fields;
    std::vector<std::pair<std::string, TypePtr>> f;
    for (size_t i = 0; i < t.elems.size(); i++) f.emplace_back(std::to_string(i), t.elems[i]);
    std::sort(f.begin(), f.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    return f;
}

bool type_contains(const TypePtr &t, Type::Kind k) {
    if (!t)
        return false;
    if (t->kind == k)
        return true;
    if (t->kind == Type::Kind::Array)
        return type_contains(t->elem, k);
    for (const TypePtr &e : t->elems)
        if (type_contains(e, k))
            return true;
    for (const auto &f : t->fields)
        if (type_contains(f.second, k))
            return true;
    return false;
}

bool holds_no_data(const TypePtr &t) {
    if (!t)
        return false;
    switch (t->kind) {
    case Type::Kind::Array: return holds_no_data(t->elem);
    case Type::Kind::Tuple: return std::all_of(t->elems.begin(), t->elems.end(), holds_no_data);
    case Type::Kind::Record:
        return std::all_of(t->fields.begin(), t->fields.end(), [](const auto &f) { return holds_no_data(f.second); });
    default: return false;
    }
}

TypePtr map_dims(const TypePtr &t, const std::function<Dim(const Dim &)> &f) {
    if (!t)
        return t;
    switch (t->kind) {
    case Type::Kind::Array: {
        std::vector<Dim> shape;
        for (const Dim &d : t->shape)
            shape.push_back(f(d));
        TypePtr e = map_dims(t->elem, f);
        if (shape == t->shape && e == t->elem)
            return t;
        return Type::array(e, std::move(shape), t->unique);
    }
    case Type::Kind::Tuple: {
        std::vector<TypePtr> es;
        for (const TypePtr &e : t->elems)
            es.push_back(map_dims(e, f));
        if (es == t->elems)
            return t;
        auto r = Type::tuple(std::move(es));
        return t->unique ? r->with_unique(true) : r;
    }
    case Type::Kind::Record:
    case Type::Kind::Sum: {
        auto fs = t->fields;
        for (auto &fl : fs)
            fl.second = map_dims(fl.second, f);
        if (fs == t->fields)
            return t;
        auto r =
            t->kind == Type::Kind::Record ? Type::record(std::move(fs)) : Type::sum(std::move(fs));
        return t->unique ? r->with_unique(true) : r;
    }
    case Type::Kind::Func: {
        TypePtr p = map_dims(t->param, f), r = map_dims(t->result, f);
        if (p == t->param && r == t->result)
            return t;
        return Type::func(p, r, t->param_name);
    }
    default:
        return t;
    }
}

bool types_match(const Type &a, const Type &b) {
    bool a_rec = a.kind == Type::Kind::Tuple || a.kind == Type::Kind::Record;
    bool b_rec = b.kind == Type::Kind::Tuple || b.kind == Type::Kind::Record;
    if (a_rec && b_rec) {
        if (a.kind == b.kind && a.kind == Type::Kind::Tuple) {
            if (a.elems.size() != b.elems.size()) return false;
            for (size_t i = 0; i < a.elems.size(); i++)
                if (!types_match(*a.elems[i], *b.elems[i])) return false;
            return true;
        }
        auto fa = fields_view(a), fb = fields_view(b);
        if (fa.size() != fb.size()) return false;
        for (size_t i = 0; i < fa.size(); i++)
            if (fa[i].first != fb[i].first || !types_match(*fa[i].second, *fb[i].second))
                return false;
        return true;
    }
    if (a.kind != b.kind) return false;
    switch (a.kind) {
    case Type::Kind::Prim: return a.prim == b.prim;
    case Type::Kind::Array:
        if (a.shape.size() != b.shape.size()) return false;
        for (size_t i = 0; i < a.shape.size(); i++)
            if (!dims_match(a.shape[i], b.shape[i])) return false;
        return types_match(*a.elem, *b.elem);
    case Type::Kind::Sum:
        if (a.fields.size() != b.fields.size()) return false;
        for (size_t i = 0; i < a.fields.size(); i++)
            if (a.fields[i].first != b.fields[i].first ||
                !types_match(*a.fields[i].second, *b.fields[i].second))
                return false;
        return true;
    case Type::Kind::Func:
        return types_match(*a.param, *b.param) && types_match(*a.result, *b.result);
    case Type::Kind::TypeVar: return a.var == b.var;
    default: return false;
    }
}

}  // namespace loom
