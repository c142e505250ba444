-- Local polymorphic functions (written `let f 't ...` or generalised by inference) and
-- type parameters instantiated at the unit type, whose bodies build values no argument
-- carries (`[] : []t`, `#none : option t`): each use's type arguments reach them on the
-- compiled backends (a local function's closure is made again at each use).  They were
-- compiler limitations ("values of type t are not supported yet"; "the value of `n`").
-- ==
-- entry: local_empty
-- input { 3i64 } output { 0i64 1 3i64 }
-- entry: inferred
-- input { 3i64 } output { 0i64 0i64 }
-- entry: units
-- input { 0i64 } output { 0i64 0i64 0i64 }
-- input { 4i64 } output { 0i64 4i64 0i64 }

type option 'a = #none | #some a

def copies 'a (n: i64) (x: a) : []a = if n > 0 then replicate n x else []

entry local_empty (n: i64) : (i64, i32, i64) =
  let emp 't (_: t) : []t = []
  let no 't (_: t) : option t = #none
  let g 't (x: t) : []t = copies n x
  in (length (emp n), match no n case #none -> 1 case #some _ -> 2, length (g 'c'))

entry inferred (n: i64) : (i64, i64) =
  let emp _ = []
  in (length (emp n : []i32), length (emp 'c' : []bool))

def nil 't : []t = []
def none_of 't (n: i64) (_: t) : []t = if n < 1 then [] else []

entry units (n: i64) : (i64, i64, i64) =
  (length (nil : []()), length (copies n ()), length (none_of n ()))
