/*
 * The benchmark's baseline for octal games: a plain C implementation of the rare/common
 * ("sparse space") method, the same one server/src/engine/octal.ts uses, compiled with gcc -O2 by
 * test/engine/heaps/octal.bench.ts. It computes G(0) .. G(N-1) of an octal code (digits 0-7, d0 = 0 or 4)
 * and prints one line: N, the largest value, and an FNV-1a hash of the values as 32-bit words,
 * so that the benchmark checks the engine computed the same numbers, not only how fast.
 *
 *   octal CODE N        e.g. octal 0.007 100000, or octal 4!.0 1048576 (Grundy's game)
 *
 * A digit followed by `!` splits only into two heaps of different sizes: its equal split (a = b)
 * is left out of every loop over splits, as in the engine.
 *
 * Built with -DTUNED it also has the refinements the engine's loops have (the rare values still
 * missing marked in a byte table, a code with one split scanned by its own loop, the common and the
 * rare values below 2^width listed apart so that finding c and the missing rare values looks at
 * values of one kind only, and the mex read off what is still missing), so the benchmark can say
 * how the engine compares with C doing exactly what it does.
 *
 * Method, as in octal.ts: a value v is rare when v & mask has an even number of bits. Common
 * options come from one-heap moves and from splits with one rare heap, enumerated exhaustively;
 * c is the least common value that is not an option; the rare values below c are then looked for
 * among all splits, stopping once each has been seen. The mask is the one with the fewest rare
 * heaps so far (a Walsh-Hadamard transform of the value histogram), reconsidered at lengths growing
 * by a factor of 1.25, while the values stay below 2^16.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_rare(uint32_t v, uint32_t mask) { return (__builtin_popcount(v & mask) & 1) == 0; }

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: octal CODE N\n");
    return 2;
  }
  const char *code = argv[1];
  long n_total = atol(argv[2]);
  const char *point = strchr(code, '.');
  if (!point || n_total < 1) return 2;
  int digits[64], distinct[64] = {0};
  int t = 0;
  digits[0] = atoi(code);
  distinct[0] = point > code && point[-1] == '!';
  for (const char *c = point + 1; *c && t < 62; c++) {
    if (*c == '!') distinct[t] = 1;
    else digits[++t] = *c - '0';
  }
  while (t > 0 && digits[t] == 0) t--;
  int splits[64], strict[64], nsplits = 0;
  for (int k = 0; k <= t; k++)
    if (digits[k] & 4) {
      strict[nsplits] = distinct[k];
      splits[nsplits++] = k;
    }

  uint32_t *values = malloc(sizeof(uint32_t) * n_total);
  int width = 1;
  uint32_t mask = 1;
  size_t table = ((size_t)1 << 20) + 1; /* values stay below 2^20 here */
  int32_t *seen = calloc(table, sizeof(int32_t));
  uint8_t *rare_value = calloc(table, 1);
  double *histogram = calloc(table, sizeof(double));
  int32_t *rare = malloc(sizeof(int32_t) * n_total);
  long rare_count = 0;
  for (size_t v = 0; v < table; v++) rare_value[v] = is_rare((uint32_t)v, mask);
  long checkpoint = 64;

  for (long n = 0; n < n_total; n++) {
    int32_t stamp = (int32_t)(n + 1);
    for (int k = 1; k <= t && k <= n; k++) {
      if (k == n) {
        if (digits[k] & 1) seen[0] = stamp;
      } else if (digits[k] & 2) {
        seen[values[n - k]] = stamp;
      }
    }
    for (int i = 0; i < nsplits; i++) {
      long rest = n - splits[i];
      for (long j = 0; j < rare_count && rare[j] < rest; j++)
        if (!strict[i] || 2 * rare[j] != rest) seen[values[rare[j]] ^ values[rest - rare[j]]] = stamp;
    }
    uint32_t top = 1u << width;
    uint32_t common = 1;
    long missing = 0;
#ifdef TUNED
    /* The value lists, made again when the width or the mask changes. */
    static uint32_t common_values[(1 << 20) + 1], rare_values[(1 << 20) + 1], wanted_list[(1 << 20) + 1];
    static long common_count = 0, rare_values_count = 0;
    static int listed_width = 0;
    static uint32_t listed_mask = 0;
    if (listed_width != width || listed_mask != mask) {
      common_count = rare_values_count = 0;
      for (uint32_t v = 0; v < top; v++) {
        if (rare_value[v]) rare_values[rare_values_count++] = v;
        else if (v >= 1) common_values[common_count++] = v;
      }
      listed_width = width;
      listed_mask = mask;
    }
    long c = 0;
    while (c < common_count && seen[common_values[c]] == stamp) c++;
    common = c < common_count ? common_values[c] : top;
    for (long r = 0; r < rare_values_count && rare_values[r] < common; r++)
      if (seen[rare_values[r]] != stamp) wanted_list[missing++] = rare_values[r];
    long listed = missing;
    /* Missing values marked in a byte table, one split apart. */
    if (missing > 0 && nsplits == 1) {
      static uint8_t wanted[(1 << 20) + 1];
      for (long i = 0; i < listed; i++) wanted[wanted_list[i]] = 1;
      long m = n - splits[0];
      for (long a = 1, b = m - 1; a + strict[0] <= b; a++, b--) {
        uint32_t v = values[a] ^ values[b];
        if (wanted[v]) {
          wanted[v] = 0;
          seen[v] = stamp;
          if (--missing == 0) break;
        }
      }
      for (long i = 0; i < listed; i++) wanted[wanted_list[i]] = 0;
      missing = 0;
    }
#else
    while (common < top && (rare_value[common] || seen[common] == stamp)) common++;
    for (uint32_t v = 0; v < common; v++)
      if (rare_value[v] && seen[v] != stamp) missing++;
#endif
    if (missing > 0 && nsplits > 0) {
      for (long a = 1;; a++) {
        int any = 0;
        for (int i = 0; i < nsplits; i++) {
          long b = n - splits[i] - a;
          if (b < a + strict[i]) continue;
          any = 1;
          uint32_t v = values[a] ^ values[b];
          if (v < common && seen[v] != stamp) {
            seen[v] = stamp;
            if (--missing == 0) goto done;
          }
        }
        if (!any) break;
      }
    }
  done:;
    uint32_t value = 0;
#ifdef TUNED
    /* Every common value below c is an option: the mex is 0, or the least rare value still missing, or c. */
    if (seen[0] == stamp) {
      value = common;
      for (long i = 0; i < listed; i++)
        if (seen[wanted_list[i]] != stamp && wanted_list[i] < value) value = wanted_list[i];
    }
#else
    while (value < common && seen[value] == stamp) value++;
#endif
    values[n] = value;
    while (value >= (1u << width)) width++;
    if (n > 0) {
      histogram[value] += 1;
      if (rare_value[value]) rare[rare_count++] = (int32_t)n;
    }
    if (n + 1 >= checkpoint) {
      checkpoint = (long)((n + 1) * 1.25 + 0.999);
      if (checkpoint < 64) checkpoint = 64;
      if (width <= 16 && n + 1 >= 2) {
        size_t size = (size_t)1 << width;
        double *w = malloc(sizeof(double) * size);
        memcpy(w, histogram, sizeof(double) * size);
        for (size_t half = 1; half < size; half <<= 1)
          for (size_t i = 0; i < size; i += half << 1)
            for (size_t j = i; j < i + half; j++) {
              double x = w[j], y = w[j + half];
              w[j] = x + y;
              w[j + half] = x - y;
            }
        double heaps = (double)n;
        uint32_t best = mask < size ? mask : 1;
        double best_rare = (heaps + w[best]) / 2;
        for (uint32_t m = 1; m < size; m++) {
          double r = (heaps + w[m]) / 2;
          if (r < best_rare) {
            best = m;
            best_rare = r;
          }
        }
        free(w);
        if (best != mask && best_rare < rare_count) {
          mask = best;
          for (size_t v = 0; v < table; v++) rare_value[v] = is_rare((uint32_t)v, mask);
          rare_count = 0;
          for (long h = 1; h <= n; h++)
            if (rare_value[values[h]]) rare[rare_count++] = (int32_t)h;
        }
      }
    }
  }
  uint32_t hash = 2166136261u, max = 0;
  for (long n = 0; n < n_total; n++) {
    uint32_t v = values[n];
    if (v > max) max = v;
    for (int byte = 0; byte < 4; byte++) {
      hash ^= (v >> (8 * byte)) & 0xff;
      hash *= 16777619u;
    }
  }
  printf("%ld %u %08x\n", n_total, max, hash);
  return 0;
}
