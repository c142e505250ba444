// Compilation of scalar functions to node trees (see ScalarFn.h).  Every node
// mirrors the corresponding case of Evaluator::eval / invoke.
#include "interpreter/ScalarFn.h"

#include "runtime/cpu/Foreign.h"

namespace loom::interp {

namespace {

struct ConstN : SNode {
    PrimValue v;
    explicit ConstN(PrimValue p) : v(p) {}
    PrimValue eval(ScalarFn &) const override { return v; }
};

/** A foreign function's call through its thunk (runtime/cpu/Foreign.h). */
struct ForeignN : SNode {
    const ForeignFn *fn;
    std::vector<const SNode *> args;
    ForeignN(const ForeignFn *f, std::vector<const SNode *> a) : fn(f), args(std::move(a)) {}
    PrimValue eval(ScalarFn &f) const override {
        PrimValue vs[16];
        for (size_t i = 0; i < args.size(); ++i) vs[i] = args[i]->eval(f);
        return runtime::call_foreign(*fn, vs);
    }
};

struct SlotN : SNode {
    size_t i;
    explicit SlotN(int s) : i((size_t)s) {}
    PrimValue eval(ScalarFn &f) const override { return f.slots[i]; }
};

/** A built-in binary operator.  `convert`: as in a BinOp expression, a right operand
 * of another type is converted to the left one's (sections apply eval_binop as is). */
struct BinN : SNode {
    BinOpKind k;
    bool convert;
    const SNode *a, *b;
    SrcLoc loc;
    BinN(BinOpKind k_, bool c, const SNode *a_, const SNode *b_, SrcLoc l)
        : k(k_), convert(c), a(a_), b(b_), loc(std::move(l)) {}
    PrimValue eval(ScalarFn &f) const override {
        PrimValue x = a->eval(f);
        PrimValue y = b->eval(f);
        if (x.type != y.type) {
            if (convert) y = convert_prim(x.type, y);
            return eval_binop(k, x, y, loc);
        }
        return binop_fast(k, x, y, loc);
    }
};

/** `&&` / `||`, short-circuiting as Evaluator::eval_binop_exp. */
struct LogicN : SNode {
    bool is_and;
    const SNode *a, *b;
    LogicN(bool and_, const SNode *a_, const SNode *b_) : is_and(and_), a(a_), b(b_) {}
    PrimValue eval(ScalarFn &f) const override {
        PrimValue l = a->eval(f);
        bool lv = l.b;
        if (is_and ? !lv : lv) return mk_bool(lv);
        return b->eval(f);
    }
};

struct NegN : SNode {
    const SNode *a;
    explicit NegN(const SNode *x) : a(x) {}
    PrimValue eval(ScalarFn &f) const override { return negate_prim(a->eval(f)); }
};

struct NotN : SNode {
    const SNode *a;
    explicit NotN(const SNode *x) : a(x) {}
    PrimValue eval(ScalarFn &f) const override { return not_prim(a->eval(f)); }
};

struct IfN : SNode {
    const SNode *c, *t, *e;
    IfN(const SNode *c_, const SNode *t_, const SNode *e_) : c(c_), t(t_), e(e_) {}
    PrimValue eval(ScalarFn &f) const override { return c->eval(f).b ? t->eval(f) : e->eval(f); }
};

struct LetN : SNode {
    size_t slot;
    const SNode *v, *body;
    LetN(int s, const SNode *v_, const SNode *b_) : slot((size_t)s), v(v_), body(b_) {}
    PrimValue eval(ScalarFn &f) const override {
        f.slots[slot] = v->eval(f);
        return body->eval(f);
    }
};

struct ConvN : SNode {
    PrimType to;
    const SNode *a;
    ConvN(PrimType t, const SNode *x) : to(t), a(x) {}
    PrimValue eval(ScalarFn &f) const override { return convert_prim(to, a->eval(f)); }
};

struct MathN : SNode {
    MathFn fn;
    PrimType t;
    std::vector<const SNode *> args;
    SrcLoc loc;
    MathN(MathFn m, PrimType p, std::vector<const SNode *> as, SrcLoc l)
        : fn(m), t(p), args(std::move(as)), loc(std::move(l)) {}
    PrimValue eval(ScalarFn &f) const override {
        PrimValue ps[3];
        for (size_t i = 0; i < args.size() && i < 3; ++i) ps[i] = args[i]->eval(f);
        return eval_math(fn, t, ps, loc);
    }
};

/** `a[i, j]` of a captured primitive array, fully indexed. */
struct IndexN : SNode {
    PrimType t;
    const uint8_t *data;
    std::vector<int64_t> shape;
    std::vector<const SNode *> idx;
    std::vector<SrcLoc> idx_locs;
    SrcLoc loc;
    PrimValue eval(ScalarFn &f) const override {
        int64_t is[8];
        for (size_t k = 0; k < idx.size(); ++k) {
            PrimValue v = idx[k]->eval(f);
            if (!is_int(v.type)) throw RuntimeError(idx_locs[k], "index is not an integer");
            is[k] = v.i;
        }
        int64_t off = 0;
        for (size_t k = 0; k < idx.size(); ++k) {
            if (is[k] < 0 || is[k] >= shape[k]) {
                std::vector<SliceSpec> specs(idx.size());
                for (size_t q = 0; q < idx.size(); ++q) specs[q].start = is[q];
                resolve_slice(specs, shape, loc);  // throws the bounds error
            }
            off = off * shape[k] + is[k];
        }
        return load_prim(t, data, off);
    }
};

struct AssertN : SNode {
    const SNode *c, *body;
    SrcLoc loc;
    const std::string *text;
    AssertN(const SNode *c_, const SNode *b_, SrcLoc l, const std::string *t)
        : c(c_), body(b_), loc(std::move(l)), text(t) {}
    PrimValue eval(ScalarFn &f) const override {
        if (!c->eval(f).b) throw RuntimeError(loc, "Assertion is false: " + *text);
        return body->eval(f);
    }
};

struct Fail {};

}  // namespace

class ScalarCompiler {
public:
    ScalarCompiler(Evaluator &e, ScalarFn &o) : ev(e), out(o) {}

