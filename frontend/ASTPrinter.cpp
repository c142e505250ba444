#include "frontend/ASTPrinter.h"

#include <sstream>

namespace loom {

namespace {

std::string opt_exp(const ExpPtr &e) { return e ? print_exp(*e) : "_"; }

std::string quote(const std::string &bytes) {
    std::string out = "\"";
    for (unsigned char c : bytes) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += char(c);
        } else if (c < 0x20 || c >= 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else {
            out += char(c);
        }
    }
    return out + "\"";
}

std::string dim_str(const DimExp &d) {
    switch (d.kind) {
    case DimExp::Kind::Anon: return "[]";
    case DimExp::Kind::Named: return "[" + d.name + "]";
    case DimExp::Kind::Const: return "[" + std::to_string(d.value) + "]";
    case DimExp::Kind::Exp: return "[" + opt_exp(d.exp) + "]";
    }
    return "[?]";
}

std::string fundef_str(const FunDef &f) {
    std::ostringstream os;
    os << f.name << print_type_params(f.type_params);
    for (const auto &p : f.params) os << " " << print_pat(*p);
    if (f.ret_type) os << " : " << print_type_exp(*f.ret_type);
    if (f.body) os << " = " << print_exp(*f.body);
    return os.str();
}

}  // namespace

std::string print_slice(const std::vector<DimIndex> &slice) {
    std::string out = "[";
    for (size_t i = 0; i < slice.size(); ++i) {
        if (i) out += ", ";
        const DimIndex &d = slice[i];
        if (!d.is_range) {
            out += opt_exp(d.index);
        } else {
            out += (d.start ? print_exp(*d.start) : "") + ":" + (d.end ? print_exp(*d.end) : "");
            if (d.stride) out += ":" + print_exp(*d.stride);
        }
    }
    return out + "]";
}

namespace {

/** A written size expression as a Dim: names, constants, arithmetic of them, and calls. */
Dim written_dim(const Exp *e) {
    if (!e) return Dim::any();
    if (auto v = e->as<Var>()) return Dim::var(v->name);
    if (auto i = e->as<IntLit>()) return Dim::constant((int64_t)i->value);
    if (auto b = e->as<BinOp>(); b && !b->backtick && !b->user_op && is_size_op(b->op)) {
        Dim l = written_dim(b->lhs.get()), r = written_dim(b->rhs.get());
        if (l.kind != Dim::Kind::Any && r.kind != Dim::Kind::Any) return Dim::exp(b->op, l, r);
    }
    if (auto ap = e->as<Apply>(); ap && ap->fn->as<Var>()) { // `[f n]`
        std::vector<Dim> args;
        for (const ExpPtr &a : ap->args) {
            args.push_back(written_dim(a.get()));
            if (args.back().kind == Dim::Kind::Any) return Dim::any();
        }
        return Dim::call(ap->fn->as<Var>()->name, std::move(args));
    }
    return Dim::any();
}

/** t with the sizes it lost (Any) that te writes as expressions put back, in tuples'
 * and records' parts too. */
Type with_written_sizes(const Type &t, const TypeExp *te) {
    while (te && te->kind == TypeExp::Kind::Unique) te = te->elem.get();
    if (!te) return t;
    Type out = t;
    if (t.kind == Type::Kind::Tuple)
        for (size_t i = 0; i < out.elems.size(); ++i)
            out.elems[i] = std::make_shared<const Type>(with_written_sizes(*t.elems[i], written_elem(te, i)));
    if (t.kind == Type::Kind::Record)
        for (auto &f : out.fields)
            f.second = std::make_shared<const Type>(with_written_sizes(*f.second, written_field(te, f.first)));
    for (size_t k = 0; t.kind == Type::Kind::Array && k < out.shape.size() && te;) {
        if (te->kind == TypeExp::Kind::Unique) {
            te = te->elem.get();
            continue;
        }
        if (te->kind != TypeExp::Kind::Array) break;
        if (out.shape[k].kind == Dim::Kind::Any && te->dim.kind == DimExp::Kind::Exp)
            out.shape[k] = written_dim(te->dim.exp.get());
        ++k;
        te = te->elem.get();
    }
    return out;
}

}  // namespace

std::string coercion_type_text(const TypeExp &written, const Type *checked) {
    return checked ? type_to_string(with_written_sizes(*checked, &written)) : print_type_exp(written);
}

