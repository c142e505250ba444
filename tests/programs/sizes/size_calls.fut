-- A size may call a function (`[size n]t`; the reference: "sizes can be any expression
-- of type i64"), as the containers library's computation trees are sized.  Two such
-- sizes are the same when they call the same function on the same sizes; a size
-- parameter found only in one (`len`) is read off the argument's size of that form;
-- each backend calls the function where the size is needed.
-- ==
-- entry: lengths
-- input { 3i64 } output { 7i64 3i64 }
-- input { 0i64 } output { 1i64 0i64 }
-- entry: pairs
-- input { 1i64 } output { [0, 1, 2] [1, 2, 3] }
-- entry: through_map
-- input { 1i64 [0, 10] } output { [[0, 1, 2], [10, 11, 12]] }
-- entry: nested
-- input { 2i64 } output { 11i64 }
-- entry: from_i32
-- input { 3 } output { [7, 7, 7] [7, 7, 7] }
-- entry: coerced
-- input { 2i64 [1, 2, 3, 4, 5] } output { [1, 2, 3, 4, 5] }
-- input { 2i64 [1, 2, 3] } error: [Ss]ize|shape

def size (n: i64) : i64 = 2 * n + 1

def tree (n: i64) : [size n]i32 = iota (size n) |> map i32.i64

def len [n] (xs: [size n]i32) : i64 = n

entry lengths (k: i64) = (length (tree k), len (tree k))

entry pairs (k: i64) = unzip (zip (tree k) (map (+1) (tree k)))

-- Each row's size calls the function on a size known before the map.
entry through_map (k: i64) (xs: []i32) = map (\x -> map (+ x) (tree k)) xs

entry nested (k: i64) = length (tree (size k))

-- An argument of another integer type (`[i64.i32 n]`, as code from when sizes were i32
-- writes them).
def sevens (n: i32) : [i64.i32 n]i32 = replicate (i64.i32 n) 7

entry from_i32 (k: i32) = unzip (zip (sevens k) (sevens k))

entry coerced (k: i64) (xs: []i32) = xs :> [size k]i32
