// The type checker: uniqueness and consumption (Futhark's in-place update rules),
// run on the typed AST of one definition after inference.
//
// Every binding gets an id.  A value's aliases are the ids it may share memory with
// (transitively closed at binding time).  Consuming a value marks its aliases
// consumed; using a variable with a consumed alias is an error.  Tuples keep
// per-component aliases so that `let (a, b) = (x, y)` does not tie a to y.
#include "frontend/TypeCheck_Internal.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>

namespace loom {
namespace internal {

namespace {

struct Als {
    std::set<int> ids;
    /// Per-component aliases of a tuple, a record (its fields in the order its type
    /// keeps them: components()) or a constructor's payload; else empty.
    std::vector<Als> elems;
    std::string ctor;  ///< the constructor whose payload elems are, else empty
    Als() = default;
    Als(std::set<int> ids_, std::vector<Als> elems_) : ids(std::move(ids_)), elems(std::move(elems_)) {}
    std::set<int> all() const {
        std::set<int> r = ids;
        for (auto &e : elems) {
            auto s = e.all();
            r.insert(s.begin(), s.end());
        }
        return r;
    }
};

struct UInfo {
    std::string name;  ///< a variable's name, or what an unnamed value is (a call's result)
    bool unnamed = false;
    bool consumable = true;
    int depth = 0;  ///< lambda/loop nesting where bound
    bool param = false;
};

bool is_prim_type(const TypePtr &t) { return t && t->kind == Type::Kind::Prim; }

// Whether a value of type t may hold an array (a type variable may be one; a function
// value is not an array, whatever it captured).
bool has_arrays(const TypePtr &t) {
    if (!t) return false;
    switch (t->kind) {
    case Type::Kind::Prim:
    case Type::Kind::Func: return false;
    case Type::Kind::Tuple: return std::any_of(t->elems.begin(), t->elems.end(), has_arrays);
    case Type::Kind::Record:
    case Type::Kind::Sum:
        return std::any_of(t->fields.begin(), t->fields.end(), [](const auto &f) { return has_arrays(f.second); });
    default: return true;
    }
}

// The types of a tuple's or a record's components, in the order of Als::elems (a
// record's fields sorted by name, as its type keeps them); none for other types.
std::vector<TypePtr> components(const TypePtr &t) { return t ? t->components() : std::vector<TypePtr>{}; }

// The number of a tuple's field `f` (`0`, `1`, ...), or -1.
int tuple_field(const std::string &f) {
    if (f.empty() || f.size() >= 9 || !std::all_of(f.begin(), f.end(), ::isdigit)) return -1;
    return std::stoi(f);
}

// Which component of a tuple or record type the field `f` is, or -1.
int component_index(const TypePtr &t, const std::string &f) {
    if (t && t->kind == Type::Kind::Record)
        for (size_t i = 0; i < t->fields.size(); i++)
            if (t->fields[i].first == f) return (int)i;
    if (t && t->kind == Type::Kind::Tuple && tuple_field(f) < (int)t->elems.size()) return tuple_field(f);
    return -1;
}

// Which of `a`'s components the field `f` of a value of type t is, or -1 where `a`
// does not keep them apart.  A tuple's by its number (a tuple's type may be a record's
// with numbered fields).
int field_of(const TypePtr &t, const std::string &f, const Als &a) {
    if (a.elems.empty() || !a.ctor.empty()) return -1;
    if (t && t->kind == Type::Kind::Record)
        return a.elems.size() == t->fields.size() ? component_index(t, f) : -1;
    return tuple_field(f) < (int)a.elems.size() ? tuple_field(f) : -1;
}

// The sub-patterns of a tuple or record pattern (a record's in the order written).
std::vector<PatPtr> sub_patterns(const Pat &p) {
    std::vector<PatPtr> r = p.elems;
    for (auto &f : p.fields) r.push_back(f.second);
    return r;
}

// Each sub-pattern of a tuple or record pattern with the aliases of the component it
// matches, or nothing where `a` does not keep the components apart.
std::optional<std::vector<std::pair<PatPtr, Als>>> split_components(const Pat &p, const Als &a) {
    std::vector<std::pair<PatPtr, Als>> r;
    if (p.kind == Pat::Kind::Tuple) {
        if (p.elems.empty() || a.elems.size() != p.elems.size()) return std::nullopt;
        for (size_t i = 0; i < p.elems.size(); i++) r.emplace_back(p.elems[i], a.elems[i]);
        return r;
    }
    if (p.kind != Pat::Kind::Record || a.elems.empty() || a.elems.size() != components(p.type).size())
        return std::nullopt;
    for (auto &[name, q] : p.fields) {
        int k = component_index(p.type, name);
        if (k < 0) return std::nullopt;
        r.emplace_back(q, a.elems[k]);
    }
    return r;
}

// The aliases of a value that is one of two (an if's branches, a match's cases): a
// tuple's or record's component by component where both keep them apart (a payload's
// where both are the same constructor's).
Als either(const Als &a, const Als &b) {
    Als r{a.ids, {}};
    r.ids.insert(b.ids.begin(), b.ids.end());
    if (!a.elems.empty() && a.elems.size() == b.elems.size() && a.ctor == b.ctor) {
        r.ctor = a.ctor;
        for (size_t i = 0; i < a.elems.size(); i++) r.elems.push_back(either(a.elems[i], b.elems[i]));
        return r;
    }
    for (const Als *x : {&a, &b}) {
        auto s = x->all();
        r.ids.insert(s.begin(), s.end());
    }
    return r;
}

class Uniq {
public:
    explicit Uniq(const CheckedEnv &env) : env_(env) {
        global_id_ = new_id("a top-level definition", false, 0, false);
    }

    void fun(FunDef &f) {
        fname_ = f.name;
        for (auto &p : f.params) bind_param(p);
        for (auto &s : f.size_params) bind(s, Als{}, true);
        for (auto &p : f.params) walk_pat_sizes(p);
        const_hof_ = f.params.empty() && (f.ret ? f.ret : f.body->type) &&
                     type_contains(f.ret ? f.ret : f.body->type, Type::Kind::Func);
        Als r = walk(f.body);
        if (f.ret && f.ret->unique) check_unique_return(r, "`" + f.name + "`", f.body->loc);
        check_unique_components(r, f.ret, f, f.body->loc);
        // Futhark: the result of a function may alias its parameters only, never a
        // top-level array (a constant `def` without parameters may).
        if (!f.params.empty()) check_no_global_result(r, f.ret, "`" + f.name + "`", f.body->loc);
        // As Futhark infers it, a result type not written is unique where the result
        // aliases nothing (`def f xs = map g xs`): a caller may update it in place.
        // A call's result counts as nothing unless it is in two components.
        if (!f.ret_type && !f.params.empty() && f.ret) {
            std::map<int, int> count;
            for (auto &c : r.elems)
                for (int id : c.all()) count[id]++;
            auto fresh = [&](const TypePtr &t, const Als &a) {
                auto ids = a.all();
                bool none = std::all_of(ids.begin(), ids.end(),
                                        [&](int id) { return infos_[id].unnamed && count[id] <= 1; });
                return t && t->kind == Type::Kind::Array && none ? t->with_unique(true) : t;
            };
            if (std::vector<TypePtr> cs = f.ret->components(); !cs.empty() && r.elems.size() == cs.size()) {
                for (size_t i = 0; i < cs.size(); i++) cs[i] = fresh(cs[i], r.elems[i]);
                f.ret = f.ret->with_components(std::move(cs));
            } else {
                f.ret = fresh(f.ret, r);
            }
        }
    }
    void top(ExpPtr &e) { walk(e); }

private:
    const CheckedEnv &env_;
    std::vector<UInfo> infos_;
    std::vector<std::pair<std::string, Als>> scope_;
    std::map<int, SrcLoc> consumed_;
    std::vector<int> consumed_log_;  ///< ids in the order first consumed (If and Match reset consumed_)
    int depth_ = 0;
    int global_id_ = 0;      ///< anything from outside the definition (function results too)
    std::map<std::string, int> global_vals_;  ///< an id for each top-level array value (`def w = [...]`)
    std::set<int> global_val_ids_;            ///< their ids

