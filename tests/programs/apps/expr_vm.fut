-- A stack machine with jumps and variables: instructions a nested sum type decoded from i32 arrays, a record state updated in place by a while loop, many programs (and one program on many inputs) in a map.
-- ==
-- entry: run
-- "mixed" input { [[0, 2, 0, 2, 1, 4, 1, 1, 3, 2, 1, 0, 3, 2, 5, 1], [0, 2, 0, 2, 1, 4, 1, 1, 3, 1, 2, 2, 5, 1, 8, 8], [0, 3, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], [0, 6, 6, 6, 6, 6, 6, 6, 6, 8, 8, 8, 8, 8, 8, 8], [0, 0, 3, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], [0, 0, 3, 0, 0, 3, 3, 0, 0, 3, 3, 8, 8, 8, 8, 8], [0, 2, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], [0, 9, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], [0, 0, 3, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], [5, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], [0, 5, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], [5, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], [0, 0, 3, 0, 0, 3, 0, 3, 3, 7, 0, 6, 3, 3, 8, 8], [0, 2, 0, 4, 0, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]] [[5, 1, 1, 2, 1, 15, 2, 1, 2, 2, 1, -1, 0, 1, 4, 2], [-84, 1, 36, 2, 2, 13, 1, 2, 4, 2, 1, 2, 4, 1, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [7, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [-7, 2, 4, -7, 2, 3, 7, 17, -5, 3, 1, 0, 0, 0, 0, 0], [3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 2, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [3, 5, 5, 5, 3, 5, 2, 2, 0, 0, 1000000, 0, 2, 2, 0, 0], [4, 3, 0, 16, 99, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]] 200 } output { [120, 12, 1, 1, 0, 5, 3, 1, 2, 0, 1, 0, 727379968, 0, 0] [0, 0, 1, 2, 3, 0, 5, 6, 6, 4, 2, 7, 0, 0, 0] [62, 35, 2, 9, 3, 12, 2, 2, 3, 1, 17, 200, 15, 4, 1] [120, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0] [6, 1, 2, 1, 1, 1, 2, 1] }
-- "no programs" input { empty([0][16]i32) empty([0][16]i32) 100 } output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) [0, 0, 0, 0, 0, 0, 0, 0] }
-- "one program" input { [[0, 2, 0, 2, 1, 4, 1, 1, 3, 2, 1, 0, 3, 2, 5, 1]] [[5, 1, 1, 2, 1, 15, 2, 1, 2, 2, 1, -1, 0, 1, 4, 2]] 200 } output { [120] [0] [62] [120] [1, 0, 0, 0, 0, 0, 0, 0] }
-- "little fuel" input { [[0, 2, 0, 2, 1, 4, 1, 1, 3, 2, 1, 0, 3, 2, 5, 1], [0, 2, 0, 2, 1, 4, 1, 1, 3, 1, 2, 2, 5, 1, 8, 8], [5, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]] [[5, 1, 1, 2, 1, 15, 2, 1, 2, 2, 1, -1, 0, 1, 4, 2], [-84, 1, 36, 2, 2, 13, 1, 2, 4, 2, 1, 2, 4, 1, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]] 10 } output { [0, 36, 0, 0] [7, 7, 7, 0] [10, 10, 10, 1] [10, -48, 0, 0] [1, 0, 0, 0, 0, 0, 0, 3] }
-- "no fuel" input { [[0, 2, 0, 2, 1, 4, 1, 1, 3, 2, 1, 0, 3, 2, 5, 1], [0, 3, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]] [[5, 1, 1, 2, 1, 15, 2, 1, 2, 2, 1, -1, 0, 1, 4, 2], [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]] 0 } output { [0, 0] [7, 7] [0, 0] [0, 0] [0, 0, 0, 0, 0, 0, 0, 2] }
-- entry: sweep
-- "collatz" input { [0, 2, 1, 0, 3, 4, 5, 1, 0, 3, 4, 1, 0, 3, 0, 3, 2, 5, 1, 0, 3, 2, 1, 0, 3, 2, 5, 1, 8, 8, 8, 8] [0, 1, 0, 1, 6, 7, 27, 0, 2, 4, 18, 0, 3, 2, 1, 0, 0, 22, 0, 2, 3, 0, 1, 1, 0, 1, 2, 1, 0, 0, 0, 0] [1, 2, 3, 6, 7, 27, 0, -1, -5, 97, 12, 19, 5, 16, 9, 31, 100, 41, 8, -17, 15, 64, 11, 25] 3000 } output { [0, 1, 7, 8, 16, 111, 2, -1, 0, 118, 9, 20, 5, 4, 19, 106, 25, 109, 3, 165, 17, 6, 14, 23] [0, 0, 0, 0, 0, 0, 7, 7, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0] [9, 26, 134, 151, 296, 2019, 3000, 3000, 3000, 2144, 168, 367, 97, 77, 350, 1928, 455, 1982, 60, 3000, 313, 111, 259, 421] }
-- "no inputs" input { [0, 2, 1, 0, 3, 4, 5, 1, 0, 3, 4, 1, 0, 3, 0, 3, 2, 5, 1, 0, 3, 2, 1, 0, 3, 2, 5, 1, 8, 8, 8, 8] [0, 1, 0, 1, 6, 7, 27, 0, 2, 4, 18, 0, 3, 2, 1, 0, 0, 22, 0, 2, 3, 0, 1, 1, 0, 1, 2, 1, 0, 0, 0, 0] empty([0]i32) 3000 } output { empty([0]i32) empty([0]i32) empty([0]i32) }
-- "runs out" input { [0, 2, 1, 0, 3, 4, 5, 1, 0, 3, 4, 1, 0, 3, 0, 3, 2, 5, 1, 0, 3, 2, 1, 0, 3, 2, 5, 1, 8, 8, 8, 8] [0, 1, 0, 1, 6, 7, 27, 0, 2, 4, 18, 0, 3, 2, 1, 0, 0, 22, 0, 2, 3, 0, 1, 1, 0, 1, 2, 1, 0, 0, 0, 0] [27] 500 } output { [0] [7] [500] }

type binop = #add | #sub | #mul | #div | #mod | #lt | #eq | #max
type instr = #push i32 | #load i64 | #store i64 | #bin binop | #jz i64 | #jmp i64
           | #dup | #neg | #halt | #bad
type status = #running | #halted | #error i32

def nstack : i64 = 8
def nvars : i64 = 4

type vm = {stack: [nstack]i32, sp: i64, vars: [nvars]i32, pc: i64, steps: i32, status: status}

def decode_bin (a: i32) : instr =
  match a
  case 0 -> #bin #add
  case 1 -> #bin #sub
  case 2 -> #bin #mul
  case 3 -> #bin #div
  case 4 -> #bin #mod
  case 5 -> #bin #lt
  case 6 -> #bin #eq
  case 7 -> #bin #max
  case _ -> #bad

-- Opcodes: 0 push, 1 load, 2 store, 3 binary operator (the argument says
-- which), 4 jump if the popped value is zero, 5 jump, 6 dup, 7 neg, 8 halt.
def decode (op: i32) (arg: i32) : instr =
  match op
  case 0 -> #push arg
  case 1 -> #load (i64.i32 arg)
  case 2 -> #store (i64.i32 arg)
  case 3 -> decode_bin arg
  case 4 -> #jz (i64.i32 arg)
  case 5 -> #jmp (i64.i32 arg)
  case 6 -> #dup
  case 7 -> #neg
  case 8 -> #halt
  case _ -> #bad

-- Floor division and modulo; None on a zero divisor.
def apply (b: binop) (x: i32) (y: i32) : (bool, i32) =
  match b
  case #add -> (true, x + y)
  case #sub -> (true, x - y)
  case #mul -> (true, x * y)
  case #div -> if y == 0 then (false, 0) else (true, x / y)
  case #mod -> if y == 0 then (false, 0) else (true, x % y)
  case #lt -> (true, i32.bool (x < y))
  case #eq -> (true, if x == y then 1 else 0)
  case #max -> (true, i32.max x y)

-- Error codes: 1 stack underflow, 2 overflow, 3 division by zero, 4 jump out
-- of the program, 5 bad variable, 6 bad instruction; 7 out of fuel.
def err (m: *vm) (c: i32) : *vm = m with status = #error c

def push (m: *vm) (v: i32) : *vm =
  if m.sp >= nstack then err m 2
  else let m = m with stack[m.sp] = v
       in m with sp = m.sp + 1

def step [k] (prog: [k]instr) (m: *vm) : *vm =
  if m.pc >= k then m with status = #halted
  else
  let ins = prog[m.pc]
  let m = m with steps = m.steps + 1
  let m = m with pc = m.pc + 1
  let jump (m: *vm) (t: i64) : *vm = if t < 0 || t > k then err m 4 else m with pc = t
  in match ins
     case #push v -> push m v
     case #load i -> if i < 0 || i >= nvars then err m 5 else push m m.vars[i]
     case #store i ->
       if m.sp < 1 then err m 1
       else if i < 0 || i >= nvars then err m 5
       else let v = m.stack[m.sp - 1]
            let m = m with sp = m.sp - 1
            in m with vars[i] = v
     case #bin b ->
       if m.sp < 2 then err m 1
       else let (ok, r) = apply b m.stack[m.sp - 2] m.stack[m.sp - 1]
            in if !ok then err m 3
               else let m = m with stack[m.sp - 2] = r
                    in m with sp = m.sp - 1
     case #jz t ->
       if m.sp < 1 then err m 1
       else let v = m.stack[m.sp - 1]
            let m = m with sp = m.sp - 1
            in if v == 0 then jump m t else m
     case #jmp t -> jump m t
     case #dup -> if m.sp < 1 then err m 1 else push m m.stack[m.sp - 1]
     case #neg -> if m.sp < 1 then err m 1 else m with stack[m.sp - 1] = -m.stack[m.sp - 1]
     case #halt -> m with status = #halted
     case #bad -> err m 6

def running (m: vm) : bool =
  match m.status
  case #running -> true
  case _ -> false

def code (s: status) : i32 =
  match s
  case #running -> 7
  case #halted -> 0
  case #error c -> c

-- Runs a program with variable 0 set to x, for at most `fuel` instructions:
-- the top of the stack (0 if empty), the status code, the instructions run and
-- the sum of the variables.
def exec [k] (prog: [k]instr) (fuel: i32) (x: i32) : (i32, i32, i32, i32) =
  let m0 : *vm = {stack = replicate nstack 0, sp = 0, vars = replicate nvars 0 with [0] = x,
                  pc = 0, steps = 0, status = #running}
  let m = loop m = m0 while running m && m.steps < fuel do step prog m
  let top = if m.sp > 0 then m.stack[m.sp - 1] else 0
  in (top, code m.status, m.steps, i32.sum m.vars)

-- Many programs, one a row; also how many ended with each status code.
entry run [n][k] (ops: [n][k]i32) (args: [n][k]i32) (fuel: i32) : ([n]i32, [n]i32, [n]i32, [n]i32, [8]i32) =
  let progs = map2 (map2 decode) ops args
  let (tops, codes, steps, sums) = unzip4 (map (\p -> exec p fuel 0) progs)
  let counts = reduce_by_index (replicate 8 0) (+) 0 (map i64.i32 codes) (replicate n 1)
  in (tops, codes, steps, sums, counts)

-- One program on many inputs (variable 0).
entry sweep [k][m] (ops: [k]i32) (args: [k]i32) (xs: [m]i32) (fuel: i32) : ([m]i32, [m]i32, [m]i32) =
  let prog = map2 decode ops args
  let (tops, codes, steps, _) = unzip4 (map (exec prog fuel) xs)
  in (tops, codes, steps)
