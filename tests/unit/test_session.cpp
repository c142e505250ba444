// Unit tests of the session engine (session/Session.h) beyond what the REPL transcripts
// show: top-level values computed once on the compiled backend and passed to later
// evaluations as arguments (Note [Constants computed once]), always agreeing with the
// interpreter.
#include "core/ValueIO.h"
#include "runtime/KernelCache.h"
#include "session/Session.h"

#include "ScopedEnv.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include <string>
#include <vector>

using namespace loom;
using Kind = EvalRecord::Kind;

namespace {

/** Writes `text` as the file `path` (a file the session then loads). */
void write_file(const std::string &path, const char *text) {
    FILE *f = fopen(path.c_str(), "w");
    REQUIRE(f);
    fputs(text, f);
    fclose(f);
}

/** Submits each line to a cpu session and to an interpreter session; the values (or
 * the errors) must be the same.  Returns the cpu session's records. */
std::vector<EvalRecord> both(Session &cpu, Session &interp, const std::vector<std::string> &lines) {
    std::vector<EvalRecord> out;
    for (const std::string &l : lines) {
        EvalRecord a = cpu.submit(l + "\n");
        EvalRecord b = interp.submit(l + "\n");
        INFO(l);
        INFO(a.error);
        INFO(b.error);
        CHECK(a.kind == b.kind);
        if (a.value && b.value) CHECK(value_to_string(*a.value) == value_to_string(*b.value));
        if (a.kind == Kind::Error) CHECK(a.error == b.error);
        out.push_back(a);
    }
    return out;
}

struct Sessions {
    Session cpu, interp;
    Sessions() {
        REQUIRE(cpu.submit(":backend cpu").kind == Kind::Output);
        REQUIRE(interp.submit(":backend interp").kind == Kind::Output);
    }
};

}  // namespace

TEST_CASE("session: a top-level value is computed once, then passed to compiled evaluations") {
    Sessions s;
    std::vector<EvalRecord> r = both(s.cpu, s.interp,
                                     {"let xs = scan (+) 0 (map (\\i -> i % 7) (iota 100000i64))",
                                      "i64.sum xs", "i64.maximum xs"});
    // The definition ran the scan, compiled ...
    CHECK(r[0].kind == Kind::Definitions);
    CHECK(r[0].compiled);
    REQUIRE(r[0].kernels.size() == 1);
    CHECK(r[0].kernels[0].kind == "scanomap");
    // ... and each evaluation after it is one reduction over its value, not the scan again.
    for (int i : {1, 2}) {
        REQUIRE(r[i].kernels.size() == 1);
        CHECK(r[i].kernels[0].kind == "reduce");
    }
    EvalRecord ir = s.cpu.submit(":ir i64.sum xs\n");
    CHECK(ir.output.find("fun __repl [] (xs_") != std::string::npos);
    CHECK(ir.output.find("scan") == std::string::npos);
    // :bench runs the compiled entry with the value too.
    EvalRecord bench = s.cpu.submit(":bench i64.sum xs\n");
    CHECK(bench.kind == Kind::Output);
    CHECK(bench.output.find("bench: cpu") != std::string::npos);
}

TEST_CASE("session: a loop the simplifier removes still runs compiled, not interpreted") {
    // Additions of 3: the compiled code multiplies (no loop is left, and no kernel),
    // where the interpreter would run every iteration (10^10 in the REPL took hours).
    Sessions s;
    EvalRecord r = s.cpu.submit("loop acc = 0i64 for i < 100_000i64 do acc + 3\n");
    REQUIRE(r.kind == Kind::Value);
    CHECK(r.backend == "cpu");
    REQUIRE(r.value);
    CHECK(value_to_string(*r.value) == "300000i64");
    // Straight-line code as written is still the interpreter's.
    CHECK(s.cpu.submit("1i64 + 2\n").backend == "interp");
}

TEST_CASE("session: which constants are passed, and the values agree with the interpreter") {
    Sessions s;
    both(s.cpu, s.interp,
         {"let n = 1000i64", "let t = i64.sum (map (*2) (iota n))",
          "let pair = (map (+1) (iota n), 3.5f32)", "let big = filter (\\x -> x % 3 == 0) (iota n)",
          "def f (i: i64) = big[i] + t", "f 7", "length big", "pair.0[n - 1] + t",
          "map (\\x -> x + t) big |> i64.sum", "(pair.1, i64.sum pair.0)"});
    // A cheap scalar stays a known constant; a scalar that took a kernel is passed.
    EvalRecord n = s.cpu.submit(":ir iota n\n");
    CHECK(n.output.find("fun __repl [] ()") != std::string::npos);
    EvalRecord t = s.cpu.submit(":ir t + 1\n");
    CHECK(t.output.find("(t_") != std::string::npos);
    // A tuple with an array: one parameter per leaf; an existential size: a size parameter.
    EvalRecord p = s.cpu.submit(":ir (pair.1, i64.sum pair.0, length big)\n");
    CHECK(p.output.find("pair_") != std::string::npos);
    CHECK(p.output.find("big_") != std::string::npos);
}

