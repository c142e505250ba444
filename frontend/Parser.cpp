/** \file
 * A recursive-descent parser for Loom's (Futhark's core) grammar.
 *
 * Follows language-reference.rst and the precedence of Futhark's own parser:
 * from loosest to tightest binding
 *   `:`/`:>` ascription, ranges (`..`, `...`, `..<`, `..>`), backtick operators,
 *   `with` updates, `|>`, `<|` (right), `||`, `&&`, comparisons (`==` `!=` `<` `<=`
 *   `>` `>=` and operators starting with `!` or `=`), `&` `^` `|`, `<<` `>>`,
 *   `+` `-`, `*` `/` `%` `//` `%%`, `**`, prefix `-`/`!`, application, then
 *   indexing and field projection.
 * A user-defined operator takes the precedence of the longest built-in operator
 * it starts with.  `if`, `let`, `loop`, `match`, lambdas, `assert` and attributes
 * extend as far right as possible.  See Note [Sections] and Note [Depth limit].
 */
#include "frontend/Frontend.h"
#include "frontend/Lexer.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace loom {

namespace {

// See Note [Depth limit].
constexpr int kMaxDepth = 2000;

std::vector<std::string> split_dots(const std::string &s) {
    std::vector<std::string> out;
    size_t start = 0;
    while (true) {
        size_t d = s.find('.', start);
        if (d == std::string::npos) {
            out.push_back(s.substr(start));
            return out;
        }
        out.push_back(s.substr(start, d - start));
        start = d + 1;
    }
}

/** Precedence level of an infix operator (1 loosest .. 10 tightest) and whether it
 * associates to the right.  The operator's leading characters decide. */
struct OpInfo {
    int level;
    bool right;
};

OpInfo op_info(const std::string &full) {
    // Strip a module qualifier: "f32.+" -> "+".
    std::string_view op = full;
    for (size_t i = 0; i < full.size(); ++i) {
        char c = full[i];
        if (std::string_view("+-*/%=!><|&^").find(c) != std::string_view::npos) {
            op = std::string_view(full).substr(i);
            break;
        }
    }
    static const struct {
        const char *prefix;
        int level;
    } table[] = {
        {"|>", 1}, {"<|", 2}, {"||", 3}, {"&&", 4},
        {"<=", 5}, {">=", 5}, {"==", 5}, {"!=", 5}, {"<", 5}, {">", 5}, {"!", 5}, {"=", 5},
        {"&", 6},  {"^", 6},  {"|", 6},
        {"<<", 7}, {">>", 7},
        {"+", 8},  {"-", 8},
        {"**", 10}, {"//", 9}, {"%%", 9}, {"*", 9}, {"/", 9}, {"%", 9},
    };
    int best_len = 0, level = 8;
    for (const auto &e : table) {
        std::string_view p = e.prefix;
        if (op.substr(0, p.size()) == p && int(p.size()) > best_len) {
            best_len = int(p.size());
            level = e.level;
        }
    }
    return {level, level == 2};
}

class Parser {
public:
    Parser(SourceFilePtr file) : file_(std::move(file)), toks_(lex(file_)) {}

    Program program(bool let_patterns) {
        Program prog;
        prog.file = file_;
        while (!at(Tok::Eof)) {
            if (let_patterns && at_let_pattern())
                let_pattern(prog);
            else if (let_patterns && at_let_update())
                let_update(prog);
            else
                prog.decls.push_back(parse_decl());
        }
        return prog;
    }

    ModExpPtr mod_exp_at(size_t begin) {
        while (!at(Tok::Eof) && cur().begin < begin) advance();
        return parse_mod_exp();
    }

    ExpPtr expression() {
        ExpPtr e = parse_exp();
        if (!at(Tok::Eof)) error_expected("end of input");
        return e;
    }

private:
    SourceFilePtr file_;
    std::vector<Token> toks_;
    size_t p_ = 0;
    int depth_ = 0;
    int with_names_ = 0; ///< names of targets bound by make_update

    // ------------------------------------------------------------ token helpers

    const Token &cur() const { return toks_[p_]; }
    const Token &peek(size_t k = 1) const {
        return toks_[std::min(p_ + k, toks_.size() - 1)];
    }
    const Token &prev() const { return toks_[p_ > 0 ? p_ - 1 : 0]; }
    bool at(Tok k) const { return cur().kind == k; }
    bool at_sym(const char *s) const { return cur().kind == Tok::Symbol && cur().text == s; }
    bool at_lbracket() const { return at(Tok::LBracket) || at(Tok::Indexing); }
    const Token &advance() {
        const Token &t = toks_[p_];
        if (p_ + 1 < toks_.size()) ++p_;
        return t;
    }
    [[noreturn]] void error_at(const SrcLoc &loc, const std::string &msg) const {
        throw CompileError(loc, msg);
    }
    [[noreturn]] void error_expected(const std::string &what) const {
        // parse_ops leaves `op )` for a possible left section; outside one, the real
        // problem is the missing right operand.
        if ((at(Tok::Symbol) || at(Tok::Backtick)) && peek().kind == Tok::RParen)
            error_at(peek().loc, "unexpected `)`; expected an expression after " +
                                     describe_token(cur()));
        error_at(cur().loc, "unexpected " + describe_token(cur()) + "; expected " + what);
    }
    const Token &expect(Tok k, const std::string &context = "") {
        if (!at(k)) error_expected(token_kind_name(k) + context);
        return advance();
    }

    struct DepthGuard {
        Parser &p;
        explicit DepthGuard(Parser &parser) : p(parser) {
            if (++p.depth_ > kMaxDepth) {
                --p.depth_;
                p.error_at(p.cur().loc, "the program is nested too deeply (more than " +
                                            std::to_string(kMaxDepth) + " levels)");
            }
        }
        ~DepthGuard() { --p.depth_; }
    };

    /** Sets end_col of `loc` (starting at token `start`) to the end of the last
     * consumed token when both are on the same line. */
    void close(SrcLoc &loc) const {
        const Token &last = prev();
        if (last.loc.line == loc.line && last.loc.end_col > loc.col) loc.end_col = last.loc.end_col;
    }

    template <typename T> std::shared_ptr<T> node(const SrcLoc &loc) {
        auto n = std::make_shared<T>();
        n->loc = loc;
        n->loc.end_col = 0;
        return n;
    }

    /** Tokens [from, to) as Futhark prints an expression in a message: one space around
     * each infix operator and between other tokens where the source had one, none inside
     * brackets, and without the parentheses around the whole (`(x%2 == 0)` is
     * `x % 2 == 0`). */
    std::string spaced_text(size_t from, size_t to) const {
        if (to > from + 1 && toks_[from].kind == Tok::LParen && toks_[to - 1].kind == Tok::RParen) {
            int depth = 0;
            size_t k = from;
            for (; k < to; k++) {
                depth += toks_[k].kind == Tok::LParen ? 1 : toks_[k].kind == Tok::RParen ? -1 : 0;
                if (depth == 0) break;
            }
            if (k == to - 1) from++, to--; // the first paren closes at the end
        }
        auto opens = [](Tok k) { return k == Tok::LParen || k == Tok::LBracket || k == Tok::Indexing; };
        auto closes = [](Tok k) { return k == Tok::RParen || k == Tok::RBracket || k == Tok::Comma; };
        auto ends_operand = [](Tok k) {
            return k == Tok::Name || k == Tok::IntLit || k == Tok::FloatLit || k == Tok::CharLit ||
                   k == Tok::StringLit || k == Tok::RParen || k == Tok::RBracket || k == Tok::RBrace ||
                   k == Tok::KwTrue || k == Tok::KwFalse || k == Tok::Ctor;
        };
        auto infix = [&](size_t k) { // after an operand: not a prefix `-`
            return (toks_[k].kind == Tok::Symbol || toks_[k].kind == Tok::Backtick) && k > from &&
                   ends_operand(toks_[k - 1].kind);
        };
        std::string out;
        for (size_t k = from; k < to; k++) {
            const Token &t = toks_[k];
            bool space = k > from && !closes(t.kind) && t.kind != Tok::Indexing && !opens(toks_[k - 1].kind) &&
                         (t.space_before || infix(k) || infix(k - 1));
            if (space) out += ' ';
            out += source_text(t.begin, t.end);
        }
        return out;
    }

    std::string source_text(size_t begin, size_t end) const {
        const std::string &s = file_->text;
        if (begin >= s.size() || end <= begin) return "";
        return s.substr(begin, std::min(end, s.size()) - begin);
    }

    // ------------------------------------------------------------ declarations

