/** \file
 * CUDA generation for the CUDA backend (see CudaBackend.h): one translation unit per entry
 * point, over the device runtime of runtime/cuda/loom_cuda_rt.h (embedded at the top),
 * with one or more `extern "C" __global__` functions per kernel of passes::find_kernels.
 *
 * The code inside a kernel (its lambdas: scalar code, loops, ifs, nested SOACs run
 * sequentially by one thread, arrays on the device heap) comes from the generator the
 * CPU backend also uses (common/CodegenCLike.h), over the same `lrt::` API, so both
 * backends share semantics.  Kernel arguments are the host variables the statement reads (arrays as
 * `Buf<T, R>`), then its outputs, then scratch buffers.  Host-level iotas and replicated
 * scalars that a kernel reads only row by row are not arguments: their rows are computed
 * from the index.  Kernel shapes:
 *  - map: one thread per row, grid-stride loop;
 *  - a map of a map (a perfect 2-D nest, as tabulate_2d makes): one thread per element;
 *    when its element reads a 2-D argument at clamped offsets around (i, j) (a stencil),
 *    a block per 32x32 elements that first loads its tile of it, with a margin, into
 *    shared memory (map2d_kernel); a host loop of such steps over its own result (a
 *    stencil in time) also gets `<k>_2`, two steps a launch through a shared-memory
 *    intermediate (steps_kernel), launched while two steps are left;
 *  - a map of a reduction or of a scan (segmented), or of scalar code around one
 *    reduction: a warp per segment when segments have 32 rows or more, else a thread
 *    per segment (segred_kernel);
 *  - redomap: contiguous per-thread chunks folded in order, a block reduction (warp
 *    shuffles, then shared memory), per-block partials, and `<k>_final` (one block);
 *  - scan/scanomap/screma with scans: one single-pass kernel, a block per tile in launch
 *    order and decoupled look-back over per-tile status words (scan_kernel below; the
 *    host zeroes the status);
 *  - filter: flags and block counts, `<k>_offsets`, `<k>_write` (scatter of kept rows);
 *  - scatter: one thread per index; hist: a sub-histogram per block in shared memory
 *    when the bins fit (hist_kernel), merged with global atomics, else global atomics
 *    (atomicAdd for `+` on 32/64-bit types, else a CAS loop around the operator);
 *  - transpose (one the host keeps in memory; fusion turns the others into index
 *    functions): 32x32 tiles through shared memory (transpose_kernel).
 * The host program that launches them is C++ (CodegenCudaHost.cpp); the end of the CUDA
 * source summarises it in a comment.
 */
#include "compiler/backend/cuda/CudaBackend.h"
#include "compiler/backend/common/CodegenCLike.h"
#include "compiler/passes/Kernels.h"
#include "compiler/passes/Rewrite.h"
#include "runtime/cuda/RuntimeText.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <ios>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace loom::cuda {

namespace {

/** Whether each thread of kernel statement `s` does work bounded by sizes the host knows:
 * no while loop, no for loop whose count, and no array whose size, is
 * computed inside.  A kernel may run after a failed one (its failure not read yet) and
 * read what that one left: a loop counting on those values could run for ever. */
bool bounded_work(const ir::Stm &s) {
    std::unordered_set<int> inner;
    passes::for_each_binder(*s.exp, [&](const ir::Param &p) { inner.insert(p.var.id); });
    auto inside = [&](const ir::SubExp &x) { return !x.is_const && inner.count(x.var.id); };
    bool bounded = true;
    passes::for_each_binder(*s.exp, [&](const ir::Param &p) {
        for (const ir::SubExp &d : p.type.dims)
            bounded = bounded && !inside(d);
    });
    for (const ir::Body *b : passes::nested_bodies(*s.exp))
        passes::for_each_stm(*b, [&](const ir::Stm &t) {
            if (auto *l = t.exp->as<ir::LoopExp>())
                bounded = bounded && l->form == ir::LoopExp::Form::For && !inside(l->bound);
        });
    return bounded;
}

/** Steps of a stencil loop a launch (steps_kernel): 2, or LOOM_CUDA_STENCIL_STEPS (1 to
 * 4: to compare). */
int stencil_steps() {
    const char *e = std::getenv("LOOM_CUDA_STENCIL_STEPS");
    return e ? std::clamp(std::atoi(e), 1, 4) : 2;
}

class Gen : public clike::CLikeGen {
public:
    explicit Gen(const ir::Function &f) : CLikeGen(f, "cuda codegen", "", false) {
        // $LOOM_CUDA_LOOP_POLL=0: kernels' loops without their polls (Note [Stopping a
        // kernel]), to time what the polls cost.
        const char *lp = std::getenv("LOOM_CUDA_LOOP_POLL");
        loop_polls_ = !(lp && std::string(lp) == "0");
        for (const Param &p : f.size_params)
            all_types_[p.var.id] = p.type;
        for (const Param &p : f.params)
            all_types_[p.var.id] = p.type;
        for (const Stm &s : f.body.stms)
            collect_types(s);
        host_defs(f.body);
    }

    /** A failing thread formats its message in a local buffer: lrt::record copies it
     * into `loom_err` before the thread ends. */
    std::string msg_storage() const override { return "char"; }

    /** `foreign`: the C of the foreign functions the kernels call (core/Foreign.h). */
    CudaCode run(const std::string &foreign) {
        os_ << cuda_runtime_text() << "\n" << foreign << "// ---- kernels generated from the IR of `"
            << f_.name << "`\n";
        const std::vector<passes::KernelInfo> found = passes::find_kernels(f_);
        code_.found = compiler::kernel_reports(found);
        for (const passes::KernelInfo &k : found) {
            if (k.calls) {
                on_host(k, "it calls a recursive function, and a GPU thread's stack is too "
                           "small for the interpreter's depth of recursion");
                continue;
            }
            if (k.foreign_host) {
                on_host(k, "it calls a foreign function that runs on the host (on arrays, or "
                           "from a library)");
                continue;
            }
            code_.kernels.push_back({k.name, k.kind, {}, {}, {}, 0, scan_block, k.stm});
            const std::streampos before = os_.tellp();
            try {
                kernel(*k.stm, k.name);
            } catch (const CompilerLimitation &e) {
                code_.kernels.pop_back();
                std::string text = os_.str(); // without what it wrote of the kernel, if anything
                text.resize((size_t)before);
                os_.str(text);
                os_.seekp(0, std::ios::end);
                ind_ = 0;
                on_host(k, e.message());
            }
        }
        std::map<int, const Stm *> transposes; // by id: the host's program order
        for (const auto &[id, d] : host_def_)
            if (d->exp->kind == ExpKind::Transpose)
                transposes[id] = d;
        // Numbered after every kernel found, those on the host too (k<i> names the i-th).
        size_t next = found.size();
        for (const auto &[id, d] : transposes) {
            std::string kname = "k" + std::to_string(next++);
            code_.kernels.push_back({kname, "transpose", {}, {}, {}, 0, scan_block, d});
            transpose_kernel(*d, kname);
        }
        host_plan();
        code_.source = without_needless_stops(os_.str());
        code_.locs = locs_;
        return std::move(code_);
    }

    /** For a kernel statement s that is a screma with operators on rows (arrays) which
     * the column kernel cannot take as it is, the groups of its operators (indices into
     * its scans, then its reduces) that can each be a kernel of their own once a map
     * kernel has made their operand rows (split_rows_in): the operators on scalars, then
     * those on rows of each shape, working element by element on rows of sizes known
     * before the kernel.  Empty when s needs no split or some operator cannot be so
     * taken (the host's cores then run it).  That covers rows the column kernel cannot
     * read (columns(): picked from free arrays, made by loops or nested SOACs, ...) and
     * operators on rows of several shapes, or beside operators on scalars. */
    std::vector<std::vector<size_t>> split_groups(const Stm &s) {
        auto *n = s.exp->as<ir::ScremaExp>();
        if (!n || n->scans.size() + n->reduces.size() == 0)
            return {};
        kvirt_ = virtual_inputs(s);
        const Soac q{n->w, n->inputs, &n->map_lam, n->scans, n->reduces};
        const SoacK k = soac_k(s, q);
        if (columns(s, q, k))
            return {};
        std::vector<size_t> scalars;
        std::vector<std::pair<std::vector<SubExp>, std::vector<size_t>>> shapes;
        for (size_t o = 0; o < k.os.ops.size(); o++) {
            const size_t a = k.os.first[o];
            const IType row = k.os.is_scan(o) ? k.pt[a].row() : k.pt[a];
            bool scalar = true;
            for (size_t j = a; j < a + k.os.ops[o]->neutral.size(); j++)
                scalar = scalar && (k.os.is_scan(o) ? k.pt[j].row() : k.pt[j]).rank() == 0;
            if (scalar) {
                scalars.push_back(o);
                continue;
            }
            if (k.os.ops[o]->neutral.size() != 1 || !elementwise_op(k.os.ops[o]->lam, row.rank()))
                return {}; // an operator of several operands on rows, or not elementwise
            for (const SubExp &d : row.dims)
                if (!known_before(d, k))
                    return {};
            auto g = std::find_if(shapes.begin(), shapes.end(),
                                  [&](const auto &x) { return x.first == row.dims; });
            if (g == shapes.end())
                shapes.push_back({row.dims, {o}});
            else
                g->second.push_back(o);
        }
        if (shapes.empty())
            return {}; // scalars only: the SOAC kernels take them
        std::vector<std::vector<size_t>> groups;
        if (!scalars.empty())
            groups.push_back(scalars);
        for (auto &[dims, ops] : shapes)
            groups.push_back(ops);
        return groups;
    }

private:
    /** Kernel k is left to the host program, which runs it on the host's cores as the
     * cpu backend does (CodegenCudaHost.cpp); said in the CUDA and the report. */
    void on_host(const passes::KernelInfo &k, const std::string &why) {
        code_.on_host[k.name] = why;
        std::istringstream words(k.name + " (" + k.kind + ") runs on the host's cores: " + why +
                                 ".");
        std::string word, text = "//";
        size_t width = 2; // of the comment's current line
        while (words >> word) {
            if (width + 1 + word.size() > 90) {
                text += "\n//";
                width = 2;
            }
            text += " " + word;
            width += 1 + word.size();
        }
        os_ << "\n" << text << "\n";
    }

    /** The type of every variable of the function (kernel arguments come from it). */
    std::unordered_map<int, IType> all_types_;
    /** The host-level statement binding each host variable (bodies of host loops and ifs
     * included). */
    std::unordered_map<int, const Stm *> host_def_;
    /** The current kernel's virtual inputs (virtual_inputs). */
    std::map<int, std::pair<std::string, int>> kvirt_;
    CudaCode code_;

    void host_defs(const Body &b) {
        for (const Stm &s : b.stms) {
            for (const Param &p : s.pat)
                host_def_[p.var.id] = &s;
            if (auto *l = s.exp->as<ir::LoopExp>()) {
                host_defs(l->cond);
                host_defs(l->body);
            } else if (auto *i = s.exp->as<ir::IfExp>()) {
                host_defs(i->then_body);
                host_defs(i->else_body);
            }
        }
    }

    /** Calls f on e and on every expression nested in it (ifs, loops, lambdas). */
    template <typename F> static void each_exp(const Exp &e, F &&f) {
        f(e);
        auto body = [&](const Body &b) {
            for (const Stm &s : b.stms)
                each_exp(*s.exp, f);
        };
        switch (e.kind) {
        case ExpKind::If: body(e.as<ir::IfExp>()->then_body), body(e.as<ir::IfExp>()->else_body); break;
        case ExpKind::Loop: body(e.as<ir::LoopExp>()->cond), body(e.as<ir::LoopExp>()->body); break;
        case ExpKind::Map: body(e.as<ir::MapExp>()->lam.body); break;
        case ExpKind::Reduce: body(e.as<ir::ReduceExp>()->lam.body); break;
        case ExpKind::Scan: body(e.as<ir::ScanExp>()->lam.body); break;
        case ExpKind::Filter: body(e.as<ir::FilterExp>()->lam.body); break;
        case ExpKind::Hist:
            for (const ir::HistOp &op : e.as<ir::HistExp>()->ops)
                body(op.lam.body);
            if (e.as<ir::HistExp>()->fused())
                body(e.as<ir::HistExp>()->map_lam.body);
            break;
        case ExpKind::Scatter:
            if (e.as<ir::ScatterExp>()->fused())
                body(e.as<ir::ScatterExp>()->map_lam.body);
            break;
        case ExpKind::Screma: {
            auto *n = e.as<ir::ScremaExp>();
            body(n->map_lam.body);
            for (const auto *ops : {&n->scans, &n->reduces})
                for (const ScremaOp &op : *ops)
                    body(op.lam.body);
            break;
        }
        default: break;
        }
    }
    /** Host-level iotas and replicated scalars that kernel `s` reads only as SOAC input
     * rows: not passed to the kernel (neither uploaded nor read from memory), their rows
     * computed from the row index.  id -> (the element, `@` for the index; the variable
     * it reads, or -1). */
    std::map<int, std::pair<std::string, int>> virtual_inputs(const Stm &s) const {
        std::map<int, int> all, rows;
        uses_exp(*s.exp, [&](int id) { all[id]++; });
        each_exp(*s.exp, [&](const Exp &x) {
            for (const Var &v : row_inputs(x))
                rows[v.id]++;
        });
        std::map<int, std::pair<std::string, int>> r;
        for (auto [id, n] : all) {
            auto d = host_def_.find(id);
            if (d == host_def_.end() || rows[id] != n)
                continue;
            const Exp &e = *d->second->exp;
            if (e.kind == ExpKind::Iota)
                r[id] = {"(int64_t)(@)", -1};
            else if (auto *x = e.as<ir::ReplicateExp>(); x && all_types_.count(id) &&
                     all_types_.at(id).rank() == 1)
                r[id] = {atom(x->x), x->x.is_const ? -1 : x->x.var.id};
        }
        return r;
    }
    std::streampos kernel_text_ = 0;   ///< where its text begins in os_
    std::string emu_wrapper_;          ///< the kernel's wrapper for the emulator

    // ------------------------------------------------ SOACs inside a kernel (sequential)

    void filter(const Stm &s, const ir::FilterExp &n, bool) override {
        std::string N = std::to_string(tmp_++);
        std::string w = "w" + N + "_", i = "i" + N + "_", keep = "keep" + N + "_", o = "o" + N + "_";
        for (const Param &p : s.pat)
            line(decl(p) + ";");
        open();
        line("const int64_t " + w + " = " + i64(n.w) + ";");
        line("Arr<bool, 1> " + keep + " = lrt::alloc<bool, 1>({" + w + "});");
        line(name(s.pat[0].var) + " = 0;");
        open_loop(i, "0", w);
        line(name(s.pat[0].var) + " += " + filter_keep(n, keep, i) + " ? 1 : 0;");
        close();
        close_loop();
        for (size_t k = 0; k < n.inputs.size(); k++) {
            const IType &t = type_of(n.inputs[k]);
            line(name(s.pat[k + 1].var) + " = lrt::alloc_rows<" + stype(t.elem) + ", " +
                 std::to_string(t.rank()) + ">(" + name(s.pat[0].var) + ", " + name(n.inputs[k]) +
                 ".shape + 1);");
        }
        line("int64_t " + o + " = 0;");
        open("for (int64_t " + i + " = 0; " + i + " < " + w + "; " + i + "++) {");
        line("if (!" + keep + ".data[" + i + "]) continue;");
        for (size_t k = 0; k < n.inputs.size(); k++)
            line("lrt::copy_row(" + name(s.pat[k + 1].var) + ", " + o + ", " + name(n.inputs[k]) +
                 ", " + i + ");");
        line(o + "++;");
        close();
        close();
    }

    /** `dest[ix] = op(dest[ix], v)` for the indices in range, in order. */
    void scatter(const Stm &s, const ir::ScatterExp &n, bool) override {
        std::string i = fresh("i"), d = name(s.pat.at(0).var);
        line(decl(s.pat[0]) + " = " + dest_of(n.dest) + ";");
        open("for (int64_t " + i + " = 0; " + i + " < " + i64(n.w) + "; " + i + "++) {");
        scatter_row_into(n, d, s.pat[0].type, i);
        close();
    }

    void hist(const Stm &s, const ir::HistExp &n, bool) override {
        std::string i = fresh("i");
        std::vector<std::string> ds = hist_dests(s, n);
        open("for (int64_t " + i + " = 0; " + i + " < " + i64(n.w) + "; " + i + "++) {");
        hist_row_into(s, n, ds, i);
        close();
    }

    // ------------------------------------------------ types and free variables

    void collect_types(const Stm &s) {
        auto add = [&](const Param &p) { all_types_[p.var.id] = p.type; };
        for (const Param &p : s.pat)
            add(p);
        params_in_exp(*s.exp, add);
    }

    /** The host variables a kernel statement reads (its arguments), by id: the vars it
     * uses and the sizes in the types of what it binds, less what it binds itself. */
    std::vector<int> free_vars(const Stm &s) const {
        std::set<int> used, bound;
        uses_exp(*s.exp, [&](int id) { used.insert(id); });
        params_in_exp(*s.exp, [&](const Param &p) {
            bound.insert(p.var.id);
            for (const SubExp &d : p.type.dims)
                if (!d.is_const)
                    used.insert(d.var.id);
        });
        for (const Param &p : s.pat)
            bound.insert(p.var.id);
        std::set<int> r;
        for (int id : used) {
            auto v = kvirt_.find(id);
            if (v == kvirt_.end())
                r.insert(id);
            else if (v->second.second >= 0)
                r.insert(v->second.second);
        }
        for (int id : bound)
            r.erase(id);
        return {r.begin(), r.end()};
    }

    // ------------------------------------------------ kernels