    bool is_global(int id) const { return id == global_id_ || global_val_ids_.count(id); }
    int global_val(const std::string &name) {
        auto [it, fresh] = global_vals_.emplace(name, 0);
        if (fresh) global_val_ids_.insert(it->second = new_id(name, false, 0, false));
        return it->second;
    }
    std::string fname_;
    /// Walking a top-level constant of higher-order type (`def h : i32 -> []i32 = ...`),
    /// which may not consume anything at its own level: each use of h would run it again.
    bool const_hof_ = false;
    /** A top-level value a result may not alias, as a message names it. */
    std::string global_what(const std::string &name) const {
        auto it = env_.vals.find(name);
        if (it == env_.vals.end() || !it->second->scheme.type || it->second->scheme.type->kind == Type::Kind::Array)
            return "a top-level array";
        return "a top-level value that may hold arrays";
    }

    // Futhark: a function's result (a lambda's, a local function's too) may not alias
    // a top-level array; one without parameters (a constant) may.
    void check_no_global_result(const Als &r, const TypePtr &ret, const std::string &what, const SrcLoc &loc) {
        if (!ret || !has_arrays(ret)) return;
        for (int id : r.all())
            if (global_val_ids_.count(id))
                throw CompileError(loc, "Function result aliases the free variable `" + infos_[id].name + "` (" +
                                            global_what(infos_[id].name) + "): " + what +
                                            " must return a `copy` of it");
    }

    int new_id(const std::string &name, bool consumable, int depth, bool param) {
        infos_.push_back({name, false, consumable, depth, param});
        return (int)infos_.size() - 1;
    }

    /** How a message names what an id stands for. */
    std::string quoted(int id) const {
        return infos_[id].unnamed ? infos_[id].name : "`" + infos_[id].name + "`";
    }

    void bind(const std::string &name, Als a, bool consumable, bool param = false) {
        int id = new_id(name, consumable, depth_, param);
        a.ids.insert(id);
        scope_.emplace_back(name, std::move(a));
    }

    const Als *lookup(const std::string &name) const {
        for (size_t i = scope_.size(); i-- > 0;)
            if (scope_[i].first == name) return &scope_[i].second;
        return nullptr;
    }

    /** The closures being walked: where each one's scope begins, and the ids of the
     * arrays it uses from outside, which it aliases (Futhark: a closure aliases its
     * free variables, so consuming one makes the closure unusable). */
    std::vector<std::pair<size_t, std::set<int>>> captures_;
    /// Whether the last call walked consumed (part of) a variable through a unique parameter.
    bool consumed_names_ = false;

    /** The loop bodies being walked: where each one's scope begins, and the variables
     * from outside it that it uses, with their aliases and where (Futhark: the body may
     * not use what the initial value consumes). */
    struct LoopUse {
        std::string name;
        std::set<int> ids;
        SrcLoc loc;
    };
    std::vector<std::pair<size_t, std::vector<LoopUse>>> loop_uses_;

    void note_loop_use(const std::string &name, const Als &a, const SrcLoc &loc) {
        if (loop_uses_.empty()) return;
        size_t at = scope_.size();
        while (at-- > 0 && scope_[at].first != name) {}
        auto ids = a.all();
        if (ids.empty()) return;
        for (auto &l : loop_uses_)
            if (at < l.first) l.second.push_back({name, ids, loc});
    }

    void capture(const std::string &name, const Als &a, const TypePtr &type) {
        if (captures_.empty() || is_prim_type(type)) return;
        size_t at = scope_.size();
        while (at-- > 0 && scope_[at].first != name) {}
        auto ids = a.all();
        for (auto &c : captures_)
            if (at < c.first) c.second.insert(ids.begin(), ids.end());
    }

    void bind_param(const PatPtr &p) {
        std::vector<std::pair<const Pat *, bool>> ids;
        collect_ids(*p, false, ids);
        for (auto &[q, uniq] : ids) {
            if (components(q->type).empty()) bind(q->name, Als{}, uniq || (q->type && q->type->unique), true);
            else scope_.emplace_back(q->name, param_components(q->name, q->type, uniq));
        }
    }

    // A tuple or record parameter's aliases: an id for each of its arrays, consumable
    // where that is unique (or the whole is), so `p.0` and `p.1` are two arrays
    // (Futhark tracks a tuple's or record's aliases element by element).
    Als param_components(const std::string &name, const TypePtr &t, bool uniq) {
        std::vector<TypePtr> cs = components(t);
        uniq = uniq || (t && t->unique);
        if (cs.empty()) return Als{{new_id(name, uniq, depth_, true)}, {}};
        Als a;
        for (const TypePtr &c : cs) a.elems.push_back(param_components(name, c, uniq));
        return a;
    }

    static void collect_ids(const Pat &p, bool uniq, std::vector<std::pair<const Pat *, bool>> &out) {
        bool u = uniq || (p.kind == Pat::Kind::Ascript && p.type && p.type->unique);
        if (p.kind == Pat::Kind::Id) out.emplace_back(&p, u);
        for (auto &e : p.elems)
            if (e) collect_ids(*e, u, out);
        for (auto &f : p.fields)
            if (f.second) collect_ids(*f.second, u, out);
        if (p.inner) collect_ids(*p.inner, u, out);
    }

    struct LoopPart {
        const Pat *pat;
        Als als;
        bool uniq;
        bool declared_shared = false;  ///< ascribed a non-unique array type (`xs: []i32`)
    };
    // Splits a loop's initial value along its parameter pattern: one part per
    // parameter name, with whether a `*` ascription covers it.
    void loop_parts(const PatPtr &p, const Als &a, bool uniq, std::vector<LoopPart> &out) {
        if (!p) return;
        bool prim = is_prim_type(p->type);
        switch (p->kind) {
        case Pat::Kind::Id: out.push_back({p.get(), prim ? Als{} : Als{a.all(), {}}, uniq}); return;
        case Pat::Kind::Tuple:
        case Pat::Kind::Record:
            if (auto parts = split_components(*p, a)) {
                for (auto &[q, qa] : *parts) loop_parts(q, qa, uniq, out);
            } else {
                for (auto &q : sub_patterns(*p)) loop_parts(q, Als{a.all(), {}}, uniq, out);
            }
            return;
        case Pat::Kind::Ascript:
            loop_parts(p->inner, a, uniq || (p->type && p->type->unique), out);
            if (p->inner && p->inner->kind == Pat::Kind::Id && !uniq && p->type && !p->type->unique &&
                has_arrays(p->type))
                out.back().declared_shared = true;
            return;
        default:
            for (auto &e : p->elems) loop_parts(e, Als{a.all(), {}}, uniq, out);
            for (auto &f : p->fields) loop_parts(f.second, Als{a.all(), {}}, uniq, out);
            if (p->inner) loop_parts(p->inner, Als{a.all(), {}}, uniq, out);
            return;
        }
    }

    // Calls `f` with each array parameter of a loop's pattern, left to right, and the
    // aliases of what the body returns for it.
    template <typename F> static void for_each_returned(const PatPtr &p, const Als &r, F &&f) {
        if (!p || is_prim_type(p->type)) return;
        if (p->kind == Pat::Kind::Ascript) return for_each_returned(p->inner, r, f);
        if (p->kind == Pat::Kind::Tuple || p->kind == Pat::Kind::Record) {
            // Aliases not kept apart by component say nothing of one component.
            if (auto parts = split_components(*p, r))
                for (auto &[q, qa] : *parts) for_each_returned(q, qa, f);
            return;
        }
        if (p->kind == Pat::Kind::Id) f(*p, r.all());
    }

