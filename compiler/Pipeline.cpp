// The compiler pipeline (see Pipeline.h): lowering, the passes in order, kernel
// extraction, and dispatch to a backend.
#include "compiler/Pipeline.h"

#include "compiler/Lower.h"
#include "compiler/backend/cpu/CpuBackend.h"
#include "compiler/backend/cuda/CudaBackend.h"
#include "compiler/passes/ChooseRows.h"
#include "compiler/passes/Kernels.h"
#include "compiler/passes/LiftLiterals.h"
#include "compiler/passes/Scalarize.h"
#include "runtime/cuda/CudaDriver.h"

#include <nlohmann/json.hpp>

#include <chrono>

namespace loom::compiler {

std::optional<Backend> parse_backend(std::string_view name) {
    if (name == "interp")
        return Backend::Interp;
    if (name == "cpu")
        return Backend::Cpu;
    if (name == "cuda")
        return Backend::Cuda;
    return std::nullopt;
}

const char *backend_name(Backend b) {
    switch (b) {
    case Backend::Interp:
        return "interp";
    case Backend::Cpu:
        return "cpu";
    case Backend::Cuda:
        return "cuda";
    }
    return "?";
}

nlohmann::json report_json(const EntryReport &r) {
    nlohmann::json ks = nlohmann::json::array();
    for (const KernelReport &k : r.kernels) {
        nlohmann::json j = {{"name", k.name},
                            {"kind", k.kind},
                            {"fused", k.fused},
                            {"cache", k.cache},
                            {"compile_ms", k.compile_ms}};
        if (!k.on_host.empty())
            j["on_host"] = k.on_host;
        for (const runtime::KernelUse &f : k.functions)
            j["functions"].push_back({{"name", f.name},
                                      {"registers", f.registers},
                                      {"shared_bytes", f.shared_bytes},
                                      {"stack_bytes", f.stack_bytes}});
        ks.push_back(std::move(j));
    }
    return {
        {"entry", r.entry},
        {"backend", r.backend},
        {"kernels", r.kernels.size()},
        {"kernel_list", ks},
        {"bounds_checks",
         {{"removed", r.bounds.removed}, {"hoisted", r.bounds.hoisted}, {"kept", r.bounds.kept}}},
        {"fusion", {{"vertical", r.fusion.vertical}, {"horizontal", r.fusion.horizontal}}},
        {"rows", {{"scalarized", r.rows_scalarized}, {"chosen", r.rows_chosen}}},
        {"simplify",
         {{"folded", r.simplify.folded},
          {"cse", r.simplify.cse},
          {"dead", r.simplify.dead},
          {"hoisted", r.simplify.hoisted},
          {"rounds", r.simplify.rounds}}},
        {"timings_ms",
         {{"lower", r.lower_ms},
          {"passes", r.passes_ms},
          {"codegen", r.codegen_ms},
          {"compile", r.compile_ms}}}};
}

namespace {

double ms_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
        .count();
}

void add(passes::SimplifyStats &a, const passes::SimplifyStats &b) {
    a.folded += b.folded;
    a.cse += b.cse;
    a.dead += b.dead;
    a.hoisted += b.hoisted;
    a.rounds += b.rounds;
}

bool has_loop(const ir::Body &b) {
    for (const ir::Stm &s : b.stms) {
        if (s.exp->as<ir::LoopExp>())
            return true;
        if (auto *n = s.exp->as<ir::IfExp>(); n && (has_loop(n->then_body) || has_loop(n->else_body)))
            return true;
    }
    return false;
}

} // namespace

std::vector<KernelReport> kernel_reports(const std::vector<passes::KernelInfo> &kernels) {
    std::vector<KernelReport> out;
    for (const passes::KernelInfo &k : kernels) {
        KernelReport r;
        r.name = k.name;
        r.kind = k.kind;
        r.fused = k.fused;
        out.push_back(std::move(r));
    }
    return out;
}