    const SNode *top(const Value &fn, int nargs) {
        std::vector<const SNode *> args;
        for (int i = 0; i < nargs; ++i) args.push_back(slot_node(new_slot()));
        return call(fn, std::move(args), fn.function() ? fn.function()->loc : SrcLoc{}, true);
    }

    /** The SOAC's own location, used for errors of a bare section or builtin. */
    SrcLoc soac_loc;

private:
    Evaluator &ev;
    ScalarFn &out;
    struct Named {
        const std::string *name;
        int slot;
    };
    std::vector<Named> scope;
    int depth = 0;

    int new_slot() {
        out.slots.emplace_back();
        return (int)out.slots.size() - 1;
    }
    template <class T, class... A> const SNode *mk(A &&...a) {
        out.nodes.push_back(std::make_unique<T>(std::forward<A>(a)...));
        return out.nodes.back().get();
    }
    const SNode *slot_node(int s) { return mk<SlotN>(s); }

    int find(const std::string &n) const {
        for (size_t i = scope.size(); i-- > 0;)
            if (*scope[i].name == n) return scope[i].slot;
        return -1;
    }

    // Binds a simple parameter/let pattern to a slot; anything else is not scalar code.
    void bind(const Pat &p, int slot) {
        switch (p.kind) {
        case Pat::Kind::Id: scope.push_back(Named{&p.name, slot}); return;
        case Pat::Kind::Wildcard: return;
        case Pat::Kind::Ascript: bind(*p.inner, slot); return;
        case Pat::Kind::Tuple:
            if (p.elems.size() == 1) { bind(*p.elems[0], slot); return; }
            throw Fail{};
        default: throw Fail{};
        }
    }

