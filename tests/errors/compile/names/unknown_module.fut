-- There is no module `vec`.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared|[Mm]odule

def main (x: f32) = vec.norm x
