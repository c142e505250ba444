-- Recursion inside a parallel map: the elements' calls run on worker threads (on the cuda
-- backend, the host's), whose stacks are smaller than the entry's.  Too deep is a located
-- error there too, not a crash (it overflowed a worker's stack before the compiled code
-- checked the stack as well as the depth).
-- ==
-- input { [100000i64, 3i64, 99999i64, 6i64, 100000i64, 1i64, 99998i64, 7i64] }
-- output { [true, false, false, true, true, false, true, false] }
-- input { [5i64, 100000000i64, 2i64, 100000000i64] } error: Stack overflow
def rec_even (n: i64) : bool = if n == 0 then true else !(rec_even (n - 1))
def main (xs: []i64) = map rec_even xs