    DeclPtr parse_decl() {
        DepthGuard guard(*this);
        const Token &first = cur();
        std::string doc = first.doc;
        auto decl = std::make_shared<Decl>();
        decl->loc = first.loc;
        switch (first.kind) {
        case Tok::KwDef:
        case Tok::KwEntry:
        case Tok::KwLet: {
            decl->kind = Decl::Kind::Fun;
            decl->fun = parse_val_bind(false);
            decl->fun->doc = doc;
            return decl;
        }
        case Tok::KwType: {
            decl->kind = Decl::Kind::Type;
            decl->type_decl = parse_type_bind();
            return decl;
        }
        case Tok::KwOpen: {
            advance();
            decl->kind = Decl::Kind::Open;
            if (!can_start_mod_atom() && !at(Tok::Backslash))
                error_expected("a module (a name, `{ ... }` or `import \"file\"`) after `open`");
            decl->mod = parse_mod_exp();
            return decl;
        }
        case Tok::KwModule: {
            advance();
            if (at(Tok::KwType)) {
                advance();
                decl->kind = Decl::Kind::ModType;
                auto mt = std::make_shared<ModTypeBind>();
                mt->loc = cur().loc;
                if (!at(Tok::Name)) error_expected("a module type name");
                mt->name = plain_name(advance());
                close(mt->loc);
                expect(Tok::Equals, " in the module type declaration");
                mt->def = parse_mod_type_exp();
                decl->mod_type_bind = mt;
                return decl;
            }
            decl->kind = Decl::Kind::Module;
            auto mb = std::make_shared<ModBind>();
            mb->loc = cur().loc;
            if (!at(Tok::Name)) error_expected("a module name after `module`");
            mb->name = plain_name(advance());
            close(mb->loc);
            // `module F (p: mt) : r = e` is `module F = \(p: mt) : r -> e`, and
            // `module M : mt = e` is `module M = e : mt`.
            auto lam = std::make_shared<ModExp>();
            lam->kind = ModExp::Kind::Lambda;
            lam->loc = mb->loc;
            while (at(Tok::LParen)) lam->params.push_back(parse_mod_param());
            ModTypeExpPtr sig;
            if (at(Tok::Colon)) {
                advance();
                sig = parse_mod_type_exp();
            }
            expect(Tok::Equals, " in the module declaration");
            ModExpPtr body = parse_mod_exp();
            if (!lam->params.empty()) {
                lam->mod_type = sig;
                lam->fn = body;
                lam->begin = body->begin;
                mb->body = lam;
            } else if (sig) {
                auto asc = std::make_shared<ModExp>();
                asc->kind = ModExp::Kind::Ascribe;
                asc->loc = body->loc;
                asc->begin = body->begin;
                asc->fn = body;
                asc->mod_type = sig;
                mb->body = asc;
            } else {
                mb->body = body;
            }
            decl->mod_bind = mb;
            return decl;
        }
        case Tok::KwImport: {
            advance();
            decl->kind = Decl::Kind::Import;
            decl->import_path = expect(Tok::StringLit, " (a file name) after `import`").text;
            return decl;
        }
        case Tok::KwLocal: {
            advance();
            decl->kind = Decl::Kind::Local;
            if (!cur().doc.empty() || doc.empty()) {
                decl->inner = parse_decl();
            } else {
                decl->inner = parse_decl();
                if (decl->inner->fun && decl->inner->fun->doc.empty()) decl->inner->fun->doc = doc;
            }
            return decl;
        }
        case Tok::HashLBracket: {
            // Attributes on declarations are kept on functions (`#[prop]`: loom test's
            // properties) and otherwise ignored.
            std::string attr = skip_attr();
            DeclPtr inner = parse_decl();
            if (inner->fun && inner->fun->doc.empty()) inner->fun->doc = doc;
            if (inner->fun) inner->fun->attrs.insert(inner->fun->attrs.begin(), attr);
            return inner;
        }
        case Tok::KwInclude:
            error_at(first.loc, "`include` is only valid in a module type (`module type mt = { include ... }`)");
        case Tok::KwVal:
            error_at(first.loc, "`val` specifications are only valid in a module type (`module type "
                                "mt = { val ... }`); a definition is `def`");
        case Tok::KwIn:
            error_at(first.loc, "unexpected `in` at top level (a `def` cannot have `in`)");
        default:
            break;
        }
        if (at_intrinsic_decl()) {
            advance();
            decl->kind = Decl::Kind::Fun;
            decl->fun = parse_val_bind(true);
            decl->fun->doc = doc;
            return decl;
        }
        if (at_foreign_decl()) {
            advance();
            auto ff = std::make_shared<ForeignFn>();
            const Token &h = advance();
            ff->header = h.text;
            ff->loc = h.loc;
            if (at(Tok::StringLit)) { // the libraries to link: `"-lgsl -lgslcblas"`
                ff->libraries = cur().text;
                ff->libraries_loc = advance().loc;
            }
            if (ff->header.empty() || ff->header == "<>")
                error_at(h.loc, "a foreign function needs a header: a file such as \"stats.c\" or a "
                                "system header such as \"<math.h>\"");
            decl->kind = Decl::Kind::Fun;
            decl->fun = parse_val_bind(false, ff);
            decl->fun->doc = doc;
            return decl;
        }
        error_expected("a declaration (`def`, `entry`, `type`, ...)");
    }

    /** At `let (p...) =` or `let {p...} =`: a definition by a pattern (not an operator's
     * `let (op)` or an infix `let (x: t) op (y: t)`). */
    bool at_let_pattern() const {
        if (!at(Tok::KwLet) || (peek().kind != Tok::LParen && peek().kind != Tok::LBrace))
            return false;
        int depth = 0;
        for (size_t k = 1;; k++) {
            const Tok t = peek(k).kind;
            if (t == Tok::Eof)
                return false;
            if (t == Tok::LParen || t == Tok::LBrace || t == Tok::LBracket || t == Tok::Indexing)
                depth++;
            else if (t == Tok::RParen || t == Tok::RBrace || t == Tok::RBracket)
                depth--;
            if (depth == 0)
                return peek(k + 1).kind == Tok::Equals;
        }
    }

    /** `let p = e` at top level (parse_program's let_patterns, for a REPL): a value named
     * as the pattern is written, `let p = e in (x, y, ...)`, and each name the pattern
     * binds as its component, so `let (xs, ys) = unzip ps` defines xs and ys. */
    void let_pattern(Program &prog) {
        const Token &kw = advance();
        const size_t begin = cur().begin;
        PatPtr pat = parse_pat();
        std::string whole = source_text(begin, prev().end);
        std::erase(whole, '.'); // not read as a qualified name
        expect(Tok::Equals, " in the `let`");
        ExpPtr value = parse_exp();
        std::vector<const Pat *> ids;
        collect_ids(*pat, ids);
        if (ids.empty())
            error_at(pat->loc, "this pattern binds no names to define");
        auto var = [&](const std::string &name, const SrcLoc &loc) {
            auto v = node<Var>(loc);
            v->name = name;
            return v;
        };
        auto let = node<LetPat>(kw.loc);
        let->pat = pat;
        let->value = value;
        if (ids.size() == 1) {
            let->body = var(ids[0]->name, ids[0]->loc);
        } else {
            auto t = node<TupleExp>(pat->loc);
            for (const Pat *p : ids)
                t->elems.push_back(var(p->name, p->loc));
            let->body = t;
        }
        add_value(prog, whole, pat->loc, let);
        for (size_t i = 0; i < ids.size(); i++) {
            if (ids.size() == 1) {
                add_value(prog, ids[i]->name, ids[i]->loc, var(whole, ids[i]->loc));
                continue;
            }
            auto proj = node<Project>(ids[i]->loc);
            proj->target = var(whole, ids[i]->loc);
            proj->field = std::to_string(i);
            add_value(prog, ids[i]->name, ids[i]->loc, proj);
        }
    }
    /** At `let a[i] = ...` or `let r.f = ...` (a REPL's top level). */
    bool at_let_update() const {
        return at(Tok::KwLet) && peek().kind == Tok::Name &&
               (peek(2).kind == Tok::Indexing || peek().text.find('.') != std::string::npos);
    }

    /** `let a[i].x = v` with no `in` (parse_program's let_patterns, for a REPL): defines
     * `a` again, as its copy updated (`let a = copy a with [i].x = v`); the old value is
     * a definition, which cannot be consumed.  With `in`, the input is an expression:
     * the declaration's parse fails at `in` and the session parses an expression. */
    void let_update(Program &prog) {
        advance(); // let
        const Token &name = advance();
        std::vector<UpdateStep> steps = update_steps_after(name);
        expect(Tok::Equals, " in the `let`");
        ExpPtr value = parse_exp();
        auto copy = node<Apply>(name.loc);
        auto fn = node<Var>(name.loc);
        fn->name = "copy";
        auto old = node<Var>(name.loc);
        old->name = split_dots(name.text)[0];
        copy->fn = fn;
        copy->args.push_back(old);
        add_value(prog, old->name, name.loc, make_update(copy, steps, 0, value));
    }

    /** A REPL's value definition made by the parser: `def name = body`. */
    static void add_value(Program &prog, const std::string &name, const SrcLoc &loc, ExpPtr body) {
        auto fun = std::make_shared<FunDef>();
        fun->name = name;
        fun->loc = loc;
        fun->body = std::move(body);
        auto d = std::make_shared<Decl>();
        d->kind = Decl::Kind::Fun;
        d->loc = loc;
        d->fun = fun;
        prog.decls.push_back(d);
    }

    static void collect_ids(const Pat &p, std::vector<const Pat *> &out) {
        if (p.kind == Pat::Kind::Id)
            out.push_back(&p);
        if (p.inner)
            collect_ids(*p.inner, out);
        for (const PatPtr &e : p.elems)
            collect_ids(*e, out);
        for (const auto &f : p.fields)
            collect_ids(*f.second, out);
    }

    /** `(op)` in binding position; cur() is `(`. */
    bool at_binding_op() const {
        return at(Tok::LParen) && (peek().kind == Tok::Symbol || peek().kind == Tok::Bang) &&
               peek(2).kind == Tok::RParen;
    }