    struct KParam {
        std::string decl; ///< in the kernel's parameter list
        std::string what; ///< for the launch summary
        KernelArg arg;    ///< for the host program
    };
    static KParam blocks_arg(const std::string &pname) {
        return {"int64_t " + pname, "G", KernelArg::of(KernelArg::Kind::Blocks)};
    }
    static KernelArg scratch(const std::string &name, const std::string &elem, char count, int var = -1) {
        KernelArg a = KernelArg::of(KernelArg::Kind::Scratch);
        a.scratch = name;
        a.elem = elem;
        a.count = count;
        a.var = var;
        return a;
    }
    std::string buf_type(PrimType e, int rank) const {
        return "Buf<" + std::string(stype(e)) + ", " + std::to_string(rank) + ">";
    }
    /** Arguments for the free variables `ids` (arrays as Buf views), then `extra`. */
    std::vector<KParam> args_of(const std::vector<int> &ids) const {
        std::vector<KParam> ps;
        for (int id : ids) {
            const IType &t = all_types_.at(id);
            std::string v = "v" + std::to_string(id);
            KernelArg a = KernelArg::of(KernelArg::Kind::Var, id);
            if (t.rank() == 0)
                ps.push_back({std::string(ctype(t.elem)) + " " + v, v, a});
            else
                ps.push_back({buf_type(t.elem, t.rank()) + " p" + std::to_string(id), v, a});
        }
        return ps;
    }
    KParam out_arg(const Param &p) const {
        return {buf_type(p.type.elem, p.type.rank()) + " p" + std::to_string(p.var.id),
                "out " + name(p.var), KernelArg::of(KernelArg::Kind::Out, p.var.id)};
    }
    /** Where kernel `kname` returns at once if an earlier kernel failed: a placeholder
     * until the program's kernels are known (without_needless_stops). */
    static std::string after_failure(const std::string &kname) { return "@after_failure " + kname + "@"; }
    /** `src` with each kernel's placeholder the stop (lrt::failed_earlier) where a kernel
     * of the program can fail or be stopped (a loop's poll), else nothing: then none can
     * run after a failure, and a lone scan or map pays no load for it.  A kernel that
     * loops declares its loops' poll count there too. */
    std::string without_needless_stops(std::string src) const {
        bool any = false;
        for (const KernelDesc &k : code_.kernels)
            for (const Launch &l : k.calls)
                any = any || l.can_fail || l.polls;
        for (const KernelDesc &k : code_.kernels)
            for (const Launch &l : k.calls) {
                const std::string mark = after_failure(l.fn);
                size_t at = src.find(mark);
                if (at == std::string::npos)
                    continue;
                size_t from = src.rfind('\n', at) + 1, to = src.find('\n', at) + 1;
                const std::string indent = src.substr(from, at - from);
                src.replace(from, to - from,
                            (any ? indent + "if (lrt::failed_earlier()) return;\n" : "") +
                                (l.polls ? indent + "unsigned poll_ = 0; // its loops' count (LOOM_POLL)\n" : ""));
            }
        return src;
    }
    /** Opens `extern "C" __global__ void name(params)` and binds the array arguments. */
    void begin_kernel(const std::string &kname, const std::vector<KParam> &ps, GridKind grid,
                      int block = scan_block, int min_blocks = 0) {
        types_.clear();
        virt_.clear();
        frames_.clear();
        cur_ = nullptr;
        kernel_text_ = os_.tellp();
        std::string list, whats;
        Launch l{kname, grid, {}, false};
        for (const KParam &p : ps) {
            list += (list.empty() ? "" : ", ") + p.decl;
            whats += (whats.empty() ? "" : ", ") + p.what;
            l.args.push_back(p.arg);
        }
        KernelDesc &kd = code_.kernels.back();
        const std::string B = std::to_string(block);
        const std::string shapes[] = {"G blocks of B", "G blocks of " + B, "a block of " + B + " per tile",
                                      "1 block of B", "1 block of 1 thread", ""};
        std::string launch = grid == GridKind::Same ? "the grid of " + kd.name : shapes[(int)grid];
        kd.launches.push_back(kname + "<<<" + launch + ">>>(" + whats + ")");
        kd.calls.push_back(std::move(l));
        // Blocks of 256 or 512 threads may use 4x or 2x the registers of blocks of 1024
        // (a scan thread has all its rows' loads in flight at once).
        const int most = grid == GridKind::ScanBlock || grid == GridKind::Tiles ? block : 1024;
        kd.block = block;
        os_ << "\nextern \"C\" __global__ void __launch_bounds__(" << most
            << (min_blocks > 0 ? ", " + std::to_string(min_blocks) : "") << ") " << kname << "(" << list
            << ") {\n";
        // For the emulator (runtime/cuda/loom_cuda_emu.h): a wrapper taking the argument
        // pointers cuLaunchKernel takes, kept apart from the CUDA shown and compiled.
        std::string call;
        for (size_t i = 0; i < ps.size(); i++)
            call += (i ? ", *(" : "*(") + ps[i].decl.substr(0, ps[i].decl.rfind(' ')) + " *)a[" +
                    std::to_string(i) + "]";
        emu_wrapper_ = "extern \"C\" void " + kname + "__emu(void **a) { " + kname + "(" + call + "); }\n";
        ind_ = 1;
        line(after_failure(kname));
        for (const KParam &p : ps) {
            if (p.decl.rfind("Buf<", 0) != 0)
                continue;
            std::string pn = p.decl.substr(p.decl.rfind(' ') + 1);
            if (pn.size() < 2 || pn[0] != 'p' || !std::isdigit((unsigned char)pn[1]))
                continue; // scratch buffers are used as Bufs
            std::string v = "v" + pn.substr(1);
            line("Arr" + p.decl.substr(3, p.decl.rfind(' ') - 3) + " " + v + " = lrt::view(" + pn + ");");
        }
    }
    void end_kernel() {
        ind_ = 0;
        line("}");
        std::string text = os_.str().substr((size_t)kernel_text_);
        // The runtime functions that can record a failure (a check, or the device heap).
        bool fails = false;
        for (const char *f : {"lrt::fail", "lrt::check_", "lrt::range_count", "lrt::slice",
                              "lrt::divmod(", "lrt::ipow", "lrt::internal", "lrt::alloc",
                              "lrt::copy(", "lrt::replicate", "lrt::concat", "lrt::transpose",
                              "lrt::take", "lrt::put_block", "lrt::own"})
            fails = fails || text.find(f) != std::string::npos;
        code_.kernels.back().calls.back().can_fail = fails;
        code_.kernels.back().calls.back().polls = text.find("LOOM_POLL()") != std::string::npos;
        code_.kernels.back().calls.back().bounded = bounded_work(*code_.kernels.back().stm);
        code_.emu_wrappers += emu_wrapper_;
    }
    /** Registers the types of the kernel's free vars and outputs (what the body sees). */
    void bind_types(const std::vector<int> &ids, const std::vector<Param> &outs) {
        for (int id : ids)
            types_[id] = all_types_.at(id);
        for (const auto &[id, v] : kvirt_) {
            types_[id] = all_types_.at(id);
            virt_[id] = v.first;
        }
        for (const Param &p : outs)
            types_[p.var.id] = p.type;
    }
    [[noreturn]] void limitation(const Stm &s, const std::string &what) const {
        throw CompilerLimitation(s.exp->loc, "the cuda backend does not handle " + what + " yet");
    }

    void kernel(const Stm &s, const std::string &kname) {
        kvirt_ = virtual_inputs(s);
        const Exp &e = *s.exp;
        switch (e.kind) {
        case ExpKind::Screma: {
            auto *n = e.as<ir::ScremaExp>();
            return soac_kernel(s, Soac{n->w, n->inputs, &n->map_lam, n->scans, n->reduces}, kname);
        }
        case ExpKind::Map: {
            auto *n = e.as<ir::MapExp>();
            return soac_kernel(s, Soac{n->w, n->inputs, &n->lam, {}, {}}, kname);
        }
        case ExpKind::Reduce: {
            auto *n = e.as<ir::ReduceExp>();
            return soac_kernel(s, Soac{n->w, n->inputs, nullptr, {}, {ScremaOp{n->lam, n->neutral}}},
                               kname);
        }
        case ExpKind::Scan: {
            auto *n = e.as<ir::ScanExp>();
            return soac_kernel(s, Soac{n->w, n->inputs, nullptr, {ScremaOp{n->lam, n->neutral}}, {}},
                               kname);
        }
        case ExpKind::Filter: return filter_kernel(s, *e.as<ir::FilterExp>(), kname);
        case ExpKind::Scatter: return scatter_kernel(s, *e.as<ir::ScatterExp>(), kname);
        case ExpKind::Hist: return hist_kernel(s, *e.as<ir::HistExp>(), kname);
        default: break;
        }
        throw InternalError(std::string("cuda codegen: not a kernel: ") + exp_kind_name(e.kind));
    }

    /** The operators of a SOAC with the first operand (= pattern index) of each. */
    struct Ops {
        std::vector<const ScremaOp *> ops;
        std::vector<size_t> first;
        size_t nscan = 0, nred = 0;
        std::vector<std::string> slice(const std::vector<std::string> &v, size_t o) const {
            return {v.begin() + (long)first[o], v.begin() + (long)(first[o] + ops[o]->neutral.size())};
        }
        bool is_scan(size_t o) const { return first[o] < nscan; }
        /** Whether every operator commutes (its rows may be combined in any order). */
        bool commutative() const {
            return std::all_of(ops.begin(), ops.end(), [](const ScremaOp *op) { return ir::is_commutative(op->lam); });
        }
    };
    static Ops ops_of(const Soac &q) {
        Ops r;
        size_t k = 0;
        for (const auto *list : {&q.scans, &q.reduces})
            for (const ScremaOp &op : *list) {
                r.ops.push_back(&op);
                r.first.push_back(k);
                k += op.neutral.size();
                (list == &q.scans ? r.nscan : r.nred) += op.neutral.size();
            }
        return r;
    }
    /** Applies the ops selected by `which` (accumulators `acc`, operands `xs`, into `out`). */
    template <typename P>
    void combine_ops(const Ops &os, P &&which, const std::vector<std::string> &acc,
                     const std::vector<std::string> &xs, const std::vector<std::string> &out) {
        for (size_t o = 0; o < os.ops.size(); o++)
            if (which(o))
                combine(*os.ops[o], os.slice(acc, o), os.slice(xs, o), os.slice(out, o));
    }
    /** The ops' neutral elements, one per accumulator. */
    std::vector<std::string> neutrals(const Ops &os) {
        std::vector<std::string> ne(os.nscan + os.nred);
        for (size_t o = 0; o < os.ops.size(); o++)
            for (size_t j = 0; j < os.ops[o]->neutral.size(); j++)
                ne[os.first[o] + j] = atom(os.ops[o]->neutral[j]);
        return ne;
    }
    static std::vector<std::string> names_at(std::vector<std::string> v, const std::string &suffix) {
        for (std::string &x : v)
            x += suffix;
        return v;
    }
    std::vector<std::string> names(const std::string &base, size_t n) {
        std::vector<std::string> r;
        for (size_t k = 0; k < n; k++)
            r.push_back(base + std::to_string(k) + "_");
        return r;
    }

    /** Reduces the accumulators of the ops selected by `which` across the block (warp
     * shuffles, then one value per warp in shared memory); thread 0 ends with the
     * block's result, combined in thread order. */
    template <typename P>
    void block_reduce(const Ops &os, P &&which, const std::vector<std::string> &acc,
                      const std::vector<std::string> &acc_t, const std::vector<std::string> &neutral) {
        std::string N = std::to_string(tmp_++);
        std::vector<size_t> ks;
        for (size_t o = 0; o < os.ops.size(); o++)
            if (which(o))
                for (size_t k = os.first[o]; k < os.first[o] + os.ops[o]->neutral.size(); k++)
                    ks.push_back(k);
        open();
        line("const unsigned lane_ = threadIdx.x & 31u, warp_ = threadIdx.x >> 5, nw_ = (blockDim.x + 31u) >> 5;");
        for (size_t k : ks)
            line("__shared__ " + acc_t[k] + " sh" + N + "_" + std::to_string(k) + "[32];");
        auto warp_reduce = [&] { warp_tree(os, which, ks, acc, acc_t, "lane_"); };
        warp_reduce();
        line("__syncthreads();");
        for (size_t k : ks)
            line("if (lane_ == 0) sh" + N + "_" + std::to_string(k) + "[warp_] = " + acc[k] + ";");
        line("__syncthreads();");
        open("if (warp_ == 0) {");
        for (size_t k : ks)
            line(acc[k] + " = lane_ < nw_ ? sh" + N + "_" + std::to_string(k) + "[lane_] : " +
                 neutral[k] + ";");
        warp_reduce();
        close();
        close();
    }

    /** The warp's accumulators `ks` folded in lane order onto its lane 0 (a tree: lane l
     * takes lane l + d's at steps d = 1, 2, 4, ... while l is a multiple of 2d), for
     * operators that may not commute. */
    template <typename P>
    void warp_tree(const Ops &os, P &&which, const std::vector<size_t> &ks,
                   const std::vector<std::string> &acc, const std::vector<std::string> &acc_t,
                   const std::string &lane) {
        std::vector<std::string> other = names("oth" + std::to_string(tmp_++) + "_", acc.size());
        open("for (int d_ = 1; d_ < 32; d_ <<= 1) {");
        for (size_t k : ks)
            line(acc_t[k] + " " + other[k] + " = lrt::shfl_down(" + acc[k] + ", d_);");
        open("if ((" + lane + " & (2 * d_ - 1)) == 0 && " + lane + " + d_ < 32) {");
        combine_ops(os, which, acc, other, acc);
        close();
        close();
    }

    /** What the kernels of one map/redomap/scanomap/screma share. */
    struct SoacK {
        Ops os;
        size_t nacc = 0, nres = 0;
        std::vector<int> fv;
        std::vector<IType> pt;                        ///< the pattern's types
        std::vector<std::string> acc, acc_t, neutral; ///< per accumulator
        std::vector<KParam> outs;                     ///< scan and map outputs
        std::vector<Param> out_params;
    };

    /** What columns() and the kernels need first of statement s binding SOAC q: its
     * operators, accumulators, results, free vars and pattern types. */
    SoacK soac_k(const Stm &s, const Soac &q) const {
        SoacK k;
        k.os = ops_of(q);
        k.nacc = k.os.nscan + k.os.nred;
        k.nres = s.pat.size();
        k.fv = free_vars(s);
        for (const Param &p : s.pat)
            k.pt.push_back(p.type);
        return k;
    }

    /** Map, redomap, scanomap and screma kernels.  Reductions with operators not known
     * to commute give every thread a contiguous chunk of the rows, so they combine in
     * order; scans stage their tiles through shared memory to the same end. */
    void soac_kernel(const Stm &s, const Soac &q, const std::string &kname) {
        SoacK k = soac_k(s, q);
        const Ops &os = k.os;
        std::set<int> inside;
        params_in_exp(*s.exp, [&](const Param &p) { inside.insert(p.var.id); });
        if (std::optional<Columns> c = columns(s, q, k))
            return column_kernel(s, q, kname, *c, k);
        for (size_t r = 0; r < k.nres; r++) {
            bool arr_out = r < os.nscan || r >= k.nacc;
            if ((arr_out && k.pt[r].rank() != (r < os.nscan ? 1 : k.pt[r].rank())) ||
                (!arr_out && k.pt[r].rank() != 0) || (r < os.nscan && k.pt[r].rank() != 1))
                limitation(s, "reductions and scans of arrays (an operator on non-scalars) other "
                              "than those of a matrix's rows element by element");
            for (size_t d = 1; arr_out && d < k.pt[r].dims.size(); d++)
                if (!k.pt[r].dims[d].is_const && inside.count(k.pt[r].dims[d].var.id))
                    limitation(s, "map results whose row sizes are only known inside the kernel");
        }
        k.acc = names("acc_", k.nacc);
        k.acc_t.resize(k.nacc);
        k.neutral = neutrals(os);
        for (size_t a = 0; a < k.nacc; a++)
            k.acc_t[a] = ctype(k.pt[a].elem);
        for (size_t r = 0; r < k.nres; r++)
            if (r < os.nscan || r >= k.nacc) {
                k.outs.push_back(out_arg(s.pat[r]));
                k.out_params.push_back(s.pat[r]);
            }
        if (os.nscan > 0)
            return scan_kernel(s, q, kname, k);
        redomap_kernel(s, q, kname, k);
    }

