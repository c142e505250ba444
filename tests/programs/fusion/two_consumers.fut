-- One producer, two consumers: one kernel computes the sine once per element.
-- ==
-- structure { Screma 1 Map 0 Screma/Math 1 }
-- input { [0.0f32, 1.0f32, 2.0f32] } output { 1.7507684f32 [0.0f32, 1.682942f32, 1.818595f32] }
def main (xs: []f32) =
  let ys = map f32.sin xs
  in (reduce (+) 0 ys, map (* 2) ys)
