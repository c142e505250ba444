-- A qualified name whose module or member is a typo away names what may have been
-- meant: here the member of a module written with a capital.
-- ==
-- error: Unknown name `F32.sqrt`: did you mean `f32.sqrt`\?

def main (x: f32) = F32.sqrt x