Optimised optimise(const Program &prog, const std::string &entry, const PipelineOptions &opts) {
    auto t0 = std::chrono::steady_clock::now();
    Optimised o;
    ConstantArgs constants{opts.constants_as_args, {}};
    o.module = lower_program(prog, entry, opts.constants_as_args ? &constants : nullptr);
    o.constant_args = std::move(constants.used);
    o.report.entry = entry;
    o.report.lower_ms = ms_since(t0);
    o.lowered_with_loop = has_loop(o.module.functions.at(0).body);
    auto t1 = std::chrono::steady_clock::now();
    auto check = [&] {
        if (opts.verify_each_pass)
            ir::verify(o.module);
    };
    check();
    auto bounds = [&] {
        if (!opts.eliminate_bounds_checks)
            return;
        passes::BoundsStats b = passes::eliminate_bounds_checks(o.module);
        o.report.bounds.removed += b.removed;
        o.report.bounds.hoisted += b.hoisted;
        check();
    };
    auto simplify = [&] {
        if (!opts.simplify)
            return;
        add(o.report.simplify, passes::simplify(o.module));
        check();
    };
    simplify();
    bounds();
    if (opts.fuse) {
        // Small rows as scalars and chosen rows as indices first, so fusion joins their
        // splitting, gathering and joining with what makes and reads them.
        o.report.rows_scalarized = passes::scalarize_rows(o.module);
        o.report.rows_chosen = passes::choose_rows(o.module);
        if (o.report.rows_scalarized + o.report.rows_chosen > 0) {
            check();
            simplify();
        }
        o.report.fusion = passes::fuse(o.module);
        check();
        simplify();
        bounds();
    }
    if (opts.lift_literals) {
        o.literal_args = passes::lift_literals(o.module);
        check();
    }
    const ir::Function &f = o.module.functions.at(0);
    o.report.bounds.kept = passes::count_bounds_checks(f);
    o.report.kernels = kernel_reports(passes::find_kernels(f));
    o.report.passes_ms = ms_since(t1);
    return o;
}

namespace {

/** An entry that passes its lifted literals (Optimised::literal_args) after the caller's
 * arguments. */
class WithLiterals : public CompiledEntry {
public:
    WithLiterals(std::shared_ptr<CompiledEntry> inner, std::vector<Value> literals)
        : inner_(std::move(inner)), literals_(std::move(literals)) {
        report = inner_->report;
        ir_text = inner_->ir_text;
        code = inner_->code;
    }
    Value call(const std::vector<Value> &args, const std::atomic<bool> *interrupt) const override {
        std::vector<Value> all = args;
        all.insert(all.end(), literals_.begin(), literals_.end());
        return inner_->call(all, interrupt);
    }
    Transfers last_transfers() const override { return inner_->last_transfers(); }

private:
    std::shared_ptr<CompiledEntry> inner_;
    std::vector<Value> literals_;
};

} // namespace

std::shared_ptr<CompiledEntry> build(Optimised o, Backend b) {
    std::vector<FunDefPtr> constants = o.constant_args;
    std::vector<Value> literals = std::move(o.literal_args);
    std::shared_ptr<CompiledEntry> e;
    if (b == Backend::Cpu)
        e = cpu::build(std::move(o));
    else if (b == Backend::Cuda)
        e = cuda::build(std::move(o));
    else
        throw CompileError({}, "the interpreter is not a compiled backend");
    if (!literals.empty())
        e = std::make_shared<WithLiterals>(std::move(e), std::move(literals));
    e->constant_args = std::move(constants);
    return e;
}

std::shared_ptr<CompiledEntry> compile_entry(const Program &prog, const std::string &entry,
                                             Backend b, const PipelineOptions &opts) {
    return build(optimise(prog, entry, opts), b);
}

bool worth_compiling(const Optimised &o) {
    return !o.report.kernels.empty() || o.lowered_with_loop || has_loop(o.module.functions.at(0).body);
}

Backend auto_backend() {
    return runtime::cuda_unavailable() ? Backend::Cpu : Backend::Cuda;
}

} // namespace loom::compiler