    std::string binding_op_name(const Token &t) {
        if (t.kind == Tok::Bang)
            error_at(t.loc, "`!` is a prefix operator and cannot be defined");
        if (!t.text.empty() && std::isalpha((unsigned char)t.text[0]))
            error_at(t.loc, "cannot use a qualified name in binding position");
        if (t.text == "&&" || t.text == "||")
            error_at(t.loc, "the operator `" + t.text +
                                "` cannot be redefined (it would not short-circuit)");
        return t.text;
    }

    FunDefPtr parse_val_bind(bool intrinsic, ForeignFnPtr foreign = nullptr) {
        const Token &kw = advance();
        auto fun = std::make_shared<FunDef>();
        fun->is_entry = kw.kind == Tok::KwEntry;
        fun->is_intrinsic = intrinsic;
        fun->foreign = std::move(foreign);
        fun->loc = cur().loc;
        if (at_binding_op()) {
            advance();
            fun->name = binding_op_name(advance());
            advance();
            close(fun->loc);
        } else if (at(Tok::Name) && peek().kind != Tok::Symbol) {
            fun->name = advance().text;
            close(fun->loc);
        } else if (can_start_param_pat()) {
            // Infix definition: `def (x: t) op (y: t) = ...`.
            PatPtr lhs = parse_param_pat();
            if (at(Tok::Equals) || at(Tok::Colon))
                error_at(lhs->loc, "cannot bind patterns at top level; bind a single name instead");
            if (!at(Tok::Symbol)) error_expected("an infix operator name");
            fun->loc = cur().loc;
            fun->name = binding_op_name(advance());
            fun->params.push_back(lhs);
            fun->params.push_back(parse_param_pat());
            return finish_val_bind(fun, intrinsic);
        } else {
            error_expected("a name for the definition");
        }
        fun->type_params = parse_type_params();
        while (can_start_param_pat()) fun->params.push_back(parse_param_pat());
        return finish_val_bind(fun, intrinsic);
    }

    FunDefPtr finish_val_bind(FunDefPtr fun, bool intrinsic) {
        if (at(Tok::Colon)) {
            advance();
            fun->ret_type = parse_type();
        }
        if (intrinsic) {
            if (!fun->ret_type) error_expected("`:` and the result type of the intrinsic");
            return fun;
        }
        if (fun->foreign) {
            if (!fun->ret_type) error_expected("`:` and the result type of the foreign function");
            fun->foreign->name = fun->name;
            fun->foreign->symbol = fun->name;
            if (at(Tok::Equals)) { // `= "symbol"`: the C function's own name
                advance();
                fun->foreign->symbol = expect(Tok::StringLit, " (the C function's name) after `=`").text;
            }
            return fun;
        }
        if (!at(Tok::Equals)) {
            if (at(Tok::Symbol) || at(Tok::LBracket) || at(Tok::Indexing))
                error_expected("`=` (parameters must be names, `_` or parenthesised patterns)");
            error_expected("`=`");
        }
        advance();
        fun->body = parse_exp();
        return fun;
    }

    std::vector<TypeParam> parse_type_params() {
        std::vector<TypeParam> params;
        while (true) {
            TypeParam tp;
            tp.loc = cur().loc;
            if (at_lbracket() && peek().kind == Tok::Name && peek(2).kind == Tok::RBracket) {
                advance();
                tp.kind = TypeParam::Kind::Size;
                tp.name = plain_name(advance());
                advance();
            } else if (at(Tok::Apostrophe) || at(Tok::ApostropheHat) || at(Tok::ApostropheTilde)) {
                tp.kind = at(Tok::Apostrophe)      ? TypeParam::Kind::Type
                          : at(Tok::ApostropheHat) ? TypeParam::Kind::LiftedType
                                                   : TypeParam::Kind::SizeLiftedType;
                advance();
                if (!at(Tok::Name)) error_expected("a type parameter name");
                tp.name = plain_name(advance());
            } else {
                return params;
            }
            close(tp.loc);
            params.push_back(std::move(tp));
        }
    }

    /** A name token that must not be qualified. */
    std::string plain_name(const Token &t) {
        if (t.kind != Tok::Name) error_at(t.loc, "unexpected " + describe_token(t) + "; expected a name");
        if (t.text.find('.') != std::string::npos)
            error_at(t.loc, "expected an unqualified name, but found `" + t.text + "`");
        return t.text;
    }

    /** `type[^~] name params` (after `type`) of a type abbreviation or specification. */
    void parse_type_head(char &lifted, SrcLoc &loc, std::string &name, std::vector<TypeParam> &params) {
        if (at_sym("^")) {
            lifted = '^';
            advance();
        } else if (at(Tok::Tilde)) {
            lifted = '~';
            advance();
        }
        loc = cur().loc;
        if (!at(Tok::Name)) error_expected("a type name");
        name = plain_name(advance());
        close(loc);
        params = parse_type_params();
    }

    std::shared_ptr<TypeDecl> parse_type_bind() {
        advance();  // type
        auto td = std::make_shared<TypeDecl>();
        parse_type_head(td->lifted, td->loc, td->name, td->params);
        expect(Tok::Equals, " in the type abbreviation");
        td->def = parse_type();
        return td;
    }

    // ------------------------------------------------------------ modules

    /** `(name: mod_type)`; cur() is `(`. */
    ModParam parse_mod_param() {
        advance();
        ModParam p;
        p.loc = cur().loc;
        if (!at(Tok::Name)) error_expected("a parameter name in `(p: module type)`");
        p.name = plain_name(advance());
        close(p.loc);
        expect(Tok::Colon, " after the module parameter's name (`(p: module type)`)");
        p.type = parse_mod_type_exp();
        expect(Tok::RParen, " after the module parameter's type");
        return p;
    }

    bool can_start_mod_atom() const {
        return at(Tok::Name) || at(Tok::LParen) || at(Tok::LBrace) || at(Tok::KwImport);
    }

    ModExpPtr mod_node(ModExp::Kind k, const Token &first) {
        auto m = std::make_shared<ModExp>();
        m->kind = k;
        m->loc = first.loc;
        m->begin = first.begin;
        return m;
    }

    ModExpPtr parse_mod_atom() {
        DepthGuard guard(*this);
        const Token &first = cur();
        if (at(Tok::Name)) {
            auto m = mod_node(ModExp::Kind::Name, first);
            m->name = advance().text;
            return m;
        }
        if (at(Tok::KwImport)) {
            advance();
            auto m = mod_node(ModExp::Kind::Import, first);
            m->name = expect(Tok::StringLit, " (a file name) after `import`").text;
            close(m->loc);
            return m;
        }
        if (at(Tok::LBrace)) {
            advance();
            auto m = mod_node(ModExp::Kind::Decls, first);
            while (!at(Tok::RBrace)) {
                if (at(Tok::Eof)) error_expected("`}` to close the module");
                m->decls.push_back(parse_decl());
            }
            advance();
            return m;
        }
        if (at(Tok::LParen)) {
            advance();
            ModExpPtr m = parse_mod_exp();
            expect(Tok::RParen, " to close the module expression");
            return m;
        }
        error_expected("a module (a name, `{ ... }`, `import \"file\"` or `( ... )`)");
    }

    ModExpPtr parse_mod_exp() {
        DepthGuard guard(*this);
        const Token &first = cur();
        ModExpPtr e;
        if (at(Tok::Backslash)) {
            advance();
            e = mod_node(ModExp::Kind::Lambda, first);
            if (!at(Tok::LParen)) error_expected("a parameter `(p: module type)` of the parametric module");
            while (at(Tok::LParen)) e->params.push_back(parse_mod_param());
            if (at(Tok::Colon)) {
                advance();
                e->mod_type = parse_mod_type_exp(false);
            }
            expect(Tok::Arrow, " after the parametric module's parameters");
            e->fn = parse_mod_exp();
            return e;
        }
        e = parse_mod_atom();
        // (`import` starts no argument, as in Futhark: `open import "a"` then a top-level
        // `import "b"` is two declarations; `m (import "b")` applies m.)
        while (can_start_mod_atom() && !at(Tok::KwImport) && !at_bodyless_decl()) {
            auto app = mod_node(ModExp::Kind::Apply, first);
            app->fn = e;
            app->arg = parse_mod_atom();
            e = app;
        }
        while (at(Tok::Colon)) {
            advance();
            auto asc = mod_node(ModExp::Kind::Ascribe, first);
            asc->fn = e;
            asc->mod_type = parse_mod_type_exp();
            e = asc;
        }
        return e;
    }

    ModTypeExpPtr mod_type_node(ModTypeExp::Kind k, const SrcLoc &loc) {
        auto m = std::make_shared<ModTypeExp>();
        m->kind = k;
        m->loc = loc;
        return m;
    }