    /** A call of function value `fv` with argument nodes; `loc` is the call site. */
    const SNode *call(const Value &fv, std::vector<const SNode *> args, const SrcLoc &loc, bool at_top) {
        if (fv.kind() != Value::Kind::Function || !fv.function()) throw Fail{};
        const FunctionValue &f = *fv.function();
        if (!f.applied.empty()) {
            std::vector<const SNode *> all;
            for (const Value &a : f.applied) {
                if (!a.is_prim()) throw Fail{};
                all.push_back(mk<ConstN>(a.prim()));
            }
            all.insert(all.end(), args.begin(), args.end());
            args = std::move(all);
        }
        if ((int)args.size() != f.arity || f.arity == 0) throw Fail{};
        const SrcLoc &site = at_top ? soac_loc : loc;
        switch (f.kind) {
        case FunctionValue::Kind::Builtin:
            if (f.builtin == Builtin::Convert) return mk<ConvN>(f.prim, args[0]);
            if (f.builtin == Builtin::Math) return mk<MathN>(f.math, f.prim, std::move(args), site);
            if (f.builtin == Builtin::Foreign && f.foreign->scalar()) return mk<ForeignN>(f.foreign.get(), std::move(args));
            throw Fail{};
        case FunctionValue::Kind::OpSection: {
            if (f.user_op.kind() == Value::Kind::Function || f.bop == BinOpKind::None) throw Fail{};
            if (f.fixed_side && !f.fixed.is_prim()) throw Fail{};
            if (f.fixed_side == 1) return mk<BinN>(f.bop, false, mk<ConstN>(f.fixed.prim()), args[0], site);
            if (f.fixed_side == 2) return mk<BinN>(f.bop, false, args[0], mk<ConstN>(f.fixed.prim()), site);
            return mk<BinN>(f.bop, false, args[0], args[1], site);
        }
        case FunctionValue::Kind::Closure: {
            if (!f.params || !f.body || depth > 24) throw Fail{};
            if (f.fundef && !f.fundef->size_params.empty()) throw Fail{};
            // Compile the body in the closure's own environment, with a fresh scope.
            std::vector<Named> saved_scope;
            saved_scope.swap(scope);
            Evaluator::Frame saved_frame = ev.frame_;
            ev.frame_ = Evaluator::Frame{ev.stack_.size(), f.env ? &f.env : nullptr, f.subst.get(),
                                         f.prelude};
            ++depth;
            struct Restore {
                ScalarCompiler &c;
                std::vector<Named> &s;
                Evaluator::Frame fr;
                ~Restore() {
                    c.scope.swap(s);
                    c.ev.frame_ = fr;
                    --c.depth;
                }
            } restore{*this, saved_scope, saved_frame};
            std::vector<int> slots;
            for (size_t i = 0; i < args.size(); ++i) {
                // A parameter that is just another slot needs no copy.
                int s = -1;
                if (const auto *sn = dynamic_cast<const SlotN *>(args[i])) s = (int)sn->i;
                if (s < 0) s = new_slot();
                slots.push_back(s);
                bind(*(*f.params)[i], s);
            }
            const SNode *body = compile(*f.body);
            for (size_t i = args.size(); i-- > 0;) {
                if (const auto *sn = dynamic_cast<const SlotN *>(args[i]); sn && (int)sn->i == slots[i]) continue;
                body = mk<LetN>(slots[i], args[i], body);
            }
            return body;
        }
        default: throw Fail{};
        }
    }