    // Futhark's rules for what a loop's body returns, parameter by parameter from the
    // left: the next iteration consumes what it returns for a consuming parameter, so
    // that may alias nothing from outside the loop nor what it returns for another
    // parameter, and nothing may alias what it returns for an earlier consuming one.
    void check_loop_return(const PatPtr &pat, const Als &body, const std::set<std::string> &consuming,
                           int first_inner_id, const SrcLoc &loc) {
        std::set<int> cons, obs;
        for_each_returned(pat, body, [&](const Pat &p, const std::set<int> &al) {
            const bool consumes = consuming.count(p.name) > 0;
            auto meets = [&](const std::set<int> &s) {
                return std::any_of(al.begin(), al.end(), [&](int id) { return s.count(id) > 0; });
            };
            for (int id : al)
                if (consumes && (id < first_inner_id || is_global(id)))
                    throw CompileError(loc, "Return value for consuming loop parameter `" + p.name + "` aliases " +
                                                quoted(id) + ", which is bound outside the loop (return a "
                                                "`copy` of it)");
            if (meets(cons))
                throw CompileError(loc, "Return value for loop parameter `" + p.name +
                                            "` aliases other consumed loop parameter.");
            if (consumes && meets(obs))
                throw CompileError(loc, "Return value for consuming loop parameter `" + p.name +
                                            "` aliases previously returned value.");
            (consumes ? cons : obs).insert(al.begin(), al.end());
        });
    }

    // Binds `name` to a value with aliases `a`; `apart`: a tuple or record whose
    // components `a` keeps apart.
    void bind_value(const std::string &name, const Als &a, bool apart) {
        if (apart && !a.elems.empty()) {
            // Each component gets an id of its own, so `let (x, y) = t` then consuming
            // x leaves y usable, and updating `r.x` in place leaves `r.y` usable.
            Als t = a;
            for (auto &e : t.elems) {
                Als whole{a.ids, {}};
                for (int id : e.all()) whole.ids.insert(id);
                e.ids.insert(new_id(name, consumable(whole), depth_, false));
            }
            scope_.emplace_back(name, std::move(t));
            return;
        }
        bind(name, Als{a.all(), {}}, consumable(a));
    }

    // Binds a pattern to a value with aliases `a`.
    void bind_pat(const PatPtr &p, const Als &a) {
        if (!p) return;
        bool prim = is_prim_type(p->type);
        switch (p->kind) {
        case Pat::Kind::Id:
            if (prim) bind(p->name, Als{}, consumable(a));
            else bind_value(p->name, a, !components(p->type).empty());
            return;
        case Pat::Kind::Tuple:
        case Pat::Kind::Record:
            if (auto parts = split_components(*p, a)) {
                for (auto &[q, qa] : *parts) bind_pat(q, qa);
            } else {
                for (auto &q : sub_patterns(*p)) bind_pat(q, Als{a.all(), {}});
            }
            return;
        case Pat::Kind::Ascript:
            check_unique_ascription(p->type, a, p->loc);
            bind_pat(p->inner, a);
            return;
        default:
            for (auto &e : p->elems) bind_pat(e, Als{a.all(), {}});
            for (auto &f : p->fields) bind_pat(f.second, Als{a.all(), {}});
            return;
        }
    }

    bool consumable(const Als &a) const {
        for (int id : a.all())
            if (!infos_[id].consumable) return false;
        return true;
    }

    // Before dropping what a branch consumed from a branching expression's result
    // (drop_newly_consumed): components that shared such an id may be one array
    // (`if c then (u, u) else ... u consumed ...`), so they share a fresh id instead.
    void keep_shared_components(Als &r, const std::map<int, SrcLoc> &before, const std::string &what) {
        std::map<int, int> count;
        for (auto &c : r.elems)
            for (int id : c.all())
                if (consumed_.count(id) && !before.count(id)) count[id]++;
        int fresh = -1;
        for (auto &c : r.elems) {
            auto ids = c.all();
            if (!std::any_of(ids.begin(), ids.end(), [&](int id) { return count.count(id) && count[id] > 1; }))
                continue;
            if (fresh < 0) {
                fresh = new_id(what, true, depth_, false);
                infos_[fresh].unnamed = true;
            }
            c.ids.insert(fresh);
        }
    }

    void drop_newly_consumed(Als &r, const std::map<int, SrcLoc> &before) {
        for (auto it = r.ids.begin(); it != r.ids.end();) {
            if (consumed_.count(*it) && !before.count(*it)) it = r.ids.erase(it);
            else ++it;
        }
        for (Als &c : r.elems) drop_newly_consumed(c, before);
    }

    // A value with aliases `held` was evaluated and is still needed: nothing consumed
    // since consumed_log_ had `mark` entries may alias it.
    void check_held(const std::set<int> &held, size_t mark) {
        for (size_t k = mark; k < consumed_log_.size(); k++)
            if (int id = consumed_log_[k]; held.count(id) && consumed_.count(id))
                throw CompileError(consumed_.at(id), "Consuming " + quoted(id) +
                                                         ", but it is still used: a value evaluated earlier in "
                                                         "this expression aliases it (use after consume)");
    }

    void check_use(const std::string &name, const Als &a, const SrcLoc &loc) {
        int unnamed = -1;
        for (int id : a.all()) {
            auto it = consumed_.find(id);
            if (it == consumed_.end()) continue;
            if (infos_[id].unnamed) {
                unnamed = id;
                continue;
            }
            throw CompileError(loc, "Using `" + name + "`, but this was consumed at " + it->second.str() +
                                        " (use after consume, possibly through aliases)");
        }
        if (unnamed >= 0)
            throw CompileError(loc, "Using `" + name + "`, which aliases " + infos_[unnamed].name +
                                        ", but this was consumed at " + consumed_.at(unnamed).str() +
                                        " (use after consume, possibly through aliases)");
    }

    // The aliases of `a` (a value of type t) with the component at `path` replaced by a
    // value with aliases v, the other components keeping theirs where `a` keeps them
    // apart.  `in_place` (`r with x.y[i] = e`): v updated that component in place, so
    // no other component may share memory with it (Futhark: they would see the update).
    Als with_field(const Als &a, TypePtr t, const std::vector<std::string> &path, const Als &v, bool in_place,
                   const std::string &what, const SrcLoc &loc) {
        Als r = a;
        Als *slot = &r;
        std::vector<std::pair<std::string, std::set<int>>> others;  // the other components, by name
        std::string at;
        for (const std::string &f : path) {
            int k = field_of(t, f, *slot);
            std::vector<TypePtr> cs = components(t);
            if (k < 0 || cs.size() != slot->elems.size()) {
                slot = nullptr;
                break;
            }
            for (size_t j = 0; j < cs.size(); j++)
                if ((int)j != k)
                    others.emplace_back(at + (t->kind == Type::Kind::Record ? t->fields[j].first : std::to_string(j)),
                                        slot->elems[j].all());
            at += f + ".";
            t = cs[k];
            slot = &slot->elems[k];
        }
        if (!slot) { // components not known apart: all of a, less what the update consumed
            Als w{v.all(), {}};
            for (int id : a.all())
                if (!in_place || !consumed_.count(id)) w.ids.insert(id);
            return w;
        }
        if (in_place)
            for (int id : slot->all())
                for (auto &[name, ids] : others)
                    if (ids.count(id) && !is_global(id))
                        throw CompileError(loc, "Updating field `" + at.substr(0, at.size() - 1) + "` of `" + what +
                                                    "` in place consumes " + quoted(id) + ", but field `" + name +
                                                    "` shares memory with it (give one of them a `copy`)");
        *slot = v;
        return r;
    }

