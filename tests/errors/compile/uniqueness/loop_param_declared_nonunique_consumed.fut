-- The loop parameter `acc` is declared `[]i64`, not unique, yet the body updates it in
-- place.  Futhark: ""acc" ... not consumable".
-- ==
-- error: Consuming loop parameter `acc`, which is not consumable

def main (n: i64) =
  loop (acc: []i64) = replicate n 0 for i < n do
    acc with [i] = i * i