    /** Reductions and scans over a matrix's rows whose operators all work element by
     * element (`reduce (map2 f) ne xss`: column reductions; `scan (map2 f) ne xss`:
     * column scans; several fused over the same rows): each operator's scalar operator,
     * the columns, and for a map part, the inner map computing each operand's row.  Rows
     * of more dimensions (`reduce (map2 (map2 f)) ne xsss`, a sum of matrices) are flat
     * rows of their elements, read straight from the inputs (no map part). */
    struct Columns {
        std::vector<const Lambda *> ops;            ///< per operator (one operand each)
        std::vector<int> input;                     ///< per operand: the input it reads, or -1
        std::vector<SubExp> row;                    ///< the operands' row shape
        SubExp m;                                   ///< the columns (row[0] of a rank-1 row)
        std::string m_expr; ///< the columns, as the host and the kernel compute them
        /** Inner map -> the operands each of its results is (one result may be several). */
        std::unordered_map<const Stm *, std::vector<std::vector<int>>> inner;
    };
    std::optional<Columns> columns(const Stm &s, const Soac &q, const SoacK &k) const {
        const size_t K = k.os.ops.size();
        if (K == 0 || k.nres != K || k.nacc != K)
            return std::nullopt; // one operand an operator, no map outputs
        Columns c;
        for (size_t o = 0; o < K; o++) {
            const ScremaOp &op = *k.os.ops[o];
            const IType &t = k.pt[o];
            const size_t d = t.rank() - (k.os.is_scan(o) ? 1 : 0); // the row's rank
            if (op.neutral.size() != 1 || t.rank() == 0 || d < 1)
                return std::nullopt;
            const Lambda *f = elementwise_op(op.lam, (int)d);
            const std::vector<SubExp> row(t.dims.end() - (long)d, t.dims.end());
            if (!f || (o > 0 && !(row == c.row)))
                return std::nullopt; // the same columns
            c.ops.push_back(f);
            c.row = row;
        }
        c.m = c.row.back();
        // An operand read from an input (its row, without a map part or through it).
        auto read = [&](size_t o, size_t in) {
            const Var &v = q.inputs.at(in);
            const IType &t = all_types_.at(v.id);
            if (t.dims.size() != c.row.size() + 1 || kvirt_.count(v.id) ||
                !std::equal(c.row.begin(), c.row.end(), t.dims.begin() + 1))
                return false;
            c.input[o] = (int)in;
            c.m_expr = name(v) + ".shape[1]";
            for (size_t r = 2; r < t.dims.size(); r++)
                c.m_expr = "(" + c.m_expr + " * " + name(v) + ".shape[" + std::to_string(r) + "])";
            return true;
        };
        c.input.assign(K, -1);
        if (!q.map) {
            for (size_t o = 0; o < K; o++)
                if (!read(o, o))
                    return std::nullopt;
            return c;
        }
        if (c.row.size() > 1) { // the map part only picks inputs' rows
            if (!q.map->body.stms.empty())
                return std::nullopt;
            for (size_t o = 0; o < K; o++) {
                const SubExp &r = q.map->body.result.at(o);
                size_t p = 0;
                while (p < q.map->params.size() &&
                       (r.is_const || q.map->params[p].var.id != r.var.id))
                    p++;
                if (p == q.map->params.size() || !read(o, p))
                    return std::nullopt;
            }
            return c;
        }
        // A map part: each operand's row an inner map of the map's row (`map (\r -> map g
        // r) xss`, `map2 (\r x -> map (* x) r) xss ys`), its element computed where the
        // column reads it; the code around them scalar code that cannot fail (a row of no
        // columns is never mapped).
        const Body &b = q.map->body;
        std::unordered_map<int, std::pair<const Stm *, int>> bound; // var -> (stm, pat index)
        for (const Stm &t : b.stms) {
            std::optional<Inner> in = inner_map(*t.exp);
            if (in && t.pat.at(0).type.rank() == 1) {
                if (!known_before(in->w, k) || !(in->w == c.m))
                    return std::nullopt;
                for (size_t r = 0; r < t.pat.size(); r++)
                    bound[t.pat[r].var.id] = {&t, (int)r};
                continue;
            }
            bool costly = passes::can_fail(t) || heavy(*t.exp);
            for (const Param &p : t.pat)
                costly = costly || (p.type.rank() > 0 && t.exp->kind != ExpKind::Index);
            if (costly)
                return std::nullopt;
        }
        // Every operand is a row of an input or an inner map's result (one result may be
        // several operands), and nothing else reads an inner map's.
        for (size_t o = 0; o < K; o++) {
            const SubExp &r = b.result.at(o);
            auto row =
                std::find_if(q.map->params.begin(), q.map->params.end(),
                             [&](const Param &p) { return !r.is_const && p.var.id == r.var.id; });
            if (row != q.map->params.end()) {
                if (!read(o, (size_t)(row - q.map->params.begin())))
                    return std::nullopt;
                continue;
            }
            auto it = r.is_const ? bound.end() : bound.find(r.var.id);
            if (it == bound.end())
                return std::nullopt;
            auto &results = c.inner[it->second.first];
            results.resize(it->second.first->pat.size());
            results[(size_t)it->second.second].push_back((int)o);
        }
        for (const Stm &t : b.stms)
            for (const auto &[id, at] : bound)
                if (uses_of(*t.exp, id))
                    return std::nullopt;
        if (c.m_expr.empty())
            c.m_expr = i64(c.m); // known before the kernel (checked above)
        return c;
    }
    /** Reductions and scans over the rows of an [n][m] matrix (columns()): a thread per
     * column folds its elements with each operator from its neutral row's, in row order
     * (f need not commute); adjacent threads read adjacent columns of each row
     * (coalesced).  When the columns are fewer than a full grid's threads, the rows split
     * into nr_ = threads / m chunks, a thread per column of each, each folding its chunk
     * (one chunk: the first launch does it all).  Without scans, `<k>_final` combines the
     * chunks' folds in chunk order.  With scans, `<k>_carry` does that for the reductions
     * and turns each scan's chunk folds into each chunk's carry (the chunks before it, in
     * order), from which `<k>_final` scans the chunk again, writing its rows (a scan's
     * elements are read twice, in parallel over rows).  Mapped rows are mapped an element
     * at a time as the column reads them (column_elems_: each inner map's element code,
     * its results put in locals). */
    void column_kernel(const Stm &s, const Soac &q, const std::string &kname, const Columns &c,
                       const SoacK &k) {
        std::vector<int> fv = free_vars(s);
        std::vector<KParam> outs;
        for (const Param &p : s.pat)
            outs.push_back(out_arg(p));
        const size_t K = c.ops.size();
        const bool scans = k.os.nscan > 0;
        const std::vector<KParam> params =
            all({args_of(fv), outs, acc_bufs(s, k, "part", 0, K, 'N', "per-thread partials")});
        begin_kernel(kname, params, GridKind::Occupancy);
        bind_types(fv, s.pat);
        // A thread for every element (up to a full grid), so enough chunks for that.
        code_.kernels.back().threads = "(" + c.m_expr + ") * " + i64(q.w);
        auto acc = [](size_t o) { return "acc" + std::to_string(o) + "_"; };
        auto part = [](size_t o) { return "part" + std::to_string(o) + ".data[r_ * m_ + j_]"; };
        auto out = [&](size_t o, const std::string &at) {
            return name(s.pat[o].var) + ".data[" + at + "] = " + store(k.pt[o].elem, acc(o)) + ";";
        };
        auto all_ops = [](size_t) { return true; };
        auto scan_ops = [&](size_t o) { return k.os.is_scan(o); };
        auto init = [&](const std::function<bool(size_t)> &which, bool from_part) {
            for (size_t o = 0; o < K; o++)
                if (which(o)) {
                    const PrimType t = k.pt[o].elem;
                    line(
                        std::string(ctype(t)) + " " + acc(o) + " = " +
                        load(t, from_part ? part(o) : atom(k.os.ops[o]->neutral[0]) + ".data[j_]") +
                        ";");
                }
        };
        auto combine_into = [&](size_t o, const std::string &x) {
            std::vector<Res> rs = apply(*c.ops[o], {acc(o), x});
            line(acc(o) + " = " + rs.at(0).expr + ";");
        };
        // The sizes and the chunks; `w` also the rows.
        auto sizes = [&](bool w) {
            line("const int64_t " + (w ? "w_ = " + i64(q.w) + ", " : std::string()) +
                 "m_ = " + c.m_expr + ";");
            line("const int64_t gs_ = lrt::gsize(), nr_ = m_ > 0 && gs_ / m_ > 1 ? gs_ / m_ : 1;");
        };
        // Opens the loops over the (column, chunk) pairs and over the chunk's rows, the
        // accumulators of the operators `which` from their neutral rows or the carries.
        auto open_rows = [&](const std::function<bool(size_t)> &which, bool from_part) {
            open("for (int64_t u_ = lrt::gtid(); u_ < nr_ * m_; u_ += gs_) {");
            line("const int64_t j_ = u_ % m_, r_ = u_ / m_;");
            line("int64_t lo_, hi_;");
            line("lrt::chunk(w_, nr_, r_, lo_, hi_);");
            init(which, from_part);
            // Unrolled, a thread has several rows' loads in flight (a column's rows are
            // independent reads; only the fold is a chain).
            if (const int u = column_unroll(); u > 1)
                line("#pragma unroll " + std::to_string(u));
            open("for (int64_t i_ = lo_; i_ < hi_; i_++) {");
        };
        // Row i_'s elements folded in by the operators `which`; a scan's written where
        // `when` holds.
        auto fold_row = [&](const std::function<bool(size_t)> &which, const std::string &when) {
            std::vector<std::string> elems(K);
            for (size_t o = 0; o < K; o++)
                if (c.input[o] >= 0)
                    elems[o] = load(k.pt[o].elem,
                                    name(q.inputs[(size_t)c.input[o]]) + ".data[i_ * m_ + j_]");
            if (!c.inner.empty()) {
                for (size_t o = 0; o < K; o++)
                    if (c.input[o] < 0) {
                        line(std::string(stype(k.pt[o].elem)) + " x" + std::to_string(o) + "_;");
                        elems[o] = load(k.pt[o].elem, "x" + std::to_string(o) + "_");
                    }
                column_elems_ = c.inner;
                std::vector<std::string> args = in_rows(q.inputs, "i_");
                apply(*q.map, args);
                column_elems_.clear();
            }
            for (size_t o = 0; o < K; o++)
                if (which(o)) {
                    combine_into(o, elems[o]);
                    if (k.os.is_scan(o))
                        line(when + out(o, "i_ * m_ + j_"));
                }
        };
        sizes(true);
        open_rows(all_ops, false);
        fold_row(all_ops, "if (nr_ == 1) ");
        close();
        for (size_t o = 0; o < K; o++)
            line("if (nr_ > 1) " + part(o) + " = " + store(k.pt[o].elem, acc(o)) + ";" +
                 (k.os.is_scan(o) ? "" : " else " + out(o, "j_")));
        close();
        end_kernel();
        // Each column's chunk folds in chunk order: a reduction's combined into its
        // result; a scan's each replaced by the fold of the chunks before it (its carry).
        begin_kernel(kname + (scans ? "_carry" : "_final"), params, GridKind::Same);
        bind_types(fv, s.pat);
        sizes(false);
        line("if (nr_ == 1) return;");
        open("for (int64_t j_ = lrt::gtid(); j_ < m_; j_ += gs_) {");
        init(all_ops, false);
        open("for (int64_t r_ = 0; r_ < nr_; r_++) {");
        for (size_t o = 0; o < K; o++) {
            if (!k.os.is_scan(o)) {
                combine_into(o, load(k.pt[o].elem, part(o)));
                continue;
            }
            const PrimType t = k.pt[o].elem;
            line(std::string(ctype(t)) + " t" + std::to_string(o) + "_ = " + load(t, part(o)) +
                 ";");
            line(part(o) + " = " + store(t, acc(o)) + ";");
            combine_into(o, "t" + std::to_string(o) + "_");
        }
        close();
        for (size_t o = 0; o < K; o++)
            if (!k.os.is_scan(o))
                line(out(o, "j_"));
        close();
        end_kernel();
        if (!scans)
            return;
        // Each chunk scanned again from its carry, writing its rows.
        begin_kernel(kname + "_final", params, GridKind::Same);
        bind_types(fv, s.pat);
        sizes(true);
        line("if (nr_ == 1) return;");
        open_rows(scan_ops, true);
        fold_row(scan_ops, "");
        close();
        close();
        end_kernel();
    }
    /** While a column kernel maps its rows: each inner map, and the operands each of its
     * results is (its element at column j_ goes to `x<operand>_`). */
    std::unordered_map<const Stm *, std::vector<std::vector<int>>> column_elems_;

    /** Scratch buffers `<base><a>` for accumulators [from, to) (as kernel parameters). */
    std::vector<KParam> acc_bufs(const Stm &s, const SoacK &k, const std::string &base, size_t from,
                                 size_t to, char count, const std::string &what) const {
        std::vector<KParam> ps;
        for (size_t a = from; a < to; a++)
            ps.push_back({buf_type(k.pt[a].elem, 1) + " " + base + std::to_string(a),
                          what + " of " + name(s.pat[a].var),
                          scratch(base + std::to_string(a), stype(k.pt[a].elem), count,
                                  base == "res" ? s.pat[a].var.id : -1)});
        return ps;
    }
    static std::vector<KParam> all(std::initializer_list<std::vector<KParam>> ls) {
        std::vector<KParam> r;
        for (const auto &l : ls)
            r.insert(r.end(), l.begin(), l.end());
        return r;
    }

    /** The body of the row loop at row `i`: the map part, the fold into the accumulators,
     * the scan outputs (inclusive within the thread's chunk) and the map outputs. */
    void fold_row(const Stm &s, const Soac &q, const SoacK &k, const std::string &i) {
        // Map outputs' rows made in place in the outputs (dest_: a nested SOAC's or an
        // array literal's), not in a thread's heap and then copied.
        const std::vector<int> dests =
            q.map ? row_dests(s, *q.map, k.nacc, k.pt, i) : std::vector<int>{};
        std::vector<std::string> r = mapped_row(q, i);
        drop_dests(dests);
        combine_ops(k.os, [](size_t) { return true; }, k.acc, r, k.acc);
        for (size_t a = 0; a < k.os.nscan; a++)
            put_row(name(s.pat[a].var), k.pt[a], i, k.acc[a]);
        for (size_t a = k.nacc; a < k.nres; a++)
            put_row(name(s.pat[a].var), k.pt[a], i, r[a]);
    }

    /** The map part's results at row `i` (the inputs' rows without a map). */
    std::vector<std::string> mapped_row(const Soac &q, const std::string &i) {
        std::vector<std::string> r;
        if (q.map) {
            std::vector<std::string> args = in_rows(q.inputs, i);
            for (const Res &x : apply(*q.map, args))
                r.push_back(x.expr);
        } else {
            for (const Var &v : q.inputs)
                r.push_back(in_row(v, i));
        }
        return r;
    }

    // ------------------------------------------------ 2-D maps and stencil tiles

    /** A map's width, inputs and lambda (a map, or a screma with no operators). */
    struct Inner {
        SubExp w;
        std::vector<Var> inputs;
        const Lambda *lam = nullptr;
    };
    static std::optional<Inner> inner_map(const Exp &e) {
        if (auto *n = e.as<ir::MapExp>())
            return Inner{n->w, n->inputs, &n->lam};
        if (auto *n = e.as<ir::ScremaExp>(); n && n->scans.empty() && n->reduces.empty())
            return Inner{n->w, n->inputs, &n->map_lam};
        return std::nullopt;
    }

    /** The inner map of a map whose lambda is cheap scalar code around one map of a width
     * known before the kernel, whose results (scalars per element) are the lambda's: a
     * perfect 2-D nest, as tabulate_2d makes.  Such a kernel runs one thread per element,
     * repeating the scalar code per element, rather than one thread per row. */
    const Stm *nested_map(const Soac &q, const SoacK &k) const {
        if (!q.map || q.map->body.stms.empty())
            return nullptr;
        std::optional<Inner> in = inner_map(*q.map->body.stms.back().exp);
        return in ? perfect_nest(q, k, *in, 1) : nullptr;
    }
    /** The inner reduction of a map whose lambda is cheap scalar code around one
     * reduction (or redomap) of a width known before the kernel, with scalar results
     * per row: a segmented reduction (a map of a sum), or a map that uses a reduction's
     * result (n-body's step: accelerations summed, then the positions moved). */
    const Stm *segmented_reduce(const Soac &q, const SoacK &k) const {
        if (!q.map || k.nacc != 0)
            return nullptr;
        const Stm *m = nullptr;
        for (const Stm &t : q.map->body.stms)
            if (inner_reduce(*t.exp)) {
                if (m)
                    return nullptr;
                m = &t;
            }
        if (!m)
            return nullptr;
        for (const IType &t : q.map->ret)
            if (t.rank() != 0)
                return nullptr;
        for (const Param &p : m->pat)
            if (p.type.rank() != 0)
                return nullptr;
        std::optional<Soac> r = inner_reduce(*m->exp);
        return cheap_around(q, k, *m, Inner{r->w, r->inputs, r->map}) ? m : nullptr;
    }
    /** The same for a scan (its results, rows of the map's results, are all scans). */
    const Stm *segmented_scan(const Soac &q, const SoacK &k) const {
        if (!q.map || q.map->body.stms.empty())
            return nullptr;
        std::optional<Soac> r = inner_scan(*q.map->body.stms.back().exp);
        return r ? perfect_nest(q, k, Inner{r->w, r->inputs, r->map}, 1) : nullptr;
    }
    static std::optional<Soac> inner_scan(const Exp &e) {
        if (auto *n = e.as<ir::ScanExp>())
            return Soac{n->w, n->inputs, nullptr, {ScremaOp{n->lam, n->neutral}}, {}};
        if (auto *n = e.as<ir::ScremaExp>(); n && !n->scans.empty() && n->reduces.empty() &&
                                            operands(n->scans) == n->map_lam.ret.size())
            return Soac{n->w, n->inputs, &n->map_lam, n->scans, {}};
        return std::nullopt;
    }
    static size_t operands(const std::vector<ScremaOp> &ops) {
        size_t n = 0;
        for (const ScremaOp &op : ops)
            n += op.neutral.size();
        return n;
    }
    static std::optional<Soac> inner_reduce(const Exp &e) {
        if (auto *n = e.as<ir::ReduceExp>())
            return Soac{n->w, n->inputs, nullptr, {}, {ScremaOp{n->lam, n->neutral}}};
        if (auto *n = e.as<ir::ScremaExp>(); n && n->scans.empty() && !n->reduces.empty())
            return Soac{n->w, n->inputs, &n->map_lam, {}, n->reduces};
        return std::nullopt;
    }
    /** The last statement m of q's lambda (computing `in`), when q is a map whose results
     * are m's (of rank `rank` per row) and the rest is scalar code cheap to repeat. */
    const Stm *perfect_nest(const Soac &q, const SoacK &k, const Inner &inner, int rank) const {
        if (k.nacc != 0)
            return nullptr;
        const Body &b = q.map->body;
        const Stm &m = b.stms.back();
        if (b.result.size() != m.pat.size())
            return nullptr;
        for (size_t r = 0; r < m.pat.size(); r++)
            if (b.result[r].is_const || b.result[r].var.id != m.pat[r].var.id ||
                m.pat[r].type.rank() != rank)
                return nullptr;
        return cheap_around(q, k, m, inner) ? &m : nullptr;
    }
    /** Whether the statements of q's lambda other than m (computing `in`) are scalar code
     * cheap to repeat (per element or per lane), in's width is known before the kernel,
     * and the lambda's iotas and replicates are read only as m's inputs (they stay
     * virtual: only m's rows of them are computed). */
    bool cheap_around(const Soac &q, const SoacK &k, const Stm &m, const Inner &in) const {
        const Body &b = q.map->body;
        if (!known_before(in.w, k))
            return false;
        for (const Stm &t : b.stms) {
            if (&t == &m)
                continue;
            if (heavy(*t.exp))
                return false;
            for (const Param &p : t.pat) {
                if (p.type.rank() == 0 || t.exp->kind == ExpKind::Index)
                    continue; // scalars and views
                bool gen = t.exp->kind == ExpKind::Iota ||
                           (t.exp->kind == ExpKind::Replicate && p.type.rank() == 1);
                if (!gen || uses_of(*m.exp, p.var.id) != inputs_of(in.inputs, p.var.id))
                    return false; // an iota or replicate must stay virtual (only m's rows)
                for (const Stm &u : b.stms)
                    if (&u != &m && &u != &t && uses_of(*u.exp, p.var.id))
                        return false;
                for (const SubExp &r : b.result)
                    if (!r.is_const && r.var.id == p.var.id)
                        return false;
            }
        }
        return true;
    }
    /** Whether size w is known before the kernel (a constant, or one of its arguments). */
    static bool known_before(const SubExp &w, const SoacK &k) {
        return w.is_const || std::find(k.fv.begin(), k.fv.end(), w.var.id) != k.fv.end();
    }
    /** Whether e has a loop, a call or a SOAC in it: not cheap to repeat per element. */
    static bool heavy(const Exp &e) {
        bool h = false;
        each_exp(e, [&](const Exp &x) {
            h = h || x.kind == ExpKind::Loop || x.kind == ExpKind::Apply || passes::is_soac(x);
        });
        return h;
    }
    static int uses_of(const Exp &e, int id) {
        int n = 0;
        uses_exp(e, [&](int u) { n += u == id; });
        return n;
    }
    static int inputs_of(const std::vector<Var> &in, int id) {
        return (int)std::count_if(in.begin(), in.end(), [&](const Var &v) { return v.id == id; });
    }

    /** Rows (tile_h) and columns (tile_w) of output per block of a tiled 2-D map: a warp
     * per row, scan_block = 256 threads taking pass_h rows at a time, so each thread
     * computes tile_h / pass_h elements of a column.  On an H100 (8192x8192 f32, 5-point
     * stencil) 32x32 tiles took 0.247 ms a step against 0.455 for 8x32 (the tile's index
     * arithmetic and barriers then came once per element). */
    static constexpr int tile_h = 32, tile_w = 32, pass_h = scan_block / tile_w, max_radius = 4;
    static constexpr int tile_shared_bytes = 24576;
    static constexpr int steps_shared_bytes = 40960; ///< a multi-step stencil's tiles (of 48 KiB)

    struct Tile {
        int arr;
        int radius = 0;
        std::string shared; ///< its tile in shared memory
    };
    /** The variable `x` is bound to, when bound by `e = f(...)` in `defs` or on the host. */
    const Exp *def_of(const SubExp &x, const std::unordered_map<int, const Stm *> &defs) const {
        if (x.is_const)
            return nullptr;
        auto it = defs.find(x.var.id);
        if (it != defs.end())
            return it->second->exp.get();
        auto h = host_def_.find(x.var.id);
        return h == host_def_.end() ? nullptr : h->second->exp.get();
    }
    static std::optional<int64_t> const_int(const SubExp &x) {
        if (!x.is_const || !is_int(x.value.type))
            return std::nullopt;
        return x.value.as_i64();
    }
    /** d when x is `idx + d` (idx itself, idx + c, c + idx, idx - c). */
    std::optional<int64_t> linear(const SubExp &x, int idx,
                                  const std::unordered_map<int, const Stm *> &defs) const {
        if (x.is_const)
            return std::nullopt;
        if (x.var.id == idx)
            return 0;
        auto *b = dynamic_cast<const ir::BinOpExp *>(def_of(x, defs));
        if (!b)
            return std::nullopt;
        auto is_idx = [&](const SubExp &y) { return !y.is_const && y.var.id == idx; };
        if (b->op == ir::BinOpKind::Add && is_idx(b->x) && const_int(b->y))
            return *const_int(b->y);
        if (b->op == ir::BinOpKind::Add && is_idx(b->y) && const_int(b->x))
            return *const_int(b->x);
        if (b->op == ir::BinOpKind::Sub && is_idx(b->x) && const_int(b->y))
            return -*const_int(b->y);
        return std::nullopt;
    }
    /** d when an in-bounds index `x` equals clamp(idx + d, 0, dim - 1): idx + d itself,
     * max(0, idx - c) or min(dim - 1, idx + c) (in either argument order). */
    std::optional<int64_t> offset(const SubExp &x, int idx, const SubExp &dim,
                                  const std::unordered_map<int, const Stm *> &defs) const {
        if (auto d = linear(x, idx, defs))
            return d;
        auto *m = dynamic_cast<const ir::MathExp *>(def_of(x, defs));
        if (!m || m->args.size() != 2)
            return std::nullopt;
        auto is_last = [&](const SubExp &y) { // dim - 1
            if (auto c = const_int(y))
                return dim.is_const && *c == dim.value.as_i64() - 1;
            auto *b = dynamic_cast<const ir::BinOpExp *>(def_of(y, defs));
            return b && b->op == ir::BinOpKind::Sub && !dim.is_const && !b->x.is_const &&
                   b->x.var.id == dim.var.id && const_int(b->y) == std::optional<int64_t>(1);
        };
        for (int a = 0; a < 2; a++) {
            const SubExp &bound = m->args[(size_t)a], &y = m->args[(size_t)(1 - a)];
            std::optional<int64_t> d = linear(y, idx, defs);
            if (!d)
                continue;
            if (m->fn == ir::MathFn::Max && const_int(bound) == std::optional<int64_t>(0) && *d <= 0)
                return d;
            if (m->fn == ir::MathFn::Min && is_last(bound) && *d >= 0)
                return d;
        }
        return std::nullopt;
    }