    // An in-place update may not write an array that aliases the one it updates.
    void check_overlap(const Als &target, const Als &value, const Exp &v) {
        if (!v.type || v.type->kind != Type::Kind::Array) return;
        for (int id : value.all())
            if (!is_global(id) && target.all().count(id))
                throw CompileError(v.loc, "Source array for in-place update might alias update value " +
                                              quoted(id) + "; use `copy` to remove aliases from the value");
    }

    // Consumes the aliases of a value at `loc`; `what` names it for messages.
    void consume(const Als &a, const std::string &what, const SrcLoc &loc) {
        for (int id : a.all()) {
            const UInfo &info = infos_[id];
            if (id < size_first_id_)
                throw CompileError(loc, "Consuming " + (id == global_id_ ? "`" + what + "`" : quoted(id)) +
                                            ", which is not consumable: a size expression may not consume anything");
            if (!info.consumable) {
                std::string n = id == global_id_ ? what : info.name;
                throw CompileError(loc, "Would consume `" + n + "`, which is not consumable" +
                                            (info.param ? " (Consuming a parameter whose type is not unique `*`)"
                                                        : id == global_id_ ? " (it is a top-level definition)" : ""));
            }
            if (info.depth < depth_)
                throw CompileError(loc, "Cannot consume " + quoted(id) +
                                            ", which is bound outside the enclosing function or loop");
        }
        for (int id : a.all())
            if (consumed_.emplace(id, loc).second) consumed_log_.push_back(id);
    }

    // The unique components of a tuple or record result (all of them where the whole
    // type is unique, a constructor's payload's too) must not alias each other or a
    // non-consumable parameter.  Only when the components' aliases are known.
    void check_unique_components(const Als &r, const TypePtr &ret, const FunDef &f, const SrcLoc &loc) {
        if (!ret || r.elems.empty()) return;
        std::vector<TypePtr> cs = components(ret);
        const bool payload = ret->kind == Type::Kind::Sum && !r.ctor.empty();
        if (payload ? !ret->unique : r.elems.size() != cs.size()) return;
        auto name = [&](size_t i) {
            return ret->kind == Type::Kind::Record ? "`" + ret->fields[i].first + "`" : std::to_string(i);
        };
        std::map<int, size_t> owner;
        for (size_t i = 0; i < r.elems.size(); i++) {
            if (!ret->unique && (!cs[i] || !cs[i]->unique)) continue;
            for (int id : r.elems[i].all()) {
                if (is_global(id)) continue;
                if (infos_[id].param && !infos_[id].consumable)
                    throw CompileError(loc, "Unique-typed return value of `" + f.name + "` is aliased to `" +
                                                infos_[id].name + "`, which is not consumable");
                auto [it, fresh] = owner.emplace(id, i);
                if (!fresh && it->second != i)
                    throw CompileError(loc, "A unique-typed component of the return value of `" + f.name +
                                                "` is aliased to some other component (" +
                                                (payload ? "payload components " : "components ") +
                                                name(it->second) + " and " + name(i) + " are both " +
                                                quoted(id) + ")");
            }
        }
    }

    // A value ascribed a unique type (`e : *[]i32`, `let y: *[]i32 = e`) must be one
    // that may be consumed: nothing it aliases is a non-unique parameter or a top-level
    // value (Futhark: ascriptions respect uniqueness).  Component by component where
    // the aliases keep them apart.
    void check_unique_ascription(const TypePtr &t, const Als &a, const SrcLoc &loc) {
        if (!t) return;
        if (t->unique && has_arrays(t)) {
            std::optional<int> bad; // a named one before "a top-level definition"
            for (int id : a.all())
                if (!infos_[id].consumable && (!bad || *bad == global_id_)) bad = id;
            if (bad)
                throw CompileError(loc, "This value is ascribed the unique type `" + type_to_string(t) +
                                            "`, but it aliases " +
                                            (*bad == global_id_ ? std::string("a top-level definition")
                                                                : quoted(*bad)) +
                                            ", which may not be consumed (ascribe a `copy` of it)");
            return;
        }
        std::vector<TypePtr> cs = components(t);
        if (!cs.empty() && cs.size() == a.elems.size())
            for (size_t i = 0; i < cs.size(); i++) check_unique_ascription(cs[i], a.elems[i], loc);
    }

    void check_unique_return(const Als &r, const std::string &what, const SrcLoc &loc) {
        auto ids = r.all();
        // A top-level array by name before the unnamed rest (function results and so on).
        for (int id : ids)
            if (global_val_ids_.count(id))
                throw CompileError(loc, "Unique-typed return value of " + what + " aliases the top-level array `" +
                                            infos_[id].name + "`");
        for (int id : ids) {
            if (id == global_id_)
                throw CompileError(loc, "Unique-typed return value of " + what + " aliases a top-level definition");
            if (infos_[id].param && !infos_[id].consumable)
                throw CompileError(loc, "Unique-typed return value of " + what + " is aliased to `" +
                                            infos_[id].name + "`, which is not consumable");
        }
    }

    static std::string exp_name(const Exp &e) {
        if (auto v = e.as<Var>()) return v->name;
        return "the argument";
    }

    // Which parameters of a function type are unique.
    static std::vector<bool> unique_params(TypePtr t, size_t n) {
        std::vector<bool> r;
        for (size_t i = 0; i < n && t && t->kind == Type::Kind::Func; i++, t = t->result)
            r.push_back(t->param && t->param->unique);
        r.resize(n, false);
        return r;
    }

    // The parameter types of a function type, n of them (null where it has fewer).
    static std::vector<TypePtr> param_types(TypePtr t, size_t n) {
        std::vector<TypePtr> r;
        for (size_t i = 0; i < n && t && t->kind == Type::Kind::Func; i++, t = t->result)
            r.push_back(t->param);
        r.resize(n);
        return r;
    }

    // What an argument with aliases `a` gives up to a parameter of type t: everything
    // for a unique parameter; for a tuple, its unique components' aliases
    // (`(a: *[]i32, b: []i32)` consumes the first component only), where they are known
    // per component (a tuple expression); otherwise nothing, as before: consuming all of
    // a variable bound to `(x, y)` would reject the valid use of y afterwards.
    static std::set<int> consumed_part(const TypePtr &t, const Als &a) {
        if (!t)
            return {};
        if (t->unique)
            return a.all();
        std::vector<TypePtr> cs = components(t);
        if (cs.empty() || a.elems.size() != cs.size())
            return {};
        std::set<int> r;
        for (size_t k = 0; k < cs.size(); k++) {
            auto c = consumed_part(cs[k], a.elems[k]);
            r.insert(c.begin(), c.end());
        }
        return r;
    }

    // Whether t is a function type with a unique (consuming) parameter.
    static bool consumes_param(TypePtr t) {
        for (; t && t->kind == Type::Kind::Func; t = t->result)
            if (t->param && t->param->unique) return true;
        return false;
    }

    // Whether e is a partial application that passes an argument for a unique
    // parameter: a function value that would consume it again at each call.
    static bool consuming_partial(const Exp *e) {
        while (e && e->kind == ExpKind::Ascript) e = e->as<Ascript>()->exp.get();
        auto *ap = e ? e->as<Apply>() : nullptr;
        if (!ap || !e->type || e->type->kind != Type::Kind::Func || !ap->fn) return false;
        auto u = unique_params(ap->fn->type, ap->args.size());
        return std::find(u.begin(), u.end(), true) != u.end();
    }

    /// While walking a size expression: the first id bound inside it; every id
    /// before it may not be consumed there (Futhark: size expressions do not consume).
    int size_first_id_ = -1;

