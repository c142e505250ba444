-- A constructor's payload is a tuple: a unique sum whose payload components are the
-- same array is not fresh.  Futhark: "aliased to some other component".
-- ==
-- error: aliased to some other component \(payload components 0 and 1 are both `xs`\)

type~ t = #foo ([]i32) ([]i32) | #bar

def f (xs: *[]i32) : *t = #foo xs xs
