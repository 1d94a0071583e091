/* CalcDDtablePBN on one thread against N threads, side by side in one process.
 *
 *   calc-dd-table-threads THREADS < DEALS
 *
 * DEALS: a PBN deal a line (anything after a tab ignored, '#' lines skipped). For each deal,
 * the table is computed with SetMaxThreads(1) and with SetMaxThreads(THREADS), alternating
 * which goes first; both must be equal (exit status 1 otherwise). Prints one line per deal
 * and the totals with their ratio. Built by benches/calc-dd-table-threads.sh. */
#include <dll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The seconds of one CalcDDtablePBN on `threads` threads, its table in `out`. */
static double timed(struct ddTableDealPBN deal, int threads, struct ddTableResults *out) {
  SetMaxThreads(threads);
  double t0 = now();
  int code = CalcDDtablePBN(deal, out);
  double t1 = now();
  if (code != RETURN_NO_FAULT) {
    fprintf(stderr, "CalcDDtablePBN: code %d\n", code);
    exit(2);
  }
  return t1 - t0;
}

int main(int argc, char **argv) {
  if (argc != 2 || atoi(argv[1]) < 1) {
    fprintf(stderr, "usage: %s THREADS < DEALS\n", argv[0]);
    return 2;
  }
  int threads = atoi(argv[1]);
  char line[1024];
  double one = 0, many = 0;
  int n = 0;
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\t\r\n")] = 0;
    if (line[0] == 0 || line[0] == '#') continue;
    struct ddTableDealPBN deal;
    memset(&deal, 0, sizeof deal);
    size_t len = strlen(line);
    if (len >= sizeof deal.cards) {
      fprintf(stderr, "deal %d: longer than %zu characters: %s\n", n, sizeof deal.cards - 1, line);
      return 2;
    }
    memcpy(deal.cards, line, len);
    struct ddTableResults a, b;
    double ta, tb;
    if (n % 2 == 0) {
      ta = timed(deal, 1, &a);
      tb = timed(deal, threads, &b);
    } else {
      tb = timed(deal, threads, &b);
      ta = timed(deal, 1, &a);
    }
    if (memcmp(&a, &b, sizeof a) != 0) {
      fprintf(stderr, "deal %d: the tables differ: %s\n", n, line);
      return 1;
    }
    printf("#%-3d 1 thread %7.3f s  %d threads %7.3f s  ratio %.3f\n", n, ta, threads, tb,
           tb / ta);
    one += ta;
    many += tb;
    n++;
  }
  printf("%d deals: 1 thread %.2f s, %d threads %.2f s, ratio %.3f\n", n, one, threads, many,
         many / one);
  return 0;
}
