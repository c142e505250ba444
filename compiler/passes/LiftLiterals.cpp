// Array literals as arguments (see LiftLiterals.h).
#include "compiler/passes/LiftLiterals.h"

#include "compiler/passes/Rewrite.h"
#include "frontend/Type.h"

namespace loom::passes {

namespace {

class Lifter {
public:
    explicit Lifter(ir::Module &m) : m_(m), f_(m.functions.at(0)) {}

    std::vector<Value> run() {
        f_.body = body(f_.body);
        return std::move(values_);
    }

private:
    ir::Module &m_;
    ir::Function &f_;
    std::vector<Value> values_;

    ir::Body body(const ir::Body &b) {
        ir::Body out;
        out.result = b.result;
        out.stms.reserve(b.stms.size());
        for (const ir::Stm &s : b.stms)
            out.stms.push_back({s.pat, exp(s)});
        return out;
    }

    /** A literal of constant scalars whose type has only constant sizes: its value. */
    static std::optional<Value> literal_value(const ir::Stm &s) {
        const auto *lit = s.exp->as<ir::ArrayLitExp>();
        if (!lit || lit->elems.empty() || lit->row.rank() != 0 || s.pat.size() != 1 ||
            s.pat[0].type.rank() != 1 || !s.pat[0].type.dims[0].is_const)
            return std::nullopt;
        for (const ir::SubExp &x : lit->elems)
            if (!x.is_const)
                return std::nullopt;
        Value v = Value::prim_array(lit->row.elem, {(int64_t)lit->elems.size()});
        for (size_t i = 0; i < lit->elems.size(); i++)
            store_prim(lit->row.elem, v.mutable_data(), (int64_t)i, lit->elems[i].value);
        return v;
    }

    ir::ExpPtr exp(const ir::Stm &s) {
        if (std::optional<Value> v = literal_value(s)) {
            const ir::Type &t = s.pat[0].type;
            ir::Param p{ir::Var{m_.next_var_id++, "literal"}, t};
            f_.params.push_back(p);
            f_.source_params.push_back(loom::Type::array(
                loom::Type::prim_type(t.elem), {Dim::constant(t.dims[0].value.as_i64())}));
            f_.source_param_names.push_back("literal");
            values_.push_back(std::move(*v));
            return located(ir::AtomExp::make(ir::SubExp::of(p.var)), s.exp->loc);
        }
        ExpRebuild r;
        r.body = [this](const ir::Body &b) { return body(b); };
        return rebuild(*s.exp, r);
    }
};

} // namespace

std::vector<Value> lift_literals(ir::Module &m) { return Lifter(m).run(); }

} // namespace loom::passes
