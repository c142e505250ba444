-- A partial application is a closure holding its arguments: what it returns aliases
-- them, even where the function's result is unique (Futhark's rule), so the result of
-- `xs |> addto glob` may not be updated in place.
-- ==
-- error: not consumable

def glob : [3]i64 = [10, 20, 30]
def addto (a: [3]i64) (b: [3]i64) : *[3]i64 = map2 (+) a b

def main (k: i64) =
  let a = [k, k, k] |> addto glob
  in a with [0] = 999