TEST_CASE("session: a constant used in a recursive function, and a replay after a type change") {
    Sessions s;
    std::vector<EvalRecord> r = both(s.cpu, s.interp,
         {"let t = i64.sum (map (*3) (iota 100))",
          "def r (k: i64): i64 = if k <= 0 then t else r (k - 1)", "r 4",
          "let ys = map (\\i -> i * t) (iota 50)", "def g (x: i64) = x + ys[3]", "g 1",
          // g's type changes: the session replays every definition; ys keeps its value.
          "def g (x: i32) = i64.i32 x + ys[4]", "g 1i32", "i64.sum ys"});
    CHECK(r[6].kind == Kind::Definitions);
    CHECK(r[6].kernels.empty());
    EvalRecord sum = s.cpu.submit("i64.sum ys\n");
    REQUIRE(sum.kernels.size() == 1);
    CHECK(sum.kernels[0].kind == "reduce");
}

// Note [Constants kept by a replay]: on the interpreter, a definition's run time is that of
// the constants computed (none: exactly 0); on cpu, their kernels are in its record.
TEST_CASE("session: a replay keeps the earlier constants' values, unless what they see changed") {
    Sessions s;
    std::vector<EvalRecord> r = both(
        s.cpu, s.interp,
        {"let xs = map (*3) (iota 1000)", "def f (x: i32) = x + 1", "let c = f 1",
         "let a = 1i32", "let a = f 4", "let b = i64.sum xs + i64.i32 a", "b",
         "def f (x: f32) = x", // c and the second `a` dropped: b sees the first `a`
         "b", "let bad = xs[1000]", "i64.sum xs"});
    EvalRecord again = s.interp.submit("def f (x: f64) = x\n"); // another replay
    CHECK(value_to_string(*r[6].value) == "1498505i64");
    CHECK(r[7].kind == Kind::Definitions);
    CHECK(r[7].notes.size() == 2);
    CHECK(value_to_string(*r[8].value) == "1498501i64");
    CHECK(r[9].kind == Kind::Error);
    CHECK(value_to_string(*r[10].value) == "1498500i64");
    // xs (compiled, a kernel) was kept by both replays: the type change and the error's.
    REQUIRE(r[7].kernels.size() == 1); // b, computed again after the dropped `a`
    CHECK(r[7].kernels[0].kind == "reduce");
    CHECK(again.kind == Kind::Definitions);
    CHECK(again.notes.empty());
    CHECK(again.run_ms == 0.0);  // nothing computed again
    Session interp;
    REQUIRE(interp.submit(":backend interp").kind == Kind::Output);
    interp.submit("let n = i64.sum (iota 100)\n");
    EvalRecord kept = interp.submit("def n2 (x: i32) = x\n");
    CHECK(kept.run_ms == 0.0);
    EvalRecord swap = interp.submit("def n2 (x: f32) = x\n");
    CHECK(swap.kind == Kind::Definitions);
    CHECK(swap.run_ms == 0.0);
    CHECK(value_to_string(*interp.submit("n\n").value) == "4950i64");
}

TEST_CASE("session: a reloaded file's constants, and those after it, are computed again") {
    std::string path = "/tmp/loom-session-reload-" + std::to_string(getpid()) + ".fut";
    auto write = [&](const char *text) { write_file(path, text); };
    write("def k = 2i32\ndef twice (x: i32) = 2 * x\n");
    Sessions s;
    both(s.cpu, s.interp, {"let before = i64.sum (map (*2) (iota 100))", ":load " + path,
                           "let y = twice k + i32.i64 before"});
    write("def k = 5i32\ndef twice (x: i32) = 3 * x\n");
    std::vector<EvalRecord> r = both(s.cpu, s.interp, {":reload", "y", "before"});
    std::remove(path.c_str());
    CHECK(r[0].kind == Kind::Output);
    CHECK(value_to_string(*r[1].value) == "9915i32");
    CHECK(value_to_string(*r[2].value) == "9900i64");
}

