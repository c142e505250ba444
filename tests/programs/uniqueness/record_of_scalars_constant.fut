-- A top-level record of scalars holds no array, so a function's result may "alias" it
-- (a call of a function whose result is not unique aliases every argument): the sorts
-- library passes its parameters so (`we_merge_sort_with_params params leq xs`).
-- ==
-- input { [1, 2] } output { [5, 8] }

def params = {block = 2i64, scale = 3i32}
def scale_by [n] {block, scale} (xs: [n]i32) : [n]i32 = map (\x -> x * scale + i32.i64 block) xs
def go (xs: []i32) = scale_by params xs
entry main (xs: []i32) = go xs
