-- A while loop whose condition is false at once returns the initial state.
-- ==
-- input { 10 } output { 10 }
def main (x: i32) = loop y = x while y < 0 do y + 1
