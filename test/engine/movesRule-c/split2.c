/* The C baseline for test/engine/movesRule.bench.ts: the rule of one's own `split2`
 * (moves n -> [a, n - a] for a in 1..(n-1)/2, Grundy's game written out) computed as one would
 * write it in C, by the same method as the engine: for each heap n, every option's value (a split:
 * the XOR of its two parts' values) marked in an array with n's stamp, the value the first unmarked
 * one (the mex). Usage: split2 N OUT. Writes G(0..N) to OUT (32-bit little-endian integers, which the
 * benchmark compares with the engine's, all of them) and prints the time of the computation alone
 * (clock_gettime around it: no process start-up, no output) in ms, and N. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: split2 N OUT\n");
    return 2;
  }
  long total = atol(argv[1]);
  int32_t *g = malloc(sizeof(int32_t) * (total + 1));
  /* A value is at most the number of options (n / 2); an XOR of two stays below the power of two above. */
  long marks = 1;
  while (marks <= total + 1) marks *= 2;
  int32_t *seen = calloc(marks, sizeof(int32_t));
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (long n = 0; n <= total; n++) {
    int32_t stamp = (int32_t)(n + 1);
    for (long a = 1; a <= (n - 1) / 2; a++) seen[g[a] ^ g[n - a]] = stamp;
    int32_t mex = 0;
    while (seen[mex] == stamp) mex++;
    g[n] = mex;
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  FILE *out = fopen(argv[2], "wb");
  if (!out || fwrite(g, sizeof(int32_t), total + 1, out) != (size_t)(total + 1) || fclose(out) != 0) {
    fprintf(stderr, "split2: cannot write %s\n", argv[2]);
    return 1;
  }
  printf("%.3f %ld\n", (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6, total);
  return 0;
}
