#!/usr/bin/env python3
"""Differential fuzzing of the session engine: random REPL scripts (definitions,
redefinitions that change or keep a type, modules, failing constants, uses of what is
defined, commands) run by `loom --run - --keep-going` on the interpreter and on a
compiled backend; the two transcripts must be the same but for the compiled backend's
summary lines (and cuda's notes of downloads), and neither may crash or report an
internal error.  `--backend cuda` without a GPU needs LOOM_CUDA_EMULATE=1.

    tests/fuzz/session_fuzz.py [--loom build/loom] [--seed 1] [--count 20] [--backend cpu]

A failing script (and the file of definitions it loads) is written to --keep DIR (default
/tmp) with the two transcripts' difference, so it reproduces with
`loom --run FILE --keep-going`.
"""
import argparse
import difflib
import os
import random
import subprocess
import sys
import tempfile

# Types with a literal, and functions of each type to itself.
TYPES = {
    'i32': ['1i32', '7i32', '-3i32'],
    'i64': ['2i64', '40i64'],
    'f32': ['1.5f32', '-0.25f32'],
    '[3]i32': ['[1i32, 2, 3]', '[4i32, 5, 6]'],
    '[]i64': ['iota 5', 'map (*3) (iota 4)', 'filter (> 2) (iota 9)'],
    'bool': ['true', 'false'],
    '(i32, f32)': ['(1i32, 2f32)'],
    '{x: i32, y: []f32}': ['{x = 1i32, y = [2f32, 3]}', '{y = ([] : []f32), x = -1i32}'],
    'opt': ['(#some 3i32 : opt)', '(#none : opt)'],
    'aopt': ['(#some (iota 3) : aopt)', '(#none : aopt)',
             '((let m = 4 in if m > 2 then #some (filter (> 1) (iota m)) else #none) : aopt)'],
}
BODIES = {
    'i32': ['x + 1', 'x * x', 'x / 2', 'loop acc = x for i < 10 do acc + i32.i64 i'],
    'i64': ['x - 1', 'x % 5'],
    'f32': ['x * 2', 'f32.sqrt (f32.abs x)'],
    '[3]i32': ['map (+1) x', 'reverse x', 'loop acc = x for _i < 3 do map (+1) acc',
               'map i32.sum (tabulate_2d 3 2 (\\i j -> x[i] * i32.i64 j))'],
    '[]i64': ['map (*2) x', 'scan (+) 0 x', 'filter (\\y -> y % 2 == 0) x',
               'loop acc = x while length acc > 0 && length acc < 20 do acc ++ acc',
               'map (\\y -> loop z = y while z > 1 do z / 2) x',
               'fold_seg (+) 0 [1, length x - 1] x',
               'if length x > 2 then x[1:] else x', 'if length x == 0 then x else reverse x',
               'radix_sort_int i64.num_bits i64.get_bit (map (\\y -> y * 7 % 11 - 5) x)',
               'map (\\i -> x[i]) (radix_sort_perm 2 x)'],
    'bool': ['!x'],
    '(i32, f32)': ['(x.0 + 1, x.1)'],
    '{x: i32, y: []f32}': ['x with x = x.x + i32.i64 (length x.y)', '{x = x.x, y = map (*2) x.y}'],
    'opt': ['match x case #some v -> #some (v * 2) case #none -> #some 0'],
    'aopt': ['(match x case #some v -> #some (map (+1) v) case #none -> #some (iota 2)) : aopt',
             '(match x case #some v -> if length v > 3 then #none else #some (v ++ v) case #none -> #none) : aopt',
             '(match x case #some v -> if length v > 2 then #some v[1:] else #some (v ++ [7]) case #none -> #some [1]) : aopt'],
}
NAMES = ['a', 'b', 'c', 'f', 'g', 'xs', 'ys']
# Size-polymorphic functions of []i64 to itself: the size rules (DESIGN.md §3), with `if`s
# whose branches must agree on a size.
SIZED = ['[n] (x: [n]i64) : [n]i64 = if n > 2 then reverse x else map (+n) x',
         '[n] (x: [n]i64) : [n]i64 = map2 (+) x (iota n)',
         '[n] (x: [n]i64) : [n]i64 = let y = if n > 0 then x[n-1] else 0 in map (+y) x',
         '[n] (x: [n]i64) : [n]i64 = (unzip (zip x (reverse x))).1',
         '[n] (x: [n]i64) : [n]i64 = if n > 1 then x with [0] = x[1] else x',
         '(x: []i64) = let m = length x in if m > 2 then x[:m-1] else x',
         '(x: []i64) : []i64 = if length x > 3 then take 3 x else x ++ x']
