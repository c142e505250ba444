// Unit tests of the CUDA backend (compiler/backend/cuda): the generated CUDA of each kernel
// kind compiles with NVRTC (no GPU needed), `loom run --backend cuda` fails clearly where
// there is no driver, and (LOOM_CUDA_CORPUS=1, ctest `cuda-nvrtc`) the CUDA of every entry
// point of every test program compiles.  Skipped, saying so, where NVRTC is absent.
#include "CorpusUtil.h"
#include "ScopedEnv.h"

#include "compiler/Pipeline.h"
#include "compiler/backend/cuda/CudaBackend.h"
#include "frontend/Frontend.h"
#include "runtime/cpu/HostCompiler.h"
#include "runtime/cuda/CubinInfo.h"
#include "runtime/cuda/CudaDriver.h"
#include "runtime/cuda/Nvrtc.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include <elf.h>
#include <unistd.h>

using namespace loom;
namespace fs = std::filesystem;

namespace {

using corpus::checked;

bool have_nvrtc() {
    if (auto why = runtime::nvrtc_unavailable()) {
        MESSAGE("skipped: " << *why);
        return false;
    }
    return true;
}

/** The generated CUDA of `entry`, compiled by NVRTC; fails the test with the log. */
cuda::CudaCode compile_ok(const Program &p, const std::string &entry = "main") {
    compiler::PipelineOptions opts;
    opts.verify_each_pass = true;
    compiler::Optimised o = compiler::optimise(p, entry, opts);
    cuda::CudaCode code = cuda::generate_code(o.module);
    runtime::NvrtcResult r = runtime::nvrtc_compile(code.source, "sm_90");
    INFO(r.log);
    CHECK(r.ok);
    return code;
}

bool has(const std::string &s, const std::string &what) { return s.find(what) != std::string::npos; }
/** The generated kernels, as "name kind". */
std::vector<std::string> found_kinds(const cuda::CudaCode &c) {
    std::vector<std::string> kinds;
    for (const compiler::KernelReport &f : c.found)
        kinds.push_back(f.name + " " + f.kind);
    return kinds;
}

ir::Module o_main(const Program &p) {
    return compiler::optimise(p, "main").module;
}

/** The host program compiles with the host compiler (syntax and templates only: fast). */
bool host_compiles(const cuda::CudaCode &code, std::string &log) {
    fs::path dir = fs::temp_directory_path() / ("loom-cuda-host-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    fs::path src = dir / "host.cpp";
    {
        std::ofstream f(src);
        f << code.host_source;
    }
    std::string cmd = runtime::host_compiler() + " -std=c++20 -fopenmp -fsyntax-only " +
                      src.string() + " 2>&1";
    log.clear();
    FILE *p = popen(cmd.c_str(), "r");
    bool ok = false;
    if (p) {
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, p)) > 0)
            log.append(buf, n);
        ok = pclose(p) == 0;
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
    return ok;
}

} // namespace

