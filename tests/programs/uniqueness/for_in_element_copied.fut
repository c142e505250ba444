-- Elements of a for-in loop's array may be read, returned as a copy, and a loop over it
-- may update a copy of it in place.
-- ==
-- input { [[1, 2], [3, 4]] } output { [3, 4] [[7, 2], [3, 4]] 10 }

def last [n] (rows: [][n]i32) : *[n]i32 =
  loop cur = replicate n 0 for row in rows do copy row

def main [n] (rows: [][n]i32) =
  let l = last rows
  let s = loop s = 0 for row in rows do s + row[0] + row[1]
  let rows2 = loop acc = copy rows for row in rows do acc with [0, 0] = acc[0, 0] + row[0] + 1
  in (l, rows2, s)
