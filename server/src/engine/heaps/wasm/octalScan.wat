;; The octal engine's loops over splits in WebAssembly (octal.ts, OctalState.next). The memory the
;; caller gives holds a byte table of wanted values at bytes 0 .. 65535 (wanted[v] = 1), the 32-bit
;; seen stamps from byte 65536 (seen[v]), the 16-bit values from byte 393216, and the list of rare
;; heaps (32-bit) where the caller says.
;;   markRare   every split of heap `rest` with a rare heap r < rest, except r = skip (the equal split
;;              of a code with `!`, or -1): seen[values[r] ^ values[rest - r]] = stamp; returns how
;;              many rare heaps it went through.
;; The scans return the smallest a ≥ a0 with a + strict ≤ m - a such that values[a] ^ values[m - a]
;; is wanted, or the first a past that (strict = 1 for a code with `!`: no equal split).
;;   scan   compares with four given values (w0..w3), eight splits at a time with 128-bit SIMD:
;;          values[a .. a + 7] loaded forward, values[m - a - 7 .. m - a] loaded and reversed,
;;          XORed, compared; the eight are looked at one by one only when one of them matched.
;;   scanTable  reads the byte table, one split at a time (for more than four wanted values).
;;   scanTableUntil  the same, but each wanted value found is taken in here (wanted[v] = 0,
;;          seen[v] = stamp) and the scan goes on, until no more than `until` of the `count` wanted
;;          values remain (or the middle is passed); returns where it stopped. A code such as 0.6
;;          has dozens of rare values missing at each heap: one call instead of one call each.
;; scripts/wasm.mjs assembles it into octalScan.ts; a test checks that the two agree.
(module
  (import "env" "memory" (memory 1))
  (func (export "scan") (param $m i32) (param $a i32) (param $w0 i32) (param $w1 i32) (param $w2 i32) (param $w3 i32) (param $strict i32) (result i32)
    (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128) (local $x v128) (local $v i32)
    (local.set $s0 (i16x8.splat (local.get $w0)))
    (local.set $s1 (i16x8.splat (local.get $w1)))
    (local.set $s2 (i16x8.splat (local.get $w2)))
    (local.set $s3 (i16x8.splat (local.get $w3)))
    (block $vector_done
      (loop $vector
        ;; All eight lanes are splits with a + k + strict ≤ m - a - k: 2a + 14 + strict ≤ m.
        (br_if $vector_done
          (i32.gt_s (i32.add (i32.add (i32.shl (local.get $a) (i32.const 1)) (i32.const 14)) (local.get $strict)) (local.get $m)))
        (local.set $x
          (v128.xor
            (v128.load offset=393216 (i32.shl (local.get $a) (i32.const 1)))
            (i8x16.shuffle 14 15 12 13 10 11 8 9 6 7 4 5 2 3 0 1
              (v128.load offset=393216 (i32.shl (i32.sub (i32.sub (local.get $m) (local.get $a)) (i32.const 7)) (i32.const 1)))
              (v128.const i32x4 0 0 0 0))))
        (br_if $vector_done
          (v128.any_true
            (v128.or
              (v128.or (i16x8.eq (local.get $x) (local.get $s0)) (i16x8.eq (local.get $x) (local.get $s1)))
              (v128.or (i16x8.eq (local.get $x) (local.get $s2)) (i16x8.eq (local.get $x) (local.get $s3))))))
        (local.set $a (i32.add (local.get $a) (i32.const 8)))
        (br $vector)))
    (block $done
      (loop $one
        (br_if $done (i32.gt_s (i32.add (local.get $a) (local.get $strict)) (i32.sub (local.get $m) (local.get $a))))
        (local.set $v
          (i32.xor
            (i32.load16_u offset=393216 (i32.shl (local.get $a) (i32.const 1)))
            (i32.load16_u offset=393216 (i32.shl (i32.sub (local.get $m) (local.get $a)) (i32.const 1)))))
        (br_if $done
          (i32.or
            (i32.or (i32.eq (local.get $v) (local.get $w0)) (i32.eq (local.get $v) (local.get $w1)))
            (i32.or (i32.eq (local.get $v) (local.get $w2)) (i32.eq (local.get $v) (local.get $w3)))))
        (local.set $a (i32.add (local.get $a) (i32.const 1)))
        (br $one)))
    (local.get $a))
  (func (export "scanTable") (param $m i32) (param $a i32) (param $strict i32) (result i32)
    (block $done
      (loop $one
        (br_if $done (i32.gt_s (i32.add (local.get $a) (local.get $strict)) (i32.sub (local.get $m) (local.get $a))))
        (br_if $done
          (i32.load8_u
            (i32.xor
              (i32.load16_u offset=393216 (i32.shl (local.get $a) (i32.const 1)))
              (i32.load16_u offset=393216 (i32.shl (i32.sub (local.get $m) (local.get $a)) (i32.const 1))))))
        (local.set $a (i32.add (local.get $a) (i32.const 1)))
        (br $one)))
    (local.get $a))
  (func (export "scanTableUntil") (param $m i32) (param $a i32) (param $count i32) (param $until i32) (param $stamp i32) (param $strict i32) (result i32)
    (local $v i32)
    (block $done
      (loop $one
        (br_if $done (i32.le_s (local.get $count) (local.get $until)))
        (br_if $done (i32.gt_s (i32.add (local.get $a) (local.get $strict)) (i32.sub (local.get $m) (local.get $a))))
        (local.set $v
          (i32.xor
            (i32.load16_u offset=393216 (i32.shl (local.get $a) (i32.const 1)))
            (i32.load16_u offset=393216 (i32.shl (i32.sub (local.get $m) (local.get $a)) (i32.const 1)))))
        (if (i32.load8_u (local.get $v))
          (then
            (i32.store8 (local.get $v) (i32.const 0))
            (i32.store offset=65536 (i32.shl (local.get $v) (i32.const 2)) (local.get $stamp))
            (local.set $count (i32.sub (local.get $count) (i32.const 1)))))
        (local.set $a (i32.add (local.get $a) (i32.const 1)))
        (br $one)))
    (local.get $a))
  (func (export "markRare") (param $rareAt i32) (param $count i32) (param $stamp i32) (param $rest i32) (param $skip i32) (result i32)
    (local $j i32) (local $r i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_s (local.get $j) (local.get $count)))
        (local.set $r (i32.load (i32.add (local.get $rareAt) (i32.shl (local.get $j) (i32.const 2)))))
        (br_if $done (i32.ge_s (local.get $r) (local.get $rest)))
        (if (i32.ne (local.get $r) (local.get $skip)) (then
        (i32.store offset=65536
          (i32.shl
            (i32.xor
              (i32.load16_u offset=393216 (i32.shl (local.get $r) (i32.const 1)))
              (i32.load16_u offset=393216 (i32.shl (i32.sub (local.get $rest) (local.get $r)) (i32.const 1))))
            (i32.const 2))
          (local.get $stamp))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $each)))
    (local.get $j)))