TEST_CASE("cuda: map, redomap, scan, filter, scatter and hist kernels compile with NVRTC") {
    if (!have_nvrtc())
        return;
    SUBCASE("map") {
        auto c = compile_ok(checked("entry main (xs: []f32) = map (\\x -> f32.sqrt x + 1) xs"));
        CHECK(has(c.source, "__global__ void __launch_bounds__(1024) k0("));
    }
    SUBCASE("redomap") {
        auto c = compile_ok(checked("entry main (xs: []i32) = i32.sum (map (\\x -> x * x) xs)"));
        CHECK(has(c.source, "k0_final("));
        CHECK(has(c.source, "lrt::shfl_down"));
    }
    SUBCASE("reductions: commutative operators read grid-stride, others in per-warp chunks") {
        auto sum = compile_ok(checked("entry main (xs: []f32) = reduce (+) 0 (map (*2) xs)"));
        auto minmax = compile_ok(checked(
            "entry main (xs: []i32) = reduce (\\(a, b) (c, d) -> (i32.min a c, i32.max b d)) (0, 0) (zip xs xs)"));
        // The first element wins: associative, not commutative.
        auto first = compile_ok(checked(
            "entry main (xs: []i32) = reduce (\\(a: i32) (_: i32) -> a) 0 xs"));
        auto k0 = [](const std::string &src) { return src.substr(src.find("void __launch_bounds__(1024) k0(")); };
        CHECK(has(k0(sum.source), "i_ += lrt::gsize()"));
        CHECK(!has(k0(sum.source).substr(0, k0(sum.source).find("k0_final")), "lrt::chunk(w_"));
        CHECK(has(k0(minmax.source), "i_ += lrt::gsize()"));
        // A warp's contiguous rows, 128 a round (4 a lane), folded in lane order.
        CHECK(has(k0(first.source), "lrt::chunk(w_, lrt::gsize() >> 5, lrt::gtid() >> 5"));
        CHECK(has(k0(first.source), "for (int64_t b_ = lo_; b_ < hi_; b_ += 128)"));
        CHECK(has(k0(first.source), "lrt::shfl_idx(acc_0_, 0)"));
    }
    SUBCASE("scan and screma: one single-pass kernel with decoupled look-back") {
        auto c = compile_ok(checked("entry main (xs: []i64) = let ys = scan (+) 0 xs in (ys, reduce i64.max 0 xs)"));
        REQUIRE(c.kernels.size() == 1);
        CHECK(c.kernels[0].launches.size() == 1); // no carry or add pass
        CHECK(has(c.source, "Buf<int32_t, 1> pstatus_")); // two 8-byte accumulators: a flag array
        CHECK(has(c.source, "lrt::TILE_AGGREGATE"));
        CHECK(has(c.source, "__threadfence();"));
        CHECK(has(c.source, "__ballot_sync(")); // the look-back reads 32 tiles at once
        CHECK(has(c.source, "lrt::shfl_up("));
        CHECK(!has(c.source, "_carry("));
        auto zeroed = [](const cuda::CudaCode &code) {
            int n = 0;
            for (const cuda::KernelArg &a : code.kernels[0].calls.at(0).args)
                n += a.kind == cuda::KernelArg::Kind::Scratch && a.zero;
            return n;
        };
        // By default tile b is block b of a block per tile, with sleeps in the look-back.
        CHECK(c.kernels[0].calls[0].grid == cuda::GridKind::Tiles);
        CHECK(c.kernels[0].block == cuda::scan_threads);
        CHECK(has(c.source, "for (int64_t tile_ = blockIdx.x;"));
        CHECK(has(c.source, "lrt::pause("));
        CHECK(!has(c.source.substr(c.source.find("kernels generated from the IR")), "atomicAdd"));
        CHECK(zeroed(c) == 1); // the flags
        // In the other order, tiles come from an atomic counter, zeroed too.
        auto a = [&] {
            test::ScopedEnv order("LOOM_CUDA_SCAN_ORDER", "atomic"), wait("LOOM_CUDA_SCAN_WAIT_NS", "0"),
                poll("LOOM_CUDA_SCAN_POLL_NS", "0");
            return compile_ok(checked("entry main (xs: []i64) = let ys = scan (+) 0 xs in (ys, reduce i64.max 0 xs)"));
        }();
        CHECK(a.kernels[0].calls[0].grid == cuda::GridKind::ScanBlock);
        CHECK(has(a.source, "atomicAdd((unsigned long long *)ptile_.data"));
        CHECK(has(a.source, "lrt::stop_if_failed()"));
        CHECK(!has(a.source, "lrt::pause("));
        CHECK(zeroed(a) == 2); // the flags and the tile counter
    }
    SUBCASE("scans keeping a thread's rows in registers (a tuning): NVRTC compiles them") {
        const char *src = "entry main (xs: []i32) (ys: []f64) (zs: []i32) = (scan (+) 0 zs, scan f64.max 0 ys,\n"
                          "  unzip (scan (\\(a, b) (c, d) -> (a * c, b * c + d)) (1, 0) (zip xs xs)))";
        auto d = compile_ok(checked(src));
        auto r = [&] {
            test::ScopedEnv keep("LOOM_CUDA_SCAN_KEEP", "registers"), blocks("LOOM_CUDA_SCAN_MIN_BLOCKS", "3");
            return compile_ok(checked(src));
        }();
        // By default only the scan of a plain 4-byte array (zs) keeps its rows in
        // registers, with 16-byte tile accesses, warp stripes and 4 blocks of 256 threads
        // of 32 rows an SM (the measured best); the others take 512 threads, no minimum.
        CHECK(has(d.source, "__launch_bounds__(256, 4) k0("));
        CHECK(has(d.source, "struct alignas(16) vec_ { int32_t v[4]; };"));
        CHECK(has(d.source, "int32_t own_0_[32];"));
        CHECK(has(d.source, "const int e_ = (int)warp_ * 1024 + (j_ * 32 + (int)lane_) * 4;"));
        CHECK(d.kernels[0].block == 256);
        CHECK(d.kernels[0].tile == 8192);
        CHECK(!has(d.source, "double own_0_["));
        CHECK(!has(d.source, "own_1_["));
        CHECK(has(d.source, "__launch_bounds__(512) k1("));
        CHECK(has(d.source, "const int e_ = j_ * (int)blockDim.x + (int)threadIdx.x;"));
        // A thread's rows: as many as keep the tile's accumulators within 32 KiB.
        CHECK(has(r.source, "int32_t own_0_[32];")); // zs: 32 rows of 4 bytes, 256 threads
        CHECK(has(r.source, "double own_0_[8];"));   // ys: 8 rows of 8 bytes, 512 threads
        CHECK(has(r.source, "int32_t own_1_[8];"));  // the pair: 8 rows of 8 bytes
        CHECK(has(r.source, "own_1_[j_] = stg_1_[lrt::padded(e_)];"));
        CHECK(has(r.source, "const int e_ = j_ * 512 + (int)threadIdx.x;"));
        CHECK(has(r.source, "__launch_bounds__(256, 3) k0("));
        CHECK(has(r.source, "__launch_bounds__(512, 3) k1("));
    }
    SUBCASE("scans folding their rows before the look-back (a tuning): NVRTC compiles them") {
        const char *src =
            "entry main (xs: []i32) (ys: []f64) (zs: []i32) = (scan (+) 0 zs, scan f64.max 0 ys,\n"
            "  unzip (scan (\\(a, b) (c, d) -> (a * c, b * c + d)) (1, 0) (zip xs xs)))";
        auto d = compile_ok(checked(src));
        auto l = [&] {
            test::ScopedEnv late("LOOM_CUDA_SCAN_LATE", "1");
            return compile_ok(checked(src));
        }();
        // The aggregate goes out, then the rows are folded from the thread's prefix within
        // the tile, then warp 0 sleeps and looks back; each row takes the tile's prefix
        // on its way out (16-byte stores too).  By default: after the look-back.
        auto at = [&](const std::string &text, const std::string &what) {
            size_t i = text.find(what);
            CHECK_MESSAGE(i != std::string::npos, what);
            return i;
        };
        const std::string k0 = l.source.substr(at(l.source, " k0("));
        CHECK(at(k0, "lrt::pack_status(lrt::TILE_AGGREGATE") <
              at(k0, "stg_0_[lrt::padded(e_)] = pre_0_;"));
        CHECK(at(k0, "stg_0_[lrt::padded(e_)] = pre_0_;") < at(k0, "lrt::pause(1200);"));
        CHECK(at(k0, "lrt::pause(1200);") < at(k0, "int32_t y0_ = stg_0_[lrt::padded(e_) + k_];"));
        CHECK(has(k0, "int32_t y0_ = stg_0_[lrt::padded(e_)];"));       // a partial tile's rows
        CHECK(has(l.source, "int32_t y1_ = stg_1_[lrt::padded(e_)];")); // the pair's second
        CHECK(!has(d.source, "y0_"));
        const std::string d0 = d.source.substr(at(d.source, " k0("));
        CHECK(at(d0, "lrt::pause(1200);") < at(d0, "stg_0_[lrt::padded(e_)] = pre_0_;"));
    }
    SUBCASE("scans staged a warp at a time, in blocks of 128 (a tuning): NVRTC compiles them") {
        const char *src =
            "entry main (xs: []i32) (ys: []f64) (zs: []i32) = (scan (+) 0 zs, scan f64.max 0 ys,\n"
            "  unzip (scan (\\(a, b) (c, d) -> (a * c, b * c + d)) (1, 0) (zip (map (+1) xs) xs)))";
        auto w = [&] {
            test::ScopedEnv stripes("LOOM_CUDA_SCAN_STRIPES", "warp"), threads("LOOM_CUDA_SCAN_THREADS", "128"),
                cache("LOOM_CUDA_SCAN_CACHE", "stream");
            return compile_ok(checked(src));
        }();
        // Streaming cache hints on the 16-byte accesses (a tuning).
        CHECK(has(w.source, "const int4 q_ = __ldcs((const int4 *)(vin_ + e_));"));
        CHECK(has(w.source, "__stcs((int4 *)(vout_ + e_), *(const int4 *)&x_);"));
        for (const auto &k : w.kernels)
            CHECK(k.block == 128);
        // The plain copy: 32 rows a thread, tiles of 4096 rows, 8 blocks of 128 an SM;
        // the others 16 rows a thread.
        CHECK(has(w.source, "__launch_bounds__(128, 8) k0("));
        CHECK(w.kernels[0].tile == 4096);
        CHECK(w.kernels[1].tile == 2048);
        CHECK(has(w.source, "const int e_ = (int)warp_ * 1024 + (j_ * 32 + (int)lane_) * 4;"));
        CHECK(has(w.source, "const int e_ = (int)warp_ * 512 + j_ * 32 + (int)lane_;"));
        CHECK(has(w.source, "__shared__ double stg_0_[lrt::padded(2048)];")); // 8-byte rows: 16 too
        CHECK(has(w.source, "__syncwarp();"));
        CHECK(!has(w.source, "j_ * 512 + (int)threadIdx.x"));
        CHECK(!has(w.source, "j_ * (int)blockDim.x + (int)threadIdx.x"));
    }
    SUBCASE("scans whose blocks copy their next tile ahead (a tuning): NVRTC compiles them") {
        test::ScopedEnv async("LOOM_CUDA_SCAN_ASYNC", "1");
        auto c = compile_ok(checked("entry main (xs: []i32) (ys: []f64) = (scan (+) 0 xs, scan (+) 0 ys)"));
        auto s16 = [&] {
            test::ScopedEnv items("LOOM_CUDA_SCAN_ITEMS", "16");
            return compile_ok(checked("entry main (xs: []i32) = scan (+) 0 xs"));
        }();
        REQUIRE(c.kernels.size() == 2);
        const size_t k1 = c.source.find(" k1(");
        REQUIRE(k1 != std::string::npos);
        const std::string k0 = c.source.substr(0, k1), other = c.source.substr(k1);
        // The plain 4-byte scan: two unpadded tiles of 8192 rows, 64 KiB of dynamic shared
        // memory; the next tile's copies start as soon as it is claimed, and the current
        // one waits for all but those.
        CHECK(has(k0, "int32_t *const stgb_0_ = (int32_t *)(lrt_dyn_ + 0);"));
        CHECK(has(k0, "loom_dsmem_k0 = (int32_t)(0 + lrt::align16(2 * 8192 * sizeof(int32_t)));"));
        CHECK(has(k0, "int32_t *const stg_0_ = stgb_0_ + (cur_ ? 8192 : 0);"));
        CHECK(has(k0, "lrt::copy_async16(stgb_0_ + (cur_ ? 0 : 8192) + lrt::swizzled(e_), pin_ + e_);"));
        CHECK(k0.find("nxt_ = tile_sh_;\n") < k0.find("lrt::copy_wait<1>();"));
        CHECK(has(k0, "const vec_ x_ = *(const vec_ *)(stg_0_ + lrt::swizzled((int)threadIdx.x * 32 + j_));"));
        CHECK(!has(k0, "lrt::padded"));
        // The 8-byte scan keeps its shape: padded staging, no copies ahead.
        CHECK(has(other, "lrt::padded"));
        CHECK(!has(other, "copy_async16"));
        // Tiles of 4096 rows: both buffers in 32 KiB of static shared memory.
        CHECK(has(s16.source, "__shared__ __align__(16) int32_t stgb_0_[2 * 4096];"));
        CHECK(!has(s16.source, "loom_dsmem_k0 ="));
    }
    SUBCASE("scans of one small accumulator: one status word per tile") {
        auto c = compile_ok(checked("entry main (xs: []f32) (hs: []f16) = (scan (+) 0 xs, scan f16.max f16.lowest hs)"));
        CHECK(has(c.source, "Buf<uint64_t, 1> pstatus_"));
        CHECK(has(c.source, "lrt::pack_status("));
        CHECK(has(c.source, "lrt::status_value<uint16_t>("));
    }
    SUBCASE("a non-commutative scan over a tuple, with a map part") {
        auto c = compile_ok(checked(
            "entry main (xs: []i32) (ys: []i32) = -- composition of affine maps\n"
            "  unzip (scan (\\(a, b) (c, d) -> (a * c, b * c + d)) (1, 0) (zip (map (+1) xs) ys))"));
        CHECK(has(c.source, "Buf<int32_t, 1> pstatus_"));
        CHECK(has(c.source, "inc1.data[tile_]"));
    }
    SUBCASE("filter") {
        auto c = compile_ok(checked("entry main (xs: []f64) = filter (\\x -> x > 0) xs"));
        CHECK(has(c.source, "k0_offsets("));
        CHECK(has(c.source, "k0_write("));
        // A warp's contiguous rows, 32 a round; a vote places each round's kept rows.
        CHECK(has(c.source, "lrt::chunk(w_, lrt::gsize() >> 5, lrt::gtid() >> 5"));
        CHECK(has(c.source, "__popc(m_ & ((1u << lane_) - 1u))"));
    }
    SUBCASE("scatter") {
        compile_ok(checked("entry main (d: *[]i32) (is: []i64) (vs: []i32) = scatter d is vs"));
    }
    SUBCASE("reduce of a matrix's rows element by element: a thread per column and chunk") {
        auto c = compile_ok(checked(
            "entry main [n][m] (a: [n][m]f32) = reduce (map2 f32.max) (replicate m f32.lowest) a"));
        // The rows in nr_ chunks when the columns are fewer than the grid's threads, the
        // chunks' folds combined in order by k0_final (or none when there is one chunk).
        CHECK(has(c.source, "nr_ = m_ > 0 && gs_ / m_ > 1 ? gs_ / m_ : 1;"));
        CHECK(has(c.source, "for (int64_t u_ = lrt::gtid(); u_ < nr_ * m_; u_ += gs_) {"));
        CHECK(has(c.source, "lrt::chunk(w_, nr_, r_, lo_, hi_);"));
        // Unrolled: a thread's loads of several rows in flight (vecmat 82% -> 96% of the copy).
        CHECK(has(c.source, "#pragma unroll 4\n        for (int64_t i_ = lo_; i_ < hi_; i_++) {"));
        CHECK(has(c.source, ".data[i_ * m_ + j_]"));
        CHECK(has(c.source, "if (nr_ > 1) part0.data[r_ * m_ + j_] = acc0_; else "));
        CHECK(has(c.source, "for (int64_t r_ = 0; r_ < nr_; r_++) {"));
        REQUIRE(c.kernels.size() == 1);
        REQUIRE(c.kernels[0].calls.size() == 2);
        CHECK(c.kernels[0].calls[1].fn == "k0_final");
        CHECK(c.kernels[0].calls[1].grid == cuda::GridKind::Same);
        CHECK(c.kernels[0].threads == "(v2.shape[1]) * ((int64_t)v0)"); // an element each
        CHECK(has(c.host_source, "lrt::Scratch s_part0((g_.grid * (int64_t)g_.block) * "));
        CHECK(has(c.host_source, "lrt::dev_alloc<float, 1>({")); // the rows' shape, not w
        CHECK(!has(c.host_source, "lrt::dev_alloc<float, 1>({w_"));
    }
    SUBCASE("reduce and scan of rows of matrices element by element: flat columns") {
        auto c = compile_ok(
            checked("entry main [n][m][k] (a: [n][m][k]f32) =\n"
                    "  let z = replicate m (replicate k 0)\n"
                    "  in (reduce (map2 (map2 (+))) z a, scan (map2 (map2 f32.max)) z a)"));
        REQUIRE(c.kernels.size() == 1);
        CHECK(c.on_host.empty());
        CHECK(has(c.source, "m_ = (v"));
        CHECK(has(c.source, ".shape[1] * v"));
        CHECK(has(c.source, ".data[i_ * m_ + j_]"));
        CHECK(c.kernels[0].calls.back().fn == "k0_final");
        // Not element by element (each row's rows reversed): on the host.
        auto h = compile_ok(
            checked("entry main [n][m] (a: [n][m][2]i32) =\n"
                    "  reduce (\\r s -> map2 (map2 (+)) r (reverse s)) (replicate m [0, 0]) a"));
        CHECK(h.kernels.empty());
        CHECK(h.on_host.count("k0") == 1);
    }
    SUBCASE("rows the column kernel cannot read are made by a map kernel first") {
        // Rows picked from a free array (the same each row) and rows of a loop: a map
        // kernel makes them, then the column kernels read them; nothing on the host.
        auto c = compile_ok(
            checked("entry main [n][m] (xs: [n]i32) (y: [m]i32) =\n"
                    "  (scan (map2 (+)) (replicate m 0) (map (\\_ -> y) xs),\n"
                    "   reduce (map2 i32.max) (replicate m 0)\n"
                    "     (map (\\x -> loop (r: [m]i32) = y for i < 2 do map (+ x) r) xs))"));
        CHECK(c.on_host.empty());
        CHECK(found_kinds(c) == std::vector<std::string>{"k0 map", "k1 screma"}); // both fused
        CHECK(has(c.source, "lrt::chunk(w_, nr_, r_, lo_, hi_);"));
    }
    SUBCASE("operators on scalars and on rows of two shapes in one screma: a kernel each") {
        // Horizontal fusion makes the three reductions one screma; its operands are the
        // inputs' rows as they are, so no map kernel makes them.
        auto c = compile_ok(
            checked("entry main [n][m][k] (xs: [n][m]i32) (ys: [n][k]i32) (zs: [n]i32) =\n"
                    "  (i32.sum zs, reduce (map2 (+)) (replicate m 0) xs,\n"
                    "   reduce (map2 i32.max) (replicate k i32.lowest) ys)"));
        CHECK(c.on_host.empty());
        CHECK(found_kinds(c) == std::vector<std::string>{"k0 redomap", "k1 redomap", "k2 redomap"});
        // The scalars' reduction first, then a column kernel per row shape.
        CHECK(!has(c.source, "k0_carry("));
        CHECK(has(c.source, "lrt::chunk(w_, nr_, r_, lo_, hi_);"));
        // Rows made by the map part (the same free row each time) are made first, beside
        // a scan of them and a sum of scalars.
        auto r = compile_ok(
            checked("entry main [n][m] (xs: [n]i32) (y: [m]i32) =\n"
                    "  (scan (map2 (+)) (replicate m 0) (map (\\_ -> y) xs), i32.sum xs)"));
        CHECK(r.on_host.empty());
        REQUIRE(r.found.size() == 3);
        CHECK(r.found[0].kind == "map");
    }
    SUBCASE("a map's rows made as array literals are written in place in its output") {
        auto c = compile_ok(checked("entry main (xs: []i32) = map (\\x -> [x, x + 1, 1, x]) xs"));
        CHECK(has(c.source, " = lrt::row(v"));
        CHECK(has(c.source, ".data[3] = v"));
        const std::string k0 = c.source.substr(c.source.find(" k0("));
        CHECK(!has(k0.substr(0, k0.find("Host program")), "lrt::alloc_rows"));
    }
    SUBCASE("scan of a matrix's rows element by element: a thread per column and chunk") {
        auto c = compile_ok(
            checked("entry main [n][m] (a: [n][m]i64) = scan (map2 (+)) (replicate m 0) a"));
        REQUIRE(c.kernels.size() == 1);
        CHECK(c.kernels[0].kind == "scan");
        CHECK(c.kernels[0].threads == "(v2.shape[1]) * ((int64_t)v0)");
        // The chunks' folds, their carries in chunk order, each chunk scanned again.
        REQUIRE(c.kernels[0].calls.size() == 3);
        CHECK(c.kernels[0].calls[1].fn == "k0_carry");
        CHECK(c.kernels[0].calls[2].fn == "k0_final");
        CHECK(has(c.source, "if (nr_ == 1) v10.data[i_ * m_ + j_] = acc0_;")); // one chunk
        CHECK(has(c.source, "int64_t acc0_ = part0.data[r_ * m_ + j_];"));     // from the carry
        CHECK(has(c.source, "            v10.data[i_ * m_ + j_] = acc0_;"));   // every row
        CHECK(c.on_host.empty());
        // A scan and a reduce together: the reduce's result written by k0_carry, the
        // scan's rows by k0_final.
        auto both = compile_ok(checked("entry main [n][m] (a: [n][m]i64) =\n"
                                       "  (scan (map2 (+)) (replicate m 0) a, reduce (map2 (+)) "
                                       "(replicate m 0) a)"));
        REQUIRE(both.kernels.size() == 1);
        REQUIRE(both.kernels[0].calls.size() == 3);
        const std::string carry = both.source.substr(both.source.find("k0_carry("));
        CHECK(has(carry.substr(0, carry.find("k0_final(")), ".data[j_] = acc1_;"));
    }
    SUBCASE("several operators over the same rows: one column kernel") {
        auto c = compile_ok(checked(
            "entry main [n][m] (a: [n][m]f32) =\n"
            "  (reduce (map2 (+)) (replicate m 0) a, reduce (map2 f32.max) (replicate m 0) a,\n"
            "   reduce (map2 (+)) (replicate m 0) (map (map (\\x -> x * x)) a))"));
        REQUIRE(c.kernels.size() == 1);
        CHECK(c.on_host.empty());
        CHECK(has(c.source, "float acc2_ = "));
        CHECK(has(c.source, "x2_ = v")); // the squares mapped where read; the others read a
        CHECK(!has(c.source, "x0_"));
    }
    SUBCASE("reduce of mapped rows element by element: each element mapped where it is read") {
        // A vector-matrix product: row i scaled by v[i], the columns summed.
        auto c = compile_ok(
            checked("entry main [n][m] (a: [n][m]f32) (v: [n]f32) =\n"
                    "  reduce (map2 (+)) (replicate m 0) (map2 (\\r x -> map (* x) r) a v)"));
        REQUIRE(c.kernels.size() == 1);
        CHECK(c.kernels[0].kind == "redomap");
        CHECK(has(c.source, "for (int64_t i_ = lo_; i_ < hi_; i_++) {"));
        CHECK(has(c.source, "x0_ = v")); // the element, into the fold's local
        CHECK(!has(c.source.substr(c.source.find("// ---- kernels generated")), "lrt::alloc<"));
        // (no mapped row is made)
        CHECK(c.kernels[0].threads == "(((int64_t)v1)) * ((int64_t)v0)");
        CHECK(has(c.host_source, "lrt::dev_alloc<float, 1>({")); // the rows' shape, not w
        CHECK(!has(c.host_source, "lrt::dev_alloc<float, 1>({w_"));
        // Code around the inner map that can fail would not run for rows of no columns:
        // the rows are made first, by a map kernel (which fails as the interpreter does).
        auto h = compile_ok(
            checked("entry main [n][m] (a: [n][m]i32) (d: [n]i32) =\n"
                    "  reduce (map2 (+)) (replicate m 0) (map2 (\\r x -> let q = 10 / x in "
                    "map (+ q) r) a d)"));
        CHECK(h.on_host.empty());
        REQUIRE(h.found.size() == 2);
        CHECK(h.found[0].kind == "map");
    }
    SUBCASE("hist into rows: bins of each column with an element-by-element operator") {
        auto c = compile_ok(checked(
            "entry main (is: []i64) (vs: [][2]f32) = hist (map2 (*)) (replicate 2 1) 3 is vs"));
        CHECK(has(c.source, "const int64_t nb0_ = v"));
        CHECK(has(c.source, "for (int64_t c_ = 0; c_ < cols0_; c_++) {"));
        CHECK(has(c.source, "lrt::atomic_update(h0_ + ix_ * cols0_ + c_, "));
        // A row operator that is not element by element (nor a choice of rows, which is
        // one of indices: passes/ChooseRows.h): the host runs it, and says why.
        auto h = compile_ok(checked("entry main (is: []i64) (vs: [][2]i32) =\n"
                                    "  hist (\\a b -> [a[0] + b[0], a[1] * b[1]]) [0, 1] 3 is vs"));
        CHECK(h.kernels.empty());
        CHECK(has(h.on_host.at("k0"), "not element by element"));
        CHECK(has(h.source, "// k0 (hist) runs on the host's cores: the cuda backend does not "
                            "handle reduce_by_index\n// into arrays of rows")); // wrapped at 90
        CHECK(has(h.host_shown, "// kernel k0"));
        std::string log;
        CHECK_MESSAGE(host_compiles(h, log), log);
    }
    SUBCASE("operators choosing rows whole: operators choosing indices, no row on the host") {
        auto c = compile_ok(
            checked("entry main [n][m] (is: []i64) (vs: [n][m]i32) =\n"
                    "  let pick (a: [m]i32) (b: [m]i32) = if a[0] >= b[0] then a else b\n"
                    "  in (hist pick (replicate m 0) 3 is vs, reduce pick (replicate m 0) vs,\n"
                    "      scan pick (replicate m 0) vs)"));
        CHECK(c.on_host.empty());
        // The bins' starting indices, the hist, its rows gathered; the reduce; the scan
        // and its rows gathered.
        CHECK(found_kinds(c) == std::vector<std::string>{"k0 map", "k1 hist", "k2 map", "k3 reduce",
                                                         "k4 scan", "k5 map"});
        CHECK(has(c.source, "lrt::atomic_update(")); // a CAS loop over the bins' indices
    }
    SUBCASE("hist with atomicAdd and with a CAS loop") {
        auto c = compile_ok(checked(
            "entry main (is: []i64) (xs: []f32) (bs: []u8) =\n"
            "  (hist (+) 0 8 is xs, reduce_by_index (replicate 8 0u8) u8.max 0 is bs,\n"
            "   reduce_by_index (replicate 8 1f16) (*) 1 is (map f16.f32 xs))"));
        CHECK(has(c.source.substr(c.source.find("kernels generated from the IR")), "atomicAdd("));
        CHECK(has(c.source, "lrt::atomic_update("));
        // one kernel for the three hists over `is`, privatised in shared memory when the
        // bins of all three fit
        CHECK(has(c.source, "__shared__ __align__(8) unsigned char hsh_[32768];"));
        CHECK(has(c.source, "uint16_t *const h2_ = (uint16_t *)(hsh_ + off_);"));
        CHECK(has(c.source, "atomicAdd(h0_ + ix_, val_);"));
    }
    SUBCASE("hist of tuples: a lock per bin, in shared memory or a zeroed scratch buffer") {
        auto c = compile_ok(checked("entry main [n] (is: []i64) (xs: [n]f32) =\n"
                                    "  unzip (hist (\\(a, i) (b, j) -> if a <= b then (a, i) else "
                                    "(b, j)) (f32.inf, -1i64) 8 is\n"
                                    "    (zip xs (iota n)))"));
        CHECK(c.on_host.empty());
        CHECK(found_kinds(c) == std::vector<std::string>{"k0 hist"});
        CHECK(has(c.source, "lrt::locked<false>(lk0_ + ix_, [&] {"));
        CHECK(has(c.source, "lrt::locked<true>(plk0_.data + ix_, [&] {"));
        CHECK(has(c.source, "lrt::locked<true>(plk0_.data + b_, [&] {")); // the merge
        // The host program makes the locks, one per bin of the first destination, zeroed.
        std::string log;
        CHECK_MESSAGE(host_compiles(c, log), log);
        CHECK(has(c.host_source, "lrt::Scratch s_lock0(len_lock0 * (int64_t)sizeof(int32_t));"));
        CHECK(has(c.host_source, "s_lock0.zero();"));
        // Components the operator keeps apart are histograms of their own, with atomics.
        auto split = compile_ok(checked("entry main (is: []i64) (xs: []f32) =\n"
                                        "  unzip (hist (\\(a, i) (b, j) -> (a + b, i + j)) (0f32, "
                                        "0i64) 8 is (zip xs (map (\\_ -> 1i64) xs)))"));
        CHECK(!has(split.source, "lrt::locked<"));
        CHECK(has(split.source, "atomicAdd(h0_ + ix_, val_);"));
        CHECK(has(split.source,
                  "atomicAdd((unsigned long long *)(h1_ + ix_), (unsigned long long)val_);"));
    }
    SUBCASE("a map with scalar code around a reduction: a warp per row, the grid sized for it") {
        auto c = compile_ok(checked("entry main [n] (xs: [n]f32) =\n"
                                    "  map (\\x -> let s = f32.sum (map (\\y -> y - x) xs) in s * x + 1) xs"));
        REQUIRE(c.kernels.size() == 1);
        CHECK(c.kernels[0].threads.size() > 5);
        CHECK(c.kernels[0].threads.substr(c.kernels[0].threads.size() - 5) == " * 32");
        CHECK(has(c.source, "for (int64_t j_ = lane_; j_ < m_; j_ += 32)")); // + commutes: strided
        CHECK(has(c.source, " = lrt::shfl_idx(sacc"));                        // every lane has the sum
        CHECK(has(c.source, "if (lane_ == 0) {"));                            // lane 0 writes the row
        // A scan a row: a warp a row, its elements 32 a round with a carry, written once.
        auto sc = compile_ok(checked("entry main [n][m] (xss: [n][m]i32) = map (scan (+) 0) xss"));
        CHECK(has(sc.source, "for (int64_t b_ = 0; b_ < m_; b_ += 32) {"));
        CHECK(has(sc.source, "= lrt::shfl_idx(sx"));
        CHECK(!has(sc.source, "lrt::chunk(m_, 32, lane_"));
    }
    SUBCASE("segmented reduction, loops, in-kernel arrays, f16 and integer semantics") {
        compile_ok(checked(
            "entry main (xss: [][]i32) (h: []f16) =\n"
            "  (map (\\xs -> let ys = map (\\x -> x / 3 % 5) xs in\n"
            "               loop a = 0 for y in ys do a + (y << 2) + i32.popc y) xss,\n"
            "   map (\\x -> f16.sqrt x * 2) h, map (\\xs -> iota (length xs)) xss)"));
    }
}