std::string print_type_exp(const TypeExp &t) {
    std::ostringstream os;
    switch (t.kind) {
    case TypeExp::Kind::Named:
        if (t.args.empty()) return t.name;
        os << "(" << t.name;
        for (const auto &a : t.args) {
            if (a->kind == TypeExp::Kind::Array && !a->elem)
                os << " " << dim_str(a->dim);
            else
                os << " " << print_type_exp(*a);
        }
        os << ")";
        break;
    case TypeExp::Kind::Array:
        os << dim_str(t.dim) << (t.elem ? print_type_exp(*t.elem) : "");
        break;
    case TypeExp::Kind::Tuple:
        os << "(";
        for (size_t i = 0; i < t.elems.size(); ++i) os << (i ? ", " : "") << print_type_exp(*t.elems[i]);
        os << ")";
        break;
    case TypeExp::Kind::Record:
        os << "{";
        for (size_t i = 0; i < t.fields.size(); ++i)
            os << (i ? ", " : "") << t.fields[i].first << ": " << print_type_exp(*t.fields[i].second);
        os << "}";
        break;
    case TypeExp::Kind::Sum:
        os << "(";
        for (size_t i = 0; i < t.ctors.size(); ++i) {
            os << (i ? " | " : "") << "#" << t.ctors[i].first;
            for (const auto &p : t.ctors[i].second) os << " " << print_type_exp(*p);
        }
        os << ")";
        break;
    case TypeExp::Kind::Func:
        os << "(";
        if (!t.param_name.empty()) os << "(" << t.param_name << ": ";
        os << print_type_exp(*t.param);
        if (!t.param_name.empty()) os << ")";
        os << " -> " << print_type_exp(*t.result) << ")";
        break;
    case TypeExp::Kind::Unique:
        os << "*" << print_type_exp(*t.elem);
        break;
    case TypeExp::Kind::Existential:
        os << "?";
        for (const auto &n : t.exist_sizes) os << "[" << n << "]";
        os << "." << print_type_exp(*t.elem);
        break;
    }
    return os.str();
}

std::string print_pat(const Pat &p) {
    std::ostringstream os;
    switch (p.kind) {
    case Pat::Kind::Id: return p.name;
    case Pat::Kind::Wildcard: return "_";
    case Pat::Kind::Tuple:
        os << "(";
        for (size_t i = 0; i < p.elems.size(); ++i) os << (i ? ", " : "") << print_pat(*p.elems[i]);
        os << ")";
        break;
    case Pat::Kind::Record:
        os << "{";
        for (size_t i = 0; i < p.fields.size(); ++i)
            os << (i ? ", " : "") << p.fields[i].first << " = " << print_pat(*p.fields[i].second);
        os << "}";
        break;
    case Pat::Kind::Literal: return opt_exp(p.literal);
    case Pat::Kind::Ctor:
        os << "(#" << p.name;
        for (const auto &e : p.elems) os << " " << print_pat(*e);
        os << ")";
        break;
    case Pat::Kind::Ascript:
        os << "(" << print_pat(*p.inner) << " : " << print_type_exp(*p.type_exp) << ")";
        break;
    }
    return os.str();
}

