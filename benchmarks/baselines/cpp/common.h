/** \file
 * Shared harness of the hand-written C++ baselines: reads the inputs from a file in
 * Futhark's binary data format (what benchmarks/run.py writes), times the computation R
 * times, writes the last run's results in the same format, and prints the timings as JSON
 * in the shape `loom bench` prints, so the runner treats every implementation alike.
 *
 *   ./name INPUT [--runs R] [--warmup W] [--output FILE]
 *
 * A baseline defines `std::vector<Array> compute(const std::vector<Array> &inputs)`
 * and calls `bench_main` from main.  Parallelism is OpenMP (one thread per core unless
 * OMP_NUM_THREADS says otherwise).
 */
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <omp.h>
#include <sys/mman.h>

/** An array (or a scalar: rank 0) of one primitive type, its buffer left uninitialised
 * on creation so that output allocation costs what it costs in Loom. */
struct Array {
    std::string type;  ///< Futhark's 4-character type name: " f32", " i32", " i64"
    std::vector<int64_t> shape;
    std::shared_ptr<char[]> bytes;

    static size_t elem_size(const std::string &t) {
        if (t == " f32" || t == " i32" || t == " u32") return 4;
        if (t == " f64" || t == " i64" || t == " u64") return 8;
        if (t == "  i8" || t == "  u8" || t == "bool") return 1;
        if (t == " i16" || t == " u16" || t == " f16") return 2;
        throw std::runtime_error("unsupported element type `" + t + "`");
    }
    int64_t size() const {
        int64_t n = 1;
        for (int64_t d : shape) n *= d;
        return n;
    }
    size_t nbytes() const { return (size_t)size() * elem_size(type); }

    Array() = default;
    Array(std::string t, std::vector<int64_t> s) : type(std::move(t)), shape(std::move(s)) {
        bytes = std::shared_ptr<char[]>(allocate(nbytes()), std::free);
    }

    /** Large buffers on transparent huge pages, as NumPy allocates them (it advises
     * MADV_HUGEPAGE from 4 MiB): first-touch page faults on 4 KiB pages otherwise cost
     * more than a memory-bound loop itself (40 MB: ~50 ms against ~4 ms on a VM). */
    static char *allocate(size_t n) {
        const size_t huge = 2u << 20;
        if (n < 2 * huge) return static_cast<char *>(std::malloc(std::max<size_t>(n, 1)));
        size_t rounded = (n + huge - 1) / huge * huge;
        char *p = static_cast<char *>(std::aligned_alloc(huge, rounded));
        if (p) madvise(p, rounded, MADV_HUGEPAGE);
        return p;
    }
    template <class T> T *as() { return reinterpret_cast<T *>(bytes.get()); }
    template <class T> const T *as() const { return reinterpret_cast<const T *>(bytes.get()); }
    template <class T> T scalar() const { return *as<T>(); }
};

/** Reads every value of a file in Futhark's binary data format. */
inline std::vector<Array> read_values(const std::string &path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw std::runtime_error("cannot read " + path);
    std::vector<Array> vals;
    char b;
    while (f.get(b)) {
        if (b == ' ' || b == '\n' || b == '\t' || b == '\r') continue;
        if (b != 'b') throw std::runtime_error(path + ": not in the binary data format");
        char version = 0, rank = 0, type[5] = {};
        f.get(version);
        f.get(rank);
        f.read(type, 4);
        std::vector<int64_t> shape((size_t)rank);
        for (auto &d : shape) f.read(reinterpret_cast<char *>(&d), 8);
        Array a(type, shape);
        f.read(a.bytes.get(), (std::streamsize)a.nbytes());
        if (!f) throw std::runtime_error(path + ": truncated value");
        vals.push_back(std::move(a));
    }
    return vals;
}

inline void write_values(const std::string &path, const std::vector<Array> &vals) {
    std::ofstream f(path, std::ios::binary);
    for (const Array &a : vals) {
        f.put('b');
        f.put(2);
        f.put((char)a.shape.size());
        f.write(a.type.data(), 4);
        for (int64_t d : a.shape) f.write(reinterpret_cast<const char *>(&d), 8);
        f.write(a.bytes.get(), (std::streamsize)a.nbytes());
    }
    if (!f) throw std::runtime_error("cannot write " + path);
}

inline int bench_main(int argc, char **argv,
                      const std::function<std::vector<Array>(const std::vector<Array> &)> &compute) {
    std::string input, output;
    int runs = 10, warmup = 0;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--runs" && i + 1 < argc) runs = std::atoi(argv[++i]);
        else if (a == "--warmup" && i + 1 < argc) warmup = std::atoi(argv[++i]);
        else if (a == "--output" && i + 1 < argc) output = argv[++i];
        else input = a;
    }
    try {
        std::vector<Array> in = read_values(input);
        std::vector<Array> out;
        std::vector<double> ms;
        for (int r = 0; r < warmup; ++r) out = compute(in);
        for (int r = 0; r < runs; ++r) {
            auto t0 = std::chrono::steady_clock::now();
            out = compute(in);
            auto t1 = std::chrono::steady_clock::now();
            ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        }
        if (!output.empty()) write_values(output, out);
        std::printf("{\"threads\": %d, \"times_ms\": [", omp_get_max_threads());
        for (size_t i = 0; i < ms.size(); ++i) std::printf("%s%.6f", i ? ", " : "", ms[i]);
        std::printf("]}\n");
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s: %s\n", argv[0], e.what());
        return 1;
    }
    return 0;
}

/** The first `threads` × chunk split of [0, n): chunk t is [begin(t), begin(t + 1)). */
inline int64_t chunk_begin(int64_t n, int t, int threads) { return n * t / threads; }