    /** The 2-D arrays a nested map reads around its element (a stencil): unchecked
     * reads `a[clamp(i + di), clamp(j + dj)]` of a kernel argument a, i and j the outer
     * and inner iota indices, at two or more offsets.  Each gets a shared-memory tile
     * of the block's rows and columns with a margin of its radius, loaded with clamped
     * indices (so a clamped read is a tile read); tile_reads_ maps each read to it. */
    std::vector<Tile> tiles_of(const Soac &q, const Inner &in, const std::vector<int> &fv) {
        auto iota_param = [&](const std::vector<Var> &inputs, const Lambda &l,
                              const std::unordered_map<int, const Stm *> &defs) {
            for (size_t k = 0; k < inputs.size() && k < l.params.size(); k++) {
                auto it = defs.find(inputs[k].id);
                const Stm *d = it != defs.end() ? it->second : nullptr;
                if (!d && kvirt_.count(inputs[k].id))
                    d = host_def_.at(inputs[k].id);
                if (d && d->exp->kind == ExpKind::Iota)
                    return l.params[k].var.id;
            }
            return -1;
        };
        std::unordered_map<int, const Stm *> defs;
        for (const Body *b : {&q.map->body, &in.lam->body})
            for (const Stm &t : b->stms)
                for (const Param &p : t.pat)
                    defs[p.var.id] = &t;
        int oi = iota_param(q.inputs, *q.map, {}), ij = iota_param(in.inputs, *in.lam, defs);
        if (oi < 0 || ij < 0)
            return {};
        struct Read {
            const Stm *stm;
            int64_t di, dj;
        };
        std::map<int, std::vector<Read>> reads;
        for (const Stm &t : in.lam->body.stms) {
            auto *n = t.exp->as<ir::IndexExp>();
            if (!n || n->checked || n->idx.size() != 2 ||
                std::find(fv.begin(), fv.end(), n->arr.id) == fv.end())
                continue;
            const IType &at = all_types_.at(n->arr.id);
            if (at.rank() != 2)
                continue;
            auto di = offset(n->idx[0], oi, at.dims[0], defs);
            auto dj = offset(n->idx[1], ij, at.dims[1], defs);
            if (di && dj && std::abs(*di) <= max_radius && std::abs(*dj) <= max_radius)
                reads[n->arr.id].push_back({&t, *di, *dj});
        }
        std::vector<Tile> tiles;
        int bytes = 0;
        for (const auto &[arr, rs] : reads) {
            std::set<std::pair<int64_t, int64_t>> offs;
            Tile tl{arr, 0, "tl" + std::to_string(arr) + "_"};
            for (const Read &r : rs) {
                offs.insert({r.di, r.dj});
                tl.radius = (int)std::max<int64_t>({tl.radius, std::abs(r.di), std::abs(r.dj)});
            }
            int size = (tile_h + 2 * tl.radius) * (tile_w + 2 * tl.radius) *
                       prim_size(all_types_.at(arr).elem);
            if (offs.size() < 2 || bytes + size > tile_shared_bytes)
                continue;
            bytes += size;
            for (const Read &r : rs)
                tile_offsets_[r.stm] = {arr, r.di, r.dj};
            tiles.push_back(tl);
            point_reads(arr, tl.shared, tl.radius);
        }
        return tiles;
    }

    /** Array arr's tile reads (tile_offsets_) as reads of shared tile `shared` with a
     * margin of `radius`: element (ty_, tx_) of the block's tile is at (ty_ + radius,
     * tx_ + radius). */
    void point_reads(int arr, const std::string &shared, int radius) {
        const std::string tw = std::to_string(tile_w + 2 * radius);
        for (const auto &[stm, o] : tile_offsets_)
            if (o.arr == arr)
                tile_reads_[stm] = shared + "[(ty_ + " + std::to_string(radius + o.di) + ") * " + tw +
                                   " + tx_ + " + std::to_string(radius + o.dj) + "]";
    }
    /** The start of a 2-D map kernel's body: its sizes w_ x m_, the element code's
     * context (flat_), and `if (m_ > 0) {` opened; the outer lambda's arguments. */
    std::vector<std::string> begin_map2d(const Stm &s, const Soac &q, const Stm &m, const Inner &in) {
        line("const int64_t w_ = " + i64(q.w) + ", m_ = " + i64(in.w) + ";");
        std::vector<std::string> args = in_rows(q.inputs, "i_");
        flat_ = &m;
        flat_in_ = in;
        flat_out_ = &s;
        open("if (m_ > 0) {");
        return args;
    }
    /** A shared-memory tile `shared` of arr's elements with a margin of `radius`. */
    void shared_tile(int arr, const std::string &shared, int radius) {
        line("__shared__ " + std::string(stype(all_types_.at(arr).elem)) + " " + shared + "[" +
             std::to_string((tile_h + 2 * radius) * (tile_w + 2 * radius)) + "];");
    }
    /** Opens the loop of a block over the tiles of the w_ x m_ elements (block-stride
     * past the grid's 2^31 - 1 blocks): tile_'s first row and column i0_, j0_. */
    void open_tile_loop() {
        const std::string H = std::to_string(tile_h), Wd = std::to_string(tile_w);
        line("const int64_t tm_ = (m_ + " + std::to_string(tile_w - 1) + ") / " + Wd + ", nt_ = (w_ + " +
             std::to_string(tile_h - 1) + ") / " + H + " * tm_;");
        open("for (int64_t tile_ = blockIdx.x; tile_ < nt_; tile_ += gridDim.x) {");
        line("uint64_t tj_;");
        line("const int64_t i0_ = (int64_t)lrt::udiv(tile_, tm_, tj_) * " + H + ", j0_ = (int64_t)tj_ * " + Wd + ";");
        line("__syncthreads(); // the previous tile's reads are done");
    }
    /** The 2-D map's elements (i_, j_) of the block's tile, pass_h rows at a time. */
    void tile_elements(const Soac &q, const std::vector<std::string> &args) {
        const std::string Wd = std::to_string(tile_w);
        line("const int tx_ = threadIdx.x % " + Wd + ";");
        line("#pragma unroll");
        open("for (int ty_ = threadIdx.x / " + Wd + "; ty_ < " + std::to_string(tile_h) + "; ty_ += " +
             std::to_string(pass_h) + ") {");
        line("const int64_t i_ = i0_ + ty_, j_ = j0_ + tx_;");
        open("if (i_ < w_ && j_ < m_) {");
        line("const int64_t t_ = i_ * m_ + j_;");
        apply(*q.map, args);
        close();
        close();
    }
    /** Loads the block's tile of t.arr with a margin of `radius` into `shared`, indices
     * clamped to the array (so a clamped read is a tile read). */
    void load_tile(const Tile &t, int radius, const std::string &shared) {
        std::string a = "v" + std::to_string(t.arr), R = std::to_string(radius);
        int th = tile_h + 2 * radius, tw = tile_w + 2 * radius;
        open("if (" + a + ".shape[0] > 0 && " + a + ".shape[1] > 0) {");
        open("for (int e_ = threadIdx.x; e_ < " + std::to_string(th * tw) + "; e_ += blockDim.x) {");
        line("int64_t r_ = i0_ - " + R + " + e_ / " + std::to_string(tw) + ", c_ = j0_ - " + R + " + e_ % " +
             std::to_string(tw) + ";");
        line("r_ = r_ < 0 ? 0 : r_ >= " + a + ".shape[0] ? " + a + ".shape[0] - 1 : r_;");
        line("c_ = c_ < 0 ? 0 : c_ >= " + a + ".shape[1] ? " + a + ".shape[1] - 1 : c_;");
        line(shared + "[e_] = " + a + ".data[r_ * " + a + ".shape[1] + c_];");
        close();
        close();
    }

    /** A perfect 2-D nest of maps (nested_map): one thread per element, grid-stride over
     * the n*m elements; with stencil tiles (tiles_of), one block per tile of the output
     * (tile_h x tile_w), its arrays' tiles loaded into shared memory first.  Rows of no
     * elements (m <= 0) still run the outer lambda once each when it can fail. */
    void map2d_kernel(const Stm &s, const Soac &q, const std::string &kname, const SoacK &k,
                      const Stm &m) {
        Inner in = *inner_map(*m.exp);
        tile_reads_.clear();
        tile_offsets_.clear();
        std::vector<Tile> tiles = tiles_of(q, in, k.fv);
        begin_kernel(kname, all({args_of(k.fv), k.outs}),
                     tiles.empty() ? GridKind::Occupancy : GridKind::Tiles);
        bind_types(k.fv, k.out_params);
        std::string W = i64(q.w), M = i64(in.w);
        KernelDesc &kd = code_.kernels.back();
        kd.threads = W + " * " + M;
        if (!tiles.empty()) {
            kd.threads = "((" + W + " + " + std::to_string(tile_h - 1) + ") / " + std::to_string(tile_h) +
                         " * ((" + M + " + " + std::to_string(tile_w - 1) + ") / " +
                         std::to_string(tile_w) + ") * 256)";
        }
        std::vector<std::string> args = begin_map2d(s, q, m, in);
        if (tiles.empty()) {
            // (i_, j_) advance with t_ by (di_, dj_) and a carry: no division per element.
            line("const int64_t n_ = w_ * m_, g_ = lrt::gsize(), di_ = g_ / m_, dj_ = g_ - di_ * m_;");
            line("int64_t t0_ = lrt::gtid(), i_ = t0_ / m_, j_ = t0_ - i_ * m_;");
            open("for (int64_t t_ = t0_; t_ < n_; t_ += g_, j_ += dj_, i_ += di_ + (j_ >= m_ ? 1 : 0), "
                 "j_ -= j_ >= m_ ? m_ : 0) {");
            apply(*q.map, args);
            close();
        } else {
            for (const Tile &t : tiles)
                shared_tile(t.arr, t.shared, t.radius);
            open_tile_loop();
            for (const Tile &t : tiles)
                load_tile(t, t.radius, t.shared);
            line("__syncthreads();");
            tile_elements(q, args);
            close();
        }
        flat_ = nullptr;
        tile_reads_.clear();
        // Rows of no elements have nothing to write: they run only when their statements
        // can fail (a kernel that cannot fail needs no check after it).
        bool row_fails = false;
        for (const Stm &t : q.map->body.stms)
            row_fails = row_fails || (&t != &m && passes::can_fail(t));
        if (row_fails) {
            close("} else {");
            ind_++;
            open("for (int64_t i_ = lrt::gtid(); i_ < w_; i_ += lrt::gsize()) {");
            fold_row(s, q, k, "i_");
            close();
        }
        close();
        end_kernel();
        // Steps a launch: as many as asked whose tiles fit in shared memory.
        int steps = stencil_steps();
        auto tile_bytes = [&](int margin) {
            return (tile_h + 2 * margin) * (tile_w + 2 * margin) *
                   prim_size(all_types_.at(tiles[0].arr).elem);
        };
        while (!tiles.empty() && steps > 1 &&
               tile_bytes(steps * tiles[0].radius) + tile_bytes((steps - 1) * tiles[0].radius) +
                       (steps > 2 ? tile_bytes((steps - 2) * tiles[0].radius) : 0) >
                   steps_shared_bytes)
            steps--;
        if (tiles.size() == 1 && !row_fails && !code_.kernels.back().calls.back().can_fail &&
            steps > 1)
            if (const ir::LoopExp *l = stencil_loop(s, q, k, tiles[0].arr)) {
                code_.kernels.back().steps_loop = l;
                steps_kernel(s, q, kname + "_" + std::to_string(steps), k, m, tiles[0], steps);
            }
        tile_offsets_.clear();
    }

    /** The host for loop whose whole body is 2-D map s, over s's own result (the loop's
     * only parameter, arr) read through its tile only, nothing else of the loop read: a
     * stencil stepped in time, whose steps can go two a launch. */
    const ir::LoopExp *stencil_loop(const Stm &s, const Soac &q, const SoacK &k, int arr) const {
        const ir::LoopExp *found = nullptr;
        passes::for_each_stm(f_.body, [&](const Stm &t) {
            auto *l = t.exp->as<ir::LoopExp>();
            if (l && l->form == ir::LoopExp::Form::For && l->params.size() == 1 &&
                l->params[0].var.id == arr && l->body.stms.size() == 1 && &l->body.stms[0] == &s &&
                s.pat.size() == 1 && l->params[0].type == s.pat[0].type &&
                l->body.result.size() == 1 && l->body.result[0] == SubExp::of(s.pat[0].var))
                found = l;
        });
        if (!found || std::find(k.fv.begin(), k.fv.end(), found->index.var.id) != k.fv.end())
            return nullptr;
        for (const Var &v : q.inputs)
            if (v.id == arr)
                return nullptr;
        int uses = 0, reads = 0;
        passes::for_each_use(q.map->body, [&](const Var &v) { uses += v.id == arr; });
        for (const auto &[stm, o] : tile_offsets_)
            reads += o.arr == arr;
        return uses == reads ? found : nullptr;
    }

    /** `steps` steps of a stencil loop (stencil_loop) in one launch: each block loads its
     * tile of the loop's array with `steps` times the margin, computes each step but the
     * last on its tile with one margin fewer than the step before (the intermediates, at
     * clamped coordinates: a clamped read of one is a tile read again) into shared memory
     * (two buffers in turn), then the last step from the last of them.  The intermediates
     * never go to device memory: 1/steps of the traffic a step. */
    void steps_kernel(const Stm &s, const Soac &q, const std::string &kname, const SoacK &k,
                      const Stm &m, const Tile &t, int steps) {
        Inner in = *inner_map(*m.exp);
        begin_kernel(kname, all({args_of(k.fv), k.outs}), GridKind::Tiles);
        code_.kernels.back().calls.back().steps = steps;
        bind_types(k.fv, k.out_params);
        std::vector<std::string> args = begin_map2d(s, q, m, in);
        const int r = t.radius;
        const std::string buf[2] = {"mid0_", "mid1_"};
        shared_tile(t.arr, "in_", steps * r);
        for (int b = 0; b < 2 && b < steps - 1; b++) // each its largest margin
            shared_tile(t.arr, buf[b], (steps - 1 - b) * r);
        open_tile_loop();
        load_tile(t, steps * r, "in_");
        line("__syncthreads();");
        std::string from = "in_";
        for (int p = 1; p < steps; p++) {
            // Step p at every position of the tile and margin M: the element of the grid
            // cell it clamps to (where the next step's clamped reads find it).
            const int margin = (steps - p) * r, w = tile_w + 2 * margin;
            const std::string M = std::to_string(margin), W = std::to_string(w),
                              &to = buf[(p - 1) % 2];
            point_reads(t.arr, from, margin + r);
            flat_sink_ = to + "[e_]";
            open("for (int e_ = threadIdx.x; e_ < " + std::to_string((tile_h + 2 * margin) * w) +
                 "; e_ += blockDim.x) {");
            line("const int64_t pr_ = i0_ - " + M + " + e_ / " + W + ", pc_ = j0_ - " + M +
                 " + e_ % " + W + ";");
            line("const int64_t i_ = pr_ < 0 ? 0 : pr_ >= w_ ? w_ - 1 : pr_, j_ = pc_ < 0 ? 0 : "
                 "pc_ >= m_ ? m_ - 1 : pc_;");
            line("const int ty_ = (int)(i_ - i0_), tx_ = (int)(j_ - j0_);");
            line("const int64_t t_ = i_ * m_ + j_;");
            line("(void)t_;");
            apply(*q.map, args);
            close();
            flat_sink_.clear();
            line("__syncthreads();");
            from = to;
        }
        // The last step on the block's tile, from the last intermediate.
        point_reads(t.arr, from, r);
        tile_elements(q, args);
        close();
        close();
        flat_ = nullptr;
        tile_reads_.clear();
        end_kernel();
    }

    /** A segmented reduction or scan (segmented_reduce, segmented_scan): with segments
     * of 32 rows or more, a warp per segment, each lane folding its part of it (every
     * 32nd row for commutative operators, else a contiguous chunk in order), the warp
     * combining the lanes' values by shuffles (segred_warp, segscan_warp), and the
     * lambda's scalar code around a reduction run by every lane, lane 0 writing the
     * row's results; shorter segments, a thread per segment. */
    void segred_kernel(const Stm &s, const Soac &q, const std::string &kname, const SoacK &k,
                       const Stm &r, bool scan) {
        begin_kernel(kname, all({args_of(k.fv), k.outs}), GridKind::Occupancy);
        code_.kernels.back().threads = "(" + i64(q.w) + ") * 32"; // a warp per row
        bind_types(k.fv, k.out_params);
        segred_ = &r;
        segred_scan_ = scan;
        segred_soac_ = scan ? *inner_scan(*r.exp) : *inner_reduce(*r.exp);
        segred_out_ = &s;
        line("const int64_t w_ = " + i64(q.w) + ", m_ = " + i64(segred_soac_.w) + ";");
        open("if (m_ >= 32 && blockDim.x % 32 == 0) {");
        line("const unsigned lane_ = threadIdx.x & 31u;");
        open("for (int64_t i_ = lrt::gtid() >> 5; i_ < w_; i_ += lrt::gsize() >> 5) {");
        std::vector<std::string> args = in_rows(q.inputs, "i_");
        std::vector<Res> rs = apply(*q.map, args);
        if (!scan) { // every lane has the row's results (segred_warp broadcasts the sums)
            open("if (lane_ == 0) {");
            for (size_t a = 0; a < rs.size(); a++)
                put_row(name(s.pat[a].var), k.pt[a], "i_", rs[a].expr);
            close();
        }
        close();
        close("} else {");
        ind_++;
        segred_ = nullptr;
        open("for (int64_t i_ = lrt::gtid(); i_ < w_; i_ += lrt::gsize()) {");
        fold_row(s, q, k, "i_");
        close();
        close();
        end_kernel();
    }
    /** The warp's part of a segmented reduction at its statement (lane_, i_ bound). */
    void segred_warp(const Stm &st) {
        const Soac &r = segred_soac_;
        Ops os = ops_of(r);
        size_t na = os.nred;
        std::vector<std::string> acc = names("sacc" + std::to_string(tmp_++) + "_", na), t(na),
                                 ne = neutrals(os);
        for (size_t a = 0; a < na; a++) {
            t[a] = ctype(st.pat[a].type.elem);
            line(t[a] + " " + acc[a] + " = " + ne[a] + ";");
        }
        open();
        line("const int64_t m_ = " + i64(r.w) + ";");
        // Commutative operators: lanes take every 32nd row (coalesced), then the warp's
        // tree; others by ordered_rounds (the total then on every lane).
        auto all_ops = [](size_t) { return true; };
        if (os.commutative()) {
            std::vector<size_t> ks(na);
            std::iota(ks.begin(), ks.end(), 0);
            open("for (int64_t j_ = lane_; j_ < m_; j_ += 32) {");
            combine_ops(os, all_ops, acc, mapped_row(r, "j_"), acc);
            close();
            warp_tree(os, all_ops, ks, acc, t, "lane_");
        } else {
            std::vector<std::string> rnd = names("srnd" + std::to_string(tmp_++) + "_", na);
            for (size_t a = 0; a < na; a++)
                line(t[a] + " " + rnd[a] + ";");
            ordered_rounds(os, "0", "m_", "lane_", "j_", acc, rnd, t, ne, [&] {
                combine_ops(os, all_ops, rnd, mapped_row(r, "j_"), rnd);
            });
        }
        close();
        for (size_t a = 0; a < na; a++) {
            types_[st.pat[a].var.id] = st.pat[a].type;
            line(decl(st.pat[a]) + " = lrt::shfl_idx(" + acc[a] + ", 0);");
        }
    }
    /** The warp's part of a segmented scan: its row in rounds of 32 elements, one a
     * lane (coalesced; each lane took a contiguous 32nd of the row, written twice): a
     * round is scanned across the warp in lane order, the carry of the rounds before
     * combined in front, each element written once, and the round's last element is
     * the next carry. */
    void segscan_warp(const Stm &st) {
        const Soac &r = segred_soac_;
        Ops os = ops_of(r);
        const size_t na = os.nscan;
        std::string N = std::to_string(tmp_++);
        std::vector<std::string> carry = names("scar" + N + "_", na), x = names("sx" + N + "_", na),
                                 up = names("sup" + N + "_", na), t(na), ne = neutrals(os);
        auto all_ops = [](size_t) { return true; };
        for (size_t a = 0; a < na; a++) {
            t[a] = ctype(st.pat[a].type.elem);
            line(t[a] + " " + carry[a] + " = " + ne[a] + ";");
        }
        open();
        line("const int64_t m_ = " + i64(r.w) + ";");
        open("for (int64_t b_ = 0; b_ < m_; b_ += 32) {");
        line("const int64_t j_ = b_ + lane_;");
        for (size_t a = 0; a < na; a++)
            line(t[a] + " " + x[a] + " = " + ne[a] + ";");
        open("if (j_ < m_) {");
        combine_ops(os, all_ops, x, mapped_row(r, "j_"), x);
        close();
        open("for (int d_ = 1; d_ < 32; d_ <<= 1) {");
        for (size_t a = 0; a < na; a++)
            line(t[a] + " " + up[a] + " = lrt::shfl_up(" + x[a] + ", d_);");
        open("if (lane_ >= (unsigned)d_) {");
        combine_ops(os, all_ops, up, x, x);
        close();
        close();
        combine_ops(os, all_ops, carry, x, x);
        open("if (j_ < m_) {");
        for (size_t a = 0; a < na; a++) {
            const Param &o = segred_out_->pat.at(a);
            line(name(o.var) + ".data[i_ * m_ + j_] = " + store(st.pat[a].type.elem, x[a]) + ";");
        }
        close();
        for (size_t a = 0; a < na; a++)
            line(carry[a] + " = lrt::shfl_idx(" + x[a] + ", 31);");
        close();
        close();
        for (const Param &p : st.pat) // the lambda's results: written above
            types_[p.var.id] = p.type;
    }
    const Stm *segred_ = nullptr;
    bool segred_scan_ = false;
    Soac segred_soac_;
    const Stm *segred_out_ = nullptr;