std::string print_exp(const Exp &e) {
    std::ostringstream os;
    switch (e.kind) {
    case ExpKind::IntLit: {
        auto &n = *e.as<IntLit>();
        os << n.value;
        if (n.suffix) os << prim_name(*n.suffix);
        break;
    }
    case ExpKind::FloatLit: {
        auto &n = *e.as<FloatLit>();
        os << n.text << "f";
        if (n.suffix) os << prim_name(*n.suffix) + 1;
        break;
    }
    case ExpKind::BoolLit: return e.as<BoolLit>()->value ? "true" : "false";
    case ExpKind::StringLit: return quote(e.as<StringLit>()->bytes);
    case ExpKind::Var: return e.as<Var>()->name;
    case ExpKind::Tuple: {
        os << "(tuple";
        for (auto &x : e.as<TupleExp>()->elems) os << " " << print_exp(*x);
        os << ")";
        break;
    }
    case ExpKind::Record: {
        os << "{";
        bool first = true;
        for (auto &[f, x] : e.as<RecordExp>()->fields) {
            os << (first ? "" : ", ") << f << " = " << print_exp(*x);
            first = false;
        }
        os << "}";
        break;
    }
    case ExpKind::ArrayLit: {
        os << "[";
        bool first = true;
        for (auto &x : e.as<ArrayLit>()->elems) {
            os << (first ? "" : " ") << print_exp(*x);
            first = false;
        }
        os << "]";
        break;
    }
    case ExpKind::Range: {
        auto &r = *e.as<RangeExp>();
        const char *k = r.end_kind == RangeExp::End::Inclusive       ? "..."
                        : r.end_kind == RangeExp::End::UpToExclusive ? "..<"
                                                                     : "..>";
        os << "(range " << print_exp(*r.start) << " " << opt_exp(r.second) << " " << k << " "
           << print_exp(*r.end) << ")";
        break;
    }
    case ExpKind::BinOp: {
        auto &b = *e.as<BinOp>();
        os << "(" << (b.backtick ? "`" + b.op + "`" : b.op) << " " << print_exp(*b.lhs) << " "
           << print_exp(*b.rhs) << ")";
        break;
    }
    case ExpKind::Negate: os << "(neg " << print_exp(*e.as<Negate>()->operand) << ")"; break;
    case ExpKind::Not: os << "(not " << print_exp(*e.as<Not>()->operand) << ")"; break;
    case ExpKind::Apply: {
        auto &a = *e.as<Apply>();
        os << "(apply " << print_exp(*a.fn);
        for (auto &x : a.args) os << " " << print_exp(*x);
        os << ")";
        break;
    }
    case ExpKind::Lambda: {
        auto &l = *e.as<Lambda>();
        os << "(lambda";
        for (auto &p : l.params) os << " " << print_pat(*p);
        if (l.ret_type) os << " : " << print_type_exp(*l.ret_type);
        os << " -> " << print_exp(*l.body) << ")";
        break;
    }
    case ExpKind::OpSection: {
        auto &s = *e.as<OpSection>();
        os << "(section " << (s.backtick ? "`" + s.op + "`" : s.op) << " " << opt_exp(s.left) << " "
           << opt_exp(s.right) << ")";
        break;
    }
    case ExpKind::Project: {
        auto &p = *e.as<Project>();
        os << "(. " << print_exp(*p.target) << " " << p.field << ")";
        break;
    }
    case ExpKind::Index: {
        auto &i = *e.as<Index>();
        os << "(index " << print_exp(*i.target) << " " << print_slice(i.slice) << ")";
        break;
    }
    case ExpKind::Update: {
        auto &u = *e.as<Update>();
        os << "(update " << print_exp(*u.target) << " " << print_slice(u.slice) << " "
           << print_exp(*u.value) << ")";
        break;
    }
    case ExpKind::RecordUpdate: {
        auto &u = *e.as<RecordUpdate>();
        os << "(update-field " << print_exp(*u.target) << " ";
        for (size_t i = 0; i < u.path.size(); ++i) os << (i ? "." : "") << u.path[i];
        os << " " << print_exp(*u.value) << ")";
        break;
    }
    case ExpKind::LetPat: {
        auto &l = *e.as<LetPat>();
        os << "(let ";
        for (auto &s : l.sizes) os << "[" << s << "] ";
        os << print_pat(*l.pat) << " " << print_exp(*l.value) << " " << print_exp(*l.body) << ")";
        break;
    }
    case ExpKind::LetFun: {
        auto &l = *e.as<LetFun>();
        os << "(letfun " << fundef_str(*l.fun) << " in " << print_exp(*l.body) << ")";
        break;
    }
    case ExpKind::LetWith: {
        auto &l = *e.as<LetWith>();
        os << "(letwith " << l.name;
        if (!l.path.empty())
            for (auto &f : l.path) os << "." << f;
        else
            os << print_slice(l.slice);
        os << " " << print_exp(*l.value) << " " << print_exp(*l.body) << ")";
        break;
    }
    case ExpKind::If: {
        auto &i = *e.as<If>();
        os << "(if " << print_exp(*i.cond) << " " << print_exp(*i.then_branch) << " "
           << print_exp(*i.else_branch) << ")";
        break;
    }
    case ExpKind::Loop: {
        auto &l = *e.as<Loop>();
        os << "(loop ";
        for (auto &s : l.sizes) os << "[" << s << "] ";
        os << print_pat(*l.pat) << " " << opt_exp(l.init) << " ";
        switch (l.form) {
        case Loop::Form::For: os << "(for " << l.index_name << " < " << print_exp(*l.bound) << ")"; break;
        case Loop::Form::ForIn:
            os << "(for " << print_pat(*l.elem_pat) << " in " << print_exp(*l.bound) << ")";
            break;
        case Loop::Form::While: os << "(while " << print_exp(*l.bound) << ")"; break;
        }
        os << " " << print_exp(*l.body) << ")";
        break;
    }
    case ExpKind::Match: {
        auto &m = *e.as<Match>();
        os << "(match " << print_exp(*m.scrutinee);
        for (auto &c : m.cases) os << " (case " << print_pat(*c.pat) << " " << print_exp(*c.body) << ")";
        os << ")";
        break;
    }
    case ExpKind::Ascript: {
        auto &a = *e.as<Ascript>();
        os << "(: " << print_exp(*a.exp) << " " << print_type_exp(*a.type_exp) << ")";
        break;
    }
    case ExpKind::Coerce: {
        auto &a = *e.as<Coerce>();
        os << "(:> " << print_exp(*a.exp) << " " << print_type_exp(*a.type_exp) << ")";
        break;
    }
    case ExpKind::Ctor: {
        auto &c = *e.as<CtorExp>();
        os << "(#" << c.name;
        for (auto &x : c.args) os << " " << print_exp(*x);
        os << ")";
        break;
    }
    case ExpKind::Hole: os << "???"; break;
    case ExpKind::Assert: {
        auto &a = *e.as<AssertExp>();
        os << "(assert " << print_exp(*a.cond) << " " << print_exp(*a.exp) << ")";
        break;
    }
    case ExpKind::Attr: {
        auto &a = *e.as<AttrExp>();
        os << "(#[" << a.attr << "] " << print_exp(*a.exp) << ")";
        break;
    }
    }
    return os.str();
}

