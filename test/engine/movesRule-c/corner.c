/* The C baseline for test/engine/movesRule.bench.ts: the rule of one's own `corner` (Wythoff's game:
 * moves (x, y) -> (x - k, y) for k in 1..x | (x, y - k) for k in 1..y | (x - k, y - k) for k in
 * 1..min(x, y)) computed as one would write it in C: a plain 2-D array of values, every position
 * (x, y) with x, y <= M in order (each option lies before its position), every option's value
 * marked in an array with the position's stamp, the value the first unmarked one (the mex).
 * Usage: corner M OUT. Writes the values to OUT row by row ((x, y) at x * (M + 1) + y, 32-bit
 * little-endian integers, which the benchmark compares with the engine's, all of them) and prints
 * the time of the computation alone (clock_gettime around it: no process start-up, no output) in
 * ms, and M. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_SIDE 2000

static int32_t g[MAX_SIDE + 1][MAX_SIDE + 1];
/* A value is at most the number of options, x + y + min(x, y) <= 3 M. */
static int32_t seen[3 * MAX_SIDE + 2];

int main(int argc, char **argv) {
  if (argc != 3 || atol(argv[1]) < 0 || atol(argv[1]) > MAX_SIDE) {
    fprintf(stderr, "usage: corner M OUT (M at most %d)\n", MAX_SIDE);
    return 2;
  }
  int side = (int)atol(argv[1]);
  int32_t stamp = 0;
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (int x = 0; x <= side; x++)
    for (int y = 0; y <= side; y++) {
      stamp++;
      for (int k = 1; k <= x; k++) seen[g[x - k][y]] = stamp;
      for (int k = 1; k <= y; k++) seen[g[x][y - k]] = stamp;
      for (int k = 1; k <= (x < y ? x : y); k++) seen[g[x - k][y - k]] = stamp;
      int32_t mex = 0;
      while (seen[mex] == stamp) mex++;
      g[x][y] = mex;
    }
  clock_gettime(CLOCK_MONOTONIC, &end);
  FILE *out = fopen(argv[2], "wb");
  if (!out) {
    fprintf(stderr, "corner: cannot write %s\n", argv[2]);
    return 1;
  }
  for (int x = 0; x <= side; x++)
    if (fwrite(g[x], sizeof(int32_t), side + 1, out) != (size_t)(side + 1)) {
      fprintf(stderr, "corner: cannot write %s\n", argv[2]);
      return 1;
    }
  if (fclose(out) != 0) return 1;
  printf("%.3f %d\n", (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6, side);
  return 0;
}