    const Stm *flat_ = nullptr;     ///< the inner map of the 2-D map being generated
    Inner flat_in_;
    const Stm *flat_out_ = nullptr; ///< its kernel statement (the outputs)
    std::unordered_map<const Stm *, std::string> tile_reads_;
    struct TileOffset {
        int arr;
        int64_t di, dj;
    };
    std::unordered_map<const Stm *, TileOffset> tile_offsets_; ///< each tile read's offset
    /** Where the 2-D map's element goes instead of its output (a two-step stencil's
     * intermediate tile), when not empty. */
    std::string flat_sink_;
    /** The index function of the scan being generated's staged tile: lrt::padded, or
     * lrt::swizzled for ScanTuning::async's 16-byte copies. */
    std::string stage_at_ = "lrt::padded";

    /** Opens a block with inner map statement st (its map `in`) at column j_: its
     * elements' expressions (the caller closes the block). */
    std::vector<Res> element_at_j(const Stm &st, const Inner &in) {
        for (const Param &p : st.pat)
            types_[p.var.id] = p.type;
        open();
        std::vector<std::string> args = in_rows(in.inputs, "j_");
        return apply(*in.lam, args);
    }

    /** Inside a 2-D map: the inner map as element (i_, j_), t_ = i_ * m_ + j_ of the
     * outputs; stencil reads from their tiles. */
    bool custom_stm(const Stm &st) override {
        if (st.exp->kind == ExpKind::Sort) // the runtime's sort is the host's (lrt::radix_sort_perm)
            throw CompilerLimitation(st.exp->loc, "it sorts each row (radix_sort_perm), which a GPU "
                                                  "thread cannot do alone");
        if (auto it = tile_reads_.find(&st); it != tile_reads_.end()) {
            const Param &p = st.pat.at(0);
            line(decl(p) + " = " + load(p.type.elem, it->second) + ";");
            return true;
        }
        if (&st == segred_) {
            if (segred_scan_)
                segscan_warp(st);
            else
                segred_warp(st);
            return true;
        }
        if (auto it = column_elems_.find(&st); it != column_elems_.end()) {
            std::vector<Res> rs = element_at_j(st, *inner_map(*st.exp));
            for (size_t r = 0; r < rs.size(); r++)
                for (int o : it->second.at(r))
                    line("x" + std::to_string(o) + "_ = " + store(st.pat[r].type.elem, rs[r].expr) +
                         ";");
            close();
            return true;
        }
        if (&st != flat_)
            return false;
        std::vector<Res> rs = element_at_j(st, flat_in_);
        if (!flat_sink_.empty()) {
            line(flat_sink_ + " = " + store(flat_out_->pat.at(0).type.elem, rs.at(0).expr) + ";");
            close();
            return true;
        }
        for (size_t r = 0; r < rs.size(); r++) {
            const Param &o = flat_out_->pat.at(r);
            line(name(o.var) + ".data[t_] = " + store(o.type.elem, rs[r].expr) + ";");
        }
        close();
        return true;
    }

    /** A map of plain 1-D inputs with its grid-stride loop unrolled map_unroll() times,
     * each thread loading its rows of all of them before it computes and stores any (a
     * store may alias a later load, so the compiler would not hoist the loads itself):
     * more loads in flight a thread.  False, emitting nothing, where it does not apply. */
    bool unrolled_map_loop(const Stm &s, const Soac &q, const SoacK &k) {
        if (!q.map || q.inputs.empty())
            return false;
        for (const Var &v : q.inputs)
            if (virt_.count(v.id))
                return false;
        for (size_t a = 0; a < k.nres; a++)
            if (k.pt[a].rank() != 1) // a row of each output: one element
                return false;
        return unrolled_rows(q.inputs, [&] { fold_row(s, q, k, "i_"); });
    }
    /** The same for a fused scatter into a 1-D array (each row one element; its virtual
     * inputs, an iota's, have nothing to load). */
    bool unrolled_scatter_loop(const ir::ScatterExp &n, const std::string &d, const IType &dt) {
        if (!n.fused() || dt.rank() != 1)
            return false;
        return unrolled_rows(n.inputs, [&] { scatter_row_into(n, d, dt, "i_"); });
    }
    /** A grid-stride loop over w_ rows unrolled map_unroll() times: the thread's rows of
     * each non-virtual 1-D input loaded first, then `row()` for each of its rows (i_),
     * the rows held standing for those inputs.  False, emitting nothing, where an input
     * is not 1-D or map_unroll() is 1. */
    template <class Row> bool unrolled_rows(const std::vector<Var> &inputs, Row row) {
        const int u = map_unroll();
        if (u < 2)
            return false;
        std::vector<const Var *> load;
        for (const Var &v : inputs) {
            if (type_of(v).rank() != 1)
                return false;
            if (!virt_.count(v.id))
                load.push_back(&v);
        }
        const std::string U = std::to_string(u);
        line("const int64_t gs_ = lrt::gsize();");
        open("for (int64_t b_ = lrt::gtid(); b_ < w_; b_ += " + U + " * gs_) {");
        std::vector<std::string> held;
        for (size_t j = 0; j < load.size(); j++) {
            held.push_back("in" + std::to_string(j) + "_");
            line(std::string(ctype(type_of(*load[j]).elem)) + " " + held[j] + "[" + U + "];");
        }
        auto each_row = [&] {
            line("#pragma unroll");
            open("for (int u_ = 0; u_ < " + U + "; u_++) {");
            line("const int64_t i_ = b_ + u_ * gs_;");
            open("if (i_ < w_) {");
        };
        each_row();
        for (size_t j = 0; j < load.size(); j++)
            line(held[j] + "[u_] = " + in_row(*load[j], "i_") + ";");
        close();
        close();
        each_row();
        // The rows held stand for the inputs' rows i_ in the row's code.
        for (size_t j = 0; j < load.size(); j++)
            held_[load[j]->id] = {"i_", held[j] + "[u_]"};
        row();
        for (const Var *v : load)
            held_.erase(v->id);
        close();
        close();
        close();
        return true;
    }

    /** Rows [lo, hi) in order and coalesced, for operators that may not commute (a
     * thread's own contiguous rows made each of a warp's reads touch 32 sectors): rounds
     * of 128 rows, 4 consecutive rows (index `i`) a lane (a warp's loads span 512 bytes,
     * and the tree is paid once per 128 rows); each round's accumulators `rnd`, from the
     * neutral elements, take their rows by `fold`, are folded by the warp's tree in lane
     * order (warp_tree) and combined onto the running accumulators `run`, which are then
     * the same on every lane. */
    void ordered_rounds(const Ops &os, const std::string &lo, const std::string &hi,
                        const std::string &lane, const std::string &i,
                        const std::vector<std::string> &run, const std::vector<std::string> &rnd,
                        const std::vector<std::string> &t, const std::vector<std::string> &ne,
                        const std::function<void()> &fold) {
        auto all_ops = [](size_t) { return true; };
        std::vector<size_t> ks(rnd.size());
        std::iota(ks.begin(), ks.end(), 0);
        open("for (int64_t b_ = " + lo + "; b_ < " + hi + "; b_ += 128) {");
        for (size_t a = 0; a < rnd.size(); a++)
            line(rnd[a] + " = " + ne[a] + ";");
        line("#pragma unroll");
        open("for (int v_ = 0; v_ < 4; v_++) {");
        line("const int64_t " + i + " = b_ + " + lane + " * 4 + v_;");
        open("if (" + i + " < " + hi + ") {");
        fold();
        close();
        close();
        warp_tree(os, all_ops, ks, rnd, t, lane);
        for (size_t a = 0; a < rnd.size(); a++)
            line(rnd[a] + " = lrt::shfl_idx(" + rnd[a] + ", 0);");
        combine_ops(os, all_ops, run, rnd, run);
        close();
    }

    /** A redomap whose operators may not commute: each warp's contiguous share of the rows
     * by ordered_rounds, folded into the kernel's accumulators round by round; then lane 0
     * alone keeps the warp's total for the block's reduction, the others the neutral
     * elements. */
    void ordered_warp_rounds(const Stm &s, const Soac &q, const SoacK &k) {
        const std::vector<std::string> run = names_at(k.acc, "run");
        line("const unsigned rl_ = threadIdx.x & 31u;");
        line("int64_t lo_, hi_;");
        line("lrt::chunk(w_, lrt::gsize() >> 5, lrt::gtid() >> 5, lo_, hi_);");
        for (size_t a = 0; a < k.nacc; a++) {
            line(k.acc_t[a] + " " + run[a] + " = " + k.neutral[a] + ";");
            line(k.acc_t[a] + " " + k.acc[a] + ";");
        }
        ordered_rounds(k.os, "lo_", "hi_", "rl_", "i_", run, k.acc, k.acc_t, k.neutral,
                       [&] { fold_row(s, q, k, "i_"); });
        for (size_t a = 0; a < k.nacc; a++)
            line(k.acc[a] + " = rl_ == 0 ? " + run[a] + " : " + k.neutral[a] + ";");
    }

    /** Map and redomap: a grid-stride loop (maps, and reductions whose operators commute)
     * or per-warp or per-thread chunks; then a block reduction and per-block partials
     * reduced by `<k>_final` (one block). */
    void redomap_kernel(const Stm &s, const Soac &q, const std::string &kname, const SoacK &k) {
        if (const Stm *m = nested_map(q, k))
            return map2d_kernel(s, q, kname, k, *m);
        if (const Stm *m = segmented_reduce(q, k))
            return segred_kernel(s, q, kname, k, *m, false);
        if (const Stm *m = segmented_scan(q, k))
            return segred_kernel(s, q, kname, k, *m, true);
        const Ops &os = k.os;
        auto any = [](size_t) { return true; };
        std::vector<KParam> red_parts = acc_bufs(s, k, "part", 0, k.nacc, 'G', "per-block partials");
        begin_kernel(kname, all({args_of(k.fv), k.outs, red_parts}), GridKind::Occupancy);
        bind_types(k.fv, k.out_params);
        line("const int64_t w_ = " + i64(q.w) + ";");
        if (k.nacc == 0 && unrolled_map_loop(s, q, k)) {
            end_kernel();
            return;
        }
        // Commutative operators may take the rows in any order: grid-stride, so a warp's
        // reads are coalesced; others keep each warp's rows contiguous and in order
        // (ordered_warp_rounds), or each thread's with a scan.
        if (os.commutative() || os.nscan > 0) {
            for (size_t a = 0; a < k.nacc; a++)
                line(k.acc_t[a] + " " + k.acc[a] + " = " + k.neutral[a] + ";");
            if (os.commutative()) {
                open("for (int64_t i_ = lrt::gtid(); i_ < w_; i_ += lrt::gsize()) {");
            } else {
                line("int64_t lo_, hi_;");
                line("lrt::chunk(w_, lrt::gsize(), lrt::gtid(), lo_, hi_);");
                open("for (int64_t i_ = lo_; i_ < hi_; i_++) {");
            }
            fold_row(s, q, k, "i_");
            close();
        } else {
            ordered_warp_rounds(s, q, k);
        }
        if (k.nacc == 0) {
            end_kernel();
            return;
        }
        block_reduce(os, any, k.acc, k.acc_t, k.neutral);
        for (size_t a = 0; a < k.nacc; a++)
            line("if (threadIdx.x == 0) part" + std::to_string(a) + ".data[blockIdx.x] = " +
                 store(k.pt[a].elem, k.acc[a]) + ";");
        end_kernel();

        // The block partials, reduced by one block.
        std::vector<KParam> res = acc_bufs(s, k, "res", 0, k.nacc, '1', "1-element result");
        begin_kernel(kname + "_final", all({args_of(k.fv), red_parts, {blocks_arg("nparts_")}, res}),
                     GridKind::OneBlock);
        bind_types(k.fv, {});
        line("int64_t lo_, hi_;");
        line("lrt::chunk(nparts_, blockDim.x, threadIdx.x, lo_, hi_);");
        std::vector<std::string> xs(k.nacc);
        for (size_t a = 0; a < k.nacc; a++) {
            line(k.acc_t[a] + " " + k.acc[a] + " = " + k.neutral[a] + ";");
            xs[a] = load(k.pt[a].elem, "part" + std::to_string(a) + ".data[c_]");
        }
        open("for (int64_t c_ = lo_; c_ < hi_; c_++) {");
        combine_ops(os, any, k.acc, xs, k.acc);
        close();
        block_reduce(os, any, k.acc, k.acc_t, k.neutral);
        for (size_t a = 0; a < k.nacc; a++)
            line("if (threadIdx.x == 0) res" + std::to_string(a) + ".data[0] = " +
                 store(k.pt[a].elem, k.acc[a]) + ";");
        end_kernel();
    }

    /** An inclusive scan of `v` (one variable per accumulator, all ops) across the warp,
     * by shuffles: lane l ends with op(v_0, ..., v_l). */
    void warp_scan(const SoacK &k, const std::vector<std::string> &v) {
        std::vector<std::string> up = names("up" + std::to_string(tmp_++) + "_", k.nacc);
        open("for (int d_ = 1; d_ < 32; d_ <<= 1) {");
        for (size_t a = 0; a < k.nacc; a++)
            line(k.acc_t[a] + " " + up[a] + " = lrt::shfl_up(" + v[a] + ", d_);");
        open("if (lane_ >= (unsigned)d_) {");
        combine_ops(k.os, [](size_t) { return true; }, up, v, v);
        close();
        close();
    }

    /** Opens, for a scan thread's `items` rows of its tile (`n_` rows from `base_`), an
     * unrolled loop binding e_ (the row in the tile) and, when within the tile, a block:
     * its own consecutive rows, or rows striped (coalesced; also binds i_, the row) as
     * stripe() says.  Two closes end it. */
    void open_tile_rows(int items, bool own, const ScanTuning &tune) {
        line("#pragma unroll");
        open("for (int j_ = 0; j_ < " + std::to_string(items) + "; j_++) {");
        if (own) {
            line("const int e_ = (int)threadIdx.x * " + std::to_string(items) + " + j_;");
        } else {
            line("const int e_ = " + stripe(tune, items, 1) + ";");
            line("const int64_t i_ = base_ + e_;");
        }
        open("if (e_ < n_) {");
    }
    /** The first row of stripe j_ of a tile's rows (or of its `vec`-row accesses), for
     * this thread: with ScanTuning::warp_stripes, within its warp's own rows (the rows its
     * threads fold, so the warp moves them between global and shared memory alone, with
     * __syncwarp), else across the whole block at the stride of the block's size (the
     * constant tune.threads with tune.registers, an immediate offset of the unrolled
     * accesses, else blockDim.x). */
    static std::string stripe(const ScanTuning &tune, int items, int vec) {
        const std::string n = vec > 1 ? " * " + std::to_string(vec) : "";
        if (tune.warp_stripes)
            return "(int)warp_ * " + std::to_string(32 * items) + " + " +
                   (vec > 1 ? "(j_ * 32 + (int)lane_)" + n : "j_ * 32 + (int)lane_");
        const std::string stride =
            tune.registers ? std::to_string(tune.threads) : std::string("(int)blockDim.x");
        const std::string e = "j_ * " + stride + " + (int)threadIdx.x";
        return vec > 1 ? "(" + e + ")" + n : e;
    }
    /** What makes a tile's staged rows, moved by stripe()'s threads, visible to the
     * threads that fold them (and back). */
    static std::string stage_sync(const ScanTuning &tune) {
        return tune.warp_stripes ? "__syncwarp();" : "__syncthreads();";
    }

    /** Elements in a 16-byte access to a staged scan tile (ScanTuning::vec), or 0: only
     * when the tile's one accumulator is the row of the one input as it is (no map, not a
     * virtual array) and the scan's only result, both rank 1 of one 4- or 8-byte type, so
     * a tile is contiguous in both arrays, and a thread's rows are whole accesses. */
    int vec_elems(const Soac &q, const SoacK &k, int items) const {
        // Before the kernel's types are bound: what the statement's kernel() knows.
        if (q.map || k.nacc != 1 || k.nres != 1 || q.inputs.size() != 1 || kvirt_.count(q.inputs[0].id))
            return 0;
        const IType &in = all_types_.at(q.inputs[0].id), &out = k.pt[0];
        const int bytes = prim_size(out.elem), vec = 16 / bytes;
        if (in.rank() != 1 || out.rank() != 1 || in.elem != out.elem || (bytes != 4 && bytes != 8))
            return 0;
        return items % vec == 0 ? vec : 0;
    }
    /** What is written out of a staged scan element (its code emitted): the names of its
     * accumulators' values, given the element's subscript into their staging arrays. */
    using RowValue = std::function<std::vector<std::string>(const std::string &)>;
    /** Copies the scan's tile between rank-1 array `arr` (from row base_) and its staging
     * `stg` (into it with `load`, else out of it).  `rows()` emits the copy a row at a
     * time; with `vec` (vec_elems, elements of type `t`, the kernel's vec_) a full tile
     * whose first element is 16-byte aligned in `arr` moves by 16-byte accesses instead,
     * striped over the block as rows are (coalesced), at 32-bit offsets from the tile's
     * start; `rows()` takes the other tiles (the last, or a misaligned view's).  Out of
     * it, `value` (when given) makes what is written of a staged element. */
    template <class Rows>
    void copy_tile(int vec, int items, const ScanTuning &tune, bool load, const std::string &t,
                   const std::string &arr, const std::string &stg, const std::string &tile,
                   const RowValue *value, Rows rows) {
        if (!vec)
            return rows();
        const std::string g = load ? "vin_" : "vout_", n = std::to_string(vec);
        line((load ? "const " : "") + t + " *const " + g + " = " + arr + ".data + base_;");
        open("if (n_ == " + tile + " && ((uint64_t)" + g + " & 15) == 0) {");
        line("#pragma unroll");
        open("for (int j_ = 0; j_ < " + std::to_string(items / vec) + "; j_++) {");
        line("const int e_ = " + stripe(tune, items, vec) + ";");
        // A tile's 32-row runs of padding hold whole accesses: the elements stay adjacent.
        const std::string at = stg + "[" + stage_at_ + "(e_) + k_]";
        if (load) {
            if (tune.stream) { // read once: evict first
                line("const int4 q_ = __ldcs((const int4 *)(vin_ + e_));");
                line("const vec_ x_ = *(const vec_ *)&q_;");
            } else {
                line("const vec_ x_ = *(const vec_ *)(vin_ + e_);");
            }
            line("#pragma unroll");
            line("for (int k_ = 0; k_ < " + n + "; k_++) " + at + " = x_.v[k_];");
        } else if (!value && stage_at_ == "lrt::swizzled") { // aligned: one 16-byte read
            line("const vec_ x_ = *(const vec_ *)(" + stg + " + lrt::swizzled(e_));");
            line(tune.stream ? "__stcs((int4 *)(vout_ + e_), *(const int4 *)&x_);"
                             : "*(vec_ *)(vout_ + e_) = x_;");
        } else {
            line("vec_ x_;");
            line("#pragma unroll");
            if (value) {
                open("for (int k_ = 0; k_ < " + n + "; k_++) {");
                line("x_.v[k_] = " + (*value)("[" + stage_at_ + "(e_) + k_]")[0] + ";");
                close();
            } else {
                line("for (int k_ = 0; k_ < " + n + "; k_++) x_.v[k_] = " + at + ";");
            }
            line(tune.stream ? "__stcs((int4 *)(vout_ + e_), *(const int4 *)&x_);"
                             : "*(vec_ *)(vout_ + e_) = x_;");
        }
        close();
        close("} else {");
        ind_++;
        rows();
        close();
    }

