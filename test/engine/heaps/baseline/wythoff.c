/* The baseline for `npm run bench -- wythoff`: Wythoff's nimbers G(a, b) for every a, b <= N by the
 * engine's method (server/src/engine/families/wythoff.ts). Per row, column and diagonal (b - a) a
 * bit set of the values seen, in 32-bit words; per line the index of its first word that is not all
 * ones, and one bit per word set when the word is full. A cell's mex is the first zero bit of the
 * union of its three lines' sets: the scan starts at the largest of the three lines' first words,
 * skips 32 words at a time over words full in one of the lines, and checks the union's word there.
 * Columns and diagonals are laid out word-major (word w of column b at w * width + b), rows
 * line-major. Rows in order, a table of 16-bit values.
 * Usage: wythoff N. Prints N, the largest value, an FNV-1a hash of the values (row-major, as
 * little-endian 32-bit words, as octal.c does), and the milliseconds of the computation alone, of
 * the clock and of the process's CPU (around it: no process start-up, no hash, no output). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define FULL 0xffffffffu

static double ms_between(struct timespec from, struct timespec to) {
  return (to.tv_sec - from.tv_sec) * 1e3 + (to.tv_nsec - from.tv_nsec) / 1e6;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: wythoff N\n");
    return 2;
  }
  long n = atol(argv[1]);
  if (n < 0 || n > 1 << 14) {
    fprintf(stderr, "N out of range\n");
    return 2;
  }
  struct timespec started, ended, cpu_started, cpu_ended;
  clock_gettime(CLOCK_MONOTONIC, &started);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_started);
  long width = n + 1, lines = 2 * n + 1;
  long words = ((2 * n) >> 5) + 1; /* bits 0..2n at least: G(a, b) <= a + b */
  long summary_words = (words >> 5) + 1;
  uint16_t *values = malloc(sizeof(uint16_t) * width * width);
  /* One word more for columns and diagonals: a scan that would pass the last word stops there. */
  uint32_t *rows = calloc(width * words + 1, 4);
  uint32_t *columns = calloc((words + 1) * width, 4);
  uint32_t *diagonals = calloc((words + 1) * lines, 4);
  uint32_t *row_full = calloc(width * summary_words, 4);
  uint32_t *column_full = calloc((summary_words + 1) * width, 4);
  uint32_t *diagonal_full = calloc((summary_words + 1) * lines, 4);
  int32_t *row_first = calloc(width, 4), *column_first = calloc(width, 4), *diagonal_first = calloc(lines, 4);
  for (long a = 0; a <= n; a++) {
    uint32_t *row = rows + a * words, *rs = row_full + a * summary_words;
    int32_t rf = row_first[a];
    for (long b = 0; b <= n; b++) {
      long line = b - a + n;
      uint32_t *column = columns + b, *diagonal = diagonals + line;
      uint32_t *cs = column_full + b, *ds = diagonal_full + line;
      int32_t cf = column_first[b], df = diagonal_first[line];
      int32_t w = rf > cf ? rf : cf;
      if (df > w) w = df;
      uint32_t x;
      for (;;) {
        /* The first word at or after w full in none of the three lines; then the union's word. */
        int32_t s = w >> 5;
        uint32_t m = rs[s] | cs[s * width] | ds[s * lines] | ((1u << (w & 31)) - 1);
        while (m == FULL) {
          s++;
          m = rs[s] | cs[s * width] | ds[s * lines];
        }
        w = (s << 5) | __builtin_ctz(~m);
        x = row[w] | column[w * width] | diagonal[w * lines];
        if (x != FULL) break;
        w++;
      }
      if (w >= words) {
        fprintf(stderr, "G(%ld, %ld) is above %ld\n", a, b, a + b);
        return 1;
      }
      uint32_t bit = ~x & (x + 1); /* the lowest zero bit of x */
      values[a * width + b] = (uint16_t)((w << 5) | __builtin_ctz(bit));
      int32_t s = w >> 5;
      uint32_t full_bit = 1u << (w & 31);
      if ((row[w] |= bit) == FULL) {
        rs[s] |= full_bit;
        if (w == rf) {
          do rf++;
          while (row[rf] == FULL);
        }
      }
      if ((column[w * width] |= bit) == FULL) {
        cs[s * width] |= full_bit;
        if (w == cf) {
          int32_t f = cf + 1;
          while (column[f * width] == FULL) f++;
          column_first[b] = f;
        }
      }
      if ((diagonal[w * lines] |= bit) == FULL) {
        ds[s * lines] |= full_bit;
        if (w == df) {
          int32_t f = df + 1;
          while (diagonal[f * lines] == FULL) f++;
          diagonal_first[line] = f;
        }
      }
    }
    row_first[a] = rf;
  }
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_ended);
  clock_gettime(CLOCK_MONOTONIC, &ended);
  uint32_t hash = 2166136261u, max = 0;
  for (long i = 0; i < width * width; i++) {
    uint32_t v = values[i];
    if (v > max) max = v;
    for (int byte = 0; byte < 4; byte++) {
      hash ^= (v >> (8 * byte)) & 0xff;
      hash *= 16777619u;
    }
  }
  printf("%ld %u %08x %.3f %.3f\n", n, max, hash, ms_between(started, ended), ms_between(cpu_started, cpu_ended));
  return 0;
}