TEST_CASE("session: a file that does not check is still the one :reload loads") {
    std::string path = "/tmp/loom-session-reload-bad-" + std::to_string(getpid()) + ".fut";
    auto write = [&](const char *text) { write_file(path, text); };
    write("def f (x: i32) = x + true\n");
    Session s;
    REQUIRE(s.submit(":backend interp").kind == Kind::Output);
    CHECK(s.submit(":load " + path).kind == Kind::Error);
    write("def f (x: i32) = x + 1\n");
    EvalRecord again = s.submit(":reload");
    std::remove(path.c_str());
    CHECK(again.kind == Kind::Output);
    CHECK(value_to_string(*s.submit("f 41").value) == "42i32");
    EvalRecord arg = s.submit(":reload other.fut");
    CHECK(arg.kind == Kind::Error);
    CHECK(arg.error.find("takes no argument") != std::string::npos);
}

TEST_CASE("session: :cache clear clears the session's compiled expressions too") {
    Session s;
    REQUIRE(s.submit(":backend cpu").kind == Kind::Output);
    EvalRecord first = s.submit("map (+1) (iota 5)");
    REQUIRE(first.kind == Kind::Value);
    EvalRecord hit = s.submit("map (+1) (iota 5)");
    REQUIRE(!hit.kernels.empty());
    CHECK(hit.kernels[0].cache == "memory");
    REQUIRE(s.submit(":cache clear").kind == Kind::Output);
    EvalRecord after = s.submit("map (+1) (iota 5)");
    REQUIRE(!after.kernels.empty());
    CHECK(after.kernels[0].cache == "compiled");
}

/** Array literals are arguments of the compiled code (compiler/passes/LiftLiterals.h): a
 * new literal of the same length reuses it, and code that updates a literal in place
 * leaves the value passed as it was. */
void check_literals_reuse_code(const char *backend) {
    Session s;
    REQUIRE(s.submit(std::string(":backend ") + backend).kind == Kind::Output);
    EvalRecord first = s.submit("map (*7) [11i32, 12, 13]");
    REQUIRE(first.kind == Kind::Value);
    CHECK(value_to_string(*first.value) == "[77i32, 84i32, 91i32]");
    // Nothing read from disk or compiled (cuda: neither the kernels nor the host program).
    runtime::CacheStats before = runtime::KernelCache::global().stats();
    EvalRecord next = s.submit("map (*7) [21i32, 22, 23]");
    runtime::CacheStats after = runtime::KernelCache::global().stats();
    REQUIRE(next.kind == Kind::Value);
    CHECK(value_to_string(*next.value) == "[147i32, 154i32, 161i32]");
    REQUIRE(!next.kernels.empty());
    CHECK(next.kernels[0].cache == "memory");
    CHECK(after.misses == before.misses);
    CHECK(after.disk_hits == before.disk_hits);
    CHECK(after.memory_hits > before.memory_hits);
    EvalRecord longer = s.submit("map (*7) [1i32, 2, 3, 4]");  // its length is in the code
    REQUIRE(longer.kind == Kind::Value);
    CHECK(value_to_string(*longer.value) == "[7i32, 14i32, 21i32, 28i32]");
    // Updated in place by a loop, twice: the literal's value is the same at each call.
    for (int i = 0; i < 2; i++) {
        EvalRecord u = s.submit("loop xs = [1i32, 2, 3] for i < 3 do xs with [i] = xs[i] * 10");
        REQUIRE(u.kind == Kind::Value);
        CHECK(value_to_string(*u.value) == "[10i32, 20i32, 30i32]");
    }
    // Inside a kernel's function, and in a definition.
    EvalRecord k = s.submit("map (\\i -> [5i64, 6, 7][i % 3] * i) (iota 5)");
    REQUIRE(k.kind == Kind::Value);
    CHECK(value_to_string(*k.value) == "[0i64, 6i64, 14i64, 15i64, 24i64]");
    REQUIRE(s.submit("let ys = scan (+) 0 [1f32, 2, 3]").kind == Kind::Definitions);
    CHECK(value_to_string(*s.submit("ys").value) == "[1.0f32, 3.0f32, 6.0f32]");
}

TEST_CASE("session: a new array literal reuses the compiled code (cpu)") {
    check_literals_reuse_code("cpu");
}

TEST_CASE("session: a new array literal reuses the compiled code (emulated GPU)") {
    test::ScopedEnv emulate("LOOM_CUDA_EMULATE", "1");
    check_literals_reuse_code("cuda");
}

TEST_CASE("session: a function value is shown on every backend (the interpreter holds it)") {
    Sessions s;
    std::vector<EvalRecord> r = both(s.cpu, s.interp,
                                     {"def f (x: f32) = x * 2", "f", "(f, map (+1) (iota 3))",
                                      "\\(x: i32) -> x", "map f [1, 2]"});
    for (int i : {1, 2, 3}) {
        INFO(i);
        REQUIRE(r[i].kind == Kind::Value);  // on cpu: "compiler limitation" before
        CHECK(r[i].backend == "interp");
    }
    CHECK(value_to_string(*r[2].value) == "(<function>, [1i64, 2i64, 3i64])");
    CHECK(r[4].backend == "cpu");
}

