-- A top-level record or tuple of functions holds no array either: a function may return
-- it (Futhark's issue 1168 keeps its network's activation functions so), and `copy`
-- could not be applied to it.
-- ==
-- input { 3 } output { 4 7 }

def act = {f = \(x: i32) -> x + 1, g = \(x: i32) -> x * 2}
def pair = (act.f, act.g)
def get (_: i32) = act
def get_pair (_: i32) = pair

def main (x: i32) = ((get x).f x, (get_pair x).1 x + 1)
