// The IR's reference evaluator (tests only): a direct walk over bodies, with every var's
// Value in one map (ids are unique in a module, so no scoping is needed).
#include "compiler/ir/IREval.h"

#include "compiler/ir/EntryValues.h"
#include "core/Stack.h"

#include "frontend/Type.h"
#include "interpreter/Evaluator.h" // resolve_slice/gather_slice: the very same slice rules
#include "runtime/cpu/Foreign.h"

#include <unordered_map>

namespace loom::ir {

namespace {

std::string shape_text(const std::vector<int64_t> &shape) {
    std::string s;
    for (int64_t d : shape)
        s += "[" + std::to_string(d) + "]";
    return s;
}

/** Collects rows (scalars or arrays of one shape) into a fresh prim array. */
Value build_array(PrimType elem, const std::vector<Value> &rows, std::vector<int64_t> row_shape) {
    if (!rows.empty() && rows[0].is_array())
        row_shape = rows[0].shape();
    if (!rows.empty() && !rows[0].is_array())
        row_shape.clear();
    std::vector<int64_t> shape{(int64_t)rows.size()};
    shape.insert(shape.end(), row_shape.begin(), row_shape.end());
    Value out = Value::prim_array(elem, shape);
    int64_t row_size = 1;
    for (int64_t d : row_shape)
        row_size *= d;
    uint8_t *dst = out.mutable_data();
    for (size_t i = 0; i < rows.size(); i++) {
        const Value &r = rows[i];
        if (!r.is_array()) {
            store_prim(elem, dst, (int64_t)i, r.prim());
        } else {
            if (r.shape() != row_shape)
                throw InternalError("IREval: rows of different shapes");
            for (int64_t j = 0; j < row_size; j++)
                store_prim(elem, dst, (int64_t)i * row_size + j, r.flat_prim(j));
        }
    }
    return out;
}

/** A private contiguous copy of a prim array. */
Value copy_array(const Value &a) {
    Value c = Value::prim_array(a.elem_prim(), a.shape());
    int64_t n = a.num_elements();
    if (n > 0)
        std::memcpy(c.mutable_data(), a.data(), (size_t)(n * prim_size(a.elem_prim())));
    return c;
}

/** Writes `v` (scalar or array) at row-major position of the index prefix `idx` of `a`. */
void write_at(Value &a, const std::vector<int64_t> &idx, const Value &v) {
    int64_t off = 0, inner = 1;
    const auto &sh = a.shape();
    for (size_t k = idx.size(); k < sh.size(); k++)
        inner *= sh[k];
    for (size_t k = 0; k < idx.size(); k++)
        off = off * sh[k] + idx[k];
    off *= inner;
    uint8_t *dst = a.mutable_data();
    if (!v.is_array()) {
        store_prim(a.elem_prim(), dst, off, v.prim());
        return;
    }
    for (int64_t j = 0; j < inner; j++)
        store_prim(a.elem_prim(), dst, off + j, v.flat_prim(j));
}

struct Evaluator {
    std::unordered_map<int, Value> env;
    const Module *module = nullptr;
    int64_t depth = 0; ///< nested ApplyExp calls
    StackGuard stack;  ///< recursion here is on the C++ stack, as in the interpreter

    const Value &get(const Var &v) {
        auto it = env.find(v.id);
        if (it == env.end())
            throw InternalError("IREval: unbound variable " + v.base + "_" + std::to_string(v.id));
        return it->second;
    }
    Value atom(const SubExp &s) { return s.is_const ? Value(s.value) : get(s.var); }
    int64_t size(const SubExp &s) {
        if (s.is_const)
            return s.value.as_i64();
        auto it = env.find(s.var.id);
        return it == env.end() ? 0 : it->second.prim().as_i64();
    }
    std::vector<int64_t> shape_of(const Type &t) {
        std::vector<int64_t> r;
        for (const SubExp &d : t.dims)
            r.push_back(size(d));
        return r;
    }