TEST_CASE("session: a failing constant leaves the session as it was") {
    Sessions s;
    std::vector<EvalRecord> r =
        both(s.cpu, s.interp,
             {"let xs = map (*2) (iota 10)", "let bad = map (\\i -> 10 / i) (iota 3)", "bad",
              "i64.sum xs"});
    CHECK(r[1].kind == Kind::Error);
    CHECK(r[1].error.find("division by zero") != std::string::npos);
    CHECK(r[1].error_loc.line == 1);
    CHECK(r[1].error_loc.col == 22);
    CHECK(r[2].kind == Kind::Error);  // never defined
    CHECK(r[3].kind == Kind::Value);
}

TEST_CASE("session: on the (emulated) GPU, a top-level value stays on the device") {
    test::ScopedEnv emulate("LOOM_CUDA_EMULATE", "1");
    {
        Session s;
        REQUIRE(s.submit(":backend cuda").kind == Kind::Output);
        EvalRecord d = s.submit("let xs = scan (+) 0 (map (\\i -> i % 7) (iota 20001i64))\n");
        REQUIRE(d.kind == Kind::Definitions);
        CHECK(d.backend == "cuda");
        CHECK(d.downloads == 0);  // not until the host reads it
        for (const char *e : {"i64.sum xs\n", "i64.maximum xs\n"}) {
            EvalRecord r = s.submit(e);
            REQUIRE(r.kind == Kind::Value);
            CHECK(r.uploads == 0);  // xs is still on the device
            CHECK(r.kernels.size() == 1);
        }
        // Read by the interpreter: an element alone comes down, counted and said.
        REQUIRE(s.submit(":backend interp").kind == Kind::Output);
        EvalRecord y = s.submit("xs[7] + 1\n");
        REQUIRE(y.kind == Kind::Value);
        CHECK(y.value->prim().i == 22);
        CHECK(y.downloads == 1);
        CHECK(y.download_bytes == 8);
        REQUIRE(y.notes.size() == 1);
        CHECK(y.notes[0].rfind("read from the GPU: 1 download (8 B, ", 0) == 0);
        REQUIRE(s.submit(":backend cuda").kind == Kind::Output);
        // Its elements read (by the host program, element by element), then the whole
        // value (shown: downloaded then).
        EvalRecord x = s.submit("(xs[6], xs[19999])\n");
        REQUIRE(x.kind == Kind::Value);
        CHECK(x.value->elems().at(0).prim().i == 21);
        CHECK(x.value->elems().at(1).prim().i == 59997);
        x = s.submit("xs\n");
        REQUIRE(x.kind == Kind::Value);
        CHECK(x.value->flat_prim(19999).i == 59997);
        CHECK(x.downloads == 0);  // the argument itself, shared: nothing to copy
        x = EvalRecord();
        EvalRecord c = s.submit(":cache\n");
        CHECK(c.output.find("emulated GPU: 1 array kept for later evaluations (156.3 KiB)") !=
              std::string::npos);
        // A small result comes down whole when shown: counted with its evaluation.
        EvalRecord small = s.submit("map (*2) (take 100 xs)\n");
        REQUIRE(small.kind == Kind::Value);
        CHECK(small.downloads == 1);
        CHECK(small.download_bytes == 800);
        CHECK(!small.value->buffer()->pending());
        EvalRecord large = s.submit("map (*2) xs\n"); // shown abbreviated: later, by elements
        REQUIRE(large.kind == Kind::Value);
        CHECK(large.downloads == 0);
        CHECK(large.value->buffer()->pending());
        large = small = EvalRecord();
        // Redefined, the old value's copy is no longer counted (and goes at the next call).
        s.submit("let xs = iota 10i64\n");
        c = s.submit(":cache\n");
        CHECK(c.output.find("emulated GPU: 0 arrays kept") != std::string::npos);
    }
}

TEST_CASE("session: a redefined function or value is what earlier functions use, compiled too") {
    Sessions s;
    std::vector<EvalRecord> r = both(
        s.cpu, s.interp,
        {"def f (x: i32) : i32 = x + 1", "def g (x: i32) : i32 = f x * 10", "g 1",
         "def f (x: i32) : i32 = x + 2", "g 1", "let a = iota 5", "def h (i: i64) = a[i]",
         "let a = map (*10) (iota 5)", "h 2", "def reduce (x: i32) = x", "i32.sum [1, 2, 3]"});
    CHECK(value_to_string(*r[2].value) == "20i32");
    CHECK(value_to_string(*r[4].value) == "30i32");
    CHECK(value_to_string(*r[8].value) == "20i64");
    CHECK(value_to_string(*r[10].value) == "6i32");
}

