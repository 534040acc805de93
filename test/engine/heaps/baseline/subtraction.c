/* The baseline for `npm run bench -- subtractionSets`: a subtraction game whose set is squares or
 * primes, G(0..N-1) by the engine's method (server/src/engine/infiniteSubtraction.ts): members
 * generated up to N (squares by counting, primes by a sieve of odd numbers), then for each heap one
 * pass over the members up to it, marking the options' values with the heap's stamp, the mex the
 * first unmarked value.
 * Usage: subtraction squares|primes N. Prints N, the largest value and an FNV-1a hash of the values
 * as little-endian 32-bit words, as octal.c does. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: subtraction squares|primes N\n");
    return 2;
  }
  long n_total = atol(argv[2]);
  int32_t *members = malloc(sizeof(int32_t) * (n_total + 2));
  long count = 0;
  if (strcmp(argv[1], "squares") == 0) {
    for (long k = 1; k * k < n_total; k++) members[count++] = (int32_t)(k * k);
  } else if (strcmp(argv[1], "primes") == 0) {
    long limit = n_total - 1, half = (limit + 1) / 2;
    uint8_t *composite = calloc(half > 0 ? half : 1, 1);
    for (long i = 1; (2 * i + 1) * (2 * i + 1) <= limit; i++) {
      if (composite[i]) continue;
      long p = 2 * i + 1;
      for (long j = (p * p - 1) / 2; j < half; j += p) composite[j] = 1;
    }
    if (limit >= 2) members[count++] = 2;
    for (long i = 1; i < half; i++)
      if (!composite[i]) members[count++] = (int32_t)(2 * i + 1);
    free(composite);
  } else {
    fprintf(stderr, "unknown set %s\n", argv[1]);
    return 2;
  }
  uint16_t *g = malloc(sizeof(uint16_t) * n_total);
  int32_t *seen = calloc(count + 2, sizeof(int32_t));
  long below = 0; /* members <= n */
  for (long n = 0; n < n_total; n++) {
    while (below < count && members[below] <= n) below++;
    int32_t stamp = (int32_t)(n + 1);
    for (long i = 0; i < below; i++) seen[g[n - members[i]]] = stamp;
    int32_t mex = 0;
    while (seen[mex] == stamp) mex++;
    g[n] = (uint16_t)mex;
  }
  uint32_t hash = 2166136261u, max = 0;
  for (long i = 0; i < n_total; i++) {
    uint32_t v = g[i];
    if (v > max) max = v;
    for (int byte = 0; byte < 4; byte++) {
      hash ^= (v >> (8 * byte)) & 0xff;
      hash *= 16777619u;
    }
  }
  printf("%ld %u %08x\n", n_total, max, hash);
  return 0;
}
