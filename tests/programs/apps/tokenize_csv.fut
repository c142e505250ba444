-- Parse comma/newline-separated signed decimal integers from a []u8 with scans and filters; sum each line.
-- ==
-- entry: parse
-- "basic" input { [49u8, 50u8, 44u8, 45u8, 51u8, 44u8, 52u8, 10u8, 53u8, 44u8, 54u8, 10u8] } output { [12, -3, 4, 5, 6] }
-- "empty" input { empty([0]u8) } output { empty([0]i32) }
-- "one" input { [55u8] } output { [7] }
-- "gaps" input { [49u8, 44u8, 44u8, 50u8, 10u8, 10u8, 45u8, 49u8, 48u8, 10u8, 44u8, 10u8, 50u8, 49u8, 52u8, 55u8, 52u8, 56u8, 51u8, 54u8, 52u8, 55u8, 44u8, 49u8, 10u8, 45u8, 48u8, 44u8, 48u8, 48u8, 55u8, 44u8, 45u8, 50u8, 49u8, 52u8, 55u8, 52u8, 56u8, 51u8, 54u8, 52u8, 56u8] } output { [1, 2, -10, 2147483647, 1, 0, 7, -2147483648] }
-- "only newlines" input { [10u8, 10u8] } output { empty([0]i32) }
-- entry: line_sums
-- "basic" input { [49u8, 50u8, 44u8, 45u8, 51u8, 44u8, 52u8, 10u8, 53u8, 44u8, 54u8, 10u8] } output { [13, 11] }
-- "empty" input { empty([0]u8) } output { empty([0]i32) }
-- "one" input { [55u8] } output { [7] }
-- "gaps" input { [49u8, 44u8, 44u8, 50u8, 10u8, 10u8, 45u8, 49u8, 48u8, 10u8, 44u8, 10u8, 50u8, 49u8, 52u8, 55u8, 52u8, 56u8, 51u8, 54u8, 52u8, 55u8, 44u8, 49u8, 10u8, 45u8, 48u8, 44u8, 48u8, 48u8, 55u8, 44u8, 45u8, 50u8, 49u8, 52u8, 55u8, 52u8, 56u8, 51u8, 54u8, 52u8, 56u8] } output { [3, 0, -10, 0, -2147483648, -2147483641] }
-- "only newlines" input { [10u8, 10u8] } output { [0, 0] }
-- entry: first_bad
-- "basic" input { [49u8, 50u8, 44u8, 45u8, 51u8, 44u8, 52u8, 10u8, 53u8, 44u8, 54u8, 10u8] } output { -1i64 }
-- "empty" input { empty([0]u8) } output { -1i64 }
-- "one" input { [55u8] } output { -1i64 }
-- "gaps" input { [49u8, 44u8, 44u8, 50u8, 10u8, 10u8, 45u8, 49u8, 48u8, 10u8, 44u8, 10u8, 50u8, 49u8, 52u8, 55u8, 52u8, 56u8, 51u8, 54u8, 52u8, 55u8, 44u8, 49u8, 10u8, 45u8, 48u8, 44u8, 48u8, 48u8, 55u8, 44u8, 45u8, 50u8, 49u8, 52u8, 55u8, 52u8, 56u8, 51u8, 54u8, 52u8, 56u8] } output { -1i64 }
-- "only newlines" input { [10u8, 10u8] } output { -1i64 }
-- "lone minus" input { [53u8, 44u8, 45u8, 44u8, 51u8] } output { 2i64 }
-- "inner minus" input { [49u8, 50u8, 10u8, 49u8, 45u8, 50u8] } output { 4i64 }
-- "letter" input { [49u8, 44u8, 50u8, 10u8, 51u8, 97u8, 44u8, 45u8] } output { 5i64 }
-- "double minus" input { [45u8, 45u8, 53u8] } output { 0i64 }

-- Tokens are maximal runs of characters other than ',' and '\n'; each is an
-- optional '-' followed by decimal digits.  Lines are separated by '\n' (a
-- trailing '\n' does not start a new line).

type cls = #digit u8 | #comma | #newline | #minus | #other

def classify (c: u8) : cls =
  match c
  case ',' -> #comma
  case '\n' -> #newline
  case '-' -> #minus
  case _ -> if c >= '0' && c <= '9' then #digit (c - '0') else #other

def is_sep (c: u8) : bool =
  match classify c
  case #comma -> true
  case #newline -> true
  case _ -> false

def is_digit (c: u8) : bool =
  match classify c
  case #digit _ -> true
  case _ -> false

-- A digit d as the affine map x -> 10*x + d, so that parsing is a scan.
type affine = {mul: i32, add: i32}

def compose (f: affine) (g: affine) : affine =
  {mul = g.mul * f.mul, add = g.mul * f.add + g.add}

def digit (c: u8) : affine =
  match classify c
  case #digit d -> {mul = 10, add = i32.u8 d}
  case _ -> {mul = 1, add = 0}

def sgm_scan 't [n] (op: t -> t -> t) (ne: t) (flags: [n]bool) (xs: [n]t) : [n]t =
  let (_, ys) = unzip (scan (\(f1, x1) (f2, x2) -> (f1 || f2, if f2 then x2 else op x1 x2))
                            (false, ne) (zip flags xs))
  in ys

-- Per character: does a token start here, does one end here.
def bounds [n] (s: [n]u8) : ([n]bool, [n]bool) =
  let starts = tabulate n (\i -> !is_sep s[i] && (i == 0 || is_sep s[i - 1]))
  let ends = tabulate n (\i -> !is_sep s[i] && (i == n - 1 || is_sep s[i + 1]))
  in (starts, ends)

-- The value of the token ending at each position (meaningful at token ends).
def values [n] (s: [n]u8) : [n]i32 =
  let (starts, _) = bounds s
  let acc = sgm_scan compose {mul = 1, add = 0} starts (map digit s)
  -- the sign of the token each character belongs to
  let neg = sgm_scan (\a _ -> a) false starts (map (== '-') s)
  in map2 (\(a: affine) ng -> if ng then -a.add else a.add) acc neg

entry parse [n] (s: [n]u8) : []i32 =
  let (_, ends) = bounds s
  let vs = values s
  in map (.1) (filter (.0) (zip ends vs))

entry line_sums [n] (s: [n]u8) : []i32 =
  let (_, ends) = bounds s
  let vs = values s
  let nl = map (\c -> if c == '\n' then 1i64 else 0) s
  let line_of = map2 (-) (scan (+) 0 nl) nl
  let nlines = if n == 0 then 0 else i64.sum nl + (if s[n - 1] == '\n' then 0 else 1)
  let is = map2 (\e l -> if e then l else -1) ends line_of
  in hist (+) 0 nlines is vs

-- Index of the first character that makes the input malformed (a character
-- that is not a digit, ',', '\n' or '-'; a '-' not at the start of a token or
-- not followed by a digit), or -1.
entry first_bad [n] (s: [n]u8) : i64 =
  let (starts, _) = bounds s
  let bad (i: i64) =
    match classify s[i]
    case #other -> true
    case #minus -> !starts[i] || i == n - 1 || !is_digit s[i + 1]
    case _ -> false
  in reduce (\a b -> if a >= 0 then a else b) (-1) (map (\i -> if bad i then i else -1) (iota n))