TEST_CASE("session: a dropped dependent's note names its place only where the place says something") {
    // Typed inputs (the REPL's `<repl>`, Jupyter's `<cell>`) each start at their own line 1.
    for (const char *typed : {"<repl>", "<cell>"}) {
        Session s;
        REQUIRE(s.submit("def f (x: i32) = x + 1", typed).kind == Kind::Definitions);
        REQUIRE(s.submit("def g (x: i32) = f x", typed).kind == Kind::Definitions);
        EvalRecord r = s.submit("def f (x: f32) = x", typed);
        REQUIRE(r.notes.size() == 1);
        CHECK(r.notes[0] == "dropped `g`: it used the earlier `f`, now redefined (define it again to use the new one)");
    }
    Session s;
    REQUIRE(s.submit("def f (x: i32) = x + 1", "s.loom", 1).kind == Kind::Definitions);
    REQUIRE(s.submit("def g (x: i32) = f x", "s.loom", 2).kind == Kind::Definitions);
    EvalRecord r = s.submit("def f (x: f32) = x", "s.loom", 3);
    REQUIRE(r.notes.size() == 1);
    CHECK(r.notes[0].rfind("dropped `g` (s.loom:2:1): it used the earlier `f`", 0) == 0);
}

TEST_CASE("session: traces are the record's, in order, at most 1000, and none survive to the next input") {
    Session s;
    REQUIRE(s.submit(":backend interp").kind == Kind::Output);
    EvalRecord r = s.submit("map (\\x -> #[trace(x)] x) (iota 1002)\n");
    REQUIRE(r.kind == Kind::Value);
    REQUIRE(r.traces.size() == 1001);
    CHECK(r.traces[0] == "x: 0i64");
    CHECK(r.traces[999] == "x: 999i64");
    CHECK(r.traces[1000] == "... and 2 more traces");
    CHECK(s.submit("1 + 1\n").traces.empty());
    // A replay (a redefinition of another type) keeps the hook: the new constant traces.
    REQUIRE(s.submit("def c = #[trace(c)] 1i32\n").traces == std::vector<std::string>{"c: 1i32"});
    EvalRecord again = s.submit("def c = #[trace(c)] 2i64\n");
    CHECK(again.traces == std::vector<std::string>{"c: 2i64"});
    // A trace in a map's function on a sample row (a map over no rows) prints nothing.
    CHECK(s.submit("map (\\(r: []i32) -> #[trace] map (+1) r) (replicate 0 (replicate 3 1i32))\n").traces.empty());
}

