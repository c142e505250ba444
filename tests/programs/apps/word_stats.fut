-- Text as []u8: word counts and lengths by scan and reduce_by_index, a segmented scan of runs, letter histograms, a Caesar cipher and palindromic words by mirrored indices.
-- ==
-- entry: stats
-- "sentence" input { [77u8, 97u8, 100u8, 97u8, 109u8, 32u8, 65u8, 114u8, 111u8, 114u8, 97u8, 32u8, 116u8, 101u8, 97u8, 99u8, 104u8, 101u8, 115u8, 32u8, 109u8, 97u8, 108u8, 97u8, 121u8, 97u8, 108u8, 97u8, 109u8, 44u8, 32u8, 97u8, 110u8, 100u8, 32u8, 65u8, 110u8, 110u8, 97u8, 32u8, 115u8, 97u8, 119u8, 32u8, 97u8, 32u8, 107u8, 97u8, 121u8, 97u8, 107u8, 32u8, 97u8, 116u8, 32u8, 110u8, 111u8, 111u8, 110u8, 33u8] } output { 11 9 9 20i64 [17, 0, 1, 2, 2, 0, 0, 1, 0, 0, 2, 2, 4, 5, 3, 0, 0, 2, 2, 2, 0, 0, 1, 0, 2, 0] 15 }
-- "empty" input { empty([0]u8) } output { 0 0 0 -1i64 [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] 0 }
-- "one letter" input { [120u8] } output { 1 1 1 0i64 [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0] 1 }
-- "no letters" input { [32u8, 49u8, 50u8, 44u8, 32u8, 51u8, 46u8, 46u8, 46u8, 32u8, 45u8, 45u8, 32u8, 63u8, 33u8] } output { 0 0 0 -1i64 [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] 0 }
-- "ties" input { [97u8, 98u8, 32u8, 32u8, 65u8, 98u8, 99u8, 32u8, 97u8, 98u8, 99u8, 100u8, 32u8, 65u8, 66u8, 67u8, 68u8, 45u8, 120u8, 121u8, 122u8, 9u8, 122u8, 122u8] } output { 6 4 4 8i64 [4, 4, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 3] 7 }
-- entry: caesar
-- "three" input { 3 [72u8, 101u8, 108u8, 108u8, 111u8, 44u8, 32u8, 87u8, 111u8, 114u8, 108u8, 100u8, 33u8, 32u8, 120u8, 121u8, 122u8, 32u8, 88u8, 89u8, 90u8] } output { [75u8, 104u8, 111u8, 111u8, 114u8, 44u8, 32u8, 90u8, 114u8, 117u8, 111u8, 103u8, 33u8, 32u8, 97u8, 98u8, 99u8, 32u8, 65u8, 66u8, 67u8] true 16 }
-- "negative" input { -27 [72u8, 101u8, 108u8, 108u8, 111u8, 44u8, 32u8, 87u8, 111u8, 114u8, 108u8, 100u8, 33u8, 32u8, 97u8, 98u8, 99u8, 32u8, 65u8, 66u8, 67u8] } output { [71u8, 100u8, 107u8, 107u8, 110u8, 44u8, 32u8, 86u8, 110u8, 113u8, 107u8, 99u8, 33u8, 32u8, 122u8, 97u8, 98u8, 32u8, 90u8, 65u8, 66u8] true 16 }
-- "large" input { 1000003 [77u8, 97u8, 100u8, 97u8, 109u8, 32u8, 65u8, 114u8, 111u8, 114u8, 97u8, 32u8, 116u8, 101u8, 97u8, 99u8, 104u8, 101u8, 115u8, 32u8, 109u8, 97u8, 108u8, 97u8, 121u8, 97u8, 108u8, 97u8, 109u8, 44u8, 32u8, 97u8, 110u8, 100u8, 32u8, 65u8, 110u8, 110u8, 97u8, 32u8, 115u8, 97u8, 119u8, 32u8, 97u8, 32u8, 107u8, 97u8, 121u8, 97u8, 107u8, 32u8, 97u8, 116u8, 32u8, 110u8, 111u8, 111u8, 110u8, 33u8] } output { [68u8, 114u8, 117u8, 114u8, 100u8, 32u8, 82u8, 105u8, 102u8, 105u8, 114u8, 32u8, 107u8, 118u8, 114u8, 116u8, 121u8, 118u8, 106u8, 32u8, 100u8, 114u8, 99u8, 114u8, 112u8, 114u8, 99u8, 114u8, 100u8, 44u8, 32u8, 114u8, 101u8, 117u8, 32u8, 82u8, 101u8, 101u8, 114u8, 32u8, 106u8, 114u8, 110u8, 32u8, 114u8, 32u8, 98u8, 114u8, 112u8, 114u8, 98u8, 32u8, 114u8, 107u8, 32u8, 101u8, 102u8, 102u8, 101u8, 33u8] true 48 }
-- "full turn" input { 26 [90u8, 122u8, 32u8, 57u8] } output { [90u8, 122u8, 32u8, 57u8] true 0 }
-- "empty" input { 5 empty([0]u8) } output { empty([0]u8) true 0 }
-- entry: palindromes
-- "sentence" input { [77u8, 97u8, 100u8, 97u8, 109u8, 32u8, 65u8, 114u8, 111u8, 114u8, 97u8, 32u8, 116u8, 101u8, 97u8, 99u8, 104u8, 101u8, 115u8, 32u8, 109u8, 97u8, 108u8, 97u8, 121u8, 97u8, 108u8, 97u8, 109u8, 44u8, 32u8, 97u8, 110u8, 100u8, 32u8, 65u8, 110u8, 110u8, 97u8, 32u8, 115u8, 97u8, 119u8, 32u8, 97u8, 32u8, 107u8, 97u8, 121u8, 97u8, 107u8, 32u8, 97u8, 116u8, 32u8, 110u8, 111u8, 111u8, 110u8, 33u8] } output { false 6 [0i64, 6i64, 20i64, 35i64, 46i64, 55i64] }
-- "car" input { [87u8, 97u8, 115u8, 32u8, 105u8, 116u8, 32u8, 97u8, 32u8, 99u8, 97u8, 114u8, 32u8, 111u8, 114u8, 32u8, 97u8, 32u8, 99u8, 97u8, 116u8, 32u8, 73u8, 32u8, 115u8, 97u8, 119u8, 63u8] } output { true 0 empty([0]i64) }
-- "empty" input { empty([0]u8) } output { true 0 empty([0]i64) }
-- "one letter" input { [120u8] } output { true 0 empty([0]i64) }
-- "no letters" input { [32u8, 49u8, 50u8, 44u8, 32u8, 51u8, 46u8, 46u8, 46u8, 32u8, 45u8, 45u8, 32u8, 63u8, 33u8] } output { true 0 empty([0]i64) }