    /** `arrows`: false for a module lambda's result type, whose `->` is the lambda's
     * (`\(P: mt) : (mt with t = P.t) -> { ... }`). */
    ModTypeExpPtr parse_mod_type_exp(bool arrows = true) {
        DepthGuard guard(*this);
        const SrcLoc loc = cur().loc;
        ModTypeExpPtr t;
        if (arrows && at(Tok::LParen) && peek().kind == Tok::Name && peek(2).kind == Tok::Colon) {
            // `(p: mt) -> mt`
            advance();
            std::string pname = plain_name(advance());
            advance();
            ModTypeExpPtr param = parse_mod_type_exp();
            expect(Tok::RParen, " after the parameter's module type");
            expect(Tok::Arrow, " after `(p: module type)` in a module type");
            t = mod_type_node(ModTypeExp::Kind::Arrow, loc);
            t->name = pname;
            t->inner = param;
            t->result = parse_mod_type_exp();
            return t;
        }
        if (at(Tok::Name)) {
            t = mod_type_node(ModTypeExp::Kind::Name, loc);
            t->name = advance().text;
        } else if (at(Tok::LBrace)) {
            advance();
            t = mod_type_node(ModTypeExp::Kind::Specs, loc);
            while (!at(Tok::RBrace)) {
                if (at(Tok::Eof)) error_expected("`}` to close the module type");
                t->specs.push_back(parse_spec());
            }
            advance();
        } else if (at(Tok::LParen)) {
            advance();
            t = parse_mod_type_exp();
            expect(Tok::RParen, " to close the module type");
        } else {
            error_expected("a module type (a name or `{ ... }`)");
        }
        while (at(Tok::KwWith)) {
            advance();
            auto w = mod_type_node(ModTypeExp::Kind::With, cur().loc);
            if (!at(Tok::Name)) error_expected("the name of a type after `with`");
            w->name = advance().text;
            w->params = parse_type_params();
            expect(Tok::Equals, " in the module type's `with`");
            w->type = parse_type();
            w->inner = t;
            t = w;
        }
        if (arrows && at(Tok::Arrow)) {
            advance();
            auto a = mod_type_node(ModTypeExp::Kind::Arrow, loc);
            a->inner = t;
            a->result = parse_mod_type_exp();
            t = a;
        }
        return t;
    }

    SpecPtr parse_spec() {
        DepthGuard guard(*this);
        if (at(Tok::HashLBracket)) {
            skip_attr();
            return parse_spec();
        }
        auto sp = std::make_shared<Spec>();
        sp->loc = cur().loc;
        switch (cur().kind) {
        case Tok::KwVal: {
            advance();
            sp->kind = Spec::Kind::Val;
            sp->loc = cur().loc;
            if (at_binding_op()) {
                advance();
                sp->name = binding_op_name(advance());
                advance();
            } else if (at(Tok::Symbol)) {
                sp->name = binding_op_name(advance());
            } else {
                if (!at(Tok::Name)) error_expected("a name after `val`");
                sp->name = plain_name(advance());
            }
            close(sp->loc);
            sp->params = parse_type_params();
            expect(Tok::Colon, " after the name in the `val` specification");
            sp->type = parse_type();
            return sp;
        }
        case Tok::KwType: {
            advance();
            sp->kind = Spec::Kind::Type;
            parse_type_head(sp->lifted, sp->loc, sp->name, sp->params);
            if (at(Tok::Equals)) {
                advance();
                sp->type = parse_type();
            }
            return sp;
        }
        case Tok::KwModule: {
            advance();
            sp->kind = Spec::Kind::Module;
            sp->loc = cur().loc;
            if (!at(Tok::Name)) error_expected("a module name after `module`");
            sp->name = plain_name(advance());
            close(sp->loc);
            expect(Tok::Colon, " after the module's name in the specification");
            sp->mod_type = parse_mod_type_exp();
            return sp;
        }
        case Tok::KwInclude:
            advance();
            sp->kind = Spec::Kind::Include;
            sp->mod_type = parse_mod_type_exp();
            return sp;
        case Tok::KwDef:
            error_at(cur().loc, "a module type specifies values with `val name: type`, not `def`");
        default:
            error_expected("a specification (`val`, `type`, `module` or `include`) or `}`");
        }
    }

    /** Skips `#[...]`; returns the text inside, as written. */
    std::string skip_attr() {
        const SrcLoc start = cur().loc;
        advance();  // #[
        size_t begin = cur().begin;
        int nest = 0;
        while (true) {
            if (at(Tok::Eof))
                error_expected("`]` to close the attribute opened at " + std::to_string(start.line) + ":" +
                               std::to_string(start.char_col()));
            if (at(Tok::LBracket) || at(Tok::Indexing) || at(Tok::LParen)) ++nest;
            if (at(Tok::RParen)) --nest;
            if (at(Tok::RBracket)) {
                if (nest == 0) break;
                --nest;
            }
            advance();
        }
        std::string text = file_->text.substr(begin, cur().begin - begin);
        advance();
        return text;
    }

    // ------------------------------------------------------------ types

    TypeExpPtr type_node(TypeExp::Kind k, const SrcLoc &loc) {
        auto t = std::make_shared<TypeExp>();
        t->kind = k;
        t->loc = loc;
        t->loc.end_col = 0;
        return t;
    }

    TypeExpPtr parse_type() {
        DepthGuard guard(*this);
        SrcLoc start = cur().loc;
        if (at(Tok::LParen) && peek().kind == Tok::Name && peek(2).kind == Tok::Colon) {
            // `(n: t1) -> t2`
            advance();
            auto f = type_node(TypeExp::Kind::Func, start);
            f->param_name = plain_name(advance());
            advance();
            f->param = parse_type();
            expect(Tok::RParen, " after the named parameter type");
            if (!at(Tok::Arrow)) error_expected("`->` after a named parameter `(name: type)`");
            advance();
            f->result = parse_type();
            close(f->loc);
            return f;
        }
        if (at(Tok::Question)) {
            advance();
            auto e = type_node(TypeExp::Kind::Existential, start);
            if (!at_lbracket()) error_expected("`[` after `?`");
            while (at_lbracket()) {
                advance();
                if (!at(Tok::Name)) error_expected("a size name");
                e->exist_sizes.push_back(plain_name(advance()));
                expect(Tok::RBracket);
            }
            expect(Tok::Dot, " after the existential sizes");
            e->elem = parse_type();
            close(e->loc);
            return e;
        }
        TypeExpPtr t = parse_type_term();
        if (at(Tok::Arrow)) {
            advance();
            auto f = type_node(TypeExp::Kind::Func, start);
            f->param = t;
            f->result = parse_type();
            close(f->loc);
            return f;
        }
        return t;
    }

    bool can_start_type_atom() const {
        // The result type of an `intrinsic def` is followed directly by the next
        // declaration; `intrinsic def` must not be read as a type argument.
        if (at_bodyless_decl()) return false;
        return at(Tok::LParen) || at(Tok::LBrace) || at_lbracket() || at(Tok::Name);
    }

    TypeExpPtr parse_type_term() {
        DepthGuard guard(*this);
        SrcLoc start = cur().loc;
        if (at_sym("*")) {
            advance();
            auto u = type_node(TypeExp::Kind::Unique, start);
            u->elem = parse_type_term();
            close(u->loc);
            return u;
        }
        if (at(Tok::Ctor)) {
            auto s = type_node(TypeExp::Kind::Sum, start);
            while (true) {
                if (!at(Tok::Ctor)) error_expected("a constructor `#name`");
                std::string name = advance().text;
                std::vector<TypeExpPtr> payload;
                while (can_start_type_atom()) payload.push_back(parse_type_atom());
                s->ctors.emplace_back(std::move(name), std::move(payload));
                if (!at_sym("|")) break;
                advance();
            }
            close(s->loc);
            return s;
        }
        TypeExpPtr head = parse_type_atom();
        if (head->kind != TypeExp::Kind::Named) return head;
        while (can_start_type_atom()) {
            if (at_lbracket()) {
                SrcLoc dl = cur().loc;
                DimExp d = parse_dim();
                auto arg = type_node(TypeExp::Kind::Array, dl);
                arg->dim = d;
                close(arg->loc);
                head->args.push_back(arg);
                head->dim_args.push_back(d);
            } else {
                head->args.push_back(parse_type_atom());
            }
        }
        close(head->loc);
        return head;
    }

    DimExp parse_dim() {
        advance();  // [
        DimExp d;
        if (at(Tok::RBracket)) {
            advance();
            d.kind = DimExp::Kind::Anon;
            return d;
        }
        if (at(Tok::Name) && peek().kind == Tok::RBracket) {
            d.kind = DimExp::Kind::Named;
            d.name = advance().text;
        } else if (at(Tok::IntLit) && peek().kind == Tok::RBracket) {
            const Token &t = advance();
            if (t.int_value > uint64_t(INT64_MAX)) error_at(t.loc, "array size is too large");
            d.kind = DimExp::Kind::Const;
            d.value = int64_t(t.int_value);
        } else {
            d.kind = DimExp::Kind::Exp;
            d.exp = parse_exp2();
        }
        expect(Tok::RBracket, " to close the size");
        return d;
    }

    TypeExpPtr parse_type_atom() {
        SrcLoc start = cur().loc;
        switch (cur().kind) {
        case Tok::LParen: {
            advance();
            auto tup = type_node(TypeExp::Kind::Tuple, start);
            if (at(Tok::RParen)) {
                advance();
                close(tup->loc);
                return tup;
            }
            TypeExpPtr t = parse_type();
            if (!at(Tok::Comma)) {
                expect(Tok::RParen);
                return t;
            }
            tup->elems.push_back(t);
            while (at(Tok::Comma)) {
                advance();
                if (at(Tok::RParen)) break;
                tup->elems.push_back(parse_type());
            }
            expect(Tok::RParen, " to close the tuple type");
            close(tup->loc);
            return tup;
        }
        case Tok::LBrace: {
            advance();
            auto rec = type_node(TypeExp::Kind::Record, start);
            while (!at(Tok::RBrace)) {
                std::string field = parse_field_id();
                expect(Tok::Colon, " after the field name");
                rec->fields.emplace_back(field, parse_type());
                if (!at(Tok::Comma)) break;
                advance();
            }
            expect(Tok::RBrace, " to close the record type");
            close(rec->loc);
            return rec;
        }
        case Tok::LBracket:
        case Tok::Indexing: {
            auto arr = type_node(TypeExp::Kind::Array, start);
            arr->dim = parse_dim();
            arr->elem = parse_type_term();
            close(arr->loc);
            return arr;
        }
        case Tok::Name: {
            auto n = type_node(TypeExp::Kind::Named, start);
            n->name = advance().text;
            close(n->loc);
            return n;
        }
        default:
            error_expected("a type");
        }
    }