TEST_CASE("session: a #[break] stops with its locals, answers expressions over them, and goes on") {
    Session s;
    std::vector<std::string> lines;
    std::vector<EvalRecord> shown;
    size_t next = 0;
    s.set_break_io(BreakIO{[&](const std::string &prompt) -> std::optional<std::string> {
                               CHECK(prompt == "break> ");
                               if (next == lines.size()) return std::nullopt;
                               return lines[next++];
                           },
                           [&](const EvalRecord &r) { shown.push_back(r); }});
    REQUIRE(s.submit("def g (n: i32) = #[break] n - 1\n").kind == Kind::Definitions);
    REQUIRE(s.submit("def f (xs: []i32) (k: i32) = map (\\x -> #[trace(t)] #[break] x * k) xs\n").kind ==
            Kind::Definitions);
    // The first row: an expression over the locals, a call of g (whose own break does not
    // stop meanwhile), an error, a command it does not take, then :continue; the second
    // row: :skip, so the third does not stop.
    lines = {"x * 100 + k", "g 5", "x + true", ":type x", ":continue", ":skip"};
    EvalRecord r = s.submit("f [1, 2, 3] 10\n");
    REQUIRE(r.kind == Kind::Value);
    CHECK(value_to_string(*r.value) == "[10i32, 20i32, 30i32]");
    REQUIRE(shown.size() == 6);
    CHECK(shown[0].output.find("-- stopped at `#[break]` (<repl>:1:") == 0);
    CHECK(shown[0].output.find("locals: xs : [3]i32, k : i32, x : i32") != std::string::npos);
    CHECK(value_to_string(*shown[1].value) == "110i32");
    CHECK(value_to_string(*shown[2].value) == "4i32");
    CHECK(shown[3].kind == Kind::Error);
    CHECK(shown[3].error.find("<break>:1:5: error") == 0);
    CHECK(shown[4].kind == Kind::Error);
    // The second stop shows the trace of the first row, made after the first stop.
    CHECK(shown[5].traces == std::vector<std::string>{"t: 10i32"});
    CHECK(r.traces == std::vector<std::string>{"t: 20i32", "t: 30i32"});
    // End of input at the prompt goes on; the next evaluation stops again (:skip is per
    // evaluation).
    shown.clear();
    lines = {};
    next = 0;
    CHECK(value_to_string(*s.submit("f [4] 1\n").value) == "[4i32]");
    CHECK(shown.size() == 1);
    // :stop ends the evaluation as Ctrl-C does; the session goes on.
    lines = {":stop"};
    next = 0;
    EvalRecord stopped = s.submit("f [4] 1\n");
    CHECK(stopped.kind == Kind::Error);
    CHECK(stopped.interrupted);
    CHECK(value_to_string(*s.submit("g 3\n").value) == "2i32");
    // A stop inside `f32.(...)`, whose `e` is f32.e (the open shadows the parameter, as
    // in Futhark): the prompt's names are not looked up in f32, so `e` is the parameter.
    shown.clear();
    lines = {"e * 2"};
    next = 0;
    REQUIRE(s.submit("def h (e: f32) = f32.(#[break] sqrt e)\n").kind == Kind::Definitions);
    CHECK(value_to_string(*s.submit("h 4\n").value) == "1.6487212f32");
    REQUIRE(shown.size() == 2);
    CHECK(value_to_string(*shown[1].value) == "8.0f32");
    // :bench's runs do not stop.
    REQUIRE(s.submit(":backend interp").kind == Kind::Output);
    shown.clear();
    lines = {":stop"};
    next = 0;
    CHECK(s.submit(":bench f [1] 1\n").kind == Kind::Output);
    CHECK(shown.empty());
}

TEST_CASE("session: without a prompt a #[break] does not stop, and a note says so") {
    Session s;
    REQUIRE(s.submit(":backend interp").kind == Kind::Output);
    EvalRecord r = s.submit("map (\\x -> #[break] x + 1) [1, 2]\n");
    REQUIRE(r.kind == Kind::Value);
    REQUIRE(r.notes.size() == 1);
    CHECK(r.notes[0].find("did not stop") != std::string::npos);
}

TEST_CASE("session: inspection finds the name, the operator or the function applied at the cursor") {
    Session s;
    REQUIRE(s.submit("-- | Adds one.\ndef add1 (x: i32) = x + 1\n").kind == Kind::Definitions);
    auto at_end = [&](const std::string &text) { return s.inspect(text, text.size()); };
    for (const char *text : {"add1", "add1 3", "add1 (2 + 1) ", "map add1 xs |> add1 3", "let y = add1 3",
                             "1 +\n  add1 3"}) {
        INFO(text);
        std::optional<std::string> d = at_end(text);
        REQUIRE(d);
        CHECK(d->find("add1 : i32 -> i32") == 0);
        CHECK(d->find("Adds one.") != std::string::npos);
    }
    CHECK(at_end("f32.sqrt 2")->find("f32.sqrt : f32 -> f32") == 0);
    CHECK(s.inspect("map add1 xs", 6)->find("add1") == 0);  // the name at the cursor first
    CHECK_FALSE(at_end("def z = 1\n3"));                        // a new chunk's start is no call
    CHECK_FALSE(at_end("f32.sqrt (nosuch"));                     // inside brackets: their call
    CHECK(at_end("(+)")->find("(+) : t -> t -> t") == 0);
    CHECK(at_end("1 +")->find("(+) : t -> t -> t") == 0);
    CHECK(s.inspect("xs |> f", 4)->find("|> 'a 'b") == 0);
}

TEST_CASE("session: describe gives the built-in operators' types") {
    Session s;
    std::optional<std::string> plus = s.describe("+");
    REQUIRE(plus);
    CHECK(plus->find("(+) : t -> t -> t\n\na built-in operator, for t any of i8, i16, i32, i64, u8, u16, u32, "
                     "u64, f16, f32, f64") == 0);
    CHECK(s.describe("<")->find("(<) : t -> t -> bool") == 0);
    CHECK(s.describe("&")->find("for t any of i8, i16, i32, i64, u8, u16, u32, u64 (") != std::string::npos);
    CHECK(s.describe("==")->find("(==) : t0 -> t0 -> bool") == 0);
    CHECK(s.describe("&&")->find("(&&) : bool -> bool -> bool") == 0);
    CHECK_FALSE(s.describe("->"));
    EvalRecord doc = s.submit(":doc (+)");
    CHECK(doc.kind == Kind::Output);
    CHECK(doc.output == *plus);
}