    /** Single-pass scan (scanomap and screma with scans): tiles of rows (scan_items) in
     * launch order (block b's, or taken from an atomic counter: ScanTuning), so a tile
     * waits only for tiles already running; each thread folds a contiguous chunk of its
     * tile, the block scans the threads' aggregates (warp shuffles, then the warps'
     * totals), and warp 0 finds the tile's exclusive prefix by decoupled look-back over
     * the tiles' status (32 at a time, sleeping as ScanTuning says), publishing
     * the tile's aggregate first and its inclusive prefix after.  Every accumulator rides
     * along (reductions too: the last tile's inclusive prefix is their result).  Status:
     * one 64-bit word per tile (flag and value) for a single accumulator of at most 4
     * bytes; else a flag array and per-accumulator aggregate and prefix arrays, the
     * values written before a fence and the flag. */
    void scan_kernel(const Stm &s, const Soac &q, const std::string &kname, const SoacK &k) {
        const Ops &os = k.os;
        auto any = [](size_t) { return true; };
        auto is_scan = [&](size_t o) { return os.is_scan(o); };
        const bool packed = k.nacc == 1 && prim_size(k.pt[0].elem) <= 4;
        // Staged through shared memory (coalesced reads and writes, each output written
        // once) when the accumulators' tile fits; else each thread reads and writes a
        // contiguous chunk, and adds its prefix to its outputs in a second pass.
        size_t acc_bytes = 0;
        for (size_t a = 0; a < k.nacc; a++)
            acc_bytes += std::max<size_t>(prim_size(k.pt[a].elem), 4);
        const bool staged = acc_bytes <= 16;
        // A plain 4-byte copy scanned (vec_elems: any multiple of 4 rows takes 16-byte
        // accesses) has tuning of its own: the measured best (CudaBackend.h).
        const ScanTuning tune =
            scan_tuning(staged && prim_size(k.pt[0].elem) == 4 && vec_elems(q, k, 4));
        const int items = scan_items(acc_bytes, staged, tune);
        const int can_vec = staged ? vec_elems(q, k, items) : 0;
        const bool late = staged && tune.late;
        // ScanTuning::async: the plain 4-byte scans' shape only (16-byte copies of whole
        // rows, kept in registers, each warp staging its own), its two tiles within 200 KiB
        // of shared memory (an SM has 228).
        const bool async = tune.async && staged && tune.vec && can_vec == 4 && tune.registers &&
                           tune.warp_stripes && !late && !tune.launch_order &&
                           2 * tune.threads * (int64_t)items * 4 <= 200 * 1024;
        stage_at_ = async ? "lrt::swizzled" : "lrt::padded";
        std::vector<KParam> status;
        if (packed) {
            KernelArg st = scratch("status", "uint64_t", 'T');
            st.zero = true;
            status.push_back({"Buf<uint64_t, 1> pstatus_", "tile status words[T]", st});
        } else {
            KernelArg fl = scratch("flag", "int32_t", 'T');
            fl.zero = true;
            status.push_back({"Buf<int32_t, 1> pstatus_", "tile flags[T]", fl});
            for (const auto &v : {acc_bufs(s, k, "agg", 0, k.nacc, 'T', "tile aggregates"),
                                  acc_bufs(s, k, "inc", 0, k.nacc, 'T', "tile inclusive prefixes")})
                status.insert(status.end(), v.begin(), v.end());
        }
        if (!tune.launch_order) {
            KernelArg counter = scratch("tile", "int64_t", '1');
            counter.zero = true;
            status.push_back({"Buf<int64_t, 1> ptile_", "tile counter", counter});
        }
        std::vector<KParam> res = acc_bufs(s, k, "res", os.nscan, k.nacc, '1', "1-element result");
        begin_kernel(kname, all({args_of(k.fv), k.outs, status, res}),
                     tune.launch_order ? GridKind::Tiles : GridKind::ScanBlock, tune.threads,
                     tune.min_blocks);
        bind_types(k.fv, k.out_params);
        line("const int64_t w_ = " + i64(q.w) + ";");
        line("const int64_t ntiles_ = pstatus_.shape[0];");
        line("const unsigned lane_ = threadIdx.x & 31u, warp_ = threadIdx.x >> 5, nw_ = (blockDim.x + 31u) >> 5;");
        code_.kernels.back().tile = tune.threads * (int64_t)items;
        const std::string tiles = std::to_string(code_.kernels.back().tile);
        std::vector<std::string> stg = names("stg_", k.nacc), own = names("own_", k.nacc);
        // A thread's own rows of the staged tile, in the folds: registers or shared memory.
        const std::vector<std::string> mine =
            tune.registers ? names_at(own, "[j_]") : names_at(stg, "[" + stage_at_ + "(e_)]");
        // The staging: static shared memory, or dynamic past 40 KiB (ScanTuning::shared_kb),
        // each array 16-byte aligned in it, its size published for the launch.
        // (async: two buffers of a tile, unpadded, the one a tile is staged in being stg.)
        const bool dynamic =
            staged && (async ? 2 : 1) * tune.threads * (int64_t)items * (int64_t)acc_bytes > 40 * 1024;
        std::string dyn_bytes = "0";
        if (dynamic)
            line("LOOM_DYN_SHARED(lrt_dyn_);");
        const std::vector<std::string> buf = async ? names("stgb_", k.nacc) : stg;
        for (size_t a = 0; staged && a < k.nacc; a++) {
            const std::string n = async ? "2 * " + tiles : "lrt::padded(" + tiles + ")";
            if (!dynamic) {
                line(std::string("__shared__ ") + (async ? "__align__(16) " : "") + k.acc_t[a] + " " +
                     buf[a] + "[" + n + "];"); // (async: 16-byte copies)
                continue;
            }
            line(k.acc_t[a] + " *const " + buf[a] + " = (" + k.acc_t[a] + " *)(lrt_dyn_ + " + dyn_bytes + ");");
            dyn_bytes += " + lrt::align16(" + n + " * sizeof(" + k.acc_t[a] + "))";
        }
        const int vec = tune.vec ? can_vec : 0;
        const std::string vin = vec ? name(q.inputs[0]) : ""; // a SOAC may have no inputs
        if (vec)
            line("struct alignas(16) vec_ { " + k.acc_t[0] + " v[" + std::to_string(vec) + "]; };");
        std::vector<std::string> wsum = names("wsum_", k.nacc), tpre = names("tpre_", k.nacc);
        for (size_t a = 0; a < k.nacc; a++) {
            line("__shared__ " + k.acc_t[a] + " " + wsum[a] + "[32];");
            line("__shared__ " + k.acc_t[a] + " " + tpre[a] + ";");
        }
        // Thread 0 claims the next tile from the counter (atomic order), into tile_sh_.
        const std::string claim =
            "if (threadIdx.x == 0) tile_sh_ = (int64_t)atomicAdd((unsigned long long *)ptile_.data, 1ull);";
        // async: tile nxt_'s rows copied into buffer `to` when it is full and aligned (else
        // they are staged row by row when it comes), in a copy group of their own.
        auto copy_ahead = [&](const std::string &to) {
            open("{");
            line("const " + k.acc_t[0] + " *const pin_ = " + vin + ".data + (nxt_ < ntiles_ ? nxt_ * " +
                 tiles + " : 0);");
            line("nfull_ = nxt_ < ntiles_ && w_ - nxt_ * " + tiles + " >= " + tiles +
                 " && ((uint64_t)pin_ & 15) == 0;");
            open("if (nfull_) {");
            line("#pragma unroll");
            open("for (int j_ = 0; j_ < " + std::to_string(items / 4) + "; j_++) {");
            line("const int e_ = " + stripe(tune, items, 4) + ";");
            line("lrt::copy_async16(" + to + " + lrt::swizzled(e_), pin_ + e_);");
            close();
            close();
            line("lrt::copy_commit();");
            close();
        };
        if (async) {
            // The first tile claimed and copied before the loop; in it, thread 0 claims
            // the next at once (every thread read the last claim before a barrier), and
            // every thread starts its copy into the other buffer.
            line("__shared__ int64_t tile_sh_;");
            line(claim);
            line("__syncthreads();");
            line("int64_t nxt_ = tile_sh_;");
            line("__syncthreads();");
            line("bool nfull_;");
            line("int cur_ = 0;");
            copy_ahead(buf[0]);
            open("for (;;) {");
            line("const int64_t tile_ = nxt_;");
            line("const bool full_ = nfull_;");
            line("lrt::stop_if_failed();");
            line("if (tile_ >= ntiles_) break;");
            line(k.acc_t[0] + " *const " + stg[0] + " = " + buf[0] + " + (cur_ ? " + tiles + " : 0);");
            line(claim);
            line("__syncthreads();");
            line("nxt_ = tile_sh_;");
            copy_ahead(buf[0] + " + (cur_ ? 0 : " + tiles + ")");
        } else if (tune.launch_order) {
            // One block per tile (the grid is capped at 2^31 - 1 blocks; past that a block
            // takes tiles gridDim.x apart, each after every earlier one has started).
            open("for (int64_t tile_ = blockIdx.x; tile_ < ntiles_; tile_ += gridDim.x) {");
        } else {
            line("__shared__ int64_t tile_sh_;");
            open("for (;;) {");
            line(claim);
            line("__syncthreads();");
            line("const int64_t tile_ = tile_sh_;");
            // A failed check ends the failing thread; without this the others would take
            // the same tile again and again, since thread 0 claims them.
            line("lrt::stop_if_failed();");
            line("if (tile_ >= ntiles_) break;");
        }
        line("const int64_t base_ = tile_ * " + tiles + ";");
        line("const int64_t end_ = w_ - base_ < " + tiles + " ? w_ : base_ + " + tiles + ";");
        line("const int n_ = (int)(end_ - base_);"); // the tile's rows
        for (size_t a = 0; a < k.nacc; a++)
            line(k.acc_t[a] + " " + k.acc[a] + " = " + k.neutral[a] + ";");
        if (staged) {
            // The tile's rows in stripes, mapped (coalesced reads and map outputs), into
            // shared memory; then each thread folds its scan_items consecutive ones.
            auto rows = [&] {
                open_tile_rows(items, false, tune);
                std::vector<std::string> r = mapped_row(q, "i_");
                for (size_t a = 0; a < k.nacc; a++)
                    line(stg[a] + "[" + stage_at_ + "(e_)] = " + r[a] + ";");
                for (size_t a = k.nacc; a < k.nres; a++)
                    put_row(name(s.pat[a].var), k.pt[a], "i_", r[a]);
                close();
                close();
            };
            if (async) { // copied ahead (all but the next tile's copies landed), else now
                open("if (full_) {");
                line("lrt::copy_wait<1>();");
                close("} else {");
                ind_++;
                rows();
                close();
            } else {
                copy_tile(vec, items, tune, true, k.acc_t[0], vin, stg[0], tiles, nullptr, rows);
            }
            line(stage_sync(tune));
            // With tune.registers, kept in registers for the second fold below (`items`
            // words a thread: scan_items keeps a tile within tune.shared_kb).
            for (size_t a = 0; tune.registers && a < k.nacc; a++)
                line(k.acc_t[a] + " " + own[a] + "[" + std::to_string(items) + "];");
            if (async) // 16 bytes at a time (past a last tile's rows too: never used)
                own_rows_vec(items, own[0], stg[0], true);
            open_tile_rows(items, true, tune);
            for (size_t a = 0; tune.registers && !async && a < k.nacc; a++)
                line(own[a] + "[j_] = " + stg[a] + "[" + stage_at_ + "(e_)];");
            combine_ops(os, any, k.acc, mine, k.acc);
            close();
            close();
        } else {
            line("int64_t lo_, hi_;");
            line("lrt::chunk(end_ - base_, blockDim.x, threadIdx.x, lo_, hi_);");
            line("lo_ += base_;");
            line("hi_ += base_;");
            open("for (int64_t i_ = lo_; i_ < hi_; i_++) {");
            fold_row(s, q, k, "i_");
            close();
        }

        // The block's scan of the threads' aggregates: within each warp, then the warps'
        // totals (scanned by warp 0); ex_ is the thread's exclusive prefix in its warp.
        warp_scan(k, k.acc);
        std::vector<std::string> ex = names("ex_", k.nacc);
        for (size_t a = 0; a < k.nacc; a++) {
            line(k.acc_t[a] + " " + ex[a] + " = lrt::shfl_up(" + k.acc[a] + ", 1);");
            line("if (lane_ == 0) " + ex[a] + " = " + k.neutral[a] + ";");
            line("if (lane_ == 31 || threadIdx.x == blockDim.x - 1) " + wsum[a] + "[warp_] = " +
                 k.acc[a] + ";");
        }
        line("__syncthreads();");
        open("if (warp_ == 0) {");
        std::vector<std::string> t = names("t_", k.nacc);
        for (size_t a = 0; a < k.nacc; a++)
            line(k.acc_t[a] + " " + t[a] + " = lane_ < nw_ ? " + wsum[a] + "[lane_] : " + k.neutral[a] + ";");
        warp_scan(k, t);
        for (size_t a = 0; a < k.nacc; a++)
            line("if (lane_ < nw_) " + wsum[a] + "[lane_] = " + t[a] + ";");
        close();
        line("__syncthreads();");
        std::vector<std::string> agg = names("agg_", k.nacc), pre = names("pre_", k.nacc);
        if (late) {
            // ScanTuning::late: the aggregate out first, then every thread's rows folded
            // from its prefix within the tile while the earlier tiles finish; the tile's
            // prefix joins each row on its way out.
            open("if (threadIdx.x == 0 && tile_ > 0) {");
            for (size_t a = 0; a < k.nacc; a++)
                line(k.acc_t[a] + " " + agg[a] + " = " + wsum[a] + "[nw_ - 1];");
            publish(k, packed, "lrt::TILE_AGGREGATE", agg);
            close();
            thread_prefix(k, wsum, ex, pre);
            fold_own_rows(k, items, tune, mine, stg, pre);
        }

        // Warp 0: the tile's exclusive prefix by look-back, 32 earlier tiles at a time
        // (lane l reads tile p_ - l), up to the nearest one with its inclusive prefix.
        open("if (warp_ == 0) {");
        std::vector<std::string> tex = names("tex_", k.nacc), inc = names("inc_", k.nacc),
                                 x = names("x_", k.nacc), oth = names("lb_", k.nacc);
        for (size_t a = 0; a < k.nacc; a++) {
            line(k.acc_t[a] + " " + agg[a] + " = " + wsum[a] + "[nw_ - 1];");
            line(k.acc_t[a] + " " + tex[a] + " = " + k.neutral[a] + ";");
            line(k.acc_t[a] + " " + inc[a] + " = " + agg[a] + ";");
        }
        open("if (tile_ > 0) {");
        if (!late) {
            open("if (lane_ == 0) {");
            publish(k, packed, "lrt::TILE_AGGREGATE", agg);
            close();
        }
        if (tune.wait_ns > 0)
            line("lrt::pause(" + std::to_string(tune.wait_ns) + ");");
        line("int64_t p_ = tile_ - 1;");
        open("for (;;) {");
        line("const int64_t q_ = p_ - (int64_t)lane_;");
        line("int32_t f_ = lrt::TILE_PREFIX;"); // before tile 0: nothing more to look at
        for (size_t a = 0; a < k.nacc; a++)
            line(k.acc_t[a] + " " + x[a] + " = " + k.neutral[a] + ";");
        open("if (q_ >= 0) {");
        if (packed) {
            line("uint64_t st_;");
            line("while ((f_ = lrt::status_flag(st_ = lrt::vload(pstatus_.data + q_))) == lrt::TILE_INVALID && !lrt::spin_failed()) {" + std::string(tune.poll_ns > 0 ? "lrt::pause(" + std::to_string(tune.poll_ns) + "); " : "") + "}");
            line(x[0] + " = " +
                 load(k.pt[0].elem, "lrt::status_value<" + std::string(stype(k.pt[0].elem)) + ">(st_)") + ";");
        } else {
            line("while ((f_ = lrt::vload(pstatus_.data + q_)) == lrt::TILE_INVALID && !lrt::spin_failed()) {" + std::string(tune.poll_ns > 0 ? "lrt::pause(" + std::to_string(tune.poll_ns) + "); " : "") + "}");
            line("__threadfence();"); // the values were written before the flag
            for (size_t a = 0; a < k.nacc; a++) {
                std::string A = std::to_string(a);
                line(x[a] + " = " +
                     load(k.pt[a].elem, "lrt::vload((f_ == lrt::TILE_PREFIX ? inc" + A + " : agg" + A +
                                            ").data + q_)") + ";");
            }
        }
        close();
        // A lane that gave up waiting (another thread failed a check): the warp stops
        // together (shuffles with an exited lane would hang).
        line("if (__ballot_sync(0xffffffffu, f_ == lrt::TILE_INVALID)) lrt::stop();");
        // Tiles past the nearest prefix do not count; the rest combine in tile order
        // (higher lanes are earlier tiles, so they go on the left) into lane 0.
        line("const unsigned pm_ = __ballot_sync(0xffffffffu, f_ == lrt::TILE_PREFIX);");
        line("const unsigned upto_ = pm_ ? (unsigned)__ffs(pm_) - 1u : 31u;");
        open("if (lane_ > upto_) {");
        for (size_t a = 0; a < k.nacc; a++)
            line(x[a] + " = " + k.neutral[a] + ";");
        close();
        open("for (int d_ = 1; d_ < 32; d_ <<= 1) {");
        for (size_t a = 0; a < k.nacc; a++)
            line(k.acc_t[a] + " " + oth[a] + " = lrt::shfl_down(" + x[a] + ", d_);");
        open("if ((lane_ & (2 * d_ - 1)) == 0 && lane_ + d_ < 32) {");
        combine_ops(os, any, oth, x, x);
        close();
        close();
        for (size_t a = 0; a < k.nacc; a++)
            line(x[a] + " = lrt::shfl_idx(" + x[a] + ", 0);");
        combine_ops(os, any, x, tex, tex); // the earlier tiles on the left
        line("if (pm_ != 0) break;");
        line("p_ -= 32;");
        close();
        combine_ops(os, any, tex, agg, inc);
        close();
        open("if (lane_ == 0) {");
        publish(k, packed, "lrt::TILE_PREFIX", inc);
        for (size_t a = 0; a < k.nacc; a++)
            line(tpre[a] + " = " + tex[a] + ";");
        for (size_t a = os.nscan; a < k.nacc; a++)
            line("if (tile_ == ntiles_ - 1) res" + std::to_string(a) + ".data[0] = " +
                 store(k.pt[a].elem, inc[a]) + ";");
        close();
        close();
        line("__syncthreads();");

        std::vector<std::string> tp = names("tp", k.nacc);
        auto tile_prefix = [&] {
            for (size_t a = 0; a < k.nacc; a++)
                line(k.acc_t[a] + " " + tp[a] + " = " + tpre[a] + ";");
        };
        if (!late) {
            // Each thread's prefix: the tile's, its warp's, its own in the warp, in order;
            // (staged) its rows folded again from there into shared memory.
            thread_prefix(k, wsum, ex, pre);
            tile_prefix();
            combine_ops(os, is_scan, tp, pre, pre);
            if (async) { // folded in registers, then out 16 bytes at a time
                open_tile_rows(items, true, tune);
                combine_ops(os, is_scan, pre, mine, pre);
                line(own[0] + "[j_] = " + pre[0] + ";");
                close();
                close();
                own_rows_vec(items, own[0], stg[0], false);
                line(stage_sync(tune));
            } else if (staged) {
                fold_own_rows(k, items, tune, mine, stg, pre);
                line(stage_sync(tune));
            } else {
                fold_prefix(s, os, k.pt, pre, k.acc_t, "lo_", "hi_");
            }
        } else {
            tile_prefix();
        }
        if (staged) {
            // Written out coalesced (late: each with the tile's prefix on its left).
            const std::string out = name(s.pat[0].var);
            const RowValue value = [&](const std::string &at) {
                std::vector<std::string> v = names_at(stg, at);
                if (!late)
                    return v;
                std::vector<std::string> y = names("y", k.nacc);
                for (size_t a = 0; a < os.nscan; a++)
                    line(k.acc_t[a] + " " + y[a] + " = " + v[a] + ";");
                combine_ops(os, is_scan, tp, y, y);
                return y;
            };
            copy_tile(vec, items, tune, false, k.acc_t[0], out, stg[0], tiles,
                      late ? &value : nullptr, [&] {
                          open_tile_rows(items, false, tune);
                          std::vector<std::string> v = value("[" + stage_at_ + "(e_)]");
                          for (size_t a = 0; a < os.nscan; a++)
                              put_row(name(s.pat[a].var), k.pt[a], "i_", v[a]);
                          close();
                          close();
                      });
        }
        line("__syncthreads();"); // the shared values are read before the next tile's
        if (async)
            line("cur_ ^= 1;");
        close();
        if (async)
            line("lrt::copy_wait<0>();"); // none in flight at the end
        stage_at_ = "lrt::padded";
        end_kernel();
        if (dynamic) // read by the runtime when it loads the kernel (CudaDevice.cpp)
            line("extern \"C\" __device__ int32_t loom_dsmem_" + kname + " = (int32_t)(" + dyn_bytes + ");");
    }