TEST_CASE("cuda: NVRTC's version for cache keys comes from a memo while the library is unchanged") {
    if (!have_nvrtc())
        return;
    fs::path dir = fs::temp_directory_path() / ("loom-nvrtc-id-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::path memo = dir / "nvrtc.id";
    REQUIRE(runtime::nvrtc_identity(memo) == runtime::nvrtc_version());
    std::vector<std::string> lines;
    {
        std::ifstream f(memo);
        for (std::string l; std::getline(f, l);)
            lines.push_back(l);
    }
    REQUIRE(lines.size() == 4); // $LOOM_NVRTC, the library's path, its stamp, the version
    CHECK(fs::exists(lines[1]));
    CHECK(lines[3] == runtime::nvrtc_version());
    auto rewrite = [&](const std::string &stamp, const std::string &version) {
        std::ofstream f(memo);
        f << lines[0] << "\n" << lines[1] << "\n" << stamp << "\n" << version << "\n";
    };
    // A hit believes the memo (a planted version shows it was not asked again)...
    rewrite(lines[2], "nvrtc 0.0 planted");
    CHECK(runtime::nvrtc_identity(memo) == std::string("nvrtc 0.0 planted"));
    // ...until the library's stamp differs: then NVRTC is asked and the memo rewritten.
    rewrite("1 2.3", "nvrtc 0.0 planted");
    CHECK(runtime::nvrtc_identity(memo) == runtime::nvrtc_version());
    CHECK(runtime::nvrtc_identity(memo) == runtime::nvrtc_version());
    // No cache directory: no memo read or written.
    CHECK(runtime::nvrtc_identity(fs::path()) == runtime::nvrtc_version());
    fs::remove_all(dir);
}

TEST_CASE("cuda: the source summarises the host program; the host program launches every kernel") {
    if (!have_nvrtc())
        return;
    auto c = compile_ok(checked("entry main (xs: []i32) = let s = i32.sum xs in map (+s) xs"));
    CHECK(has(c.source, "Host program of `main`"));
    REQUIRE(c.kernels.size() == 2);
    CHECK(c.kernels[0].launches.size() == 2); // k0 and k0_final
    CHECK(has(c.source, "k1<<<"));
    CHECK(has(c.host_shown, "lrt::launch(\"k0_final\""));
    CHECK(has(c.host_shown, "lrt::launch(\"k1\""));
    CHECK(has(cuda::generate(o_main(checked("entry main (xs: []i32) = map (+1) xs"))),
              "==== the host program"));
}

TEST_CASE("cuda: recursive functions, and the kernels that call them, run on the host's cores") {
    if (!have_nvrtc())
        return;
    Program p =
        checked("def fib (n: i64) : i64 = if n < 2 then n else fib (n - 1) + fib (n - 2)\n"
                "entry main (xs: []i64) = let zs = map fib (scan (+) 0 xs) in (zs, scan (+) 0 zs)");
    cuda::CudaCode c = compile_ok(p);
    // k0 (the first scan) on the device; k1 (map fib, then the scan) calls fib: on the
    // host, and said so.
    REQUIRE(c.kernels.size() == 1);
    CHECK(c.kernels[0].name == "k0");
    CHECK(
        has(c.source, "// k1 (scanomap) runs on the host's cores: it calls a recursive function"));
    CHECK(!has(c.source, "k1<<<"));
    // The host program: fib as the cpu backend makes it, k1 on OpenMP threads over ys
    // brought to the host first, its result then valid on the host only.
    CHECK(has(c.host_shown, "static void fn_fib_0(lrt::Ctx *ctx, int64_t"));
    CHECK(has(c.host_shown, "|| lrt::stack_exhausted()) lrt::fail("));
    size_t k1 = c.host_shown.find("// kernel k1");
    REQUIRE(k1 != std::string::npos);
    size_t down = c.host_shown.rfind("lrt::on_host(v", k1);
    CHECK(down != std::string::npos);
    CHECK(c.host_shown.find("lrt::launch(\"k0\"") < down);
    CHECK(has(c.host_shown.substr(k1), "lrt::par_chunks(ctx, "));
    CHECK(has(c.host_shown.substr(k1), "lrt::host_written(v"));
    std::string log;
    CHECK_MESSAGE(host_compiles(c, log), log);
    // The report: k1 on the host, built with the host program.
    cuda::CudaBuild b = cuda::compile(compiler::optimise(p, "main"));
    REQUIRE(b.report.kernels.size() == 2);
    CHECK(b.report.kernels[0].on_host.empty());
    CHECK(has(b.report.kernels[1].on_host, "it calls a recursive function"));
    CHECK(b.report.kernels[1].functions.empty());
    CHECK(b.report.kernels[1].cache != "none");
    nlohmann::json j = compiler::report_json(b.report);
    CHECK(j["kernel_list"][1]["on_host"] == b.report.kernels[1].on_host);
    CHECK(!j["kernel_list"][0].contains("on_host"));
}

TEST_CASE("cuda: radix_sort_perm runs the runtime's sort kernels; a sort in a map runs on the host") {
    if (!have_nvrtc())
        return;
    cuda::CudaCode c = compile_ok(checked("entry main (xs: []i32) = radix_sort_int i32.num_bits i32.get_bit xs"));
    // The kernels of 4-byte keys only; no iota (the indices of a sort that moves
    // nothing): the elements themselves are sorted.
    CHECK(has(c.source, "#define LOOM_WANT_SORT_4 1"));
    CHECK(!has(c.source, "#define LOOM_WANT_IOTA 1"));
    CHECK(!has(c.source, "#define LOOM_WANT_SORT_8"));
    // The keys (a u32 a key, made by k0) stay on the device for the sort, which carries
    // the i32s themselves: no gather after it.
    CHECK(has(c.host_shown, "lrt::dev_radix_sort_with(v"));
    CHECK(has(c.source, " = radix_sort_with(32i32, v")); // the summary of the host program
    CHECK(c.kernels.size() == 1);
    CHECK(c.host_shown.find("lrt::launch(\"k0\"") < c.host_shown.find("lrt::dev_radix_sort_with("));
    CHECK(!has(c.host_shown.substr(0, c.host_shown.find("lrt::dev_radix_sort_with(")), "lrt::on_host(v"));
    std::string log;
    CHECK_MESSAGE(host_compiles(c, log), log);
    cuda::CudaCode w = compile_ok(checked("entry main (xs: []u64) = radix_sort_perm 40 xs"));
    CHECK(has(w.source, "#define LOOM_WANT_SORT_8 1"));
    CHECK(has(w.source, "#define LOOM_WANT_IOTA 1"));
    CHECK(!has(w.source, "#define LOOM_WANT_SORT_4"));
    CHECK(has(w.host_shown, "lrt::dev_radix_sort_perm(v"));
    CHECK_MESSAGE(host_compiles(w, log), log);
    // Rows, or a tuple's two arrays: the permutation, then a gather (a kernel).
    cuda::CudaCode r = compile_ok(checked("entry main (ks: []u16) (m: [][2]f32) = radix_sort_with 16 ks m"));
    CHECK(has(r.host_shown, "lrt::dev_radix_sort_perm(v"));
    CHECK(r.kernels.size() == 1);
    // A sort a row: its kernel runs on the host's cores, and says why.
    cuda::CudaBuild b = cuda::compile(compiler::optimise(
        checked("entry main (m: [][]u32) = map (\\r -> radix_sort u32.num_bits u32.get_bit r) m"), "main"));
    bool said = false;
    for (const auto &k : b.report.kernels)
        said = said || has(k.on_host, "it sorts each row (radix_sort_perm)");
    CHECK(said);
}

TEST_CASE("cuda: which launches can fail, and which must wait for earlier failures") {
    if (!have_nvrtc())
        return;
    auto launch = [](const cuda::CudaCode &c, size_t k) { return c.kernels.at(k).calls.at(0); };
    // A stencil over a size-parameterised grid: no size check left in its kernel, nor the
    // rows-of-no-elements fallback (nothing in a row can fail).
    auto st =
        compile_ok(checked("entry main [n][m] (g: [n][m]f32) = tabulate_2d n m (\\i j -> "
                           "g[i64.max 0 (i - 1), j] + g[i, j] + g[i, i64.min (m - 1) (j + 1)])"));
    CHECK(!launch(st, 0).can_fail);
    CHECK(launch(st, 0).bounded);
    CHECK(has(st.host_shown, "lrt::launch(\"k0\", g_, args_, false);"));
    CHECK(!has(st.source.substr(st.source.find("kernels generated from the IR")), "check_size"));
    // A row that can fail keeps the fallback; an index read by data can fail.
    CHECK(launch(compile_ok(checked("entry main (d: i32) (n: i64) (m: i64) = "
                                    "tabulate_2d n m (\\i j -> i32.i64 (i + j) + 7 / d)")),
                 0)
              .can_fail);
    CHECK(
        launch(compile_ok(checked("entry main (xs: []i32) (is: []i64) = map (\\i -> xs[i]) is")), 0)
            .can_fail);
    // A while loop in the kernel: its work depends on data, so earlier failures are read
    // before it starts (a garbage input could keep it looping).
    auto wl =
        compile_ok(checked("entry main (xs: []i64) = map (\\x -> loop x while x > 1 do x - 2) xs"));
    CHECK(!launch(wl, 0).bounded);
    // Its loop polls for the host's stop (Note [Stopping a kernel]), which records an
    // interruption: the kernel declares the count, and its launch says so (its record
    // is read at the end, not before the next kernel of data-bound loops).
    CHECK(launch(wl, 0).polls);
    CHECK(!launch(wl, 0).can_fail);
    CHECK(has(wl.host_shown, "args_, false, false, true);"));
    CHECK(has(wl.source, "unsigned poll_ = 0;"));
    // A small loop of a constant bound does not poll (the kernel around it ends soon).
    auto small = compile_ok(checked("entry main (xs: []i64) = map (\\x -> loop s = x for i < 4 do s * 3 + i) xs"));
    CHECK(!launch(small, 0).polls);
    CHECK(!has(small.source, "unsigned poll_"));
    CHECK(has(small.host_shown, "lrt::launch(\"k0\", g_, args_, false);"));
    CHECK(!launch(compile_ok(checked("entry main (xs: []i64) = "
                                     "map (\\x -> loop s = 0 for i < x do s + i) xs")),
                  0)
               .bounded);
    CHECK(!launch(compile_ok(checked("entry main (xs: []i64) = "
                                     "map (\\x -> i64.sum (iota x)) xs")),
                  0)
               .bounded);
    CHECK(launch(compile_ok(checked("entry main (n: i64) (xs: []i64) = "
                                    "map (\\x -> loop s = x for i < n do s + i) xs")),
                 0)
              .bounded);
    // The host program reads the failures at its end, before returning its results.
    CHECK(has(st.host_shown, "lrt::check_kernels();"));
}

TEST_CASE("cuda: the prelude's clamped stencil_2d gets the hand-written stencil's kernels") {
    if (!have_nvrtc())
        return;
    // Its offsets are constants once inlined, and its clamped reads max 0 (i - 1) and
    // min (n - 1) (i + 1): unchecked, tiled through shared memory, two steps a launch.
    auto st = compile_ok(checked(
        "entry main [n][m] (k: i32) (g: [n][m]f32) = loop g for _i < k do stencil_2d #clamp "
        "(\\at -> (at (-1, 0) + at (1, 0) + at (0, -1) + at (0, 1) + at (0, 0)) * 0.2) g"));
    REQUIRE(st.kernels.size() == 1);
    REQUIRE(st.kernels[0].calls.size() == 2);
    CHECK(st.kernels[0].calls[1].steps == 2);
    CHECK(has(st.source, "k0_2("));
    CHECK(!st.kernels[0].calls[0].can_fail);
    // The other modes read through their own index arithmetic: one plain kernel each.
    for (const char *mode : {"#mirror", "#wrap", "(#constant 0)"}) {
        auto other = compile_ok(checked(std::string("entry main [n][m] (g: [n][m]f32) = stencil_2d ") +
                                        mode + " (\\at -> at (-1, 0) + at (1, 1)) g"));
        CHECK(other.kernels.size() == 1);
    }
}

TEST_CASE("cuda: a stencil loop over its own result gets a two-step kernel") {
    if (!have_nvrtc())
        return;
    const std::string step = "tabulate_2d n m (\\i j -> (g[i64.max 0 (i - 1), j] + g[i, j] + "
                             "g[i, i64.min (m - 1) (j + 1)]) * 0.5)";
    auto st = compile_ok(checked("entry main [n][m] (k: i32) (g: [n][m]f32) = "
                                 "loop g for _i < k do " + step));
    REQUIRE(st.kernels.size() == 1);
    REQUIRE(st.kernels[0].calls.size() == 2);
    CHECK(st.kernels[0].calls[0].steps == 1);
    CHECK(st.kernels[0].calls[1].steps == 2);
    CHECK(st.kernels[0].steps_loop != nullptr);
    CHECK(has(st.source, "k0_2("));
    CHECK(has(st.source, "mid0_[e_] = ")); // the first step into the intermediate tile
    CHECK(has(st.host_shown, "lrt::launch(\"k0_2\""));
    CHECK(has(st.host_shown, " + 1 < b")); // while two steps are left
    auto none = [&](const std::string &src) {
        cuda::CudaCode c = compile_ok(checked(src));
        for (const cuda::KernelDesc &k : c.kernels)
            for (const cuda::Launch &l : k.calls)
                if (l.steps > 1)
                    return false;
        return !has(c.host_shown, "_2\"");
    };
    // Not when the loop's array is read outside its tile, the loop carries more, the step
    // uses the loop's index, or the step is not over the loop's result.
    CHECK(none("entry main [n][m] (k: i32) (g: [n][m]f32) = loop g for _i < k do "
               "tabulate_2d n m (\\i j -> g[i64.max 0 (i - 1), j] + g[i, j] + g[0, 0])"));
    CHECK(none("entry main [n][m] (k: i32) (g: [n][m]f32) = loop (g, s) = (g, 0f32) for _i < k do (" +
               step + ", s + 1)"));
    CHECK(none("entry main [n][m] (k: i32) (g: [n][m]f32) = loop g for t < k do "
               "tabulate_2d n m (\\i j -> g[i64.max 0 (i - 1), j] + g[i, j] + f32.i32 t)"));
    CHECK(none("entry main [n][m] (k: i32) (g: [n][m]f32) (h: [n][m]f32) = loop x = g for _i < k do "
               "tabulate_2d n m (\\i j -> h[i64.max 0 (i - 1), j] + h[i, j] + x[i, j])"));
    // One step a launch when asked (to compare), or four (two intermediates in turn).
    bool one = [&] {
        test::ScopedEnv steps("LOOM_CUDA_STENCIL_STEPS", "1");
        return none("entry main [n][m] (k: i32) (g: [n][m]f32) = loop g for _i < k do " + step);
    }();
    auto four = [&] {
        test::ScopedEnv steps("LOOM_CUDA_STENCIL_STEPS", "4");
        return compile_ok(checked("entry main [n][m] (k: i32) (g: [n][m]f32) = loop g for _i < k do " + step));
    }();
    CHECK(one);
    REQUIRE(four.kernels.at(0).calls.size() == 2);
    CHECK(four.kernels[0].calls[1].steps == 4);
    CHECK(has(four.source, "k0_4("));
    CHECK(has(four.source, "mid1_[e_] = "));
    CHECK(has(four.host_shown, " + 3 < b"));
}

TEST_CASE("cuda: compile_entry compiles, then runs on the GPU or says why it cannot") {
    if (!have_nvrtc())
        return;
    Program p = checked("entry main (xs: []i32) = map (+1) xs");
    try {
        auto entry = compiler::compile_entry(p, "main", compiler::Backend::Cuda);
        REQUIRE(!runtime::cuda_unavailable()); // it runs only where there is a GPU
        Value r = entry->call({Value::prim_array(PrimType::I32, {3})});
        CHECK(r.flat_prim(2).u == 1);
    } catch (const CompileError &e) {
        if (runtime::cuda_unavailable())
            CHECK(e.message() == *runtime::cuda_unavailable());
        else
            FAIL("a usable GPU, but: " << e.message());
    } catch (const RuntimeError &e) {
        FAIL("the GPU failed: " << e.message());
    }
    cuda::CudaBuild b = cuda::compile(compiler::optimise(p, "main"));
    CHECK(b.report.kernels.at(0).cache != "none");
    CHECK(fs::exists(b.cubin));
    // The report says what the kernel's function uses, read from the cubin.
    REQUIRE(b.report.kernels.at(0).functions.size() == 1);
    CHECK(b.report.kernels[0].functions[0].name == "k0");
    CHECK(b.report.kernels[0].functions[0].registers > 0);
    nlohmann::json j = compiler::report_json(b.report);
    CHECK(j["kernel_list"][0]["functions"][0]["name"] == "k0");
    CHECK(j["kernel_list"][0]["functions"][0]["stack_bytes"] == 0);
}

TEST_CASE("cuda: what each kernel uses of an SM is read from its cubin") {
    if (!have_nvrtc())
        return;
    // A kernel with 400 bytes of shared memory and an array indexed at run time (local
    // memory), and one with neither.
    const char *src = "extern \"C\" __global__ void f(int *p, int i, int n) {\n"
                      "    __shared__ int s[100];\n"
                      "    int a[256];\n"
                      "    for (int j = 0; j < n; j++) a[(j * i) & 255] = p[j];\n"
                      "    s[threadIdx.x % 100] = a[i & 255];\n"
                      "    __syncthreads();\n"
                      "    p[threadIdx.x] = s[(threadIdx.x + 1) % 100];\n"
                      "}\n"
                      "extern \"C\" __global__ void g(float *x) { x[threadIdx.x] *= 2; }\n";
    runtime::NvrtcResult r = runtime::nvrtc_compile(src, "sm_90");
    INFO(r.log);
    REQUIRE(r.ok);
    std::vector<runtime::KernelUse> u = runtime::cubin_usage(r.cubin);
    auto find = [&](const std::string &name) {
        for (const runtime::KernelUse &k : u)
            if (k.name == name)
                return k;
        FAIL("no function " << name);
        return runtime::KernelUse{};
    };
    CHECK(u.size() == 2);
    runtime::KernelUse f = find("f"), g = find("g");
    CHECK(f.shared_bytes >= 400); // with the 1 KiB CUDA reserves a block from sm_80 on
    CHECK(f.shared_bytes <= 400 + 1024);
    CHECK(f.stack_bytes == 1024);
    CHECK(f.registers > 0);
    CHECK(g.shared_bytes == 0);
    CHECK(g.stack_bytes == 0);
    CHECK(g.registers > 0);
    // Anything else, or a cubin cut short or damaged: what could be read, no crash.
    CHECK(runtime::cubin_usage("").empty());
    CHECK(runtime::cubin_usage("not a cubin at all, but long enough to hold an ELF header....")
              .empty());
    for (size_t cut : {size_t(4), size_t(64), r.cubin.size() / 2, r.cubin.size() - 1})
        CHECK_NOTHROW(runtime::cubin_usage(r.cubin.substr(0, cut)));
    std::string bad = r.cubin;
    for (size_t i = 0; i < bad.size(); i += 7)
        bad[i] = (char)(bad[i] ^ 0x5a);
    CHECK_NOTHROW(runtime::cubin_usage(bad));
    // Sections claiming more bytes than the file has (a loop over them must stay in it).
    std::string huge = r.cubin;
    Elf64_Ehdr eh;
    std::memcpy(&eh, huge.data(), sizeof eh);
    for (int i = 0; i < eh.e_shnum; i++) {
        if (i == eh.e_shstrndx)
            continue; // the section names stay readable
        uint64_t size = ~0ull >> 1;
        std::memcpy(&huge[eh.e_shoff + i * eh.e_shentsize + offsetof(Elf64_Shdr, sh_size)], &size,
                    8);
    }
    CHECK(runtime::cubin_usage(huge).size() == 2); // the names are still there
}

TEST_CASE("cuda: the benchmarks' kernels keep to registers (no local memory, so no spills)") {
    if (!have_nvrtc())
        return;
    fs::path root = fs::path(__FILE__).parent_path().parent_path().parent_path() / "benchmarks";
    int functions = 0;
    for (const auto &e : fs::directory_iterator(root)) {
        if (e.path().extension() != ".fut")
            continue;
        Program p = checked(corpus::read_text(e.path()), e.path().string());
        for (const runtime::KernelUse &k :
             cuda::kernel_usage(cuda::generate_code(o_main(p)), "main")) {
            INFO(e.path().filename().string()
                 << " " << k.name << ": " << k.registers << " registers");
            CHECK(k.registers > 0);
            CHECK(k.stack_bytes == 0);
            functions++;
        }
    }
    CHECK(functions >= 12);
}

TEST_CASE("cuda: a kernel's index checks keep its indices and shapes in registers") {
    if (!have_nvrtc())
        return;
    // A failed check copies its numbers inline: a pointer to the index tuple or the
    // array's shape passed to a call kept them in local memory, stored on every element.
    for (const char *src :
         {"entry main (xs: []f32) (is: []i64) = map (\\i -> xs[i]) is",
          "entry main (a: [][]i32) = flatten a",
          "entry main (a: [][]i32) (is: []i64) (js: []i64) = map2 (\\i j -> a[i, j]) is js"}) {
        cuda::CudaCode code = cuda::generate_code(o_main(checked(src)));
        INFO(std::string(src));
        CHECK(has(code.source, "lrt::check_index("));
        for (const runtime::KernelUse &k : cuda::kernel_usage(code, "main")) {
            INFO(k.name);
            CHECK(k.stack_bytes == 0);
        }
    }
}

TEST_CASE("cuda corpus: the generated CUDA of every test program compiles with NVRTC") {
    if (!std::getenv("LOOM_CUDA_CORPUS")) {
        MESSAGE("skipped: set LOOM_CUDA_CORPUS=1 (ctest cuda-nvrtc) to compile every program");
        return;
    }
    if (!have_nvrtc())
        return;
    auto t0 = std::chrono::steady_clock::now();
    int compiled = 0, limitations = 0, unloadable = 0, hosts = 0, on_host = 0, fast = 0;
    const bool fast_compile = runtime::nvrtc_version_numbers() >= std::pair<int, int>(12, 8);
    std::set<std::string> seen_kinds;
    fs::path root = fs::path(__FILE__).parent_path().parent_path();
    for (const auto &e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file() || e.path().extension() != ".fut")
            continue;
        Program p;
        try {
            p = checked(corpus::read_text(e.path()), e.path().string());
        } catch (const std::exception &) {
            unloadable++; // error tests: programs that must not type-check
            continue;
        }
        std::vector<std::string> entries;
        for (const DeclPtr &d : p.decls) {
            const Decl *dd = d.get();
            while (dd && dd->kind == Decl::Kind::Local)
                dd = dd->inner.get();
            if (dd && dd->kind == Decl::Kind::Fun && dd->fun && (dd->fun->is_entry || dd->fun->name == "main"))
                entries.push_back(dd->fun->name);
        }
        for (const std::string &entry : entries) {
            cuda::CudaCode code;
            try {
                code = cuda::generate_code(compiler::optimise(p, entry).module);
            } catch (const CompilerLimitation &) {
                limitations++;
                continue;
            } catch (const std::exception &ex) {
                FAIL_CHECK(e.path().string() << " entry " << entry << ": " << ex.what());
                continue;
            }
            // A sample (every 8th entry, and the first with each combination of kernel
            // kinds) is compiled as the runtime compiles it, and its host program by the
            // host compiler (all of them take ~10 min on 2 cores); the rest with NVRTC's
            // fastest device code generation (-Ofc=max, NVRTC 12.8+: half the time, still
            // to a cubin through the same front end and ptxas; limits that depend on the
            // optimisation, such as registers, are the sample's to meet).
            std::string kinds;
            for (const cuda::KernelDesc &k : code.kernels)
                kinds += k.kind + ",";
            if (!code.on_host.empty())
                kinds += "and some on the host";
            on_host += (int)code.on_host.size();
            const bool sample = compiled % 8 == 0 || seen_kinds.insert(kinds).second;
            runtime::NvrtcResult r = runtime::nvrtc_compile(
                code.source, "sm_90", "loom.cu",
                sample || !fast_compile ? std::vector<std::string>{} : std::vector<std::string>{"-Ofc=max"});
            INFO(e.path().string() << " entry " << entry << ":\n" << r.log);
            CHECK(r.ok);
            compiled++;
            fast += !sample && fast_compile;
            if (sample) {
                std::string log;
                bool ok = host_compiles(code, log);
                INFO("host program of " << e.path().string() << " entry " << entry << ":\n" << log);
                CHECK(ok);
                hosts++;
            }
        }
    }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    MESSAGE("cuda corpus: " << compiled << " entry points compiled by NVRTC (" << fast
                            << " with -Ofc=max; " << hosts
                            << " host programs by the host compiler; " << on_host
                            << " kernels on the host), " << limitations << " compiler limitations, "
                            << unloadable << " programs that do not type-check, in " << s << " s");
}
