-- A polymorphic identity function used at several types.
-- ==
-- input { 1 true 2.5f32 } output { 1 true 2.5f32 }
def ident 'a (x: a) : a = x
def main (x: i32) (b: bool) (f: f32) = (ident x, ident b, ident f)
