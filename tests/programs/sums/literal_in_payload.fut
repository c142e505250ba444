-- Literal patterns inside constructor payloads.
-- ==
-- input { 0 } output { 100 }
-- input { 4 } output { 4 }
type box = #box i32
def main (x: i32) =
  match (#box x : box)
  case #box 0 -> 100
  case #box n -> n