    // Walks a size expression (`[n + 1]`, `[length xs]`) for what it consumes only:
    // uses, captures and loop uses are Futhark's rules for values, not for sizes.
    void walk_size_exp(ExpPtr &e) {
        auto consumed = std::move(consumed_);
        consumed_.clear();
        const size_t log = consumed_log_.size();
        auto captures = std::move(captures_);
        captures_.clear();
        auto loop_uses = std::move(loop_uses_);
        loop_uses_.clear();
        const int first = size_first_id_;
        if (size_first_id_ < 0) size_first_id_ = (int)infos_.size();
        walk(e);
        size_first_id_ = first;
        loop_uses_ = std::move(loop_uses);
        captures_ = std::move(captures);
        consumed_log_.resize(log);
        consumed_ = std::move(consumed);
    }

    void walk_sizes(const TypeExpPtr &t) {
        if (!t) return;
        auto dim = [&](DimExp &d) {
            if (d.kind == DimExp::Kind::Exp && d.exp) walk_size_exp(d.exp);
        };
        dim(t->dim);
        for (auto &d : t->dim_args) dim(d);
        for (auto &a : t->args) walk_sizes(a);
        walk_sizes(t->elem);
        for (auto &x : t->elems) walk_sizes(x);
        for (auto &f : t->fields) walk_sizes(f.second);
        for (auto &c : t->ctors)
            for (auto &x : c.second) walk_sizes(x);
        walk_sizes(t->param);
        walk_sizes(t->result);
    }

    void walk_pat_sizes(const PatPtr &p) {
        if (!p) return;
        walk_sizes(p->type_exp);
        for (auto &e : p->elems) walk_pat_sizes(e);
        for (auto &f : p->fields) walk_pat_sizes(f.second);
        walk_pat_sizes(p->inner);
    }

    Als walk_slice(std::vector<DimIndex> &slice) {
        for (auto &d : slice) {
            for (ExpPtr *p : {&d.index, &d.start, &d.end, &d.stride})
                if (*p) walk(*p);
        }
        return {};
    }

    Als apply(ExpPtr &fn, std::vector<ExpPtr *> args, const TypePtr &result, const SrcLoc &loc) {
        // As Futhark, the arguments right to left, then the function: each value is
        // held while the ones after it are evaluated, so they may not consume it.
        std::vector<Als> as(args.size());
        std::set<int> held;
        for (size_t i = args.size(); i-- > 0;) {
            ExpPtr *a = args[i];
            // Futhark: an argument of function type may not consume anything bound
            // before it (`map (update xs) is`): the callee may call it many times.
            const int first_new = (int)infos_.size();
            const size_t log_mark = consumed_log_.size();
            as[i] = walk(*a);
            check_held(held, log_mark);
            auto ai = as[i].all();
            held.insert(ai.begin(), ai.end());
            if (!(*a)->type || (*a)->type->kind != Type::Kind::Func) continue;
            for (size_t k = log_mark; k < consumed_log_.size(); k++)
                if (int id = consumed_log_[k]; id < first_new && consumed_.count(id))
                    throw CompileError((*a)->loc, "Argument of functional type `" + type_to_string((*a)->type) +
                                                      "` consumes " + quoted(id) + " (at " +
                                                      consumed_.at(id).str() +
                                                      "); the function it is passed to may call it many times "
                                                      "(pass a `copy` to the consuming function instead)");
        }
        const size_t fn_mark = consumed_log_.size();
        Als fa = walk(fn);
        check_held(held, fn_mark);
        // A top-level function's result aliases its arguments, never a top-level array
        // (fun() rejects that), so `unzip (zip xs ys)` is as fresh as its argument.
        if (auto *v = fn->as<Var>(); v && !lookup(v->name))
            if (auto it = env_.vals.find(v->name); it != env_.vals.end() && it->second->function)
                fa = {};
        auto uniq = unique_params(fn->type, args.size());
        for (auto *a : args)
            if (consumes_param((*a)->type))
                throw CompileError((*a)->loc, "Argument of functional type `" + type_to_string((*a)->type) +
                                              "` contains consumption: a function that consumes its argument "
                                              "(a unique `*` parameter) cannot be passed to a higher-order function");
        auto ptypes = param_types(fn->type, args.size());
        std::vector<std::set<int>> taken(args.size()); // what each argument gives up
        for (size_t i = 0; i < args.size(); i++) {
            taken[i] = consumed_part(ptypes[i], as[i]); // all of it for a unique parameter
            if (taken[i].empty())
                continue;
            if (uniq[i]) {
                // A consumed tuple may not have two components that are the same array.
                std::set<int> seen;
                for (auto &c : as[i].elems)
                    for (int id : c.all())
                        if (!is_global(id) && !seen.insert(id).second)
                            throw CompileError((*args[i])->loc, "Argument passed for consuming parameter is self-aliased: "
                                                                "two components of it alias " + quoted(id));
            } else {
                // A tuple's unique components may not alias its other ones (`g (x, x)`).
                const std::vector<TypePtr> cts = components(ptypes[i]); // consumed_part: as many as as[i]'s
                for (size_t k = 0; k < as[i].elems.size(); k++) {
                    const TypePtr &ct = cts[k];
                    if (!consumed_part(ct, as[i].elems[k]).empty() || is_prim_type(ct))
                        continue;
                    for (int id : as[i].elems[k].all())
                        if (taken[i].count(id) && !is_global(id))
                            throw CompileError(
                                (*args[i])->loc,
                                "Argument passed for consuming parameter is self-aliased: " +
                                    quoted(id) +
                                    " is consumed by one component and observed by another");
                }
                // Nor may two unique components alias each other (`g (xss[0], xss)`).
                std::map<int, size_t> owner;
                for (size_t k = 0; k < as[i].elems.size(); k++)
                    for (int id : consumed_part(cts[k], as[i].elems[k]))
                        if (auto [it, fresh] = owner.emplace(id, k); !fresh && it->second != k && !is_global(id))
                            throw CompileError((*args[i])->loc,
                                               "Argument passed for consuming parameter is self-aliased: components " +
                                                   std::to_string(it->second) + " and " + std::to_string(k) +
                                                   " are both consumed and both alias " + quoted(id));
            }
            // Another argument of the same call may not alias a consumed one.
            for (size_t j = 0; j < args.size(); j++) {
                if (j == i) continue;
                for (int id : as[j].all())
                    if (taken[i].count(id) && !is_prim_type((*args[j])->type))
                        throw CompileError((*args[j])->loc, "`" + exp_name(**args[j]) +
                                                                "` is consumed by another argument of this call (argument passed for consuming parameter is self-aliased)");
            }
            // Nor may the function called: a closure over what it consumes.
            for (int id : fa.all())
                if (taken[i].count(id) && !is_global(id))
                    throw CompileError((*args[i])->loc, "Argument is consumed, but aliases the function it is "
                                                        "passed to (its closure uses " + quoted(id) + ")");
            consume(Als{taken[i], {}}, exp_name(**args[i]), (*args[i])->loc);
        }
        consumed_names_ = false;
        for (size_t i = 0; i < args.size(); i++) consumed_names_ = consumed_names_ || (uniq[i] && !taken[i].empty());
        // Futhark: a top-level constant of function type may not contain consumption,
        // even of a fresh array (`upd (copy xs)`).  Array literals are not counted.
        if (const_hof_ && depth_ == 0)
            for (size_t i = 0; i < args.size(); i++) {
                const Exp *a = args[i]->get();
                while (a && (a->kind == ExpKind::Ascript || a->kind == ExpKind::Coerce))
                    a = a->kind == ExpKind::Ascript ? a->as<Ascript>()->exp.get() : a->as<Coerce>()->exp.get();
                if (uniq[i] && !is_prim_type((*args[i])->type) && a && a->kind != ExpKind::ArrayLit)
                    throw CompileError((*args[i])->loc,
                                       "Top-level constant of higher-order type contains consumption: this "
                                       "argument is consumed once, but the constant's function may be called "
                                       "many times (make it a function that takes its own array)");
            }
        if (is_prim_type(result)) return {};
        // Even a unique result aliases what a closure captured (a partial application's
        // arguments, a lambda's arrays), as Futhark takes it: `x |> addto glob` is not
        // fresh.  A named function (fa empty) gives a fresh one.
        if (result && result->unique) return Als{fa.all(), {}};
        Als r{fa.all(), {}};
        for (size_t i = 0; i < as.size(); i++)
            for (int id : as[i].all())
                if (!taken[i].count(id))
                    r.ids.insert(id);
        // Futhark: the non-unique parts of one call's result may be the same array
        // (`def dup x = (x, x)`), so they share an id for it: consuming one part
        // makes the others unusable.  Nothing else aliases it.
        if (has_arrays(result)) {
            const auto *v = fn->as<Var>();
            r.ids.insert(new_id(v ? "the result of applying `" + v->name + "` at " + loc.str()
                                  : "the result of the application at " + loc.str(),
                                true, depth_, false));
            infos_.back().unnamed = true;
        }
        // A tuple's or record's unique (and primitive) components alias nothing.
        if (std::vector<TypePtr> cs = components(result); !cs.empty()) {
            Als t;
            for (const TypePtr &c : cs)
                t.elems.push_back(is_prim_type(c) || (c && c->unique) ? Als{} : r);
            return t;
        }
        return r;
    }

