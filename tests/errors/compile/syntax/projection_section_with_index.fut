-- A projection section takes field names only; an index after a field (`(.f.[0])`, a
-- mixed path of newer Futhark) is not offered as what could come there.
-- ==
-- error: unexpected `\[`; expected a field name$

def main (r: {f: []i32}) = (.f.[0]) r