TEST_CASE("session: record fields complete after `p.`") {
    Session s;
    REQUIRE(s.submit("let p = {xa = 1, xb = 2f32, t = (1, true)}\n").kind == Kind::Definitions);
    CHECK(s.completions("p.") == std::vector<std::string>{"p.t", "p.xa", "p.xb"});
    CHECK(s.completions("p.x") == std::vector<std::string>{"p.xa", "p.xb"});
    CHECK(s.completions("p.t.") == std::vector<std::string>{"p.t.0", "p.t.1"});
    CHECK(s.completions("nosuch.").empty());
}

TEST_CASE("session: a pattern's definition names its names, not the pattern") {
    Session s;
    EvalRecord r = s.submit("let (a, (b, c)) = (1, (2, 3))\n");
    REQUIRE(r.kind == Kind::Definitions);
    CHECK(r.defined == std::vector<std::string>{"a", "b", "c"});
    CHECK(value_to_string(*s.submit("c\n").value) == "3i32");
}

TEST_CASE("session: evaluate takes an expression alone and changes nothing") {
    Session s;
    REQUIRE(s.submit("def x = 21\n").kind == Kind::Definitions);
    EvalRecord r = s.evaluate("x * 2");
    REQUIRE(r.kind == Kind::Value);
    CHECK(value_to_string(*r.value) == "42i32");
    CHECK(s.evaluate("let y = 1 in y + x").kind == Kind::Value);
    for (const char *text : {"def y = 1", "let y = 1", ":backend cpu", "type t = i32"}) {
        INFO(text);
        EvalRecord e = s.evaluate(text);
        CHECK(e.kind == Kind::Error);
    }
    CHECK(s.submit("y\n").kind == Kind::Error);
    CHECK(s.backend() == "auto");
    CHECK(s.evaluate("x +").kind != Kind::Value);
}

TEST_CASE("session: show_value hands a :print's text over in pieces, and stops where told") {
    Value v = *Session().submit("iota 100000\n").value;
    std::string all;
    int pieces = 0;
    WrittenText w = show_value(v, true, [&](std::string_view p) {
        all += p;
        ++pieces;
        return true;
    });
    CHECK(w.complete);
    CHECK(all == value_to_string(v));
    CHECK(pieces > 1);
    std::string some;
    w = show_value(v, true, [&](std::string_view p) {
        some += p;
        return some.size() < 100000;
    });
    CHECK_FALSE(w.complete);
    CHECK(some.size() < 200000);
    CHECK(w.prims > 0);
    CHECK(w.prims < 100000);
    all.clear();
    show_value(v, false, [&](std::string_view p) {
        all += p;
        return true;
    });
    CHECK(all == format_value_abbrev(v));
}

TEST_CASE("session: :check of an expression that fails compares each backend's failure") {
    // Note [Checking the backends]: the interpreter's error, with its place and caret, then
    // each compiled backend failing too (agrees) or giving a value (differs).  The cuda
    // backend is emulated, so that its line compares too.
    test::ScopedEnv emulate("LOOM_CUDA_EMULATE", "1");
    Session s;
    REQUIRE(s.submit("def xs = [1i32, 2, 3]").kind == Kind::Definitions);
    EvalRecord r = s.submit(":check map (\\i -> xs[i]) [0, 3]");
    INFO(r.error);
    REQUIRE(r.kind == Kind::Output);
    INFO(r.output);
    CHECK(r.output.rfind("interp: <repl>:1:19: runtime error: Index [3] out of bounds", 0) == 0);
    CHECK(r.output.find("\n         map (\\i -> xs[i]) [0, 3]\n                    ^^^^^\n") !=
          std::string::npos);
    CHECK(r.output.find("\ncpu:    fails too, with the same error  -- agrees") != std::string::npos);
    CHECK(r.output.find("\ncuda:   fails too, with the same error  -- agrees") != std::string::npos);

    // Code with nothing to compile, which a compiled backend leaves to the interpreter, is
    // compiled all the same: each line compares two implementations.
    runtime::CacheStats before = runtime::KernelCache::global().stats();
    EvalRecord index = s.submit(":check xs[5]");
    runtime::CacheStats after = runtime::KernelCache::global().stats();
    REQUIRE(index.kind == Kind::Output);
    CHECK(index.output.find("Index [5] out of bounds") != std::string::npos);
    CHECK(index.output.find("\ncpu:    fails too") != std::string::npos);
    CHECK(after.misses + after.disk_hits + after.memory_hits >
          before.misses + before.disk_hits + before.memory_hits);

    // A value where the interpreter fails is a difference (`#[unsafe]` leaves the compiled
    // code's assertion out), and :check is an error.
    EvalRecord d = s.submit(":check #[unsafe] assert (length xs > 5) 7");
    REQUIRE(d.kind == Kind::Error);
    INFO(d.error);
    CHECK(d.error.rfind("error: the backends differ:\ninterp: <repl>:1:18: runtime error: Assertion", 0) == 0);
    CHECK(d.error.find("\ncpu:    7i32  -- DIFFERS: the interpreter fails") != std::string::npos);
    CHECK(d.error.find("\ncuda:   7i32  -- DIFFERS: the interpreter fails") != std::string::npos);
    CHECK(d.error.find("round differently") == std::string::npos);

    // The session goes on, and a value still agrees.
    EvalRecord ok = s.submit(":check i32.sum xs");
    REQUIRE(ok.kind == Kind::Output);
    CHECK(ok.output == "interp: 6i32\ncpu:    6i32  -- agrees\ncuda:   6i32  -- agrees");
}

