;; The subtraction engine's inner loop in WebAssembly (infiniteSubtraction.ts): for each heap m from
;; m0 to end - 1, the members up to m are counted on from `count`, each option's value is marked in
;; the seen table with the heap's stamp (m + 1), and the first unmarked value, the mex, is stored.
;; The caller's memory holds the 16-bit values at `values`, the 32-bit members (ascending) at
;; `members` and the 32-bit seen stamps at `seen`, byte offsets it chooses. Returns the count of
;; members up to end - 1. The caller keeps every value below 2^16 (a value is at most the number of
;; members, which it keeps below 2^16 - 1 here).
;; scripts/wasm.mjs assembles it into subtractionMex.ts; a test checks that the two agree.
(module
  (import "env" "memory" (memory 1))
  (func (export "run")
    (param $m i32) (param $end i32) (param $count i32) (param $total i32)
    (param $values i32) (param $members i32) (param $seen i32) (result i32)
    (local $at i32) (local $last i32) (local $stamp i32) (local $mex i32) (local $heapAt i32)
    (block $done
      (loop $heap
        (br_if $done (i32.ge_s (local.get $m) (local.get $end)))
        (block $counted
          (loop $counting
            (br_if $counted (i32.ge_s (local.get $count) (local.get $total)))
            (br_if $counted
              (i32.gt_s
                (i32.load (i32.add (local.get $members) (i32.shl (local.get $count) (i32.const 2))))
                (local.get $m)))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))
            (br $counting)))
        (local.set $stamp (i32.add (local.get $m) (i32.const 1)))
        ;; heapAt: the byte of values[m]; the option of member s is at heapAt - 2s.
        (local.set $heapAt (i32.add (local.get $values) (i32.shl (local.get $m) (i32.const 1))))
        (local.set $at (local.get $members))
        (local.set $last (i32.add (local.get $members) (i32.shl (local.get $count) (i32.const 2))))
        ;; Four members a step while four remain, then one at a time.
        (block $fours
          (loop $four
            (br_if $fours (i32.gt_u (i32.add (local.get $at) (i32.const 16)) (local.get $last)))
            (i32.store (i32.add (local.get $seen) (i32.shl (i32.load16_u
              (i32.sub (local.get $heapAt) (i32.shl (i32.load offset=0 (local.get $at)) (i32.const 1)))) (i32.const 2)))
              (local.get $stamp))
            (i32.store (i32.add (local.get $seen) (i32.shl (i32.load16_u
              (i32.sub (local.get $heapAt) (i32.shl (i32.load offset=4 (local.get $at)) (i32.const 1)))) (i32.const 2)))
              (local.get $stamp))
            (i32.store (i32.add (local.get $seen) (i32.shl (i32.load16_u
              (i32.sub (local.get $heapAt) (i32.shl (i32.load offset=8 (local.get $at)) (i32.const 1)))) (i32.const 2)))
              (local.get $stamp))
            (i32.store (i32.add (local.get $seen) (i32.shl (i32.load16_u
              (i32.sub (local.get $heapAt) (i32.shl (i32.load offset=12 (local.get $at)) (i32.const 1)))) (i32.const 2)))
              (local.get $stamp))
            (local.set $at (i32.add (local.get $at) (i32.const 16)))
            (br $four)))
        (block $marked
          (loop $mark
            (br_if $marked (i32.ge_u (local.get $at) (local.get $last)))
            (i32.store
              (i32.add
                (local.get $seen)
                (i32.shl
                  (i32.load16_u
                    (i32.sub (local.get $heapAt) (i32.shl (i32.load (local.get $at)) (i32.const 1))))
                  (i32.const 2)))
              (local.get $stamp))
            (local.set $at (i32.add (local.get $at) (i32.const 4)))
            (br $mark)))
        (local.set $mex (i32.const 0))
        (block $found
          (loop $find
            (br_if $found
              (i32.ne
                (i32.load (i32.add (local.get $seen) (i32.shl (local.get $mex) (i32.const 2))))
                (local.get $stamp)))
            (local.set $mex (i32.add (local.get $mex) (i32.const 1)))
            (br $find)))
        (i32.store16 (local.get $heapAt) (local.get $mex))
        (local.set $m (i32.add (local.get $m) (i32.const 1)))
        (br $heap)))
    (local.get $count)))