# Recursive ones (`{f}`: the function's own name): results of other sizes than the
# argument's, written or not (Note [Recursive results]).
RECURSIVE = ['[n] (x: [n]i64) = if n < 3 then x else {f} (tail x)',
             '(x: []i64) = if length x % 2 == 1 || length x == 0 then x else {f} (init x)',
             '[n] (x: [n]i64) : [n]i64 = if n < 2 || x[0] > 5 then x else {f} (map (+ 2) x)',
             '(x: []i64) : []i64 = if length x > 6 then x else {f} (x ++ [length x])',
             '(x: []i64) = {f}_go (\\y -> y * 2 + length x) x']
# The recursive function taking a function that the last one calls (what the lambda
# captures becomes a parameter of the compiled function).
HOF_HELPER = 'def {f}_go (g: i64 -> i64) (x: []i64) : []i64 = if length x > 5 then x else {f}_go g (x ++ [g (length x)])'


class Script:
    def __init__(self, rng):
        self.rng = rng
        self.vals = {}  # name -> type, as the script last defined it (maybe dropped since)
        self.funs = {}
        self.lines = []
        self.lib = None  # a file of definitions, :load-ed and :reload-ed

    def pick(self, table):
        return self.rng.choice(sorted(table)) if table else None

    def value_of(self, t):
        """An expression of type t: a literal, a name of that type, or a call."""
        names = [n for n, u in self.vals.items() if u == t]
        funs = [n for n, u in self.funs.items() if u == t]
        k = self.rng.random()
        if names and k < 0.4:
            return self.rng.choice(names)
        if funs and k < 0.6:
            return '%s (%s)' % (self.rng.choice(funs), self.value_of(t) if k < 0.5 else self.rng.choice(TYPES[t]))
        return self.rng.choice(TYPES[t])

    def step(self):
        r, n, t = self.rng.random(), self.rng.choice(NAMES), self.rng.choice(sorted(TYPES))
        if r < 0.3:
            self.lines.append('let %s = %s' % (n, self.value_of(t)))
            self.vals[n] = t
            self.funs.pop(n, None)
        elif r < 0.44 and t == '[]i64':
            body = self.rng.choice(SIZED) if r < 0.4 else self.rng.choice(RECURSIVE).format(f=n)
            if n + '_go' in body:
                self.lines.append(HOF_HELPER.format(f=n))
            self.lines.append('def %s %s' % (n, body))
            self.funs[n] = t
            self.vals.pop(n, None)
        elif r < 0.47:  # two arrays whose sizes must agree; written sizes (Note [Written sizes])
            a, b = self.value_of('[]i64'), self.value_of('[]i64')
            self.lines.append(self.rng.choice(['map2 (+) (%s) (%s)' % (a, b), 'zip (%s) (%s)' % (a, b),
                                               'let %s : [%d]i64 = %s' % (n, self.rng.randint(3, 5), a),
                                               '(%s) :> [%d]i64' % (a, self.rng.randint(3, 5)),
                                               'if length (%s) > 3 then %s else %s' % (a, a, b),
                                               '(\\(x: [%d]i64) -> length x) (%s)' % (self.rng.randint(3, 5), a),
                                               'loop (acc: [%d]i64) = %s for _i < %d do %s'
                                               % (self.rng.randint(3, 5), a, self.rng.randint(0, 2),
                                                  self.rng.choice(['acc', 'map (+1) acc', b])),
                                               'let (%s: [%d]i64, _) = (%s, 0i32) in 1i32' % (n, self.rng.randint(3, 5), a),
                                               'match (%s, %s) case ((x: [%d]i64), _) -> length x case (_, y) -> length y'
                                               % (a, b, self.rng.randint(3, 5)),
                                               'match {p = %s} case {p = (x: [%d]i64)} -> i64.sum x'
                                               % (a, self.rng.randint(3, 5)),
                                               'i64.sum (%s : [%d]i64)' % (a, self.rng.randint(3, 5)),
                                               # arrays of sums with array payloads (regular: what
                                               # compiled code cannot do is a limitation)
                                               'map (\\y -> if y > 2 then #some [y, y] else #none) (%s) : [](#some ([]i64) | #none)' % a,
                                               'map (\\o -> match o case #some v -> i64.sum v case #none -> -1) '
                                               '(map (\\y -> if y %% 2 == 0 then #some (%s) else #none) (%s) : [](#some ([]i64) | #none))'
                                               % (self.rng.choice(['iota 2', '[y, y + 1]', 'map (+ y) (iota 3)']), b),
                                               'map (\\o -> match o case #some v -> length v case #none -> 0) [%s, #none, %s]'
                                               % (self.value_of('aopt'), self.value_of('aopt'))]))
            if self.lines[-1].startswith('let'):
                self.vals[n] = '[]i64'
                self.funs.pop(n, None)
        elif r < 0.5:
            self.lines.append('def %s (x: %s) = %s' % (n, t, self.rng.choice(BODIES[t])))
            self.funs[n] = t
            self.vals.pop(n, None)
        elif r < 0.62:  # uses, shown
            self.lines.append(self.value_of(t))
        elif r < 0.68:
            m = self.pick(self.vals)
            if m and self.vals[m] in ('[3]i32', '[]i64'):
                s = 'i32.sum' if self.vals[m] == '[3]i32' else 'i64.sum'
                self.lines.append(self.rng.choice(['%s %s' % (s, m), '%s[%d]' % (m, self.rng.randint(0, 5)),
                                                   'length %s' % m]))
        elif r < 0.74:  # a failing constant (out of bounds, or a division by zero)
            self.lines.append(self.rng.choice(['let %s = [1i32, 2][%d]' % (n, self.rng.randint(2, 4)),
                                               'let %s = 10i32 / (%s - %s)' % (n, '1i32', '1i32')]))
        elif r < 0.8:  # a function as a value, and a partial application
            f = self.pick(self.funs)
            if f:
                self.lines.append(self.rng.choice([f, 'let %s = %s' % (n, f)]))
                if self.lines[-1].startswith('let'):
                    self.funs[n] = self.funs[f]
                    self.vals.pop(n, None)
        elif r < 0.86:
            self.lines.append('module M = { def v = %s def h (x: %s) = %s }'
                              % (self.value_of(t), t, self.rng.choice(BODIES[t])))
            self.lines.append(self.rng.choice(['M.v', 'M.h M.v', 'let %s = M.h M.v' % n]))
        elif r < 0.88:
            self.lines.append('let (%s, %s) = (%s, %s)' % (n, self.rng.choice(NAMES), self.value_of(t),
                                                          self.value_of('i32')))
        elif r < 0.9:  # a value defined from its old self (Note [Earlier self])
            m = self.pick(self.vals)
            if m:
                grow = {'[3]i32': '{0} ++ {0}', '[]i64': '{0} ++ {0}', 'i32': '{0} + 1', 'i64': '{0} * 2'}
                self.lines.append('let %s = %s' % (m, grow.get(self.vals[m], '({0}, 1i32).0').format(m)))
                if self.vals[m] == '[3]i32':  # no longer of a type this script makes
                    del self.vals[m]
        elif r < 0.92 and self.lib:
            self.lines.append(self.rng.choice([':load ' + self.lib, ':reload']))
        elif r < 0.95:
            self.lines.append('type t = %s' % t)
            self.lines.append('def %s (x: t) : t = x' % n)
        else:
            self.lines.append(self.rng.choice([':type ' + n, ':t ' + self.rng.choice(NAMES)]))