def is_upper (c: u8) : bool = c >= 'A' && c <= 'Z'
def is_lower (c: u8) : bool = c >= 'a' && c <= 'z'
def is_letter (c: u8) : bool = is_upper c || is_lower c
def lower (c: u8) : u8 = if is_upper c then c + ('a' - 'A') else c

-- Inclusive scan restarting at each true flag.
def seg_scan [n] 't (op: t -> t -> t) (ne: t) (flags: [n]bool) (xs: [n]t) : [n]t =
  let step (f1: bool, x1: t) (f2: bool, x2: t) = (f1 || f2, if f2 then x2 else op x1 x2)
  in map (.1) (scan step (false, ne) (zip flags xs))

type words [n] = {letter: [n]bool, starts: [n]bool, ids: [n]i64, count: i64}

-- Words are maximal runs of ASCII letters; ids[i] is the word of letter i.
def words [n] (text: [n]u8) : words [n] =
  let letter = map is_letter text
  let starts = map2 (\i l -> l && (i == 0 || !letter[i - 1])) (iota n) letter
  let ids = map (\x -> x - 1) (scan (+) 0 (map i64.bool starts))
  in {letter, starts, ids, count = if n == 0 then 0 else ids[n - 1] + 1}

def word_lengths [n] (nw: i64) (w: words [n]) : [nw]i32 =
  reduce_by_index (replicate nw 0) (+) 0
                  (map2 (\l i -> if l then i else -1) w.letter w.ids) (replicate n 1)

-- Word count, longest word's length (twice: by a histogram and by a
-- segmented scan), where the first longest word starts (-1: none), each
-- letter's count ignoring case, and how many letters occur.
entry stats [n] (text: [n]u8) : (i32, i32, i32, i64, [26]i32, i32) =
  let w = words text
  let lens = word_lengths w.count w
  let (best, at) = reduce (\(l1, i1) (l2, i2) -> if l1 > l2 || (l1 == l2 && i1 < i2) then (l1, i1) else (l2, i2))
                          (0, -1) (zip lens (indices lens))
  let start_pos = filter (\i -> w.starts[i]) (iota n)
  let run = seg_scan (+) 0 (map (!) w.letter) (map i32.bool w.letter)
  let counts = reduce_by_index (replicate 26 0) (+) 0
                 (map (\c -> if is_letter c then i64.u8 (lower c - 'a') else -1) text)
                 (replicate n 1)
  in (i32.i64 w.count, best, reduce i32.max 0 run,
      if at < 0 then -1 else start_pos[at], counts, i32.sum (map (\c -> i32.bool (c > 0)) counts))

def rot (k: i32) (c: u8) : u8 =
  let sh (base: u8) = base + u8.i32 ((i32.u8 (c - base) + k % 26) % 26)
  in if is_upper c then sh 'A' else if is_lower c then sh 'a' else c

-- Caesar cipher by k (any integer), whether shifting back by k restores the
-- text, and how many characters changed.
entry caesar [n] (k: i32) (text: [n]u8) : ([n]u8, bool, i32) =
  let enc = map (rot k) text
  let dec = enc |> map (rot (-k))
  in (enc, and (map2 (==) dec text), i32.sum (map2 (\a b -> i32.bool (a != b)) enc text))

-- Whether the letters alone read the same backwards (ignoring case), how many
-- words of two or more letters are palindromes, and where those start.
entry palindromes [n] (text: [n]u8) : (bool, i32, []i64) =
  let ls = map lower (filter is_letter text)
  let whole = ls == reverse ls
  let w = words text
  let nw = w.count
  let lens = word_lengths nw w
  let start_pos = filter (\i -> w.starts[i]) (iota n) :> [nw]i64
  let mirror i = let s = start_pos[w.ids[i]]
                 in s + i64.i32 lens[w.ids[i]] - 1 - (i - s)
  let oks = tabulate n (\i -> !w.letter[i] || lower text[i] == lower text[mirror i])
  let word_ok = reduce_by_index (replicate nw true) (&&) true
                  (map2 (\l i -> if l then i else -1) w.letter w.ids) oks
  let pal = map2 (\ok len -> ok && len >= 2) word_ok lens
  in (whole, i32.sum (map i32.bool pal), map (.1) (filter (.0) (zip pal start_pos)))
