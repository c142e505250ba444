-- A record's fields (and a constructor's payload) keep their aliases apart, as a tuple's
-- components do: one field may be updated in place while another is read or kept, a
-- loop's record state updated field by field, and a field replaced (Futhark's rules).
-- Each entry is one that the checker must accept; the values are the interpreter's.
-- ==
-- entry: update_one_keep_other
-- input { [1, 2, 3] [4, 5, 6] } output { [1, 2, 3] [4, 5, 6] }
-- input { [7, 8, 9] [0, 0, 0] } output { [1, 8, 9] [0, 0, 0] }

entry update_one_keep_other (u: *[3]i32) (w: [3]i32) =
  let r = {x = u, z = w}
  let r.x[0] = 1
  in (r.x, r.z)

-- ==
-- entry: loop_state
-- input { 3i64 } output { [1, 2, 3] [1, 1, 1] }
-- input { 0i64 } output { empty([0]i32) empty([0]i32) }

entry loop_state (n: i64) =
  let s = loop s = {a = replicate n 0i32, b = replicate n 1i32} for i < n do
    let s.a[i] = s.b[i] + i32.i64 i in s
  in (s.a, s.b)

-- ==
-- entry: unique_fields_result
-- input { 2i64 } output { [5, 0] [1, 1] }

def mk (n: i64) : {x: *[]i32, y: *[]i32} = {x = replicate n 0, y = replicate n 1}

entry unique_fields_result (n: i64) = let r = mk n let r.x[0] = 5 in (r.x, r.y)

-- ==
-- entry: record_pattern
-- input { [1, 2, 3] [4, 5, 6] } output { [1, 2, 3] [4, 5, 6] }

entry record_pattern (u: *[3]i32) (w: *[3]i32) = let {y, x} = {x = u, y = w} let x[0] = 1 in (x, y)

-- ==
-- entry: fresh_in_other_branch
-- input { true [5, 5, 5] [4, 5, 6] } output { [1, 5, 5] [4, 5, 6] }
-- input { false [5, 5, 5] [4, 5, 6] } output { [1, 5, 6] [4, 5, 6] }

entry fresh_in_other_branch (c: bool) (u: *[3]i32) (w: [3]i32) =
  let r = if c then {x = u, z = w} else {x = copy w, z = w}
  let r.x[0] = 1
  in (r.x, r.z)

-- ==
-- entry: replace_then_update
-- input { [1, 2, 3] [4, 5, 6] } output { [4, 5, 6] [7, 0, 9] }

entry replace_then_update (u: *[3]i32) (w: [3]i32) =
  let r = {x = u, z = w}
  let r.z = [7, 8, 9]
  let r.z[1] = 0
  let r = r with x = copy w
  in (r.x, r.z)

-- ==
-- entry: consuming_step
-- input { [1f32, 2, 3] [10f32, 20, 30] } output { [11f32, 2, 3] [10f32, 2, 30] }

type state = {pos: [3]f32, vel: [3]f32}

def step (s: *state) : *state =
  let s.pos[0] = s.pos[0] + s.vel[0]
  let s.vel[1] = 2
  in s

entry consuming_step (p: *[3]f32) (v: *[3]f32) = let s = step {pos = p, vel = v} in (s.pos, s.vel)

-- ==
-- entry: nested_components
-- input { [1, 1, 1] [2, 2, 2] } output { [2, 1, 1] 1 [2, 3, 2] }

entry nested_components (u: *[3]i32) (w: *[3]i32) =
  let r = ({a = u, b = 1i32}, w)
  let r.0.a[0] = 2
  let r.1[1] = 3
  in (r.0.a, r.0.b, r.1)

-- ==
-- entry: swap_fields
-- input { 2i64 } output { [1, 1] [1, 0] }
-- input { 3i64 } output { [1, 1, 1] [1, 0, 0] }

entry swap_fields (n: i64) =
  let s = loop {xs = xs: *[]i32, ys = ys: *[]i32} = {xs = replicate n 0, ys = replicate n 1}
          for i < 3 do
            {ys = xs with [0] = 1, xs = ys}
  in (s.xs, s.ys)

-- ==
-- entry: payload
-- input { [1, 2] [3, 4] } output { [1, 2] }

type~ t = #foo ([]i32) ([]i32) | #bar

def distinct (xs: *[]i32) (ys: *[]i32) : *t = #foo xs ys

def twice (xs: []i32) : t = #foo xs xs -- not unique: the same array twice is fine

entry payload (a: *[]i32) (b: *[]i32) =
  match (distinct a b, twice [0])
  case (#foo x _, _) -> x
  case _ -> []

-- ==
-- entry: ascribed_fresh
-- input { [1, 2] } output { [9, 2] [9, 3] [0i64, 1i64, 2i64] [1, 2] [1, 2] }

def keep (x: *[]i32) = x : *[]i32

entry ascribed_fresh (x: []i32) =
  let a : *[]i32 = copy x
  let b = (map (+ 1) x) : *[]i32
  let c : *[]i64 = iota 3
  let d = loop (acc: *[]i32) = copy x for i < 0 do acc with [0] = i32.i64 i
  let e = keep (copy x)
  let a[0] = 9
  let b[0] = 9
  in (a, b, c, d, e)

-- ==
-- entry: inferred_fresh_fields
-- input { 2i64 } output { [1, 0] [0, 0] }

-- Its result type not written, each field that aliases nothing is unique (as a
-- tuple's components), so a caller may update one while keeping the other.
def init n = {a = replicate n 0i32, b = replicate n 0i32}

entry inferred_fresh_fields n =
  let s = init n
  let s.a[0] = 1
  in (s.a, s.b)

-- ==
-- entry: param_components
-- input { [0, 0] [2, 2] } output { [2, 2] [1, 0] [5, 2] }

-- A tuple or record parameter's components are arrays of their own: swapped into a
-- unique result, or one updated while the other is returned.
def swap (p: *([]i32, []i32)) : *([]i32, []i32) = (p.1, p.0)

def first_updated (p: (*[]i32, []i32)) : ([]i32, []i32) =
  let (a, b) = p
  let a[0] = 1
  in (a, b)

def field_updated (r: {x: *[]i32, y: []i32}) : []i32 = r.x with [0] = r.y[0] + 3

entry param_components (xs: *[]i32) (ys: *[]i32) =
  let (b, a) = swap (xs, ys)
  let (c, _) = first_updated (a, b)
  in (b, c, field_updated {x = copy b, y = b})
