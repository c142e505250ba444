// Kernel extraction (see Kernels.h): a pre-order walk over host-level statements.
#include "compiler/passes/Kernels.h"
#include "compiler/passes/Rewrite.h"

namespace loom::passes {

using ir::Body;
using ir::Exp;
using ir::ExpKind;
using ir::Function;
using ir::IfExp;
using ir::Lambda;
using ir::LoopExp;
using ir::MapExp;
using ir::ScremaExp;
using ir::Stm;

bool is_soac(const Exp &e) {
    switch (e.kind) {
    case ExpKind::Map:
    case ExpKind::Reduce:
    case ExpKind::Scan:
    case ExpKind::Screma:
    case ExpKind::Filter:
    case ExpKind::Scatter:
    case ExpKind::Hist:
        return true;
    default:
        return false;
    }
}

namespace {

/** The single SOAC a lambda body computes over its row, if it is nothing else but that
 * (plus scalar bookkeeping): what makes a map a segmented operation. */
const Exp *inner_soac(const Lambda &l) {
    const Exp *found = nullptr;
    for (const Stm &s : l.body.stms) {
        if (!is_soac(*s.exp))
            continue;
        if (found)
            return nullptr;
        found = s.exp.get();
    }
    return found;
}

std::string kind_of(const Exp &e) {
    switch (e.kind) {
    case ExpKind::Map: {
        const Exp *in = inner_soac(e.as<MapExp>()->lam);
        if (in && (in->kind == ExpKind::Reduce ||
                   (in->kind == ExpKind::Screma && !in->as<ScremaExp>()->reduces.empty() &&
                    in->as<ScremaExp>()->scans.empty())))
            return "segmented reduce";
        if (in && (in->kind == ExpKind::Scan ||
                   (in->kind == ExpKind::Screma && !in->as<ScremaExp>()->scans.empty())))
            return "segmented scan";
        return "map";
    }
    case ExpKind::Reduce:
        return "reduce";
    case ExpKind::Scan:
        return "scan";
    case ExpKind::Screma: {
        auto *s = e.as<ScremaExp>();
        if (s->scans.empty() && s->reduces.empty())
            return "map";
        if (s->scans.empty())
            return "redomap";
        if (s->reduces.empty())
            return "scanomap";
        return "screma";
    }
    case ExpKind::Filter:
        return "filter";
    case ExpKind::Scatter:
        return "scatter";
    case ExpKind::Hist:
        return "hist";
    default:
        return exp_kind_name(e.kind);
    }
}

std::vector<std::string> fused_of(const Exp &e) {
    if (auto *s = e.as<ScremaExp>())
        if (!s->fused.empty())
            return s->fused;
    if (auto *h = e.as<ir::HistExp>()) { // a map fused in, then one hist per destination
        std::vector<std::string> r(h->fused() ? 1 : 0, "map");
        r.insert(r.end(), h->ops.size(), "hist");
        return r;
    }
    std::string k = kind_of(e);
    if (k.rfind("segmented ", 0) == 0)
        return {"map", k.substr(10)};
    return {k};
}

bool calls(const Exp &e, bool foreign_host) {
    bool found = false;
    for (const Body *b : nested_bodies(e))
        for_each_stm(*b, [&](const Stm &t) {
            auto *f = t.exp->as<ir::ForeignExp>();
            found = found || (foreign_host ? f && f->fn->host_only() : t.exp->kind == ExpKind::Apply);
        });
    return found;
}

void walk(const Body &b, std::vector<KernelInfo> &out) {
    for (const Stm &s : b.stms) {
        const Exp &e = *s.exp;
        if (is_soac(e)) {
            out.push_back(
                {"k" + std::to_string(out.size()), kind_of(e), fused_of(e), &s, calls(e, false), calls(e, true)});
        } else if (auto *l = e.as<LoopExp>()) {
            walk(l->cond, out);
            walk(l->body, out);
        } else if (auto *i = e.as<IfExp>()) {
            walk(i->then_body, out);
            walk(i->else_body, out);
        }
    }
}

} // namespace

std::vector<KernelInfo> find_kernels(const Function &f) {
    std::vector<KernelInfo> out;
    walk(f.body, out);
    return out;
}

} // namespace loom::passes
