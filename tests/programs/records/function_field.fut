-- A record field accessed through a section.
-- ==
-- input { 3 } output { 4 }
def main (x: i32) =
  let get = (.next)
  in get {next = x + 1, prev = x - 1}
