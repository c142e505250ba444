-- Evaluate reverse-Polish programs (a sum-typed instruction set, an in-place fixed-size stack) in parallel.
-- ==
-- "mixed" input { [[0, 0, 1, 0, 3, 8, 8, 8], [0, 0, 2, 4, 8, 8, 8, 8], [0, 5, 3, 5, 3, 0, 6, 2], [0, 1, 0, 8, 8, 8, 8, 8], [0, 0, 0, 0, 0, 0, 0, 8], [0, 5, 3, 0, 0, 7, 8, 8], [8, 8, 8, 8, 8, 8, 8, 8], [0, 0, 6, 2, 8, 8, 8, 8], [0, 0, 3, 99, 12, -1, 0, 0], [0, 5, 3, 8, 8, 8, 8, 8]] [[3, 4, 0, 5, 0, 0, 0, 0], [10, 3, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 1, 0, 0], [1, 0, 5, 0, 0, 0, 0, 0], [1, 2, 3, 4, 5, 6, 7, 0], [65536, 0, 0, 7, 9, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [-4, 6, 0, 0, 0, 0, 0, 0], [46341, 46341, 0, 5, 5, 5, 2, 4], [46341, 0, 0, 0, 0, 0, 0, 0]] } output { [35, -7, -15, 1, 6, 7, 0, 10, 4, -2147479015] [1, 1, 1, 1, 6, 2, 0, 1, 3, 1] [2, 2, 2, 1, 6, 3, 0, 2, 3, 2] [true, true, true, false, false, true, true, true, true, true] }
-- "no programs" input { empty([0][8]i32) empty([0][8]i32) } output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]bool) }
-- "one token" input { [[0]] [[42]] } output { [42] [1] [1] [true] }
-- "drop on empty" input { [[7], [0]] [[0], [-7]] } output { [0, -7] [0, 1] [0, 1] [false, true] }
-- "dup overflow" input { [[0, 5, 5, 5, 5, 5, 5, 0]] [[5, 0, 0, 0, 0, 0, 0, 1]] } output { [5] [6] [6] [false] }

-- Instructions of a small stack machine.
type tok = #num i32 | #add | #sub | #mul | #neg | #dup | #swap | #drop | #nop

-- Token kinds: 0 num, 1 add, 2 sub, 3 mul, 4 neg, 5 dup, 6 swap, 7 drop, other nop.
def decode (kind: i32) (arg: i32) : tok =
  match kind
  case 0 -> #num arg
  case 1 -> #add
  case 2 -> #sub
  case 3 -> #mul
  case 4 -> #neg
  case 5 -> #dup
  case 6 -> #swap
  case 7 -> #drop
  case _ -> #nop

def cap : i64 = 6

-- The machine state: a fixed-capacity stack, its depth, the largest depth
-- reached so far, and whether an error has occurred.
type machine [c] = {stack: [c]i32, sp: i64, hi: i64, ok: bool}

def fail [c] (m: *machine [c]) : *machine [c] = m with ok = false

def push [c] (m: *machine [c]) (v: i32) : *machine [c] =
  if m.sp >= c then fail m
  else let m = m with stack[m.sp] = v
       let m = m with sp = m.sp + 1
       in m with hi = i64.max m.hi m.sp

def unop [c] (f: i32 -> i32) (m: *machine [c]) : *machine [c] =
  if m.sp < 1 then fail m
  else let x = m.stack[m.sp - 1]
       in m with stack[m.sp - 1] = f x

def binop [c] (f: i32 -> i32 -> i32) (m: *machine [c]) : *machine [c] =
  if m.sp < 2 then fail m
  else let a = m.stack[m.sp - 2]
       let b = m.stack[m.sp - 1]
       let m = m with stack[m.sp - 2] = f a b
       in m with sp = m.sp - 1

def step [c] (m: *machine [c]) (t: tok) : *machine [c] =
  match t
  case #num v -> push m v
  case #add -> binop (+) m
  case #sub -> binop (-) m
  case #mul -> binop (*) m
  case #neg -> unop i32.neg m
  case #dup -> if m.sp < 1 then fail m else push m m.stack[m.sp - 1]
  case #swap ->
    if m.sp < 2 then fail m
    else let a = m.stack[m.sp - 2]
         let b = m.stack[m.sp - 1]
         let m.stack[m.sp - 2] = b
         let m.stack[m.sp - 1] = a
         in m
  case #drop -> if m.sp < 1 then fail m else m with sp = m.sp - 1
  case #nop -> m

-- Runs one program; stops at the first error (stack under- or overflow).
def eval [k] (kinds: [k]i32) (args: [k]i32) : (i32, i32, i32, bool) =
  let toks = map2 decode kinds args
  let m0 : *machine [cap] = {stack = replicate cap 0, sp = 0, hi = 0, ok = true}
  let (m, _) =
    loop (m: *machine [cap], i) = (m0, 0i64)
    while m.ok && i < k do (step m toks[i], i + 1)
  let top = if m.sp > 0 then m.stack[m.sp - 1] else 0
  in (top, i32.i64 m.sp, i32.i64 m.hi, m.ok)

-- Results: top of stack, final depth, largest depth, whether the program ran
-- without error.
def main [n][k] (kinds: [n][k]i32) (args: [n][k]i32) : ([n]i32, [n]i32, [n]i32, [n]bool) =
  unzip4 (map2 eval kinds args)