std::string print_type_params(const std::vector<TypeParam> &ps) {
    std::string s;
    for (auto &tp : ps) {
        if (tp.kind == TypeParam::Kind::Size) s += " [" + tp.name + "]";
        else s += (tp.kind == TypeParam::Kind::Type ? " '" : tp.kind == TypeParam::Kind::LiftedType ? " '^" : " '~") + tp.name;
    }
    return s;
}

namespace {

std::string mod_type_str(const ModTypeExp &t);

std::string spec_str(const Spec &sp) {
    switch (sp.kind) {
    case Spec::Kind::Val:
        return "val " + sp.name + print_type_params(sp.params) + " : " + print_type_exp(*sp.type);
    case Spec::Kind::Type:
        return std::string("type") + (sp.lifted ? std::string(1, sp.lifted) : "") + " " + sp.name +
               print_type_params(sp.params) + (sp.type ? " = " + print_type_exp(*sp.type) : "");
    case Spec::Kind::Module: return "module " + sp.name + " : " + mod_type_str(*sp.mod_type);
    case Spec::Kind::Include: return "include " + mod_type_str(*sp.mod_type);
    }
    return "?";
}

std::string mod_type_str(const ModTypeExp &t) {
    switch (t.kind) {
    case ModTypeExp::Kind::Name: return t.name;
    case ModTypeExp::Kind::Specs: {
        std::string s = "{";
        for (auto &sp : t.specs) s += " " + spec_str(*sp);
        return s + " }";
    }
    case ModTypeExp::Kind::With:
        return "(" + mod_type_str(*t.inner) + " with " + t.name + print_type_params(t.params) + " = " +
               print_type_exp(*t.type) + ")";
    case ModTypeExp::Kind::Arrow:
        return "(" + (t.name.empty() ? "" : t.name + ": ") + mod_type_str(*t.inner) + " -> " +
               mod_type_str(*t.result) + ")";
    }
    return "?";
}

std::string mod_exp_str(const ModExp &m) {
    switch (m.kind) {
    case ModExp::Kind::Name: return m.name;
    case ModExp::Kind::Import: return "import " + quote(m.name);
    case ModExp::Kind::Decls: {
        std::string s = "{";
        for (auto &d : m.decls) s += " " + print_decl(*d);
        return s + " }";
    }
    case ModExp::Kind::Ascribe: return "(" + mod_exp_str(*m.fn) + " : " + mod_type_str(*m.mod_type) + ")";
    case ModExp::Kind::Apply: return "(" + mod_exp_str(*m.fn) + " " + mod_exp_str(*m.arg) + ")";
    case ModExp::Kind::Lambda: {
        std::string s = "(\\";
        for (auto &p : m.params) s += "(" + p.name + ": " + mod_type_str(*p.type) + ")";
        if (m.mod_type) s += " : " + mod_type_str(*m.mod_type);
        return s + " -> " + mod_exp_str(*m.fn) + ")";
    }
    }
    return "?";
}

}  // namespace

std::string print_decl(const Decl &d) {
    switch (d.kind) {
    case Decl::Kind::Module: return "module " + d.mod_bind->name + " = " + mod_exp_str(*d.mod_bind->body);
    case Decl::Kind::ModType:
        return "module type " + d.mod_type_bind->name + " = " + mod_type_str(*d.mod_type_bind->def);
    case Decl::Kind::Fun:
        return std::string(d.fun->is_intrinsic ? "intrinsic " : "") +
               (d.fun->is_entry ? "entry " : "def ") + fundef_str(*d.fun);
    case Decl::Kind::Type: {
        std::string s = "type";
        if (d.type_decl->lifted) s += d.type_decl->lifted;
        s += " " + d.type_decl->name;
        s += print_type_params(d.type_decl->params);
        return s + " = " + print_type_exp(*d.type_decl->def);
    }
    case Decl::Kind::Open: return "open " + (d.mod ? mod_exp_str(*d.mod) : d.import_path);
    case Decl::Kind::Import: return "import " + quote(d.import_path);
    case Decl::Kind::Local: return "local " + (d.inner ? print_decl(*d.inner) : std::string("?"));
    }
    return "?";
}

}  // namespace loom