    std::string parse_field_id() {
        if (at(Tok::Name)) return plain_name(advance());
        if (at(Tok::IntLit) && !cur().suffix && is_decimal(cur())) return advance().text;
        error_expected("a field name");
    }

    static bool is_decimal(const Token &t) {
        for (char c : t.text)
            if (c < '0' || c > '9') return false;
        return !t.text.empty();
    }

    // ------------------------------------------------------------ patterns

    PatPtr pat_node(Pat::Kind k, const SrcLoc &loc) {
        auto p = std::make_shared<Pat>();
        p->kind = k;
        p->loc = loc;
        p->loc.end_col = 0;
        return p;
    }

    bool can_start_param_pat() const {
        switch (cur().kind) {
        case Tok::Name:
        case Tok::Underscore:
        case Tok::LParen:
        case Tok::LBrace:
        case Tok::IntLit:
        case Tok::FloatLit:
        case Tok::CharLit:
        case Tok::KwTrue:
        case Tok::KwFalse:
        case Tok::Ctor:
            return true;
        default:
            return false;
        }
    }

    PatPtr parse_pat() {
        DepthGuard guard(*this);
        if (at(Tok::HashLBracket)) {
            skip_attr();
            return parse_pat();
        }
        SrcLoc start = cur().loc;
        PatPtr p;
        if (at(Tok::Ctor)) { // `#c p1 p2`, ascribed as a whole: `(#foo : t)`
            auto c = pat_node(Pat::Kind::Ctor, start);
            c->name = advance().text;
            while (can_start_param_pat() || (at_sym("-") && is_num_lit(peek())))
                c->elems.push_back(parse_inner_pat(true));
            close(c->loc);
            p = c;
        } else {
            p = parse_inner_pat(true);
        }
        if (at(Tok::Colon)) {
            advance();
            auto a = pat_node(Pat::Kind::Ascript, start);
            a->inner = p;
            a->type_exp = parse_type();
            close(a->loc);
            return a;
        }
        return p;
    }

    PatPtr parse_param_pat() { return parse_inner_pat(false); }

    static bool is_num_lit(const Token &t) {
        return t.kind == Tok::IntLit || t.kind == Tok::FloatLit;
    }

    ExpPtr literal_exp() {
        const Token &t = cur();
        switch (t.kind) {
        case Tok::IntLit:
        case Tok::FloatLit:
        case Tok::CharLit:
        case Tok::KwTrue:
        case Tok::KwFalse:
            return parse_atom();
        default:
            error_expected("a literal");
        }
    }

    PatPtr parse_inner_pat(bool allow_negative) {
        DepthGuard guard(*this);
        SrcLoc start = cur().loc;
        switch (cur().kind) {
        case Tok::Name: {
            auto p = pat_node(Pat::Kind::Id, start);
            p->name = plain_name(advance());
            close(p->loc);
            return p;
        }
        case Tok::Underscore: {
            advance();
            auto p = pat_node(Pat::Kind::Wildcard, start);
            close(p->loc);
            return p;
        }
        case Tok::LParen: {
            if (at_binding_op()) {
                advance();
                auto p = pat_node(Pat::Kind::Id, start);
                p->name = binding_op_name(advance());
                advance();
                close(p->loc);
                return p;
            }
            advance();
            auto tup = pat_node(Pat::Kind::Tuple, start);
            if (at(Tok::RParen)) {
                advance();
                close(tup->loc);
                return tup;
            }
            PatPtr first = parse_pat();
            if (!at(Tok::Comma)) {
                expect(Tok::RParen, " to close the pattern");
                return first;
            }
            tup->elems.push_back(first);
            while (at(Tok::Comma)) {
                advance();
                if (at(Tok::RParen)) break;
                tup->elems.push_back(parse_pat());
            }
            expect(Tok::RParen, " to close the tuple pattern");
            close(tup->loc);
            return tup;
        }
        case Tok::LBrace: {
            advance();
            auto rec = pat_node(Pat::Kind::Record, start);
            while (!at(Tok::RBrace)) {
                SrcLoc floc = cur().loc;
                std::string field = parse_field_id();
                PatPtr fp;
                if (at(Tok::Equals)) {
                    advance();
                    fp = parse_pat();
                } else {
                    if (!std::isalpha((unsigned char)field[0]) && field[0] != '_')
                        error_expected("`=` after a numeric field name");
                    fp = pat_node(Pat::Kind::Id, floc);
                    fp->name = field;
                    close(fp->loc);
                    if (at(Tok::Colon)) {
                        advance();
                        auto a = pat_node(Pat::Kind::Ascript, floc);
                        a->inner = fp;
                        a->type_exp = parse_type();
                        close(a->loc);
                        fp = a;
                    }
                }
                rec->fields.emplace_back(field, fp);
                if (!at(Tok::Comma)) break;
                advance();
            }
            expect(Tok::RBrace, " to close the record pattern");
            close(rec->loc);
            return rec;
        }
        case Tok::IntLit:
        case Tok::FloatLit:
        case Tok::CharLit:
        case Tok::KwTrue:
        case Tok::KwFalse: {
            auto p = pat_node(Pat::Kind::Literal, start);
            p->literal = literal_exp();
            close(p->loc);
            return p;
        }
        case Tok::Ctor: {
            auto p = pat_node(Pat::Kind::Ctor, start);
            p->name = advance().text;
            close(p->loc);
            return p;
        }
        case Tok::Symbol:
            if (allow_negative && cur().text == "-" && is_num_lit(peek())) {
                // A negative literal pattern: kept as Negate(literal).
                advance();
                auto p = pat_node(Pat::Kind::Literal, start);
                auto neg = node<Negate>(start);
                neg->operand = parse_atom();
                close(neg->loc);
                p->literal = neg;
                close(p->loc);
                return p;
            }
            break;
        default:
            break;
        }
        error_expected("a pattern");
    }

    // ------------------------------------------------------------ expressions

    /** exp: exp2 followed by any number of `: type` / `:> type`. */
    ExpPtr parse_exp() {
        DepthGuard guard(*this);
        ExpPtr e = parse_exp2();
        while (at(Tok::Colon) || at(Tok::ColonGt)) {
            bool coerce = at(Tok::ColonGt);
            advance();
            TypeExpPtr t = parse_type();
            if (coerce) {
                auto c = node<Coerce>(e->loc);
                c->exp = e;
                c->type_exp = t;
                close(c->loc);
                e = c;
            } else {
                auto a = node<Ascript>(e->loc);
                a->exp = e;
                a->type_exp = t;
                close(a->loc);
                e = a;
            }
        }
        return e;
    }

    /** exp2: an expression without ascription, possibly a range. */
    ExpPtr parse_exp2() {
        ExpPtr e = parse_backtick_level();
        auto end_kind = [&]() -> std::optional<RangeExp::End> {
            if (at(Tok::ThreeDots)) return RangeExp::End::Inclusive;
            if (at(Tok::TwoDotsLt)) return RangeExp::End::UpToExclusive;
            if (at(Tok::TwoDotsGt)) return RangeExp::End::DownToExclusive;
            return std::nullopt;
        };
        if (!at(Tok::TwoDots) && !end_kind()) return e;
        auto r = node<RangeExp>(e->loc);
        r->start = e;
        if (at(Tok::TwoDots)) {
            advance();
            r->second = parse_backtick_level();
            if (!end_kind()) error_expected("`...`, `..<` or `..>` to end the range");
        }
        r->end_kind = *end_kind();
        advance();
        r->end = parse_backtick_level();
        close(r->loc);
        return r;
    }

    ExpPtr parse_backtick_level() {
        ExpPtr lhs = parse_with_level();
        while (at(Tok::Backtick) && peek().kind != Tok::RParen) {
            const Token &op = advance();
            auto b = node<BinOp>(lhs->loc);
            b->op = op.text;
            b->op_loc = op.loc;
            b->backtick = true;
            b->lhs = lhs;
            b->rhs = parse_with_level();
            close(b->loc);
            lhs = b;
        }
        return lhs;
    }

    /** `e with [slice] = v` / `e with a.b = v`.  As in Futhark's grammar (`with` binds
     * looser than `=`, which binds looser than every operator), the value takes all
     * operators but `with` is left-associative: `a with [i] = x with [j] = y` updates
     * `a` twice. */
    ExpPtr parse_with_level() {
        ExpPtr lhs = parse_ops(1);
        while (at(Tok::KwWith)) {
            advance();
            std::vector<UpdateStep> steps = parse_update_steps(false);
            expect(Tok::Equals,
                   steps.back().is_slice ? " after the updated slice" : " after the updated field");
            lhs = make_update(lhs, steps, 0, parse_ops(1));
        }
        return lhs;
    }