    /** The application of the function expression `fe` to `args` (curried applications
     * and sections are unfolded). */
    const SNode *apply_exp(const Exp &fe, std::vector<const SNode *> args, const SrcLoc &loc) {
        switch (fe.kind) {
        case ExpKind::Var: {
            const auto &v = static_cast<const Var &>(fe);
            if (find(v.name) >= 0) throw Fail{};
            const Value *fv = ev.lookup(v.name);
            if (!fv) throw Fail{};
            Value keep = *fv;
            return call(keep, std::move(args), loc, false);
        }
        case ExpKind::Apply: {
            const auto &a = static_cast<const Apply &>(fe);
            std::vector<const SNode *> all;
            for (const auto &x : a.args) all.push_back(compile(*x));
            all.insert(all.end(), args.begin(), args.end());
            return apply_exp(*a.fn, std::move(all), loc);
        }
        case ExpKind::Tuple: {
            const auto &t = static_cast<const TupleExp &>(fe);
            if (t.elems.size() != 1) throw Fail{};
            return apply_exp(*t.elems[0], std::move(args), loc);
        }
        case ExpKind::OpSection: {
            const auto &s = static_cast<const OpSection &>(fe);
            BinOpKind k = s.backtick ? BinOpKind::None : binop_kind(s.op);
            // A user definition of the operator (`def (+)`, a parameter `(<=)`) is the
            // evaluator's to call.
            if (k == BinOpKind::None || s.user_op || s.op == "|>" || s.op == "<|") throw Fail{};
            if (s.left) {
                if (args.size() != 1) throw Fail{};
                return mk<BinN>(k, false, compile(*s.left), args[0], loc);
            }
            if (s.right) {
                if (args.size() != 1) throw Fail{};
                return mk<BinN>(k, false, args[0], compile(*s.right), loc);
            }
            if (args.size() != 2) throw Fail{};
            return mk<BinN>(k, false, args[0], args[1], loc);
        }
        default: throw Fail{};
        }
    }