    /** A scan thread's own rows (ScanTuning::async: `items`, a multiple of 4) between its
     * registers `own` and the swizzled staging `stg`, 16 bytes at a time. */
    void own_rows_vec(int items, const std::string &own, const std::string &stg, bool load) {
        line("#pragma unroll");
        open("for (int j_ = 0; j_ < " + std::to_string(items) + "; j_ += 4) {");
        const std::string at =
            stg + " + lrt::swizzled((int)threadIdx.x * " + std::to_string(items) + " + j_)";
        if (load) {
            line("const vec_ x_ = *(const vec_ *)(" + at + ");");
            line("#pragma unroll");
            line("for (int k_ = 0; k_ < 4; k_++) " + own + "[j_ + k_] = x_.v[k_];");
        } else {
            line("vec_ x_;");
            line("#pragma unroll");
            line("for (int k_ = 0; k_ < 4; k_++) x_.v[k_] = " + own + "[j_ + k_];");
            line("*(vec_ *)(" + at + ") = x_;");
        }
        close();
    }

    /** `pre`: a scan thread's exclusive prefix within its tile (its warp's, then its own
     * in the warp: wsum and ex of scan_kernel). */
    void thread_prefix(const SoacK &k, const std::vector<std::string> &wsum,
                       const std::vector<std::string> &ex, const std::vector<std::string> &pre) {
        for (size_t a = 0; a < k.nacc; a++)
            line(k.acc_t[a] + " " + pre[a] + " = warp_ > 0 ? " + wsum[a] +
                 "[warp_ - 1] : " + k.neutral[a] + ";");
        combine_ops(
            k.os, [&](size_t o) { return k.os.is_scan(o); }, pre, ex, pre);
    }
    /** A scan thread's own rows of its staged tile (`mine`) folded from `pre` on, each
     * result into the tile's staging `stg`. */
    void fold_own_rows(const SoacK &k, int items, const ScanTuning &tune,
                       const std::vector<std::string> &mine, const std::vector<std::string> &stg,
                       const std::vector<std::string> &pre) {
        open_tile_rows(items, true, tune);
        combine_ops(
            k.os, [&](size_t o) { return k.os.is_scan(o); }, pre, mine, pre);
        for (size_t a = 0; a < k.os.nscan; a++)
            line(stg[a] + "[" + stage_at_ + "(e_)] = " + pre[a] + ";");
        close();
        close();
    }

    /** Thread 0 publishes its tile's values `v` with `flag` (look-back readers see the
     * values once they see the flag). */
    void publish(const SoacK &k, bool packed, const std::string &flag, const std::vector<std::string> &v) {
        if (packed) {
            line("lrt::vstore(pstatus_.data + tile_, lrt::pack_status(" + flag + ", " +
                 store(k.pt[0].elem, v[0]) + "));");
            return;
        }
        std::string arr = flag == "lrt::TILE_PREFIX" ? "inc" : "agg";
        for (size_t a = 0; a < k.nacc; a++)
            line(arr + std::to_string(a) + ".data[tile_] = " + store(k.pt[a].elem, v[a]) + ";");
        line("__threadfence();");
        line("lrt::vstore(pstatus_.data + tile_, (int32_t)" + flag + ");");
    }

    /** out[i] = op(prefix, out[i]) for the scan outputs over rows [lo, hi). */
    void fold_prefix(const Stm &s, const Ops &os, const std::vector<IType> &pt,
                     const std::vector<std::string> &prefix, const std::vector<std::string> &acc_t,
                     const std::string &lo, const std::string &hi) {
        std::vector<std::string> pre = names("pfx_", os.nscan), x = names("y_", os.nscan);
        for (size_t k = 0; k < os.nscan; k++)
            line("const " + acc_t[k] + " " + pre[k] + " = " + prefix[k] + ";");
        open("for (int64_t j_ = " + lo + "; j_ < " + hi + "; j_++) {");
        for (size_t k = 0; k < os.nscan; k++)
            line(acc_t[k] + " " + x[k] + " = " + row(name(s.pat[k].var), pt[k], "j_") + ";");
        combine_ops(os, [&](size_t o) { return os.is_scan(o); }, pre, x, x);
        for (size_t k = 0; k < os.nscan; k++)
            put_row(name(s.pat[k].var), pt[k], "j_", x[k]);
        close();
    }
    /** Filter: flags and per-block counts, the blocks' offsets (one thread), then each
     * warp copies its kept rows at its block's offset plus the counts of the warps before
     * it.  A warp's rows are contiguous and taken 32 at a time, a row a lane (coalesced;
     * a thread's own contiguous rows made each of a warp's reads touch 32 sectors); a
     * vote ranks a round's kept rows, so they keep their order. */
    void filter_kernel(const Stm &s, const ir::FilterExp &n, const std::string &kname) {
        std::vector<int> fv = free_vars(s);
        std::vector<KParam> flags{{"Buf<bool, 1> pkeep_", "flags[w]", scratch("keep", "bool", 'w')},
                                  {"Buf<int64_t, 1> pcnt_", "per-block counts[G]",
                                   scratch("cnt", "int64_t", 'G')}};
        auto with = [](std::vector<KParam> a, const std::vector<KParam> &b) {
            a.insert(a.end(), b.begin(), b.end());
            return a;
        };
        begin_kernel(kname, with(args_of(fv), flags), GridKind::Occupancy);
        bind_types(fv, {});
        line("Arr<bool, 1> keep_ = lrt::view(pkeep_);");
        warp_rows(n);
        open("for (int64_t i_ = lo_ + lane_; i_ < hi_; i_ += 32) {");
        std::vector<std::string> args;
        for (const Var &v : n.inputs)
            args.push_back(row(name(v), type_of(v), "i_"));
        std::vector<Res> rs = apply(n.lam, args);
        line("keep_.data[i_] = " + rs.at(0).expr + ";");
        line("c_ += " + rs.at(0).expr + " ? 1 : 0;");
        close();
        line("const int64_t t_ = lrt::block_sum(c_);");
        line("if (threadIdx.x == 0) pcnt_.data[blockIdx.x] = t_;");
        end_kernel();

        begin_kernel(kname + "_offsets",
                     {flags[1], blocks_arg("nblocks_"),
                      {"Buf<int64_t, 1> pcount_", "1-element count (read back: " + name(s.pat[0].var) + ")",
                       scratch("count", "int64_t", '1', s.pat[0].var.id)}},
                     GridKind::OneThread);
        line("int64_t t_ = 0;");
        open("for (int64_t b_ = 0; b_ < nblocks_; b_++) {");
        line("const int64_t c_ = pcnt_.data[b_];");
        line("pcnt_.data[b_] = t_;");
        line("t_ += c_;");
        close();
        line("pcount_.data[0] = t_;");
        end_kernel();

        std::vector<KParam> outs;
        std::vector<Param> out_params(s.pat.begin() + 1, s.pat.end());
        for (const Param &p : out_params)
            outs.push_back(out_arg(p));
        begin_kernel(kname + "_write", with(with(args_of(fv), flags), outs), GridKind::Same);
        bind_types(fv, out_params);
        line("Arr<bool, 1> keep_ = lrt::view(pkeep_);");
        warp_rows(n);
        // Every lane of a warp takes the same rounds: the votes need them all.
        auto rounds = [&] {
            open("for (int64_t b_ = lo_; b_ < hi_; b_ += 32) {");
            line("const int64_t i_ = b_ + lane_;");
            line("const unsigned m_ = __ballot_sync(0xffffffffu, i_ < hi_ && keep_.data[i_]);");
        };
        rounds();
        line("c_ += __popc(m_);");
        close();
        // The warp's count on its lane 0: the block's scan over threads gives that lane
        // the counts of the warps before.
        line("int64_t o_ = lrt::block_exscan_sum(lane_ == 0 ? c_ : 0);");
        line("o_ = pcnt_.data[blockIdx.x] + lrt::shfl_idx(o_, 0);");
        rounds();
        open("if ((m_ >> lane_) & 1u) {");
        line("const int64_t at_ = o_ + __popc(m_ & ((1u << lane_) - 1u));");
        for (size_t k = 0; k < n.inputs.size(); k++)
            line("lrt::copy_row(" + name(out_params[k].var) + ", at_, " + name(n.inputs[k]) + ", i_);");
        close();
        line("o_ += __popc(m_);");
        close();
        end_kernel();
    }

    /** The rows [lo_, hi_) of the calling thread's warp: the warps' contiguous shares of
     * a filter's rows, in the order of the warps' global numbers (blocks are whole
     * warps). */
    void warp_rows(const ir::FilterExp &n) {
        line("const int64_t w_ = " + i64(n.w) + ";");
        line("const unsigned lane_ = threadIdx.x & 31u;");
        line("int64_t lo_, hi_, c_ = 0;");
        line("lrt::chunk(w_, lrt::gsize() >> 5, lrt::gtid() >> 5, lo_, hi_);");
    }

    /** Scatter: one thread per (index, value); the host first copies dest to the output
     * (or hands it over when dest is dead). */
    void scatter_kernel(const Stm &s, const ir::ScatterExp &n, const std::string &kname) {
        std::vector<int> fv = free_vars(s);
        std::vector<KParam> ps = args_of(fv);
        ps.push_back(out_arg(s.pat.at(0)));
        begin_kernel(kname, ps, GridKind::Occupancy);
        bind_types(fv, s.pat);
        std::string d = name(s.pat[0].var);
        line("const int64_t w_ = " + i64(n.w) + ";");
        if (!unrolled_scatter_loop(n, d, s.pat[0].type)) {
            open("for (int64_t i_ = lrt::gtid(); i_ < w_; i_ += lrt::gsize()) {");
            scatter_row_into(n, d, s.pat[0].type, "i_");
            close();
        }
        end_kernel();
    }

    /** Whether a hist operator is `+` on its two params, for a type with atomicAdd. */
    static bool is_atomic_add(const Lambda &l, PrimType t) {
        if (l.body.stms.size() != 1 || l.params.size() != 2 || l.body.result.size() != 1)
            return false;
        auto *b = l.body.stms[0].exp->as<ir::BinOpExp>();
        if (!b || b->op != ir::BinOpKind::Add || b->x.is_const || b->y.is_const)
            return false;
        const Var &r = l.body.stms[0].pat.at(0).var;
        bool params = (b->x.var == l.params[0].var && b->y.var == l.params[1].var) ||
                      (b->x.var == l.params[1].var && b->y.var == l.params[0].var);
        bool ok_type = t == PrimType::I32 || t == PrimType::U32 || t == PrimType::I64 ||
                       t == PrimType::U64 || t == PrimType::F32 || t == PrimType::F64;
        return params && ok_type && !l.body.result[0].is_const && l.body.result[0].var == r;
    }

    /** Bytes of the per-block sub-histograms in shared memory: hists whose bins (of all
     * their ops) take at most this many bytes are privatised (allocated statically, so
     * every hist kernel reserves it; 32 KiB leaves room for several blocks per
     * multiprocessor). */
    static constexpr int hist_shared_bytes = 32768;

    /** `*ptr = op(*ptr, val)` atomically: atomicAdd for `+`, else a CAS loop around the
     * operator (`val` is an expression of the compute type). */
    void hist_update(const Lambda &op, PrimType t, const std::string &ptr, const std::string &val) {
        std::string S = stype(t);
        if (is_atomic_add(op, t)) {
            bool wide = t == PrimType::I64 || t == PrimType::U64;
            bool i32 = t == PrimType::I32;
            std::string p = wide ? "(unsigned long long *)(" + ptr + ")" : i32 ? "(int *)(" + ptr + ")" : ptr;
            std::string v = wide ? "(unsigned long long)" + val : i32 ? "(int)" + val : val;
            line("atomicAdd(" + p + ", " + v + ");");
            return;
        }
        open("lrt::atomic_update(" + ptr + ", [&](" + S + " cur_) -> " + S + " {");
        std::vector<Res> rs = apply(op, {load(t, "cur_"), val});
        line("return " + store(t, rs.at(0).expr) + ";");
        close("});");
    }

