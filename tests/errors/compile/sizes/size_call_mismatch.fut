-- Sizes that call a function are the same only on the same arguments.
-- ==
-- error: Dimensions `size k` and `size \(k \+ 1\)` do not match

def size (n: i64) : i64 = 2 * n + 1
def tree (n: i64) : [size n]i32 = replicate (size n) 0
def main (k: i64) = zip (tree k) (tree (k + 1))