TEST_CASE("session: a line that no input starts with goes on with the input before it") {
    // Note [Lines that go on].
    for (const char *l : {"  x", "\tx", "case 1 -> 2", "case", "then 1", "else 2", "in x + 1",
                          "do x", "with [0] = 1", "|> map f", "+ 1", "== 2", "&& b", "* 2"})
        CHECK_MESSAGE(Session::continues_input(l), l);
    for (const char *l : {"", "   ", "x", "cases", "case'", "inx", "-1", "!b", "-- comment",
                          ":type x", "def f = 1", "#[trace] x", "(+) 1 2", "match x"})
        CHECK_MESSAGE(!Session::continues_input(l), l);

    Session s;
    // A dangling `case` at column 0 is unfinished, as an indented one is; a complete match
    // followed by more cases at column 0 is one chunk.
    CHECK_FALSE(s.is_complete("match 1\ncase"));
    std::vector<InputChunk> chunks = s.split("def f (x: i32) = match x\ncase 1 -> 2\ncase");
    REQUIRE(chunks.size() == 1);
    CHECK_FALSE(s.is_complete(chunks[0].text));
    chunks = s.split("def f (x: i32) = match x\ncase 1 -> 2\ncase _ -> 3\nf 1\n:type f\nlet y = 2\n"
                     "in y * 10\n[1, 2]\n|> map (+1)\n-1\n");
    REQUIRE(chunks.size() == 6);
    CHECK(chunks[0].text == "def f (x: i32) = match x\ncase 1 -> 2\ncase _ -> 3\n");
    CHECK(chunks[1].text == "f 1\n");
    CHECK(chunks[2].text == ":type f");
    CHECK(chunks[3].text == "let y = 2\nin y * 10\n");
    CHECK(chunks[3].first_line == 6);
    CHECK(chunks[4].text == "[1, 2]\n|> map (+1)\n");
    CHECK(chunks[5].text == "-1\n");
    std::vector<std::string> values;
    for (const InputChunk &c : chunks) {
        EvalRecord r = s.submit(c.text, "<cell>", c.first_line);
        INFO(c.text);
        INFO(r.error);
        CHECK(r.kind != Kind::Error);
        if (r.value) values.push_back(value_to_string(*r.value));
    }
    CHECK(values == std::vector<std::string>{"2i32", "20i32", "[2i32, 3i32]", "-1i32"});

    // A command's expression goes on as an input's does, and is unfinished while it is;
    // commands of other arguments, and one without, are complete.
    CHECK_FALSE(s.is_complete(":type map (\\k ->"));
    CHECK_FALSE(s.is_complete(":time def f (x: i32) ="));
    CHECK(s.is_complete(":type map (\\k ->\n  k + 1) [1]"));
    CHECK(s.is_complete(":load (unclosed"));
    CHECK(s.is_complete(":time"));
    chunks = s.split(":type map (\\k ->\n    k + 1)\n  [1, 2]\n:backend interp\n  |> f\n:time\n1\n");
    REQUIRE(chunks.size() == 4);
    CHECK(chunks[0].text == ":type map (\\k ->\n    k + 1)\n  [1, 2]");
    CHECK(chunks[1].text == ":backend interp\n  |> f");  // (its argument then says what is wrong)
    CHECK(chunks[2].text == ":time");
    CHECK(chunks[3].first_line == 7);
    EvalRecord t = s.submit(chunks[0].text, "<cell>", 1);
    REQUIRE(t.kind == Kind::Output);
    CHECK(t.output.find(": [2]i32") != std::string::npos);
}