def transcript(loom, backend, body):
    proc = subprocess.run([loom, '--run', '-', '--keep-going'], input=':backend %s\n%s' % (backend, body),
                          capture_output=True, text=True, timeout=300)
    keep = [l for l in (proc.stdout + proc.stderr).split('\n')
            if not l.startswith(('-- %s:' % backend, 'backend:', '-- note: read from the GPU'))]
    return proc.returncode, '\n'.join(keep)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--loom', default='build/loom')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=20)
    ap.add_argument('--backend', default='cpu')
    ap.add_argument('--keep', default=tempfile.gettempdir())
    args = ap.parse_args()
    failed = 0
    for i in range(args.count):
        s = Script(random.Random('%d/%d' % (args.seed, i)))
        s.lib = os.path.join(args.keep, 'session-fuzz-%d-%d.fut' % (args.seed, i))
        with open(s.lib, 'w') as f:  # a few definitions, which the script may redefine
            lib = Script(s.rng)
            names = lib.rng.sample(NAMES, 6)  # a file defines each name once
            for i in range(3):
                t = lib.rng.choice(sorted(TYPES))
                f.write('def %s (x: %s) = %s\n' % (names[2 * i], t, lib.rng.choice(BODIES[t])))
                f.write('def %s = %s\n' % (names[2 * i + 1], lib.value_of(t)))
        for _ in range(s.rng.randint(8, 30)):
            s.step()
        body = 'type opt = #some i32 | #none\ntype~ aopt = #some ([]i64) | #none\n' + '\n'.join(s.lines) + '\n'
        a, b = transcript(args.loom, 'interp', body), transcript(args.loom, args.backend, body)
        problems = []
        for name, (rc, out) in (('interp', a), (args.backend, b)):
            if rc not in (0, 1) or 'internal error' in out or 'terminate called' in out:
                problems.append('%s: exit %d' % (name, rc))
        if a[1] != b[1]:
            problems.append('the transcripts differ:\n' + '\n'.join(
                difflib.unified_diff(a[1].split('\n'), b[1].split('\n'), 'interp', args.backend, lineterm='')))
        if problems:
            failed += 1
            path = os.path.join(args.keep, 'session-fuzz-%d-%d.in' % (args.seed, i))
            with open(path, 'w') as f:
                f.write(body)
            print('FAIL %s (with %s)\n  %s' % (path, s.lib, '\n  '.join(problems)))
        else:
            os.remove(s.lib)
    print('%d scripts on interp and %s: %d passed, %d failed' % (args.count, args.backend, args.count - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