    /** Hist (one or more ops, each row updating a bin of each): when the bins of all ops
     * fit in hist_shared_bytes, each block builds sub-histograms in shared memory (bins
     * start at the neutral element; shared-memory atomics), then adds its bins that differ
     * from the neutral element into the results with global atomics; else global atomics
     * directly.  The operators are commutative (reduce_by_index's rule).  A [k][d]
     * destination with an operator that works element by element (`map2 f`,
     * elementwise_op) is k * d bins of f, a row updating d of them (the neutral row gives
     * each column's start).  An op of several destinations (a histogram of tuples) updates
     * a bin of each under a lock of that bin (lrt::locked): in shared memory for the
     * sub-histograms, else in a zeroed scratch buffer of a lock per bin. */
    void hist_kernel(const Stm &s, const ir::HistExp &n, const std::string &kname) {
        const size_t K = n.ops.size();
        const HistLayout l = hist_layout(n);
        std::vector<const Lambda *> op(K);
        for (size_t k = 0; k < K; k++) {
            const int rank = s.pat[l.first[k]].type.rank();
            if (n.ops[k].width() > 1) {
                for (size_t c = 0; c < n.ops[k].width(); c++)
                    if (s.pat[l.first[k] + c].type.rank() != 1)
                        limitation(s, "reduce_by_index of tuples into arrays of rows");
                op[k] = &n.ops[k].lam;
                continue;
            }
            op[k] = rank == 1 ? &n.ops[k].lam : rank == 2 ? elementwise_op(n.ops[k].lam) : nullptr;
            if (!op[k])
                limitation(s, rank == 2 ? "reduce_by_index into arrays of rows with an operator "
                                          "that is not element by element (map2 f)"
                                        : "reduce_by_index into arrays of rank above 2");
        }
        auto tuple = [&](size_t k) { return n.ops[k].width() > 1; };
        std::vector<int> fv = free_vars(s);
        std::vector<KParam> ps = args_of(fv);
        for (const Param &p : s.pat)
            ps.push_back(out_arg(p));
        auto nm = [](size_t k, const char *what) {
            return std::string(what) + std::to_string(k) + "_";
        };
        for (size_t k = 0; k < K; k++)
            if (tuple(k)) {
                KernelArg lk = scratch("lock" + std::to_string(k), "int32_t", 'E');
                lk.length = name(n.ops[k].dests[0]) + ".shape[0]";
                lk.zero = true;
                ps.push_back({"Buf<int32_t, 1> " + nm(k, "plk"), "bin locks[bins]", lk});
            }
        begin_kernel(kname, ps, GridKind::Occupancy);
        bind_types(fv, s.pat);
        // Op k's bins: nb<k>_ rows of cols<k>_ in each of its destinations d (of s.pat),
        // d's shared sub-histogram at hsh_ + off (8-byte aligned) named h<d>_, d's neutral
        // element ne<d>_ (a row's column c_: ne(d, c_)); a tuple op's locks lk<k>_.
        auto rows = [&](size_t d) { return s.pat[d].type.rank() == 2; };
        auto ne = [&](size_t k, size_t d, const std::string &c) {
            return rows(d) ? atom(n.ops[k].neutral[d - l.first[k]]) + ".data[" + c + "]"
                           : nm(d, "ne");
        };
        line("const int64_t w_ = " + i64(n.w) + ";");
        line("__shared__ __align__(8) unsigned char hsh_[" + std::to_string(hist_shared_bytes) + "];");
        line("int64_t off_ = 0;");
        for (size_t k = 0; k < K; k++) {
            const size_t f = l.first[k];
            std::string d0 = name(s.pat[f].var);
            line("const int64_t " + nm(k, "nb") + " = " + d0 + ".shape[0], " + nm(k, "cols") +
                 " = " + (rows(f) ? d0 + ".shape[1]" : std::string("1")) + ";");
            for (size_t d = f; d < f + n.ops[k].width(); d++) {
                const IType &dt = s.pat[d].type;
                std::string S = stype(dt.elem);
                line(S + " *const " + nm(d, "h") + " = (" + S + " *)(hsh_ + off_);");
                line("off_ += (" + nm(k, "nb") + " * " + nm(k, "cols") + " * (int64_t)sizeof(" + S +
                     ") + 7) / 8 * 8;");
                if (!rows(d))
                    line("const " + S + " " + nm(d, "ne") + " = " +
                         store(dt.elem, atom(n.ops[k].neutral[d - f])) + ";");
            }
            if (tuple(k)) {
                line("int32_t *const " + nm(k, "lk") + " = (int32_t *)(hsh_ + off_);");
                line("off_ += (" + nm(k, "nb") + " * (int64_t)sizeof(int32_t) + 7) / 8 * 8;");
            }
        }
        line("const bool priv_ = off_ <= " + std::to_string(hist_shared_bytes) + ";");
        open("if (priv_) {");
        for (size_t k = 0; k < K; k++) {
            for (size_t d = l.first[k]; d < l.first[k] + n.ops[k].width(); d++)
                line("for (int64_t b_ = threadIdx.x; b_ < " + nm(k, "nb") + " * " + nm(k, "cols") +
                     "; b_ += blockDim.x) " + nm(d, "h") +
                     "[b_] = " + ne(k, d, "b_ % " + nm(k, "cols")) + ";");
            if (tuple(k))
                line("for (int64_t b_ = threadIdx.x; b_ < " + nm(k, "nb") + "; b_ += blockDim.x) " +
                     nm(k, "lk") + "[b_] = 0;");
        }
        line("__syncthreads();");
        close();
        // A tuple op's bins at `at` of the arrays `bins` (one per destination) =
        // op(bins, vals), holding the lock at `lock`.
        auto locked_update = [&](size_t k, bool global, const std::string &lock,
                                 const std::vector<std::string> &bins, const std::string &at,
                                 const std::vector<std::string> &vals) {
            open(std::string("lrt::locked<") + (global ? "true" : "false") + ">(" + lock +
                 ", [&] {");
            std::vector<std::string> args;
            for (size_t c = 0; c < bins.size(); c++)
                args.push_back(load(s.pat[l.first[k] + c].type.elem,
                                    "lrt::vload(" + bins[c] + " + " + at + ")"));
            args.insert(args.end(), vals.begin(), vals.end());
            std::vector<Res> rs = apply(*op[k], args);
            for (size_t c = 0; c < bins.size(); c++)
                line("lrt::vstore(" + bins[c] + " + " + at + ", " +
                     store(s.pat[l.first[k] + c].type.elem, rs.at(c).expr) + ");");
            close("});");
        };
        // Op k's shared sub-histograms and its destinations' data.
        auto shared_bins = [&](size_t k) {
            std::vector<std::string> b;
            for (size_t d = l.first[k]; d < l.first[k] + n.ops[k].width(); d++)
                b.push_back(nm(d, "h"));
            return b;
        };
        auto global_bins = [&](size_t k) {
            std::vector<std::string> b;
            for (size_t d = l.first[k]; d < l.first[k] + n.ops[k].width(); d++)
                b.push_back(name(s.pat[d].var) + ".data");
            return b;
        };
        open("for (int64_t i_ = lrt::gtid(); i_ < w_; i_ += lrt::gsize()) {");
        std::vector<std::string> r = hist_row(n, "i_");
        for (size_t k = 0; k < K; k++) {
            const size_t d = l.first[k];
            const IType &dt = s.pat[d].type;
            open("if (const int64_t ix_ = (int64_t)(" + r.at(l.at[k]) + "); ix_ >= 0 && ix_ < " +
                 nm(k, "nb") + ") {");
            if (tuple(k)) {
                std::vector<std::string> vals;
                for (size_t c = 0; c < n.ops[k].width(); c++) {
                    vals.push_back("val" + std::to_string(c) + "_");
                    line("const " + std::string(ctype(s.pat[d + c].type.elem)) + " " + vals.back() +
                         " = " + r.at(l.at[k] + 1 + c) + ";");
                }
                open("if (priv_) {");
                locked_update(k, false, nm(k, "lk") + " + ix_", shared_bins(k), "ix_", vals);
                close("} else {");
                ind_++;
                locked_update(k, true, nm(k, "plk") + ".data + ix_", global_bins(k), "ix_", vals);
                close();
                close();
                continue;
            }
            std::string at = "ix_";
            if (rows(d)) { // the row's columns, each its own bin
                line("const auto &vrow_ = " + r.at(l.at[k] + 1) + ";");
                open("for (int64_t c_ = 0; c_ < " + nm(k, "cols") + "; c_++) {");
                line("const " + std::string(ctype(dt.elem)) +
                     " val_ = " + load(dt.elem, "vrow_.data[c_]") + ";");
                at = "ix_ * " + nm(k, "cols") + " + c_";
            } else {
                line("const " + std::string(ctype(dt.elem)) + " val_ = " + r.at(l.at[k] + 1) + ";");
            }
            open("if (priv_) {");
            hist_update(*op[k], dt.elem, nm(d, "h") + " + " + at, "val_");
            close("} else {");
            ind_++;
            hist_update(*op[k], dt.elem, name(s.pat[d].var) + ".data + " + at, "val_");
            close();
            if (rows(d))
                close();
            close();
        }
        close();
        open("if (priv_) {");
        line("__syncthreads();");
        for (size_t k = 0; k < K; k++) {
            const size_t f = l.first[k];
            if (tuple(k)) {
                open("for (int64_t b_ = threadIdx.x; b_ < " + nm(k, "nb") +
                     "; b_ += blockDim.x) {");
                std::vector<std::string> vals;
                std::string untouched;
                for (size_t c = 0; c < n.ops[k].width(); c++) {
                    const PrimType t = s.pat[f + c].type.elem;
                    vals.push_back(load(t, "bin" + std::to_string(c) + "_"));
                    line("const " + std::string(stype(t)) + " bin" + std::to_string(c) +
                         "_ = " + nm(f + c, "h") + "[b_];");
                    untouched += (c ? " && " : "") + std::string("bin") + std::to_string(c) +
                                 "_ == " + nm(f + c, "ne");
                }
                line("if (" + untouched + ") continue;");
                locked_update(k, true, nm(k, "plk") + ".data + b_", global_bins(k), "b_", vals);
                close();
                continue;
            }
            const IType &dt = s.pat[f].type;
            open("for (int64_t b_ = threadIdx.x; b_ < " + nm(k, "nb") + " * " + nm(k, "cols") +
                 "; b_ += blockDim.x) {");
            line("const " + std::string(stype(dt.elem)) + " bin_ = " + nm(f, "h") + "[b_];");
            line("if (bin_ == " + ne(k, f, "b_ % " + nm(k, "cols")) + ") continue;");
            hist_update(*op[k], dt.elem, name(s.pat[f].var) + ".data + b_", load(dt.elem, "bin_"));
            close();
        }
        close();
        end_kernel();
    }

    /** A transpose the host needs in memory (fusion turns the others into index
     * functions): 32x32 tiles through shared memory (a column of padding against bank
     * conflicts), so both the reads and the writes are coalesced; 256 threads move 4
     * elements each, block-stride over the tiles.  Rows of more than one element (rank
     * above 2) are copied element by element. */
    void transpose_kernel(const Stm &s, const std::string &kname) {
        const Var &a = s.exp->as<ir::TransposeExp>()->arr;
        kvirt_.clear();
        begin_kernel(kname, all({args_of({a.id}), {out_arg(s.pat.at(0))}}), GridKind::ScanBlock);
        bind_types({a.id}, s.pat);
        const IType &t = all_types_.at(a.id);
        std::string A = name(a), O = name(s.pat[0].var), T = stype(t.elem);
        code_.kernels.back().threads = "(" + A + ".shape[0] + 31) / 32 * ((" + A +
                                       ".shape[1] + 31) / 32) * 256";
        line("const int64_t n_ = " + A + ".shape[0], m_ = " + A + ".shape[1], in_ = " + A + ".inner(2);");
        open("if (in_ == 1) {");
        line("__shared__ " + T + " t_[32][33];");
        line("const int64_t tm_ = (m_ + 31) / 32, nt_ = (n_ + 31) / 32 * tm_;");
        line("const int tx_ = threadIdx.x % 32, ty_ = threadIdx.x / 32;");
        open("for (int64_t tile_ = blockIdx.x; tile_ < nt_; tile_ += gridDim.x) {");
        line("const int64_t i0_ = tile_ / tm_ * 32, j0_ = tile_ % tm_ * 32;");
        line("__syncthreads(); // the previous tile is written out");
        open("for (int r_ = ty_; r_ < 32; r_ += blockDim.x / 32) {");
        line("const int64_t i_ = i0_ + r_, j_ = j0_ + tx_;");
        line("if (i_ < n_ && j_ < m_) t_[r_][tx_] = " + A + ".data[i_ * m_ + j_];");
        close();
        line("__syncthreads();");
        open("for (int r_ = ty_; r_ < 32; r_ += blockDim.x / 32) {");
        line("const int64_t j_ = j0_ + r_, i_ = i0_ + tx_;");
        line("if (i_ < n_ && j_ < m_) " + O + ".data[j_ * n_ + i_] = t_[tx_][r_];");
        close();
        close();
        close("} else {");
        ind_++;
        open("for (int64_t e_ = lrt::gtid(); e_ < n_ * m_ * in_; e_ += lrt::gsize()) {");
        line("const int64_t k_ = e_ % in_, ji_ = e_ / in_, i_ = ji_ % n_, j_ = ji_ / n_;");
        line(O + ".data[e_] = " + A + ".data[(i_ * m_ + j_) * in_ + k_];");
        close();
        close();
        end_kernel();
    }

    // ------------------------------------------------ the host program's summary

    /** What the host program does, in order, as a comment (`:cuda` readers see the
     * launches next to the kernels). */
    void host_plan() {
        std::map<const Stm *, size_t> index;
        for (size_t k = 0; k < code_.kernels.size(); k++)
            index[code_.kernels[k].stm] = k;
        os_ << "\n/* Host program of `" << f_.name << "` (a summary; the host program is generated C++).\n"
            << " * Launch with blocks of B threads, B from the occupancy calculator; G blocks.\n"
            << " * Read `loom_err` before the host reads device memory and at the end (`set` != 0:\n"
            << " * a failed check at locs[loc]), and before launching a kernel with data-bound loops.\n";
        std::function<void(const Body &, int)> walk = [&](const Body &b, int depth) {
            std::string pad(2 + 2 * (size_t)depth, ' ');
            for (const Stm &s : b.stms) {
                std::string pat;
                for (const Param &p : s.pat)
                    pat += (pat.empty() ? "" : ", ") + name(p.var);
                auto it = index.find(&s);
                if (it != index.end()) {
                    const KernelDesc &kd = code_.kernels[it->second];
                    os_ << " *" << pad << pat << " = kernel " << kd.name << " (" << kd.kind << "):\n";
                    for (size_t c = 0; c < kd.launches.size(); c++)
                        os_ << " *" << pad << "  " << kd.launches[c]
                            << (kd.calls.at(c).steps > 1
                                    ? "  -- instead, while " + std::to_string(kd.calls[c].steps) +
                                          " iterations are left"
                                    : "")
                            << "\n";
                    continue;
                }
                if (auto *n = s.exp->as<ir::SortExp>()) {
                    os_ << " *" << pad << pat << " = radix_sort_" << (n->payload ? "with(" : "perm(") << n->bits
                        << ", " << name(n->keys) << (n->payload ? ", " + name(*n->payload) : std::string())
                        << "): the runtime's sort kernels (loom_sort_*, loom_cuda_rt.h)\n";
                    continue;
                }
                os_ << " *" << pad << pat << " = host " << exp_kind_name(s.exp->kind) << "\n";
                if (auto *n = s.exp->as<ir::LoopExp>())
                    walk(n->body, depth + 1);
                if (auto *n = s.exp->as<ir::IfExp>()) {
                    walk(n->then_body, depth + 1);
                    os_ << " *" << pad << "  else\n";
                    walk(n->else_body, depth + 1);
                }
            }
        };
        walk(f_.body, 0);
        os_ << " */\n";
    }
};

} // namespace

ScanTuning scan_tuning(bool copy32) {
    ScanTuning t;
    if (copy32) { // the measured best for this case (CudaBackend.h)
        t.vec = t.registers = t.warp_stripes = true;
        t.threads = 256;
        t.most_items = 32;
    }
    if (const char *e = std::getenv("LOOM_CUDA_SCAN_THREADS"))
        t.threads = std::clamp(std::atoi(e) / 32 * 32, 64, 1024);
    if (copy32)
        t.min_blocks = std::max(1024 / t.threads, 1); // 4 of 256 threads
    auto ns = [](const char *var, int dflt) {
        const char *e = std::getenv(var);
        return e ? std::clamp(std::atoi(e), 0, 100000) : dflt;
    };
    if (const char *e = std::getenv("LOOM_CUDA_SCAN_ORDER"))
        t.launch_order = std::string(e) != "atomic";
    t.wait_ns = ns("LOOM_CUDA_SCAN_WAIT_NS", t.wait_ns);
    t.poll_ns = ns("LOOM_CUDA_SCAN_POLL_NS", t.poll_ns);
    if (const char *e = std::getenv("LOOM_CUDA_SCAN_KEEP"))
        t.registers = std::string(e) == "registers";
    if (const char *e = std::getenv("LOOM_CUDA_SCAN_MIN_BLOCKS"))
        t.min_blocks = std::clamp(std::atoi(e), 0, 32);
    if (const char *e = std::getenv("LOOM_CUDA_SCAN_VEC"))
        t.vec = std::string(e) == "1";
    if (const char *e = std::getenv("LOOM_CUDA_SCAN_STRIPES"))
        t.warp_stripes = std::string(e) == "warp";
    if (const char *e = std::getenv("LOOM_CUDA_SCAN_ITEMS"))
        t.most_items = std::clamp(std::atoi(e), 1, 64);
    if (const char *e = std::getenv("LOOM_CUDA_SCAN_CACHE"))
        t.stream = std::string(e) == "stream";
    if (const char *e = std::getenv("LOOM_CUDA_SCAN_LATE"))
        t.late = std::string(e) == "1";
    if (const char *e = std::getenv("LOOM_CUDA_SCAN_SHARED_KB"))
        t.shared_kb = std::clamp(std::atoi(e), 8, 200);
    if (const char *e = std::getenv("LOOM_CUDA_SCAN_ASYNC"))
        t.async = std::string(e) == "1";
    if (t.async)
        t.launch_order = false; // a block takes several tiles
    return t;
}

int map_unroll() {
    const char *e = std::getenv("LOOM_CUDA_MAP_UNROLL");
    return e ? std::clamp(std::atoi(e), 1, 8) : 2;
}

int column_unroll() {
    const char *e = std::getenv("LOOM_CUDA_COLUMN_UNROLL");
    return e ? std::clamp(std::atoi(e), 1, 16) : 4;
}

int scan_items(size_t acc_bytes, bool staged, const ScanTuning &tune) {
    if (!staged)
        return 8;
    const int fit = (int)(tune.shared_kb * 1024 / (tune.threads * std::max<size_t>(acc_bytes, 1)));
    int items = 1; // a power of 2: other strides conflict in the padded shared memory
    while (items * 2 <= std::min(fit, tune.most_items))
        items *= 2;
    return items;
}

namespace {

using SplitGroups = std::map<const ir::Stm *, std::vector<std::vector<size_t>>>;

/** `b` with each statement of `split` (Gen::split_groups) made several: a map making its
 * operators' operand rows (and its other map results), then a screma over those rows
 * alone for each group of its operators (the column kernel's case, or the SOAC kernels'
 * for operators on scalars); loops' and ifs' bodies likewise. */
ir::Body split_rows_in(const ir::Body &b, const SplitGroups &split, ir::Module &m) {
    passes::ExpRebuild r; // a loop's or an if's bodies (find_kernels' places), lambdas kept
    r.body = [&](const ir::Body &x) { return split_rows_in(x, split, m); };
    r.lambda = [](const ir::Lambda &l) { return l; };
    ir::Body out;
    out.result = b.result;
    for (const ir::Stm &s : b.stms) {
        auto groups = split.find(&s);
        if (groups == split.end()) {
            const bool nested = s.exp->kind == ir::ExpKind::Loop || s.exp->kind == ir::ExpKind::If;
            out.stms.push_back({s.pat, nested ? passes::rebuild(*s.exp, r) : s.exp});
            continue;
        }
        const auto &n = *s.exp->as<ir::ScremaExp>();
        const size_t nscan = (size_t)n.num_scan_results(),
                     nacc = nscan + (size_t)n.num_reduce_results();
        // Each operand's rows: an input's when the map part passes its rows on as they
        // are, else made by the map (with the map's other results).  A map part that can
        // fail makes them all: the map then runs, and fails where the interpreter does.
        const bool fails = passes::can_fail(n.map_lam.body);
        std::vector<ir::Var> rows_of(nacc);
        std::vector<ir::Param> made, row_params; // the rows made, and a row of each operand
        ir::Lambda maker = n.map_lam;
        maker.body.result.clear();
        maker.ret.clear();
        for (size_t a = 0; a < s.pat.size(); a++) {
            const ir::SubExp &r = n.map_lam.body.result[a];
            auto in = std::find_if(
                n.map_lam.params.begin(), n.map_lam.params.end(),
                [&](const ir::Param &p) { return !r.is_const && p.var.id == r.var.id; });
            if (a < nacc) {
                const ir::Type row = a < nscan ? s.pat[a].type.row() : s.pat[a].type;
                const ir::Var v{m.next_var_id++, "rows"}, p{m.next_var_id++, "row"};
                row_params.push_back({p, row});
                if (in != n.map_lam.params.end() && !fails) {
                    rows_of[a] = n.inputs[(size_t)(in - n.map_lam.params.begin())];
                    continue;
                }
                rows_of[a] = v;
                made.push_back({v, row.array_of(n.w)});
            } else {
                made.push_back(s.pat[a]);
            }
            maker.body.result.push_back(r);
            maker.ret.push_back(n.map_lam.ret[a]);
        }
        if (!made.empty())
            out.stms.push_back({made, ir::MapExp::make(n.w, maker, n.inputs)});
        // Operator o (scans, then reduces) and its accumulators [first, first + operands).
        std::vector<const ir::ScremaOp *> ops;
        std::vector<size_t> first;
        size_t acc = 0;
        for (const auto *list : {&n.scans, &n.reduces})
            for (const ir::ScremaOp &op : *list) {
                ops.push_back(&op);
                first.push_back(acc);
                acc += op.neutral.size();
            }
        for (const std::vector<size_t> &group : groups->second) {
            std::vector<ir::ScremaOp> scans, reduces;
            std::vector<ir::Param> pat;
            std::vector<ir::Var> rows;
            ir::Lambda id;
            for (bool scan : {true, false})
                for (size_t o : group) {
                    if ((o < n.scans.size()) != scan)
                        continue;
                    (scan ? scans : reduces).push_back(*ops[o]);
                    for (size_t a = first[o]; a < first[o] + ops[o]->neutral.size(); a++) {
                        pat.push_back(s.pat[a]);
                        rows.push_back(rows_of[a]);
                        id.params.push_back(row_params[a]);
                        id.body.result.push_back(ir::SubExp::of(row_params[a].var));
                        id.ret.push_back(row_params[a].type);
                    }
                }
            out.stms.push_back({pat, ir::ScremaExp::make(n.w, rows, scans, reduces, id, {})});
        }
    }
    return out;
}

} // namespace

/** The C of the foreign functions kernels may call (the others run on the host, their
 * kernels too: KernelInfo::foreign_host). */
static std::string device_foreign_code(const ir::Module &m) {
    std::vector<std::shared_ptr<const ForeignFn>> fs;
    for (const auto &f : m.foreign)
        if (!f->host_only())
            fs.push_back(f);
    return foreign_code(fs, true);
}

CudaCode generate_code(const ir::Module &m) {
    SplitGroups split;
    {
        Gen g(m.functions.at(0));
        for (const passes::KernelInfo &k : passes::find_kernels(m.functions.at(0)))
            if (!k.calls && !k.foreign_host)
                if (auto groups = g.split_groups(*k.stm); !groups.empty())
                    split[k.stm] = std::move(groups);
    }
    if (split.empty()) {
        CudaCode c = Gen(m.functions.at(0)).run(device_foreign_code(m));
        generate_host(m, c);
        return c;
    }
    ir::Module s = m;
    s.functions[0].body = split_rows_in(m.functions[0].body, split, s);
    CudaCode c = Gen(s.functions.at(0)).run(device_foreign_code(m));
    generate_host(s, c);
    for (KernelDesc &k : c.kernels) // they point into `s`, gone on return
        k.stm = nullptr, k.steps_loop = nullptr;
    return c;
}

std::string generate(const ir::Module &m) {
    CudaCode c = generate_code(m);
    return c.source + "\n// ==== the host program (C++, built by the host compiler after the runtime texts\n" +
           "// runtime/cpu/loom_cpu_rt.h and runtime/cuda/loom_cuda_host_rt.h)\n" + c.host_shown;
}

} // namespace loom::cuda