    /** One step of an update's path: a slice, or fields. */
    struct UpdateStep {
        bool is_slice = false;
        std::vector<DimIndex> slice;
        std::vector<std::string> path;
        SrcLoc loc;
    };

    /** The reference's `(slice | fieldid) (slice | "." fieldid)*` after `with` (or after
     * `let name`, where the first fields came with the name: `dotted`). */
    std::vector<UpdateStep> parse_update_steps(bool dotted) {
        std::vector<UpdateStep> steps;
        while (steps.empty() || at_lbracket() || at(Tok::Dot)) {
            UpdateStep st;
            st.loc = cur().loc;
            if (at_lbracket()) {
                st.is_slice = true;
                st.slice = parse_slice_chain("`with`");
            } else {
                bool first = steps.empty() && !dotted;
                if (!first)
                    expect(Tok::Dot, "");
                st.path = parse_field_path(first ? "a field name or `[`" : "a field name");
            }
            steps.push_back(std::move(st));
        }
        return steps;
    }

    /** The steps of `let name[i].x = ...` after its name (just read), whose dots are the
     * first fields. */
    std::vector<UpdateStep> update_steps_after(const Token &name) {
        std::vector<std::string> parts = split_dots(name.text);
        if (parts.size() == 1)
            return parse_update_steps(false);
        UpdateStep st;
        st.loc = name.loc;
        st.path.assign(parts.begin() + 1, parts.end());
        std::vector<UpdateStep> steps{std::move(st)};
        if (at_lbracket() || at(Tok::Dot)) {
            auto more = parse_update_steps(true);
            steps.insert(steps.end(), more.begin(), more.end());
        }
        return steps;
    }

    /** `target with steps[k..] = value`.  One step is an Update or a RecordUpdate; more
     * (`a with [i].x = v`) nest: `a with [i] = (a[i] with x = v)`, the target first bound
     * to a name unless it is one, so that it is evaluated once. */
    ExpPtr make_update(ExpPtr target, const std::vector<UpdateStep> &steps, size_t k,
                       ExpPtr value) {
        const UpdateStep &st = steps[k];
        auto finish = [&](ExpPtr t, ExpPtr v) -> ExpPtr {
            if (st.is_slice) {
                auto u = node<Update>(t->loc);
                u->target = t;
                u->slice = st.slice;
                u->value = v;
                close(u->loc);
                return u;
            }
            auto u = node<RecordUpdate>(t->loc);
            u->target = t;
            u->path = st.path;
            u->value = v;
            close(u->loc);
            return u;
        };
        if (k + 1 == steps.size())
            return finish(target, value);
        ExpPtr bound = target;
        std::shared_ptr<LetPat> let;
        if (!target->as<Var>()) {
            let = node<LetPat>(target->loc);
            let->pat = pat_node(Pat::Kind::Id, target->loc);
            let->pat->name = "with%" + std::to_string(with_names_++); // no user can write it
            let->value = target;
            auto v = node<Var>(target->loc);
            v->name = let->pat->name;
            bound = v;
        }
        ExpPtr part = bound;
        if (st.is_slice) {
            auto ix = node<Index>(st.loc);
            ix->target = bound;
            ix->slice = st.slice;
            part = ix;
        } else {
            for (const std::string &f : st.path)
                part = project(part, f);
        }
        ExpPtr u = finish(bound, make_update(part, steps, k + 1, value));
        if (auto *ru = u->as<RecordUpdate>())
            ru->in_place = true;
        if (!let)
            return u;
        let->body = u;
        close(let->loc);
        return let;
    }

    /** One or more `[...]` slices; consecutive plain-index slices are merged. */
    std::vector<DimIndex> parse_slice_chain(const char *what) {
        std::vector<DimIndex> slice = parse_slice();
        while (at_lbracket()) {
            for (const DimIndex &d : slice)
                if (d.is_range)
                    error_at(cur().loc, std::string("a slice after a range slice in ") + what +
                                            " is not supported; write the indices in one `[...]`");
            std::vector<DimIndex> more = parse_slice();
            slice.insert(slice.end(), more.begin(), more.end());
        }
        return slice;
    }

    /** `a.b.0` after `with` or in `(.a.b)` (a name token possibly dotted, or digits);
     * `expected` says what else could have come first. */
    std::vector<std::string> parse_field_path(const char *expected) {
        std::vector<std::string> path;
        while (true) {
            if (at(Tok::Name)) {
                for (auto &f : split_dots(advance().text)) path.push_back(f);
            } else if (at(Tok::IntLit) && !cur().suffix && is_decimal(cur())) {
                path.push_back(advance().text);
            } else {
                error_expected(path.empty() ? expected : "a field name");
            }
            if (!at(Tok::Dot)) return path;
            advance();
        }
    }

    bool at_binop() const { return at(Tok::Symbol); }

    /** Precedence climbing over the symbolic infix operators. */
    ExpPtr parse_ops(int min_level) {
        DepthGuard guard(*this);
        ExpPtr lhs = parse_unary();
        while (at_binop()) {
            // `(e op)` is a left section: leave the operator to parse_paren.
            if (peek().kind == Tok::RParen) break;
            OpInfo info = op_info(cur().text);
            if (info.level < min_level) break;
            const Token &op = advance();
            auto b = node<BinOp>(lhs->loc);
            b->op = op.text;
            b->op_loc = op.loc;
            b->lhs = lhs;
            b->rhs = parse_ops(info.right ? info.level : info.level + 1);
            close(b->loc);
            lhs = b;
        }
        return lhs;
    }

    ExpPtr parse_unary() {
        const Token &t = cur();
        switch (t.kind) {
        case Tok::Symbol:
            if (t.text == "-") {
                DepthGuard guard(*this);
                advance();
                auto n = node<Negate>(t.loc);
                n->operand = parse_unary();
                close(n->loc);
                return n;
            }
            break;
        case Tok::Bang: {
            DepthGuard guard(*this);
            advance();
            auto n = node<Not>(t.loc);
            n->operand = parse_unary();
            close(n->loc);
            return n;
        }
        case Tok::KwIf: return parse_if();
        case Tok::KwLet: return parse_let();
        case Tok::KwLoop: return parse_loop();
        case Tok::KwMatch: return parse_match();
        case Tok::Backslash: return parse_lambda();
        case Tok::KwAssert: return parse_assert();
        case Tok::HashLBracket: return parse_attr();
        default:
            break;
        }
        return parse_apply();
    }

    /** `intrinsic def` (prelude only) starts a declaration; it is a contextual
     * keyword, so expressions and types must stop in front of it. */
    bool at_intrinsic_decl() const {
        return at(Tok::Name) && cur().text == "intrinsic" && peek().kind == Tok::KwDef;
    }

    /** `foreign "header" ["libraries"] def`, a contextual keyword as `intrinsic` is. */
    bool at_foreign_decl() const {
        return at(Tok::Name) && cur().text == "foreign" && peek().kind == Tok::StringLit &&
               (peek(2).kind == Tok::KwDef || (peek(2).kind == Tok::StringLit && peek(3).kind == Tok::KwDef));
    }

    /** A declaration without a body, which a result type runs into. */
    bool at_bodyless_decl() const { return at_intrinsic_decl() || at_foreign_decl(); }

    bool can_start_atom() const {
        if (at_bodyless_decl()) return false;
        switch (cur().kind) {
        case Tok::IntLit:
        case Tok::FloatLit:
        case Tok::CharLit:
        case Tok::StringLit:
        case Tok::KwTrue:
        case Tok::KwFalse:
        case Tok::Name:
        case Tok::LParen:
        case Tok::LBracket:
        case Tok::Indexing:
        case Tok::LBrace:
        case Tok::Ctor:
        case Tok::Hole:
        case Tok::Script:
            return true;
        default:
            return false;
        }
    }

    ExpPtr parse_apply() {
        SrcLoc start = cur().loc;
        if (at(Tok::Ctor)) {
            // `#foo a b`: a constructor applied to its payload.
            auto c = node<CtorExp>(start);
            c->name = advance().text;
            while (can_start_atom()) c->args.push_back(parse_atom_postfix());
            close(c->loc);
            return c;
        }
        if (!can_start_atom()) error_expected("an expression");
        ExpPtr f = parse_atom_postfix();
        if (!can_start_atom() && !at(Tok::Backslash)) return f;
        auto app = node<Apply>(start);
        app->fn = f;
        while (can_start_atom()) app->args.push_back(parse_atom_postfix());
        // A lambda may be the last argument without parentheses, as in newer Futhark
        // (`def f = map2 \x y -> x + y`); its body takes the rest of the expression.
        if (at(Tok::Backslash)) app->args.push_back(parse_lambda());
        close(app->loc);
        return app;
    }

    ExpPtr parse_atom_postfix() {
        bool bare_name = at(Tok::Name);
        ExpPtr a = parse_atom();
        while (true) {
            if (at(Tok::Indexing)) {
                auto ix = node<Index>(a->loc);
                ix->target = a;
                ix->slice = parse_slice();
                close(ix->loc);
                a = ix;
            } else if (at(Tok::Dot)) {
                const Token &dot = advance();
                if (at(Tok::Name)) {
                    const Token &n = advance();
                    if (auto *v = a->as<Var>(); v && bare_name && !dot.space_before) {
                        v->name += "." + n.text;
                        close(a->loc);
                        continue;
                    }
                    for (auto &f : split_dots(n.text)) a = project(a, f);
                } else if (at(Tok::IntLit) && !cur().suffix && is_decimal(cur())) {
                    a = project(a, advance().text);
                } else if (const Var *m = a->as<Var>();
                           m && at(Tok::LParen) && bare_name && !dot.space_before) {
                    // Only a module name may be opened: `xs[1].(e)` is a syntax error.
                    a = parse_local_open(m->name, a->loc);
                } else {
                    error_expected("a field name after `.`");
                }
            } else {
                return a;
            }
        }
    }

