-- `#[unsafe]` leaves its expression's assertions and index checks out of compiled code
-- (Futhark's behaviour where they would fail is undefined; the interpreter still
-- checks, hence the `compiled` cases), but not those around it.  A run-time error's
-- regex may name its location, which Futhark prints in a backtrace after the message.
-- ==
-- entry: whole
-- compiled input { 2 } output { 1 }
-- compiled input { 3 } output { 1 }
-- entry: inner
-- compiled input { 2 } output { 1 }
-- input { 3 } error: Assertion is false
-- input { 5 } error: unsafe_removes_assertions.fut:18
-- entry: index
-- compiled input { [1, 2, 3] 1 } output { 2 }

entry whole (x: i32) = #[unsafe] assert (x % 2 == 0) (x / 2)

entry inner (x: i32) = assert (x % 2 == 0) (#[unsafe] x / 2)

-- Out of bounds it reads whatever is there; only the checked result is tested.
entry index (xs: []i32) (i: i64) = #[unsafe] xs[i]
