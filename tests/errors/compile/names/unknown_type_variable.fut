-- The type `t` is used without a type parameter `'t`.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def id (x: t) = x

def main (x: i32) = id x