    /** `M.(e)` with cur() at `(`.  `M.(op)` is the operator `M.op`; otherwise the
     * result is an AttrExp with attr "open M" (see AST.h). */
    ExpPtr parse_local_open(const std::string &module, const SrcLoc &loc) {
        if (peek().kind == Tok::Symbol && peek(2).kind == Tok::RParen) {
            advance();
            auto s = node<OpSection>(loc);
            s->op = module + "." + advance().text;
            advance();
            close(s->loc);
            return s;
        }
        auto a = node<AttrExp>(loc);
        a->attr = "open " + module;
        a->exp = parse_atom();
        close(a->loc);
        return a;
    }

    /** A section's lambda `\x -> ...` (its body still to be set) and its parameter as a
     * Var, named with `prefix` and a number, a name no user can write. */
    std::pair<std::shared_ptr<Lambda>, std::shared_ptr<Var>> section_lambda(const SrcLoc &start,
                                                                          const char *prefix) {
        auto lam = node<Lambda>(start);
        auto p = pat_node(Pat::Kind::Id, start);
        p->name = prefix + std::to_string(with_names_++);
        auto v = node<Var>(start);
        v->name = p->name;
        lam->params.push_back(p);
        return {lam, v};
    }

    ExpPtr project(const ExpPtr &target, const std::string &field) {
        auto p = node<Project>(target->loc);
        p->target = target;
        p->field = field;
        close(p->loc);
        return p;
    }

    std::vector<DimIndex> parse_slice() {
        advance();  // [
        std::vector<DimIndex> slice;
        while (!at(Tok::RBracket)) {
            slice.push_back(parse_dim_index());
            if (!at(Tok::Comma)) break;
            advance();
        }
        expect(Tok::RBracket, " to close the index");
        return slice;
    }

    bool at_index_end() const { return at(Tok::Comma) || at(Tok::RBracket); }

    DimIndex parse_dim_index() {
        DimIndex d;
        ExpPtr first;
        if (!at(Tok::Colon)) {
            first = parse_exp2();
            if (!at(Tok::Colon)) {
                if (at(Tok::ColonGt))
                    error_at(cur().loc, "a type coercion cannot appear in an index; add parentheses");
                d.index = first;
                return d;
            }
        }
        d.is_range = true;
        d.start = first;
        advance();  // :
        if (at(Tok::Colon)) {
            advance();
            if (!at_index_end()) d.stride = parse_exp2();
            return d;
        }
        if (at_index_end()) return d;
        d.end = parse_exp2();
        if (at(Tok::Colon)) {
            advance();
            if (!at_index_end()) d.stride = parse_exp2();
        }
        return d;
    }

    ExpPtr parse_atom() {
        const Token &t = cur();
        switch (t.kind) {
        case Tok::IntLit: {
            advance();
            auto n = node<IntLit>(t.loc);
            n->value = t.int_value;
            n->suffix = t.suffix;
            n->text = t.text;
            close(n->loc);
            return n;
        }
        case Tok::CharLit: {
            advance();
            auto n = node<IntLit>(t.loc);
            n->value = t.int_value;
            n->text = t.text;
            close(n->loc);
            return n;
        }
        case Tok::FloatLit: {
            advance();
            auto n = node<FloatLit>(t.loc);
            n->value = t.float_value;
            n->suffix = t.suffix;
            n->text = t.text;
            close(n->loc);
            return n;
        }
        case Tok::StringLit: {
            advance();
            auto n = node<StringLit>(t.loc);
            n->bytes = t.text;
            close(n->loc);
            return n;
        }
        case Tok::KwTrue:
        case Tok::KwFalse: {
            advance();
            auto n = node<BoolLit>(t.loc);
            n->value = t.kind == Tok::KwTrue;
            close(n->loc);
            return n;
        }
        case Tok::Name: {
            advance();
            auto n = node<Var>(t.loc);
            n->name = t.text;
            close(n->loc);
            return n;
        }
        case Tok::Ctor: {
            advance();
            auto n = node<CtorExp>(t.loc);
            n->name = t.text;
            close(n->loc);
            return n;
        }
        case Tok::Hole: {
            advance();
            auto h = node<Hole>(t.loc);
            close(h->loc);
            return h;
        }
        case Tok::Script:
            // The session replaces the calls it evaluates (Note [Script built-ins]).
            error_at(t.loc, "`$" + t.text + "` is a FutharkScript built-in: it works in the REPL, in "
                            "Jupyter and in `loom literate` directives, not in a program");
        case Tok::LParen:
            return parse_paren();
        case Tok::LBracket:
        case Tok::Indexing: {
            advance();
            auto a = node<ArrayLit>(t.loc);
            while (!at(Tok::RBracket)) {
                a->elems.push_back(parse_exp());
                if (!at(Tok::Comma)) break;
                advance();
            }
            expect(Tok::RBracket, " or `,` in the array literal");
            close(a->loc);
            return a;
        }
        case Tok::LBrace: {
            advance();
            auto r = node<RecordExp>(t.loc);
            while (!at(Tok::RBrace)) {
                const Token &ft = cur();
                std::string field = parse_field_id();
                if (at(Tok::Equals)) {
                    advance();
                    r->fields.emplace_back(field, parse_exp());
                } else {
                    if (ft.kind != Tok::Name) error_expected("`=` after a numeric field name");
                    auto v = node<Var>(ft.loc);
                    v->name = field;
                    close(v->loc);
                    r->fields.emplace_back(field, v);
                }
                if (!at(Tok::Comma)) break;
                advance();
            }
            expect(Tok::RBrace, " or `,` in the record");
            close(r->loc);
            return r;
        }
        default:
            error_expected("an expression");
        }
    }

    // See Note [Sections].
    ExpPtr parse_paren() {
        const Token &open = advance();
        SrcLoc start = open.loc;
        if (at(Tok::RParen)) {
            advance();
            auto t = node<TupleExp>(start);
            close(t->loc);
            return t;
        }
        if (at(Tok::Symbol) && (cur().text != "-" || peek().kind == Tok::RParen)) {
            const Token &op = advance();
            auto s = node<OpSection>(start);
            s->op = op.text;
            if (!at(Tok::RParen)) s->right = parse_exp2();
            expect(Tok::RParen, " to close the operator section");
            close(s->loc);
            return s;
        }
        if (at(Tok::Backtick)) {
            const Token &op = advance();
            auto s = node<OpSection>(start);
            s->op = op.text;
            s->backtick = true;
            if (!at(Tok::RParen)) s->right = parse_exp2();
            expect(Tok::RParen, " to close the operator section");
            close(s->loc);
            return s;
        }
        if (at(Tok::Bang) && peek().kind == Tok::RParen) {
            // `(!)`: the prefix operator as a function, `\x -> !x` (Futhark's `map (!)`).
            advance();
            auto [lam, x] = section_lambda(start, "not%");
            auto n = node<Not>(start);
            n->operand = x;
            lam->body = n;
            expect(Tok::RParen, " to close the operator section");
            close(lam->loc);
            return lam;
        }
        if (at(Tok::Dot)) {
            // `(.a.b[i].c)`: the reference's `(. (slice | fieldid) (slice | . fieldid)*)`,
            // which stands for `\x -> x.a.b[i].c`.
            advance();
            auto [lam, x] = section_lambda(start, "section%");
            ExpPtr body = x;
            for (bool first = true; first || at_lbracket() || at(Tok::Dot); first = false) {
                if (at_lbracket()) {
                    auto ix = node<Index>(start);
                    ix->target = body;
                    ix->slice = parse_slice();
                    close(ix->loc);
                    body = ix;
                    continue;
                }
                if (!first)
                    expect(Tok::Dot, "");
                for (const std::string &f : parse_field_path(first ? "a field name or `[`" : "a field name"))
                    body = project(body, f);
            }
            lam->body = body;
            expect(Tok::RParen, " to close the section");
            close(lam->loc);
            return lam;
        }
        ExpPtr e = parse_exp();
        if ((at(Tok::Symbol) || at(Tok::Backtick)) && peek().kind == Tok::RParen) {
            const Token &op = advance();
            advance();
            auto s = node<OpSection>(start);
            s->op = op.text;
            s->backtick = op.kind == Tok::Backtick;
            s->left = e;
            close(s->loc);
            return s;
        }
        if (at(Tok::Comma)) {
            auto t = node<TupleExp>(start);
            t->elems.push_back(e);
            while (at(Tok::Comma)) {
                advance();
                if (at(Tok::RParen)) break;
                t->elems.push_back(parse_exp());
            }
            if (t->elems.size() < 2)
                error_at(start, "a tuple must have at least two components");
            expect(Tok::RParen, " or `,` in the tuple");
            close(t->loc);
            return t;
        }
        expect(Tok::RParen, " to close the parenthesis opened at " + std::to_string(start.line) +
                                ":" + std::to_string(start.char_col()));
        return e;
    }

