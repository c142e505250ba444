-- A local function captures variables in scope.
-- ==
-- input { 3 [1, 2, 3] } output { [4, 5, 6] }
def main (k: i32) (xs: []i32) =
  let add_k (y: i32) = y + k
  in map add_k xs