    std::vector<Value> body(const Body &b) {
        for (const Stm &s : b.stms) {
            std::vector<Value> vs = exp(*s.exp);
            if (vs.size() != s.pat.size())
                throw InternalError("IREval: pattern arity");
            for (size_t i = 0; i < vs.size(); i++)
                env[s.pat[i].var.id] = std::move(vs[i]);
        }
        std::vector<Value> r;
        for (const SubExp &x : b.result)
            r.push_back(atom(x));
        return r;
    }
    std::vector<Value> apply(const Lambda &l, const std::vector<Value> &args) {
        for (size_t i = 0; i < args.size(); i++)
            env[l.params[i].var.id] = args[i];
        return body(l.body);
    }
    /** Lambda result arrays of a map-like SOAC, one per lambda result. */
    std::vector<Value> stack_results(const Lambda &l, const std::vector<std::vector<Value>> &cols) {
        std::vector<Value> out;
        for (size_t k = 0; k < l.ret.size(); k++)
            out.push_back(build_array(l.ret[k].elem, cols[k], shape_of(l.ret[k])));
        return out;
    }

    std::vector<Value> exp(const Exp &e) {
        switch (e.kind) {
        case ExpKind::Atom:
            return {atom(e.as<AtomExp>()->x)};
        case ExpKind::UnOp: {
            auto *n = e.as<UnOpExp>();
            PrimValue x = atom(n->x).prim();
            return {Value(n->op == UnOpKind::Neg ? interp::negate_prim(x) : interp::not_prim(x))};
        }
        case ExpKind::BinOp: {
            auto *n = e.as<BinOpExp>();
            return {Value(interp::eval_binop(n->op, atom(n->x).prim(), atom(n->y).prim(), n->loc))};
        }
        case ExpKind::Math: {
            auto *n = e.as<MathExp>();
            std::vector<PrimValue> args;
            for (const SubExp &a : n->args)
                args.push_back(atom(a).prim());
            return {Value(interp::eval_math(n->fn, n->type, args.data(), n->loc))};
        }
        case ExpKind::Foreign: {
            auto *n = e.as<ForeignExp>();
            std::vector<Value> args;
            for (const SubExp &a : n->args)
                args.push_back(atom(a));
            return runtime::call_foreign(*n->fn, args, n->loc);
        }
        case ExpKind::Convert: {
            auto *n = e.as<ConvertExp>();
            return {Value(interp::convert_prim(n->to, atom(n->x).prim()))};
        }
        case ExpKind::If: {
            auto *n = e.as<IfExp>();
            return body(atom(n->cond).prim().b ? n->then_body : n->else_body);
        }
        case ExpKind::Loop: {
            auto *n = e.as<LoopExp>();
            std::vector<Value> vals;
            for (const SubExp &x : n->inits)
                vals.push_back(atom(x));
            auto bind = [&] {
                for (size_t i = 0; i < vals.size(); i++)
                    env[n->params[i].var.id] = vals[i];
            };
            bind();
            if (n->form == LoopExp::Form::For) {
                PrimValue b = atom(n->bound).prim();
                int64_t bound = b.as_i64();
                for (int64_t i = 0; i < bound; i++) {
                    env[n->index.var.id] = Value(PrimValue::integer(b.type, (uint64_t)i));
                    vals = body(n->body);
                    bind();
                }
            } else {
                while (body(n->cond)[0].prim().b) {
                    vals = body(n->body);
                    bind();
                }
            }
            return vals;
        }
        case ExpKind::Assert: {
            auto *n = e.as<AssertExp>();
            Value c = atom(n->cond);
            if (!c.prim().b) {
                std::vector<std::string> vals;
                for (const SubExp &a : n->args) {
                    PrimValue v = atom(a).prim();
                    vals.push_back(is_signed_int(v.type) ? std::to_string(v.as_i64())
                                                         : std::to_string(v.u));
                }
                throw RuntimeError(n->loc, n->render(vals));
            }
            return {c};
        }
        case ExpKind::Iota: {
            int64_t n = size(e.as<IotaExp>()->n);
            if (n < 0) interp::iota_range_error(n, e.loc);
            Value a = Value::prim_array(PrimType::I64, {n});
            for (int64_t i = 0; i < n; i++)
                store_prim(PrimType::I64, a.mutable_data(), i,
                           PrimValue::integer(PrimType::I64, (uint64_t)i));
            return {a};
        }
        case ExpKind::Range:
            return range(*e.as<RangeExp>());
        case ExpKind::Slice: {
            auto *n = e.as<SliceExp>();
            const Value &a = get(n->arr);
            std::vector<interp::SliceSpec> specs;
            for (const SliceEntry &en : n->entries) {
                interp::SliceSpec sp;
                sp.is_range = en.is_range;
                sp.has_start = en.has_start || !en.is_range;
                sp.has_end = en.has_end;
                sp.has_stride = en.has_stride;
                if (sp.has_start)
                    sp.start = atom(en.start).prim().as_i64();
                if (sp.has_end)
                    sp.end = atom(en.end).prim().as_i64();
                if (sp.has_stride)
                    sp.stride = atom(en.stride).prim().as_i64();
                specs.push_back(sp);
            }
            std::vector<interp::SliceDim> dims = interp::resolve_slice(specs, a.shape(), n->loc);
            std::vector<Value> out;
            for (const interp::SliceDim &d : dims)
                if (!d.is_index)
                    out.push_back(Value(PrimValue::integer(PrimType::I64, (uint64_t)d.count)));
            Value r = interp::gather_slice(a, dims);
            out.push_back(r.is_array() && r.is_prim_array() ? copy_array(r) : r);
            return out;
        }
        case ExpKind::Sort: {
            auto *n = e.as<SortExp>();
            Value perm = interp::radix_sort_perm(get(n->keys), atom(n->bits).prim().as_i64(), n->loc);
            if (!n->payload)
                return {perm};
            const Value &p = get(*n->payload);
            Value out = Value::prim_array(p.elem_prim(), p.shape());
            for (int64_t i = 0; i < p.length(); i++)
                store_prim(p.elem_prim(), out.mutable_data(), i, p.flat_prim(perm.flat_prim(i).as_i64()));
            return {out};
        }
        case ExpKind::Transpose: {
            const Value &a = get(e.as<TransposeExp>()->arr);
            std::vector<int64_t> sh = a.shape();
            std::swap(sh[0], sh[1]);
            Value out = Value::prim_array(a.elem_prim(), sh);
            int64_t n = a.shape()[0], m = a.shape()[1], inner = 1;
            for (size_t k = 2; k < sh.size(); k++)
                inner *= sh[k];
            for (int64_t i = 0; i < n; i++)
                for (int64_t j = 0; j < m; j++)
                    for (int64_t k = 0; k < inner; k++)
                        store_prim(a.elem_prim(), out.mutable_data(), (j * n + i) * inner + k,
                                   a.flat_prim((i * m + j) * inner + k));
            return {out};
        }
        case ExpKind::Replicate: {
            auto *n = e.as<ReplicateExp>();
            int64_t k = size(n->n);
            if (k < 0)
                throw RuntimeError(e.loc, "replicate: negative size " + std::to_string(k));
            Value x = atom(n->x);
            PrimType t = x.is_array() ? x.elem_prim() : x.prim().type;
            std::vector<Value> rows((size_t)k, x);
            return {build_array(t, rows, x.is_array() ? x.shape() : std::vector<int64_t>{})};
        }
        case ExpKind::ArrayLit: {
            auto *n = e.as<ArrayLitExp>();
            std::vector<Value> rows;
            for (const SubExp &x : n->elems)
                rows.push_back(atom(x));
            return {build_array(n->row.elem, rows, shape_of(n->row))};
        }
        case ExpKind::Index: {
            auto *n = e.as<IndexExp>();
            Value a = get(n->arr);
            std::vector<int64_t> idx;
            for (const SubExp &i : n->idx)
                idx.push_back(atom(i).prim().as_i64());
            check_bounds(a, idx, n->checked, n->loc);
            for (int64_t i : idx)
                a = a.row(i);
            return {a};
        }
        case ExpKind::Update: {
            auto *n = e.as<UpdateExp>();
            Value a = copy_array(get(n->arr));
            std::vector<int64_t> idx;
            for (const SubExp &i : n->idx)
                idx.push_back(atom(i).prim().as_i64());
            check_bounds(a, idx, n->checked, n->loc);
            write_at(a, idx, atom(n->value));
            return {a};
        }
        case ExpKind::Concat: {
            auto *n = e.as<ConcatExp>();
            Value x = get(n->x), y = get(n->y);
            std::vector<Value> rows;
            for (int64_t i = 0; i < x.length(); i++)
                rows.push_back(x.row(i));
            for (int64_t i = 0; i < y.length(); i++)
                rows.push_back(y.row(i));
            std::vector<int64_t> rs(x.shape().begin() + 1, x.shape().end());
            return {build_array(x.elem_prim(), rows, rs)};
        }
        case ExpKind::Coerce: {
            auto *n = e.as<CoerceExp>();
            Value a = get(n->arr);
            std::vector<int64_t> want;
            for (const SubExp &d : n->dims)
                want.push_back(size(d));
            if (a.shape() != want)
                throw RuntimeError(n->loc, "Value of shape " + shape_text(a.shape()) +
                                               " cannot match shape of type `" +
                                               (n->type_text.empty() ? shape_text(want)
                                                                     : n->type_text) +
                                               "`.");
            return {a};
        }
        case ExpKind::Map: {
            auto *n = e.as<MapExp>();
            int64_t w = size(n->w);
            std::vector<std::vector<Value>> cols(n->lam.ret.size());
            for (int64_t i = 0; i < w; i++) {
                std::vector<Value> args;
                for (const Var &v : n->inputs)
                    args.push_back(get(v).row(i));
                std::vector<Value> r = apply(n->lam, args);
                for (size_t k = 0; k < r.size(); k++)
                    cols[k].push_back(std::move(r[k]));
            }
            return stack_results(n->lam, cols);
        }
        case ExpKind::Reduce:
        case ExpKind::Scan: {
            bool red = e.kind == ExpKind::Reduce;
            const Lambda &lam = red ? e.as<ReduceExp>()->lam : e.as<ScanExp>()->lam;
            const auto &ne = red ? e.as<ReduceExp>()->neutral : e.as<ScanExp>()->neutral;
            const auto &in = red ? e.as<ReduceExp>()->inputs : e.as<ScanExp>()->inputs;
            int64_t w = size(red ? e.as<ReduceExp>()->w : e.as<ScanExp>()->w);
            std::vector<Value> acc;
            for (const SubExp &x : ne)
                acc.push_back(atom(x));
            std::vector<std::vector<Value>> cols(in.size());
            for (int64_t i = 0; i < w; i++) {
                std::vector<Value> args = acc;
                for (const Var &v : in)
                    args.push_back(get(v).row(i));
                acc = apply(lam, args);
                if (!red)
                    for (size_t k = 0; k < acc.size(); k++)
                        cols[k].push_back(acc[k]);
            }
            if (red)
                return acc;
            return stack_results(lam, cols);
        }
        case ExpKind::Apply: {
            auto *n = e.as<ApplyExp>();
            const Function *f = module->find(n->fn);
            if (!f)
                throw InternalError("IREval: no function " + n->fn);
            if (depth >= ApplyExp::max_depth || stack.exhausted())
                throw RuntimeError(n->loc, "Stack overflow: recursion too deep");
            std::unordered_map<int, Value> callee; // functions see only their params
            for (size_t i = 0; i < n->args.size(); i++) {
                const Param &p = i < f->size_params.size()
                                     ? f->size_params[i]
                                     : f->params[i - f->size_params.size()];
                callee[p.var.id] = atom(n->args[i]);
            }
            std::swap(env, callee);
            depth++;
            struct Restore {
                Evaluator &ev;
                std::unordered_map<int, Value> &saved;
                ~Restore() {
                    std::swap(ev.env, saved);
                    ev.depth--;
                }
            } restore{*this, callee};
            return body(f->body);
        }
        case ExpKind::Screma: {
            // Sequentially, left to right: the meaning every backend must reproduce.
            auto *n = e.as<ScremaExp>();
            int64_t w = size(n->w);
            const std::vector<Type> &mr = n->map_lam.ret;
            std::vector<std::vector<Value>> accs;
            for (const auto *ops : {&n->scans, &n->reduces})
                for (const ScremaOp &op : *ops) {
                    std::vector<Value> acc;
                    for (const SubExp &x : op.neutral)
                        acc.push_back(atom(x));
                    accs.push_back(std::move(acc));
                }
            std::vector<std::vector<Value>> cols(mr.size());
            size_t nscan = n->scans.size();
            for (int64_t i = 0; i < w; i++) {
                std::vector<Value> args;
                for (const Var &v : n->inputs)
                    args.push_back(get(v).row(i));
                std::vector<Value> r = apply(n->map_lam, args);
                size_t k = 0;
                for (size_t o = 0; o < accs.size(); o++) {
                    const ScremaOp &op = o < nscan ? n->scans[o] : n->reduces[o - nscan];
                    std::vector<Value> a = accs[o];
                    for (size_t j = 0; j < op.neutral.size(); j++)
                        a.push_back(r[k + j]);
                    accs[o] = apply(op.lam, a);
                    if (o < nscan)
                        for (size_t j = 0; j < op.neutral.size(); j++)
                            cols[k + j].push_back(accs[o][j]);
                    k += op.neutral.size();
                }
                for (; k < r.size(); k++)
                    cols[k].push_back(std::move(r[k]));
            }
            std::vector<Value> out;
            size_t k = 0;
            for (size_t o = 0; o < accs.size(); o++)
                for (size_t j = 0; j < accs[o].size(); j++, k++)
                    out.push_back(o < nscan ? build_array(mr[k].elem, cols[k], shape_of(mr[k]))
                                            : accs[o][j]);
            for (; k < mr.size(); k++)
                out.push_back(build_array(mr[k].elem, cols[k], shape_of(mr[k])));
            return out;
        }
        case ExpKind::Filter: {
            auto *n = e.as<FilterExp>();
            int64_t w = size(n->w);
            std::vector<std::vector<Value>> cols(n->inputs.size());
            for (int64_t i = 0; i < w; i++) {
                std::vector<Value> args;
                for (const Var &v : n->inputs)
                    args.push_back(get(v).row(i));
                if (apply(n->lam, args)[0].prim().b)
                    for (size_t k = 0; k < args.size(); k++)
                        cols[k].push_back(args[k]);
            }
            std::vector<Value> out{
                Value(PrimValue::integer(PrimType::I64, cols.empty() ? 0 : cols[0].size()))};
            for (size_t k = 0; k < n->inputs.size(); k++) {
                const Value &src = get(n->inputs[k]);
                std::vector<int64_t> rs(src.shape().begin() + 1, src.shape().end());
                out.push_back(build_array(src.elem_prim(), cols[k], rs));
            }
            return out;
        }
        case ExpKind::Scatter: {
            auto *n = e.as<ScatterExp>();
            Value d = copy_array(get(n->dest));
            std::vector<Value> in;
            for (const Var &v : n->inputs)
                in.push_back(get(v));
            int64_t w = size(n->w);
            for (int64_t j = 0; j < w; j++) {
                std::vector<Value> row;
                for (const Value &x : in)
                    row.push_back(x.row(j));
                if (n->fused())
                    row = apply(n->map_lam, row);
                int64_t i = row[0].prim().as_i64();
                if (i >= 0 && i < d.length())
                    write_at(d, {i}, row[1]);
            }
            return {d};
        }
        case ExpKind::Hist: {
            auto *n = e.as<HistExp>();
            std::vector<Value> ds, in;
            for (const ir::HistOp &op : n->ops)
                for (const Var &d : op.dests)
                    ds.push_back(copy_array(get(d)));
            for (const Var &v : n->inputs)
                in.push_back(get(v));
            int64_t w = size(n->w);
            for (int64_t j = 0; j < w; j++) {
                std::vector<Value> row;
                for (const Value &x : in)
                    row.push_back(x.row(j));
                if (n->fused())
                    row = apply(n->map_lam, row);
                size_t at = 0, first = 0; // row[at]: op k's index; ds[first]: its first dest
                for (const ir::HistOp &op : n->ops) {
                    const size_t m = op.width();
                    int64_t i = row[at].prim().as_i64();
                    if (i >= 0 && i < ds[first].length()) {
                        std::vector<Value> args;
                        for (size_t c = 0; c < m; c++)
                            args.push_back(ds[first + c].row(i));
                        args.insert(args.end(), row.begin() + (std::ptrdiff_t)(at + 1),
                                    row.begin() + (std::ptrdiff_t)(at + 1 + m));
                        std::vector<Value> r = apply(op.lam, args);
                        for (size_t c = 0; c < m; c++)
                            write_at(ds[first + c], {i}, r[c]);
                    }
                    at += 1 + m;
                    first += m;
                }
            }
            return ds;
        }
        }
        throw InternalError("IREval: unknown expression kind");
    }

