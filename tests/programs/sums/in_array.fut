-- An array of sum values, mapped and reduced.
-- ==
-- input { [1, -2, 3, -4] } output { 4 }
type num = #pos i32 | #neg i32
def classify (x: i32) : num = if x >= 0 then #pos x else #neg x
def value (n: num) = match n case #pos x -> x case #neg _ -> 0
def main (xs: []i32) = i32.sum (map (value <-< classify) xs)