    ExpPtr parse_if() {
        const Token &kw = advance();
        auto n = node<If>(kw.loc);
        n->cond = parse_exp();
        expect(Tok::KwThen, " after the condition of `if`");
        n->then_branch = parse_exp();
        expect(Tok::KwElse, " (an `if` needs an `else` branch)");
        n->else_branch = parse_exp();
        close(n->loc);
        return n;
    }

    std::vector<std::string> parse_size_binders() {
        std::vector<std::string> sizes;
        while (at_lbracket() && peek().kind == Tok::Name && peek(2).kind == Tok::RBracket) {
            advance();
            sizes.push_back(plain_name(advance()));
            advance();
        }
        return sizes;
    }

    ExpPtr parse_let() {
        DepthGuard guard(*this);
        const Token &kw = advance();
        SrcLoc start = kw.loc;
        std::vector<std::string> sizes = parse_size_binders();
        if (sizes.empty() && at(Tok::Name)) {
            const Token &name = cur();
            Tok next = peek().kind;
            if (next == Tok::Indexing || name.text.find('.') != std::string::npos) {
                // `let a[i] = v in body` or `let a.f = v in body`.
                advance();
                auto w = node<LetWith>(start);
                w->name_loc = name.loc;
                w->name = split_dots(name.text)[0];
                std::vector<UpdateStep> steps = update_steps_after(name);
                expect(Tok::Equals, " in the `let`");
                w->value = parse_exp();
                if (steps.size() == 1) {
                    w->slice = steps[0].slice;
                    w->path = steps[0].path;
                } else {
                    // A mixed path (`let a[i].x = v`): `let a = a with [i].x = v`.
                    auto a = node<Var>(name.loc);
                    a->name = w->name;
                    auto l = node<LetPat>(start);
                    l->pat = pat_node(Pat::Kind::Id, name.loc);
                    l->pat->name = w->name;
                    l->value = make_update(a, steps, 0, w->value);
                    l->body = parse_let_body();
                    close(l->loc);
                    return l;
                }
                w->body = parse_let_body();
                close(w->loc);
                return w;
            }
            if (next != Tok::Equals && next != Tok::Colon) {
                // `let f params = e in body`.
                auto fun = std::make_shared<FunDef>();
                fun->loc = name.loc;
                fun->name = plain_name(advance());
                close(fun->loc);
                fun->type_params = parse_type_params();
                if (!can_start_param_pat()) error_expected("`=` or a function parameter");
                while (can_start_param_pat()) fun->params.push_back(parse_param_pat());
                if (at(Tok::Colon)) {
                    advance();
                    fun->ret_type = parse_type();
                }
                expect(Tok::Equals, " in the local function definition");
                fun->body = parse_exp();
                auto lf = node<LetFun>(start);
                lf->fun = fun;
                lf->body = parse_let_body();
                close(lf->loc);
                return lf;
            }
        }
        auto l = node<LetPat>(start);
        l->sizes = std::move(sizes);
        l->pat = parse_pat();
        expect(Tok::Equals, " in the `let`");
        l->value = parse_exp();
        l->body = parse_let_body();
        close(l->loc);
        return l;
    }

    ExpPtr parse_let_body() {
        if (at(Tok::KwIn)) {
            advance();
            // `in let ...` chains cost one depth level per `let` (the inner let's body
            // extends to the end anyway, so skipping parse_exp changes nothing).
            if (at(Tok::KwLet)) return parse_let();
            return parse_exp();
        }
        if (at(Tok::KwLet)) return parse_let();
        if (at(Tok::KwDef) || at(Tok::KwType) || at(Tok::KwModule) || at(Tok::KwEntry))
            error_at(cur().loc, "unexpected " + describe_token(cur()) + "; missing `in`?");
        error_expected("`in` after the `let` binding");
    }

    /** The expression naming the variables a `loop` pattern binds (for a loop without
     * `= init`); null when the pattern has parts that name nothing (`_`). */
    static ExpPtr loop_init_from_pat(const Pat &p) {
        switch (p.kind) {
        case Pat::Kind::Id: {
            auto v = std::make_shared<Var>();
            v->loc = p.loc;
            v->name = p.name;
            return v;
        }
        case Pat::Kind::Ascript: return p.inner ? loop_init_from_pat(*p.inner) : nullptr;
        case Pat::Kind::Tuple: {
            auto t = std::make_shared<TupleExp>();
            t->loc = p.loc;
            for (const PatPtr &e : p.elems) {
                ExpPtr x = e ? loop_init_from_pat(*e) : nullptr;
                if (!x) return nullptr;
                t->elems.push_back(x);
            }
            return t;
        }
        case Pat::Kind::Record: {
            auto r = std::make_shared<RecordExp>();
            r->loc = p.loc;
            for (const auto &[name, fp] : p.fields) {
                ExpPtr x = fp ? loop_init_from_pat(*fp) : nullptr;
                if (!x) return nullptr;
                r->fields.emplace_back(name, x);
            }
            return r;
        }
        default: return nullptr;
        }
    }

    ExpPtr parse_loop() {
        const Token &kw = advance();
        auto l = node<Loop>(kw.loc);
        l->sizes = parse_size_binders();
        l->pat = parse_pat();
        if (at(Tok::Equals)) {
            advance();
            l->init = parse_exp();
        } else if (l->pat->kind == Pat::Kind::Tuple || l->pat->kind == Pat::Kind::Record) {
            // `loop (x, y) for ...` means `loop (x, y) = (x, y) for ...`; a lone name is
            // left for the checker.
            l->init = loop_init_from_pat(*l->pat);
        }
        if (at(Tok::KwFor)) {
            advance();
            if (at(Tok::Name) && peek().kind == Tok::Symbol && peek().text == "<") {
                l->form = Loop::Form::For;
                l->index_loc = cur().loc;
                l->index_name = plain_name(advance());
                close(l->index_loc);
                advance();
                l->bound = parse_exp();
            } else {
                l->form = Loop::Form::ForIn;
                l->elem_pat = parse_pat();
                expect(Tok::KwIn, " in `for pattern in array`");
                l->bound = parse_exp();
            }
        } else if (at(Tok::KwWhile)) {
            advance();
            l->form = Loop::Form::While;
            l->bound = parse_exp();
        } else {
            error_expected(l->init ? "`for` or `while`" : "`=`, `for` or `while` in the loop");
        }
        expect(Tok::KwDo, " after the loop form");
        l->body = parse_exp();
        close(l->loc);
        return l;
    }

    ExpPtr parse_match() {
        const Token &kw = advance();
        auto m = node<Match>(kw.loc);
        m->scrutinee = parse_exp();
        if (!at(Tok::KwCase)) error_expected("`case`");
        while (at(Tok::KwCase)) {
            MatchCase c;
            c.loc = advance().loc;
            c.pat = parse_pat();
            expect(Tok::Arrow, " after the case pattern");
            c.body = parse_exp();
            close(c.loc);
            m->cases.push_back(std::move(c));
        }
        close(m->loc);
        return m;
    }

    ExpPtr parse_lambda() {
        const Token &kw = advance();
        auto l = node<Lambda>(kw.loc);
        if (!can_start_param_pat()) error_expected("a lambda parameter");
        while (can_start_param_pat()) l->params.push_back(parse_param_pat());
        if (at(Tok::Colon)) {
            advance();
            l->ret_type = parse_type_term();
        }
        expect(Tok::Arrow, " in the lambda");
        l->body = parse_exp();
        close(l->loc);
        return l;
    }

    ExpPtr parse_assert() {
        const Token &kw = advance();
        auto a = node<AssertExp>(kw.loc);
        if (!can_start_atom()) error_expected("an assertion condition (in parentheses)");
        size_t first = p_;
        a->cond = parse_atom_postfix();
        a->cond_text = spaced_text(first, p_);
        a->exp = parse_exp();
        close(a->loc);
        return a;
    }

    ExpPtr parse_attr() {
        const Token &open = cur();
        auto a = node<AttrExp>(open.loc);
        size_t begin = open.end;
        skip_attr();
        std::string text = source_text(begin, prev().begin);
        while (!text.empty() && std::isspace((unsigned char)text.back())) text.pop_back();
        while (!text.empty() && std::isspace((unsigned char)text.front())) text.erase(0, 1);
        a->attr = text;
        a->exp = parse_exp();
        close(a->loc);
        return a;
    }
};

}  // namespace

Program parse_program(SourceFilePtr file, bool let_patterns) {
    return Parser(std::move(file)).program(let_patterns);
}

ExpPtr parse_expression(SourceFilePtr file) { return Parser(std::move(file)).expression(); }

ModExpPtr parse_mod_exp_at(SourceFilePtr file, size_t begin) {
    return Parser(std::move(file)).mod_exp_at(begin);
}

}  // namespace loom

// Note [Sections]
// ---------------
// Inside parentheses: `(op)` is an operator section; `(op e)` a right section
// (except `-`: `(-x)` and `(- x)` are negation, `(-)` is the section); `(e op)` a
// left section (parse_ops stops before an operator that is directly followed by
// `)`); backtick functions work the same way.  `(.a.b)` projects, `(.[i])` indexes.
//
// Note [Depth limit]
// ------------------
// Every recursive production passes a DepthGuard; past kMaxDepth nested levels the
// parser reports an error instead of overflowing the stack.  One level of
// parentheses costs about four guard levels, a `let ... in` one or two.