    /** The interpreter's range rules (interp::range_length), message included. */
    std::vector<Value> range(const RangeExp &r) {
        PrimValue s = atom(r.start).prim(), en = atom(r.end).prim();
        PrimType t = s.type;
        int64_t start = s.as_i64(), end = en.as_i64();
        int64_t second = r.has_second ? atom(r.second).prim().as_i64() : 0;
        int64_t stride = 0;
        int64_t count = interp::range_length(start, r.has_second ? &second : nullptr, end,
                                             r.end_kind, r.loc, stride);
        Value out = Value::prim_array(t, {count});
        for (int64_t i = 0; i < count; ++i)
            store_prim(t, out.mutable_data(), i,
                       PrimValue::integer(t, (uint64_t)(start + i * stride)));
        return {Value(PrimValue::integer(PrimType::I64, (uint64_t)count)), out};
    }

    void check_bounds(const Value &a, const std::vector<int64_t> &idx, bool checked,
                      const SrcLoc &loc) {
        bool ok = true;
        for (size_t k = 0; k < idx.size(); k++)
            if (idx[k] < 0 || idx[k] >= a.shape()[k])
                ok = false;
        if (ok)
            return;
        if (!checked)
            throw InternalError("IREval: an unchecked index is out of bounds");
        std::string msg = "Index [";
        for (size_t k = 0; k < idx.size(); k++)
            msg += (k ? ", " : "") + std::to_string(idx[k]);
        throw RuntimeError(loc, msg + "] out of bounds for array of shape " +
                                    shape_text(a.shape()) + ".");
    }
};

} // namespace

Value eval_function(const Module &m, const std::string &name, const std::vector<Value> &args) {
    const Function *f = m.find(name);
    if (!f)
        throw InternalError("IREval: no function " + name);
    std::vector<Value> flat = flatten_arguments(*f, args);
    Evaluator ev;
    ev.module = &m;
    ev.stack.reset();
    for (const auto &[id, n] : bind_sizes(*f, flat))
        ev.env[id] = Value(PrimValue::integer(PrimType::I64, (uint64_t)n));
    for (size_t i = 0; i < flat.size(); i++)
        ev.env[f->params[i].var.id] = flat[i];
    return regroup_results(*f, ev.body(f->body));
}

} // namespace loom::ir