    // A use of the local variable `name`, with aliases a, at e.
    Als use_var(const std::string &name, const Als &a, const ExpPtr &e) {
        check_use(name, a, e->loc);
        capture(name, a, e->type);
        if (!is_prim_type(e->type)) note_loop_use(name, a, e->loc);
        return a;
    }

    Als walk(ExpPtr &e) {
        Als r = walk_inner(e);
        if (is_prim_type(e->type)) return {};
        return r;
    }

    Als walk_inner(ExpPtr &e) {
        switch (e->kind) {
        case ExpKind::IntLit:
        case ExpKind::FloatLit:
        case ExpKind::BoolLit:
        case ExpKind::StringLit:
        case ExpKind::Hole: return {};
        case ExpKind::Var: {
            auto *v = e->as<Var>();
            if (auto a = lookup(v->name)) return use_var(v->name, *a, e);
            // A record or tuple of scalars (`def params = {block = 2i64}`) holds no array.
            if (e->type && !type_contains(e->type, Type::Kind::Array) && !type_contains(e->type, Type::Kind::Func) &&
                !type_contains(e->type, Type::Kind::TypeVar))
                return {};
            // A value of a parametric module's abstract parameter type (checked once for
            // any argument: Note [Parametric modules checked once]) is no known array; each
            // application checks it at its argument's type.
            if (e->type && e->type->kind != Type::Kind::Func && !is_prim_type(e->type) &&
                e->type->kind != Type::Kind::TypeVar)
                return Als{{global_id_, global_val(v->name)}, {}};
            // A top-level function (or a recursive call's own name) holds no array a
            // caller could update: what it returns is its arguments' (apply).
            if (e->type && e->type->kind == Type::Kind::Func) return {};
            return Als{{global_id_}, {}};
        }
        case ExpKind::Tuple: {
            Als r;
            std::set<int> held;  // earlier components, held while later ones are evaluated
            for (auto &x : e->as<TupleExp>()->elems) {
                const size_t mark = consumed_log_.size();
                r.elems.push_back(walk(x));
                check_held(held, mark);
                auto s = r.elems.back().all();
                held.insert(s.begin(), s.end());
            }
            if (r.elems.size() == 1) return r.elems[0];
            return r;
        }
        case ExpKind::Record: {
            // Each field's aliases apart, in the order of the record's type.
            Als r;
            const size_t n = components(e->type).size();
            r.elems.resize(n);
            bool apart = n > 0;
            for (auto &f : e->as<RecordExp>()->fields) {
                Als fa = walk(f.second);
                int k = component_index(e->type, f.first);
                if (k < 0) apart = false;
                else r.elems[k] = fa;
                auto s = fa.all();
                r.ids.insert(s.begin(), s.end());
            }
            if (apart) r.ids.clear();
            else r.elems.clear();
            return r;
        }
        case ExpKind::ArrayLit: {
            for (auto &x : e->as<ArrayLit>()->elems) walk(x);
            return {};
        }
        case ExpKind::Range: {
            auto *x = e->as<RangeExp>();
            walk(x->start);
            if (x->second) walk(x->second);
            walk(x->end);
            return {};
        }
        case ExpKind::BinOp: {
            auto *x = e->as<BinOp>();
            // `x |> f` and `f <| x` are `f x`: fresh when f's result is (`xs |> map g`).
            auto pipe = env_.vals.find(x->op);
            if ((x->op == "|>" || x->op == "<|") && !lookup(x->op) && pipe != env_.vals.end() &&
                pipe->second->from_prelude) {
                ExpPtr &f = x->op == "|>" ? x->rhs : x->lhs;
                ExpPtr &a = x->op == "|>" ? x->lhs : x->rhs;
                if (f->type && f->type->kind == Type::Kind::Func)
                    return apply(f, {&a}, f->type->result, e->loc);
            }
            if (auto l = lookup(x->op); !l && env_.vals.count(x->op) && x->op != "|>" && x->op != "<|") {
                // A prelude or user function used as an operator: same rules as application.
                auto it = env_.vals.find(x->op);
                Als la = walk(x->lhs), ra = walk(x->rhs);
                auto uniq = unique_params(it->second->scheme.type, 2);
                if (uniq[0]) consume(la, exp_name(*x->lhs), x->lhs->loc);
                if (uniq[1]) consume(ra, exp_name(*x->rhs), x->rhs->loc);
                if (is_prim_type(e->type)) return {};
                TypePtr rt = it->second->scheme.type;
                for (int i = 0; i < 2 && rt && rt->kind == Type::Kind::Func; i++) rt = rt->result;
                if (rt && rt->unique) return {};
                Als r{la.all(), {}};
                auto s = ra.all();
                r.ids.insert(s.begin(), s.end());
                return r;
            }
            if (auto l = lookup(x->op)) check_use(x->op, *l, e->loc);  // a local function used as an operator
            Als la = walk(x->lhs), ra = walk(x->rhs);
            Als r{la.all(), {}};
            auto s = ra.all();
            r.ids.insert(s.begin(), s.end());
            return r;
        }
        case ExpKind::Negate: walk(e->as<Negate>()->operand); return {};
        case ExpKind::Not: walk(e->as<Not>()->operand); return {};
        case ExpKind::Apply: {
            auto *x = e->as<Apply>();
            std::vector<ExpPtr *> args;
            for (auto &a : x->args) args.push_back(&a);
            return apply(x->fn, args, e->type, e->loc);
        }
        case ExpKind::Lambda: {
            auto *x = e->as<Lambda>();
            size_t mark = scope_.size();
            depth_++;
            captures_.push_back({mark, {}});
            const int lambda_first_id = (int)infos_.size();
            for (auto &p : x->params) bind_param(p);
            for (auto &p : x->params) walk_pat_sizes(p);
            Als body = walk(x->body);
            if (!x->params.empty()) check_no_global_result(body, x->body->type, "the lambda", x->body->loc);
            TypePtr ret = e->type;
            for (size_t i = 0; i < x->params.size() && ret && ret->kind == Type::Kind::Func; i++) ret = ret->result;
            if (x->ret_type && ret && ret->unique) {
                // Futhark checks a lambda's declared unique result against its own
                // parameters only (top-level arrays: check_no_global_result).
                Als own;
                for (int id : body.all())
                    if (id >= lambda_first_id) own.ids.insert(id);
                check_unique_return(own, "the lambda", x->body->loc);
            }
            Als r{std::move(captures_.back().second), {}};
            captures_.pop_back();
            depth_--;
            scope_.resize(mark);
            return r;
        }
        case ExpKind::OpSection: { // a closure over its operand: a call's result aliases it
            auto *x = e->as<OpSection>();
            Als r;
            // `(++)` names a local binding when a parameter is called `(++)`: a use of it.
            if (auto l = lookup(x->op)) r = use_var(x->op, *l, e);
            // Futhark: a section captures its operand as a lambda captures a free
            // variable, so the operand may not be given to a consuming parameter.
            else if (auto it = env_.vals.find(x->op); it != env_.vals.end()) {
                auto uniq = unique_params(it->second->scheme.type, 2);
                for (int k = 0; k < 2; k++)
                    if (const ExpPtr &o = k == 0 ? x->left : x->right; o && uniq[k])
                        throw CompileError(o->loc, "Operator sections may not supply an argument for a consuming "
                                                   "parameter: the " + std::string(k == 0 ? "first" : "second") +
                                                   " parameter of `" + x->op + "` is unique (`*`); apply it "
                                                   "fully instead");
            }
            for (ExpPtr *o : {&x->left, &x->right})
                if (*o) {
                    auto a = walk(*o).all();
                    r.ids.insert(a.begin(), a.end());
                }
            return r;
        }
        case ExpKind::Project: {
            auto *x = e->as<Project>();
            Als a = walk(x->target);
            if (int k = field_of(x->target->type, x->field, a); k >= 0) return a.elems[k];
            return Als{a.all(), {}};
        }
        case ExpKind::Index: {
            auto *x = e->as<Index>();
            Als a = walk(x->target);
            const size_t mark = consumed_log_.size();
            walk_slice(x->slice);
            check_held(a.all(), mark);  // the array is held while its indices are evaluated
            return Als{a.all(), {}};
        }
        case ExpKind::Update: {
            auto *x = e->as<Update>();
            Als a = walk(x->target);
            walk_slice(x->slice);
            check_overlap(a, walk(x->value), *x->value);
            consume(a, exp_name(*x->target), e->loc);
            return {};
        }
        case ExpKind::RecordUpdate: {
            auto *x = e->as<RecordUpdate>();
            Als a = walk(x->target);
            Als v = walk(x->value);
            return with_field(a, x->target->type, x->path, v, x->in_place, exp_name(*x->target), e->loc);
        }
        case ExpKind::LetPat: {
            auto *x = e->as<LetPat>();
            // Futhark: a let-bound expression of function type may not contain the
            // consumption of a variable (`let f = update xs`): each call of f would
            // consume xs again.  A fresh argument (`update (copy xs)`) is fine.
            const bool partial = consuming_partial(x->value.get());
            consumed_names_ = false;
            Als v = walk(x->value);
            if (partial && consumed_names_)
                throw CompileError(x->value->loc, "Let-bound expression of higher-order type contains consumption: "
                                                  "a partial application that consumes a variable cannot be bound "
                                                  "to a name (apply the function fully, or pass a copy)");
            size_t mark = scope_.size();
            for (auto &s : x->sizes) bind(s, {}, true);
            bind_pat(x->pat, v);
            Als r = walk(x->body);
            scope_.resize(mark);
            return r;
        }
        case ExpKind::LetFun: {
            auto *x = e->as<LetFun>();
            size_t mark = scope_.size();
            depth_++;
            captures_.push_back({mark, {}});
            for (auto &p : x->fun->params) bind_param(p);
            for (auto &s : x->fun->size_params) bind(s, {}, true);
            for (auto &p : x->fun->params) walk_pat_sizes(p);
            if (x->fun->body) {
                Als fr = walk(x->fun->body);
                if (!x->fun->params.empty())
                    check_no_global_result(fr, x->fun->ret ? x->fun->ret : x->fun->body->type,
                                           "the local function `" + x->fun->name + "`", x->fun->body->loc);
                if (x->fun->ret && x->fun->ret->unique) check_unique_return(fr, "`" + x->fun->name + "`", x->fun->body->loc);
            }
            Als captured{std::move(captures_.back().second), {}};
            captures_.pop_back();
            depth_--;
            scope_.resize(mark);
            bind(x->fun->name, captured, true);
            Als r = walk(x->body);
            scope_.resize(mark);
            return r;
        }
        case ExpKind::LetWith: {
            auto *x = e->as<LetWith>();
            const Als *a = lookup(x->name);
            Als av = a ? *a : Als{};
            if (a) check_use(x->name, av, x->name_loc);
            walk_slice(x->slice);
            Als vv = walk(x->value);
            Als nv; // an updated array is fresh
            if (x->path.empty()) {
                check_overlap(av, vv, *x->value);
                consume(av, x->name, x->name_loc);
            } else {
                nv = with_field(av, x->target_type, x->path, vv, false, x->name, e->loc);
            }
            size_t mark = scope_.size();
            bind_value(x->name, nv, true);
            Als r = walk(x->body);
            scope_.resize(mark);
            return r;
        }
        case ExpKind::If: {
            auto *x = e->as<If>();
            walk(x->cond);
            auto before = consumed_;
            Als a = walk(x->then_branch);
            auto after_then = consumed_;
            consumed_ = before;
            Als b = walk(x->else_branch);
            consumed_.insert(after_then.begin(), after_then.end());
            Als r = either(a, b);
            // `if c then a with [i] = v else a`: a branch consumed `a` and the other
            // returns it; the result is then the only live copy (Futhark accepts this).
            keep_shared_components(r, before, "the result of the if-expression at " + e->loc.str());
            drop_newly_consumed(r, before);
            return r;
        }
        case ExpKind::Loop: {
            auto *x = e->as<Loop>();
            Als init = walk(x->init);
            size_t mark = scope_.size();
            Als bound = (x->form == Loop::Form::For || x->form == Loop::Form::ForIn) ? walk(x->bound) : Als{};
            depth_++;
            for (auto &s : x->sizes) bind(s, {}, true);
            size_t pmark = scope_.size();
            const int first_inner_id = (int)infos_.size();  // ids below: bound outside the loop
            // Loop parameters are fresh each iteration and may be consumed in the body.
            bind_pat(x->pat, Als{});
            for (size_t i = pmark; i < scope_.size(); i++) infos_[*scope_[i].second.ids.rbegin()].consumable = true;
            std::set<int> param_ids;
            size_t pend = scope_.size();
            for (size_t i = pmark; i < scope_.size(); i++)
                param_ids.insert(scope_[i].second.ids.begin(), scope_[i].second.ids.end());
            // An element of the array a for-in loop walks aliases that array.
            if (x->form == Loop::Form::ForIn) bind_pat(x->elem_pat, Als{bound.all(), {}});
            if (x->form == Loop::Form::For) bind(x->index_name, {}, true);
            // The condition is evaluated before each iteration, after the initial
            // value was given up: the same rule as the body's.
            std::vector<LoopUse> cond_uses;
            if (x->form == Loop::Form::While) {
                loop_uses_.push_back({mark, {}});
                walk(x->bound);
                cond_uses = std::move(loop_uses_.back().second);
                loop_uses_.pop_back();
            }
            loop_uses_.push_back({mark, {}});
            Als body = walk(x->body);
            std::vector<LoopUse> outer_uses = std::move(loop_uses_.back().second);
            loop_uses_.pop_back();
            depth_--;
            // Futhark: only the parts of the initial value that correspond to unique
            // (declared `*` or consumed in the body) loop parameters are consumed.
            std::vector<LoopPart> parts;
            loop_parts(x->pat, init, false, parts);
            // So is a parameter that what the body returns for a consuming one aliases
            // (`(xs, ys) -> (ys, xs)` with `xs` updated): the next iteration updates it
            // in place.  To a fixpoint, as Futhark's convergeLoopParam.
            std::set<std::string> uniq_names;
            auto param_aliased = [&](const std::string &name, const auto &ids) {
                for (size_t i = pmark; i < pend; i++)
                    if (scope_[i].first == name)
                        for (int id : scope_[i].second.ids)
                            if (param_ids.count(id) && ids.count(id)) return true;
                return false;
            };
            for (auto &part : parts)
                if (part.uniq || param_aliased(part.pat->name, consumed_)) uniq_names.insert(part.pat->name);
            // A parameter declared non-unique may not be updated in place (Futhark).
            for (auto &part : parts)
                if (part.declared_shared && uniq_names.count(part.pat->name))
                    for (size_t i = pmark; i < pend; i++)
                        if (scope_[i].first == part.pat->name)
                            for (int id : scope_[i].second.ids)
                                if (param_ids.count(id) && consumed_.count(id))
                                    throw CompileError(consumed_.at(id),
                                                       "Consuming loop parameter `" + part.pat->name +
                                                           "`, which is not consumable: its type is declared `" +
                                                           type_to_string(part.pat->type) +
                                                           "`, not unique (declare it `*`)");
            for (size_t before = 0; before != uniq_names.size();) {
                before = uniq_names.size();
                std::set<int> returned;
                for_each_returned(x->pat, body, [&](const Pat &p, const std::set<int> &al) {
                    if (uniq_names.count(p.name)) returned.insert(al.begin(), al.end());
                });
                for (auto &part : parts)
                    if (param_aliased(part.pat->name, returned)) uniq_names.insert(part.pat->name);
            }
            Als consumed_init;
            for (auto &part : parts)
                if (uniq_names.count(part.pat->name)) {
                    auto s = part.als.all();
                    consumed_init.ids.insert(s.begin(), s.end());
                }
            check_loop_return(x->pat, body, uniq_names, first_inner_id, e->loc);
            // A loop may permute its parameters (`(a, b) -> (b, a)`), so each array
            // of its result may alias any observed part of the initial value, and
            // anything the body returns for an observed parameter (Futhark's rule).
            std::set<int> observed;
            for (auto &part : parts)
                if (!uniq_names.count(part.pat->name) && !is_prim_type(part.pat->type)) {
                    auto s = part.als.all();
                    observed.insert(s.begin(), s.end());
                }
            for_each_returned(x->pat, body, [&](const Pat &p, const std::set<int> &al) {
                if (!uniq_names.count(p.name)) observed.insert(al.begin(), al.end());
            });
            scope_.resize(mark);
            if (!consumed_init.ids.empty()) {
                consume(consumed_init, exp_name(*x->init), x->init->loc);
                // Each iteration runs after the initial value was given up.
                for (auto *uses : {&cond_uses, &outer_uses})
                    for (auto &u : *uses)
                        for (int id : u.ids)
                            if (consumed_init.ids.count(id))
                                throw CompileError(u.loc, std::string(uses == &cond_uses ? "Loop condition"
                                                                                         : "Loop body") +
                                                              " uses `" + u.name + "` (or an alias of it), but "
                                                              "this is consumed by the loop's initial value at " +
                                                              x->init->loc.str());
                // So does each iteration's element of the array a for-in loop walks.
                if (x->form == Loop::Form::ForIn)
                    for (int id : bound.all())
                        if (consumed_init.ids.count(id) && !is_global(id))
                            throw CompileError(x->bound->loc,
                                               "The array the loop iterates over aliases " + quoted(id) +
                                                   ", which the loop's initial value consumes at " +
                                                   x->init->loc.str() + " (iterate over a `copy` of it)");
            }
            // The loop's result may alias what the body returns from outside, and the
            // initial value of its non-unique parameters.
            std::function<Als(const PatPtr &, const Als &, const Als &)> result =
                [&](const PatPtr &p, const Als &in, const Als &bo) -> Als {
                Als r;
                auto add = [&](const std::set<int> &ids) {
                    for (int id : ids)
                        if (!param_ids.count(id) && !consumed_init.ids.count(id)) r.ids.insert(id);
                };
                if (p && p->kind == Pat::Kind::Ascript) return result(p->inner, in, bo);
                if (p && p->kind == Pat::Kind::Tuple && !p->elems.empty()) {
                    for (size_t i = 0; i < p->elems.size(); i++)
                        r.elems.push_back(result(p->elems[i],
                                                 in.elems.size() == p->elems.size() ? in.elems[i] : Als{in.all(), {}},
                                                 bo.elems.size() == p->elems.size() ? bo.elems[i] : Als{bo.all(), {}}));
                    return r;
                }
                // A record's components in its type's order (the pattern's may differ).
                const size_t n = p ? components(p->type).size() : 0;
                if (p && p->kind == Pat::Kind::Record && n > 0 && p->fields.size() == n &&
                    std::all_of(p->fields.begin(), p->fields.end(),
                                [&](const auto &f) { return component_index(p->type, f.first) >= 0; })) {
                    r.elems.resize(n);
                    for (auto &[name, q] : p->fields) {
                        const size_t k = component_index(p->type, name);
                        r.elems[k] = result(q, in.elems.size() == n ? in.elems[k] : Als{in.all(), {}},
                                            bo.elems.size() == n ? bo.elems[k] : Als{bo.all(), {}});
                    }
                    return r;
                }
                add(bo.all());
                if (!(p && p->kind == Pat::Kind::Id && uniq_names.count(p->name))) {
                    add(in.all());
                    if (!(p && is_prim_type(p->type))) add(observed);
                }
                return r;
            };
            return result(x->pat, init, body);
        }
        case ExpKind::Match: {
            auto *x = e->as<Match>();
            // As a let-bound one (LetPat): the cases bind the scrutinee to names.
            const bool partial = consuming_partial(x->scrutinee.get());
            consumed_names_ = false;
            Als s = walk(x->scrutinee);
            if (partial && consumed_names_)
                throw CompileError(x->scrutinee->loc,
                                   "Matched expression of higher-order type contains consumption: a partial "
                                   "application that consumes a variable cannot be bound by a case (apply the "
                                   "function fully, or pass a copy)");
            auto before = consumed_;
            std::map<int, SrcLoc> all_after;
            Als r;
            for (size_t k = 0; k < x->cases.size(); k++) {
                auto &c = x->cases[k];
                consumed_ = before;
                size_t mark = scope_.size();
                bind_pat(c.pat, Als{s.all(), {}});
                Als b = walk(c.body);
                r = k == 0 ? b : either(r, b);
                scope_.resize(mark);
                all_after.insert(consumed_.begin(), consumed_.end());
            }
            consumed_ = all_after;
            keep_shared_components(r, before, "the result of the match at " + e->loc.str());
            drop_newly_consumed(r, before);
            return r;
        }
        case ExpKind::Ascript: {
            auto *x = e->as<Ascript>();
            walk_sizes(x->type_exp);
            Als a = walk(x->exp);
            check_unique_ascription(x->written, a, e->loc);
            return a;
        }
        case ExpKind::Coerce:
            walk_sizes(e->as<Coerce>()->type_exp);
            return walk(e->as<Coerce>()->exp);
        case ExpKind::Ctor: {
            // The payload is a tuple (Futhark): its components' aliases kept apart, so a
            // unique result's may be checked against each other.
            auto *x = e->as<CtorExp>();
            Als r;
            for (auto &a : x->args) r.elems.push_back(walk(a));
            if (r.elems.size() < 2) return Als{r.all(), {}};
            r.ctor = x->name;
            return r;
        }
        case ExpKind::Assert: {
            auto *x = e->as<AssertExp>();
            walk(x->cond);
            return walk(x->exp);
        }
        case ExpKind::Attr: return walk(e->as<AttrExp>()->exp);
        }
        return {};
    }
};

}  // namespace

void Checker::check_uniqueness_fun(FunDef &f) {
    Uniq u(env_);
    u.fun(f);
}

void Checker::check_uniqueness_exp(ExpPtr &e) {
    Uniq u(env_);
    u.top(e);
}

}  // namespace internal
}  // namespace loom
