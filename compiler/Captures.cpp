// The variables a recursive function captures become its parameters (see Captures.h).
#include "compiler/Captures.h"
#include "compiler/passes/Rewrite.h"
#include "core/Diagnostic.h"

#include <set>
#include <unordered_map>

namespace loom {
namespace {

using ir::Body;
using ir::Param;
using ir::Stm;
using ir::SubExp;
using ir::Type;
using ir::Var;

using Renaming = std::unordered_map<int, Var>;

Type rename(const Type &t, const Renaming &ren) {
    Type o = t;
    for (SubExp &d : o.dims)
        if (!d.is_const)
            if (auto it = ren.find(d.var.id); it != ren.end())
                d.var = it->second;
    return o;
}

Body rename(const Body &b, const Renaming &ren) {
    passes::ExpRebuild r;
    r.var = [&](const Var &v) {
        auto it = ren.find(v.id);
        return it == ren.end() ? v : it->second;
    };
    r.sub = [&](const SubExp &s) { return s.is_const ? s : SubExp::of(r.var(s.var)); };
    r.type = [&](const Type &t) { return rename(t, ren); };
    r.body = [&](const Body &x) { return rename(x, ren); };
    Body o;
    for (const Stm &s : b.stms) {
        Stm t{s.pat, passes::rebuild(*s.exp, r)};
        for (Param &p : t.pat)
            p.type = rename(p.type, ren);
        o.stms.push_back(std::move(t));
    }
    for (const SubExp &x : b.result)
        o.result.push_back(r.sub(x));
    return o;
}

/** b with every call of `fn` given `sizes` after its first `nsizes` arguments and
 * `values` at the end. */
Body add_call_args(const Body &b, const std::string &fn, size_t nsizes,
                   const std::vector<SubExp> &sizes, const std::vector<SubExp> &values) {
    passes::ExpRebuild r;
    r.body = [&](const Body &x) { return add_call_args(x, fn, nsizes, sizes, values); };
    Body o;
    o.result = b.result;
    for (const Stm &s : b.stms) {
        Stm t{s.pat, passes::nested_bodies(*s.exp).empty() ? s.exp : passes::rebuild(*s.exp, r)};
        if (auto *a = s.exp->as<ir::ApplyExp>(); a && a->fn == fn) {
            std::vector<SubExp> args(a->args.begin(), a->args.begin() + (long)nsizes);
            args.insert(args.end(), sizes.begin(), sizes.end());
            args.insert(args.end(), a->args.begin() + (long)nsizes, a->args.end());
            args.insert(args.end(), values.begin(), values.end());
            t.exp = ir::ApplyExp::make(a->fn, std::move(args), a->ret, s.exp->loc);
        }
        o.stms.push_back(std::move(t));
    }
    return o;
}

/** The vars f's body (and its params' types) uses without binding them, with the size
 * vars of their types: in order of first use. */
std::vector<Var> captured(const ir::Function &f, const std::unordered_map<int, Type> &types) {
    std::set<int> bound;
    for (const auto &[id, t] : passes::collect_types(f))
        bound.insert(id);
    passes::for_each_stm(f.body, [&](const Stm &s) {
        passes::for_each_binder(*s.exp, [&](const Param &p) { bound.insert(p.var.id); });
    });
    std::vector<Var> out;
    std::function<void(const Var &)> use = [&](const Var &v) {
        if (!bound.insert(v.id).second)
            return;
        auto it = types.find(v.id);
        if (it == types.end())
            throw InternalError("lowering: `" + v.base + "` used by " + f.name + " is bound nowhere");
        passes::for_each_use(it->second, use);
        out.push_back(v);
    };
    passes::for_each_use(f.body, use);
    return out;
}

} // namespace

void pass_captured_vars(ir::Module &m) {
    // Functions no call reaches were made for code that lowering dropped (a loop's body
    // lowered again with other sizes, an inlining that turned out recursive): what they
    // capture is bound nowhere.
    std::set<std::string> reached{m.functions.empty() ? "" : m.functions[0].name};
    for (std::vector<std::string> todo(reached.begin(), reached.end()); !todo.empty();) {
        const ir::Function *f = m.find(todo.back());
        todo.pop_back();
        passes::for_each_stm(f->body, [&](const ir::Stm &s) {
            if (auto *a = s.exp->as<ir::ApplyExp>(); a && reached.insert(a->fn).second)
                todo.push_back(a->fn);
        });
    }
    std::erase_if(m.functions, [&](const ir::Function &f) { return !reached.count(f.name); });
    std::unordered_map<int, ir::Type> types; // of every var bound in the module
    for (const ir::Function &f : m.functions) {
        for (const auto &[id, t] : passes::collect_types(f))
            types.emplace(id, t);
        passes::for_each_stm(f.body, [&](const ir::Stm &s) {
            passes::for_each_binder(*s.exp, [&](const ir::Param &p) { types.emplace(p.var.id, p.type); });
        });
    }
    // A function given parameters makes its callers use those vars: they may be
    // captured by another recursive function in turn.
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 1; i < m.functions.size(); i++) {
            ir::Function &f = m.functions[i];
            std::vector<ir::Var> vars = captured(f, types);
            if (vars.empty())
                continue;
            changed = true;
            std::set<int> dims; // the vars other captured vars' types name: size params
            for (const ir::Var &v : vars)
                passes::for_each_use(types.at(v.id), [&](const ir::Var &d) { dims.insert(d.id); });
            std::vector<ir::SubExp> sizes, values;
            Renaming ren;
            for (const ir::Var &v : vars) {
                (dims.count(v.id) ? sizes : values).push_back(ir::SubExp::of(v));
                ren[v.id] = ir::Var{m.next_var_id++, v.base};
            }
            const size_t nsizes = f.size_params.size();
            for (ir::Function &g : m.functions)
                g.body = add_call_args(g.body, f.name, nsizes, sizes, values);
            f.body = rename(f.body, ren);
            for (const ir::Var &v : vars) {
                ir::Param p{ren.at(v.id), rename(types.at(v.id), ren)};
                types.emplace(p.var.id, p.type);
                (dims.count(v.id) ? f.size_params : f.params).push_back(p);
            }
        }
    }
}

} // namespace loom