    const SNode *compile(const Exp &e) {
        switch (e.kind) {
        case ExpKind::IntLit:
        case ExpKind::FloatLit:
        case ExpKind::BoolLit: {
            Value v = ev.eval(e);
            return mk<ConstN>(v.prim());
        }
        case ExpKind::Var: {
            const auto &v = static_cast<const Var &>(e);
            int s = find(v.name);
            if (s >= 0) return slot_node(s);
            const Value *p = ev.lookup(v.name);
            if (!p || !p->is_prim()) throw Fail{};
            return mk<ConstN>(p->prim());
        }
        case ExpKind::Tuple: {
            const auto &t = static_cast<const TupleExp &>(e);
            if (t.elems.size() != 1) throw Fail{};
            return compile(*t.elems[0]);
        }
        case ExpKind::BinOp: {
            const auto &b = static_cast<const BinOp &>(e);
            if (b.user_op) throw Fail{}; // a user definition shadows the built-in operator
            if (!b.backtick && (b.op == "&&" || b.op == "||")) {
                const SNode *l = compile(*b.lhs);
                return mk<LogicN>(b.op == "&&", l, compile(*b.rhs));
            }
            if (!b.backtick && b.op == "|>") {
                const SNode *x = compile(*b.lhs);
                return apply_exp(*b.rhs, {x}, b.loc);
            }
            if (!b.backtick && b.op == "<|") {
                const SNode *x = compile(*b.rhs);
                return apply_exp(*b.lhs, {x}, b.loc);
            }
            BinOpKind k = b.backtick ? BinOpKind::None : binop_kind(b.op);
            const SNode *l = compile(*b.lhs);
            const SNode *r = compile(*b.rhs);
            if (k != BinOpKind::None) return mk<BinN>(k, true, l, r, b.loc);
            if (find(b.op) >= 0) throw Fail{};
            const Value *fv = ev.lookup(b.op);
            if (!fv) throw Fail{};
            Value keep = *fv;
            return call(keep, {l, r}, b.loc, false);
        }
        case ExpKind::Negate: return mk<NegN>(compile(*static_cast<const Negate &>(e).operand));
        case ExpKind::Not: return mk<NotN>(compile(*static_cast<const Not &>(e).operand));
        case ExpKind::Apply: {
            const auto &a = static_cast<const Apply &>(e);
            std::vector<const SNode *> args;
            for (const auto &x : a.args) args.push_back(compile(*x));
            return apply_exp(*a.fn, std::move(args), a.loc);
        }
        case ExpKind::LetPat: {
            const auto &l = static_cast<const LetPat &>(e);
            if (!l.sizes.empty()) throw Fail{};
            const Pat *p = l.pat.get();
            while (p->kind == Pat::Kind::Ascript) p = p->inner.get();
            size_t height = scope.size();
            std::vector<std::pair<int, const SNode *>> lets;
            const auto *tup = l.value->as<TupleExp>();
            if (p->kind == Pat::Kind::Tuple && p->elems.size() > 1 && tup && tup->elems.size() == p->elems.size()) {
                // `let (a, b) = (x, y)`: one slot per component.
                std::vector<const SNode *> vs;
                for (const auto &x : tup->elems) vs.push_back(compile(*x));
                for (size_t i = 0; i < vs.size(); ++i) {
                    int s = new_slot();
                    lets.emplace_back(s, vs[i]);
                    bind(*p->elems[i], s);
                }
            } else {
                const SNode *v = compile(*l.value);
                int s = new_slot();
                lets.emplace_back(s, v);
                bind(*p, s);
            }
            const SNode *body = compile(*l.body);
            scope.resize(height);
            for (size_t i = lets.size(); i-- > 0;) body = mk<LetN>(lets[i].first, lets[i].second, body);
            return body;
        }
        case ExpKind::If: {
            const auto &i = static_cast<const If &>(e);
            const SNode *c = compile(*i.cond);
            const SNode *t = compile(*i.then_branch);
            return mk<IfN>(c, t, compile(*i.else_branch));
        }
        case ExpKind::Ascript: return compile(*static_cast<const Ascript &>(e).exp);
        case ExpKind::Attr: {
            const auto &a = static_cast<const AttrExp &>(e);
            if (a.attr.rfind("open ", 0) == 0) throw Fail{};  // names resolve differently
            if (trace_label(a) || is_break_attr(a)) throw Fail{};  // the evaluator's
            return compile(*a.exp);
        }
        case ExpKind::Assert: {
            const auto &a = static_cast<const AssertExp &>(e);
            const SNode *c = compile(*a.cond);
            return mk<AssertN>(c, compile(*a.exp), e.loc, &a.cond_text);
        }
        case ExpKind::Index: {
            const auto &ix = static_cast<const Index &>(e);
            const auto *tv = ix.target->as<Var>();
            if (!tv || find(tv->name) >= 0) throw Fail{};
            const Value *arr = ev.lookup(tv->name);
            if (!arr || !arr->is_prim_array() || (size_t)arr->rank() != ix.slice.size() || ix.slice.size() > 8)
                throw Fail{};
            auto n = std::make_unique<IndexN>();
            for (const DimIndex &d : ix.slice) {
                if (d.is_range) throw Fail{};
                n->idx.push_back(compile(*d.index));
                n->idx_locs.push_back(d.index->loc);
            }
            out.keep.push_back(*arr);
            n->t = arr->elem_prim();
            n->data = arr->data();
            n->shape = arr->shape();
            n->loc = e.loc;
            out.nodes.push_back(std::move(n));
            return out.nodes.back().get();
        }
        case ExpKind::Project: {
            // A field of a captured record/tuple is a constant.
            const auto &p = static_cast<const Project &>(e);
            const auto *tv = p.target->as<Var>();
            if (!tv || find(tv->name) >= 0) throw Fail{};
            Value v = ev.eval(e);
            if (!v.is_prim()) throw Fail{};
            return mk<ConstN>(v.prim());
        }
        default: throw Fail{};
        }
    }
};

std::unique_ptr<ScalarFn> compile_scalar_fn(Evaluator &ev, const Value &fn, int nargs, const SrcLoc &loc) {
    if (fn.kind() != Value::Kind::Function || !fn.function()) return nullptr;
    if (!ev.open_modules.empty()) return nullptr;  // names resolve through the open modules
    const FunctionValue &f = *fn.function();
    std::pair<const Exp *, int> key{f.kind == FunctionValue::Kind::Closure ? f.body : nullptr, nargs};
    if (key.first && ev.not_scalar_fns.count(key)) return nullptr;
    auto out = std::make_unique<ScalarFn>();
    out->nparams = nargs;
    ScalarCompiler c(ev, *out);
    c.soac_loc = loc;
    try {
        out->root = c.top(fn, nargs);
    } catch (const Fail &) {
        if (key.first) ev.not_scalar_fns.insert(key);
        return nullptr;
    } catch (const RuntimeError &) {  // e.g. a missing field: let the general path report it
        return nullptr;
    }
    return out;
}

}  // namespace loom::interp
